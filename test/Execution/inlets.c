// Checks Cilk-5 inlets in every mode: results through an inlet with extra
// arguments (each spawn's own, even when the procedure has run the same
// spawn again since), a struct result, an early return, an inlet's own locals, and atomicity: each inlet and the
// procedure's strands update a pair of variables non-atomically and check
// that no other one is half-way through.
// RUN: %run-vs-elision %s 5 | FileCheck %s
// CHECK: tree 243 ok
// CHECK: synched 1 1
// CHECK: atomicity violations 0
// CHECK: slots 0 1 4 9 16 25 36 49
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

static int violations;

static void spin(void)
{
    for (volatile int i = 0; i < 200; i++)
        ;
}

struct pair {
    long lo, hi;
};

cilk struct pair twice(long k)
{
    struct pair p;
    spin();
    p.lo = k;
    p.hi = 2 * k;
    return p;
}

cilk void bump(long *cell)
{
    *cell += 1;
}

cilk long square(long k)
{
    spin();
    return k * k;
}

cilk long tree(int depth)
{
    long a = 0, b = 0, sum = 0, cell = 0;
    int i;
    inlet void add(long r)
    {
        if (a != b)
            violations++;
        a += r;
        spin();
        b += r;
        sum += r;
    }
    inlet void take(struct pair p, int scale)
    {
        long hi;
        if (a != b)
            violations++;
        hi = p.hi;
        if (hi != 2 * p.lo) {
            violations++;
            return;
        }
        a += scale * p.lo;
        b += scale * p.lo;
        sum += scale * p.lo;
    }
    if (depth == 0)
        return 1;
    for (i = 0; i < 3; i++) {
        add(spawn tree(depth - 1));
        if (a != b)
            violations++;
        a += 1000;
        spin();
        b += 1000;
        a -= 1000;
        b -= 1000;
    }
    take(spawn twice(depth), 2);
    spawn bump(&cell);
    sync;
    if (a != b || cell != 1)
        violations++;
    return sum - 2 * depth;
}

/* Each inlet call stores into the slot its own argument names. */
cilk void fill(long *slots, int n)
{
    int i, synched_before, synched_after;
    inlet void put(long v, int at, int check)
    {
        if (check != at * 3)
            violations++;
        slots[at] = v;
    }
    synched_before = SYNCHED;
    for (i = 0; i < n; i++)
        put(spawn square(i), i, i * 3);
    sync;
    synched_after = SYNCHED;
    printf("synched %d %d\n", synched_before, synched_after);
}

cilk int main(int argc, char *argv[])
{
    int d = argc > 1 ? atoi(argv[1]) : 5;
    long want = 1, r;
    long slots[8];
    for (int i = 0; i < d; i++)
        want *= 3;
    r = spawn tree(d);
    sync;
    printf("tree %ld %s\n", r, r == want ? "ok" : "WRONG");
    spawn fill(slots, 8);
    sync;
    printf("atomicity violations %d\n", violations);
    printf("slots");
    for (int i = 0; i < 8; i++)
        printf(" %ld", slots[i]);
    printf("\n");
    return 0;
}
