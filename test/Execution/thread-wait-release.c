// Checks the waits for thread results of the lazy modes, which answer a
// thief (CilkThreadLowering.cpp: awaitAnsweringReleases): a procedure
// waiting at `sync` or at its return for a tree of threads releases its
// frame when a thief asks, so the thief takes its parent's continuation,
// and its slow clone waits again. Under stress the releases come at every
// wait; the results must be the serial build's, in every mode and worker
// count: waits at a sync and at a return, with Cilk-5 children of the
// waiter too, beside coarse siblings.
// RUN: %run-vs-elision --reference serial %s 20000 | FileCheck %s
// CHECK: wrong 0 of 40
// CHECK: total {{[0-9]+}}
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

thread add(cont long k, long a, long b)
{
    send_argument(k, a + b);
}

/// Sums lo..hi-1 as a tree of threads, so thieves take parts of it.
thread range_sum(cont long k, long lo, long hi)
{
    if (hi - lo < 64) {
        long s = 0;
        for (long i = lo; i < hi; i++)
            s += i;
        send_argument(k, s);
        return;
    }
    cont long x, y;
    long mid = lo + (hi - lo) / 2;
    spawn_next add(k, ?x, ?y);
    spawn range_sum(x, lo, mid);
    spawn range_sum(y, mid, hi);
}

static long expected(long lo, long hi) { return (lo + hi - 1) * (hi - lo) / 2; }

cilk long leaf(long n)
{
    return n * 3;
}

/* Waits at a sync for its threads and a child of its own. */
cilk long at_sync(long lo, long hi)
{
    long r = -1, c;
    spawn range_sum(&r, lo, hi);
    c = spawn leaf(lo);
    sync;
    return r - c;
}

/* Waits at its return. */
cilk long at_return(long lo, long hi)
{
    long r = -1;
    spawn range_sum(&r, lo, hi);
    return r;
}

cilk unsigned long busy(long n)
{
    unsigned long x = (unsigned long)n;
    for (long i = 0; i < n; i++)
        x = (x ^ (x >> 13)) * 6364136223846793005ul + (unsigned long)i;
    return x;
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 2000;
    int wrong = 0;
    unsigned long total = 0;
    for (int rep = 0; rep < 20; rep++) {
        long a, b;
        unsigned long x, y;
        a = spawn at_sync(rep, n + rep);
        x = spawn busy(n * 20);
        b = spawn at_return(0, n * 2 + rep);
        y = spawn busy(n * 10);
        sync;
        wrong += a != expected(rep, n + rep) - 3 * rep;
        wrong += b != expected(0, n * 2 + rep);
        total += x % 1000 + y % 1000 + (unsigned long)(a + b);
    }
    printf("wrong %d of 40\n", wrong);
    printf("total %lu\n", total);
    return 0;
}
