// Checks abort in every mode: a search of a tree whose inlet aborts the
// other children once the target is found (their results and inlets are
// dropped, the search still answers), an abort in the procedure's own
// code, and a search that aborts without having found anything.
// RUN: %run-vs-elision %s 6 | FileCheck %s
// CHECK: found 1365 (target 1365)
// CHECK: first of 6 children: 0
// CHECK: aborted search: -1
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

static void spin(long k)
{
    for (volatile long i = 0; i < 100 + k % 7; i++)
        ;
}

cilk long search(int depth, long id, long target)
{
    long found = -1;
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
    for (i = 0; i < 4; i++) {
        catch(spawn search(depth - 1, id * 4 + i, target), i);
        if (found >= 0)
            break;
    }
    sync;
    return found;
}

/* Set by first()'s inlet: the children after the first answer only once
 * the first has been noted, so that first() returns 0 in every run, as
 * the elision does (in parallel, child 1 could otherwise answer first). */
static volatile int first_noted;

cilk int child(int k)
{
    for (int i = 0; k > 0 && !first_noted && i < 10000000; i++)
        spin(k);
    return k;
}

/* abort; in the procedure's own code, after the first child answered. */
cilk int first(int n)
{
    int got = -1, i;
    inlet void note(int k)
    {
        if (got < 0)
            got = k;
        first_noted = 1;
    }
    note(spawn child(0));
    if (got >= 0)
        abort;
    for (i = 1; i < n; i++)
        note(spawn child(i));
    sync;
    return got;
}

cilk int main(int argc, char *argv[])
{
    int depth = argc > 1 ? atoi(argv[1]) : 6;
    long leaves = 1, target, r;
    int f;
    for (int d = 0; d < depth; d++)
        leaves *= 4;
    target = leaves / 3;
    r = spawn search(depth, 0, target);
    sync;
    printf("found %ld (target %ld)\n", r, target);
    f = spawn first(6);
    sync;
    printf("first of 6 children: %d\n", f);
    r = spawn search(depth, 0, -5);
    sync;
    printf("aborted search: %ld\n", r);
    return 0;
}
