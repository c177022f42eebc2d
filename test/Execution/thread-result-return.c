// Checks that a Cilk procedure that starts a thread computation into its
// own variable and returns the variable gets the computation's result:
// the return waits for it before reading the variable (in every mode and
// -O level; the variable once came back stale, -1, in the parallel modes
// when a thief had taken part of the computation). Also a return inside
// a branch, a returned expression of two results, and a procedure whose
// thread results and Cilk-5 children both arrive at the return.
// RUN: %run-vs-elision --reference serial %s 300 | FileCheck %s
// CHECK: stale 0 of 300
// CHECK: branches 300 pairs 300 mixed 300
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
    if (hi - lo < 32) {
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

cilk long quick(long lo, long hi)
{
    long r = -1;
    spawn range_sum(&r, lo, hi);
    return r;
}

cilk long branch(long lo, long hi)
{
    long r = -1;
    spawn range_sum(&r, lo, hi);
    if (hi & 1)
        return r + 1;
    return r;
}

cilk long pair(long lo, long hi)
{
    long a = -1, b = -1;
    spawn range_sum(&a, lo, hi);
    spawn range_sum(&b, 0, hi);
    return a + b;
}

cilk long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

cilk long mixed(long lo, long hi)
{
    long r = -1, f;
    spawn range_sum(&r, lo, hi);
    f = spawn fib(10);
    return r + f;
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    int stale = 0, branches = 0, pairs = 0, mixes = 0;
    for (int i = 0; i < n; i++) {
        long a, b, c, d, e;
        a = spawn quick(i, 600 + i);
        b = spawn fib(12);
        c = spawn branch(i, 601 + i);
        d = spawn pair(i, 500 + i);
        e = spawn mixed(0, 400 + i);
        sync;
        stale += a != expected(i, 600 + i) || b != 144;
        branches += c == expected(i, 601 + i) + ((601 + i) & 1);
        pairs += d == expected(i, 500 + i) + expected(0, 500 + i);
        mixes += e == expected(0, 400 + i) + 55;
    }
    printf("stale %d of %d\n", stale, n);
    printf("branches %d pairs %d mixed %d\n", branches, pairs, mixes);
    return 0;
}
