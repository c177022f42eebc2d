// Cilk-5 aborts of children spawned in a cilk_scope, beside a child spawned
// before it: an aborted procedure gives back the token of each region its
// syncs wait on, deepest first, and comes back when the last child of a
// region ends (runtime/scheduler.c, discard). The search finds each target
// and the aborted search nothing, in every mode, P = 1, 2, 4, 8, with and
// without stress, against the serial mode.
// RUN: %run-vs-elision --reference serial %s 6 | FileCheck %s
// CHECK: found 1365
// CHECK: found 1369
// CHECK: aborted search: -1

#include <stdio.h>
#include <stdlib.h>

static void spin(long k)
{
    for (volatile long i = 0; i < 2000 + (k % 7) * 300; i++)
        ;
}

cilk long leaf(long id) { spin(id * 3); return id; }

cilk long search(int depth, long id, long target)
{
    long found = -1;
    long side = 0;
    int i;
    inlet void catch(long r, int child)
    {
        if (child < 0 || child > 3)
            abort();
        if (r >= 0) {
            found = r;
            abort;
        }
    }
    spin(id);
    if (depth == 0)
        return id == target ? id : -1;
    side = spawn leaf(id);   /* region 0 child */
    cilk_scope {
        for (i = 0; i < 4; i++) {
            catch(spawn search(depth - 1, id * 4 + i, target), i);
            if (found >= 0)
                break;
        }
    }
    sync;
    (void)side;
    return found;
}

cilk int main(int argc, char **argv)
{
    long r;
    int depth = argc > 1 ? atoi(argv[1]) : 6;
    for (int k = 0; k < 5; k++) {
        r = spawn search(depth, 0, 1365 + k);
        sync;
        printf("found %ld\n", r);
    }
    r = spawn search(depth, 0, -5);
    sync;
    printf("aborted search: %ld\n", r);
    return 0;
}
