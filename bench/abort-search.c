/* abort-search.c - how much work abort saves: a search for one leaf of a
 * 4-ary tree whose inlet aborts the other children once it is found.
 * usage: abort-search DEPTH USE_ABORT (1 or 0); prints the nodes visited on
 * stderr. Results: bench/results/2026-11-23-abort.md. */
#include <stdio.h>
#include <stdlib.h>
#include <cilk-lib.cilkh>

static long visited;

/* Burns a little time per node, so that a search is long enough to steal. */
static int work(long k)
{
    volatile int s = 0;
    for (int i = 0; i < 200; i++)
        s += (int)(k * i);
    return s;
}

cilk long search(int depth, long id, long target, int branch, int use_abort)
{
    long found = -1;
    int i;
    inlet void catch(long r)
    {
        if (r >= 0) {
            found = r;
            if (use_abort)
                abort;
        }
    }
    __atomic_fetch_add(&visited, 1, __ATOMIC_RELAXED);
    work(id);
    if (depth == 0)
        return id == target ? id : -1;
    for (i = 0; i < branch; i++) {
        catch(spawn search(depth - 1, id * branch + i, target, branch,
                           use_abort));
        if (found >= 0)
            break;
    }
    sync;
    return found;
}

cilk int main(int argc, char *argv[])
{
    int depth = argc > 1 ? atoi(argv[1]) : 10;
    int use_abort = argc > 2 ? atoi(argv[2]) : 1;
    int branch = 4;
    long leaves = 1;
    for (int d = 0; d < depth; d++)
        leaves *= branch;
    long target = leaves / 3;
    long r;
    r = spawn search(depth, 0, target, branch, use_abort);
    sync;
    printf("found %ld (target %ld)\n", r, target);
    fprintf(stderr, "visited %ld\n", visited);
    return r == target ? 0 : 1;
}
