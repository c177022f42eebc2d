/* C compiled with -fexceptions, in OpenCilk's spelling: a tree of spawns
 * whose leaf calls a C++ function that throws. sum_plain needs no cleanup
 * (clang gives it no personality), sum_cleanup has one (C's own). In
 * call_after, call_cleanup and loop, the call that throws is a plain call
 * of the procedure (after a spawn, in a cleanup's scope, in a cilk_for's
 * body), which may run in its fast or its slow clone. */
#include <cilk/cilk.h>

long may_throw(long n);

long sum_plain(long lo, long hi)
{
    if (hi - lo == 1)
        return may_throw(lo);
    long mid = lo + (hi - lo) / 2;
    long a = cilk_spawn sum_plain(lo, mid);
    long b = sum_plain(mid, hi);
    cilk_sync;
    return a + b;
}

static void done(long *p) { (void)p; }

long sum_cleanup(long lo, long hi)
{
    long guard __attribute__((cleanup(done))) = 0;
    if (hi - lo == 1)
        return may_throw(lo) + guard;
    long mid = lo + (hi - lo) / 2;
    long a = cilk_spawn sum_cleanup(lo, mid);
    long b = sum_cleanup(mid, hi);
    cilk_sync;
    return a + b;
}

static long busy(long n)
{
    volatile long s = 0;
    for (long i = 0; i < 20000; i++)
        s = s + i;
    return n + (s & 0);
}

long call_after(long lo, long hi)
{
    long a = cilk_spawn busy(lo);
    long b = may_throw(hi);
    cilk_sync;
    return a + b;
}

long call_cleanup(long lo, long hi)
{
    long guard __attribute__((cleanup(done))) = 0;
    long a = cilk_spawn busy(lo);
    long b = may_throw(hi) + guard;
    cilk_sync;
    return a + b;
}

long loop(long lo, long hi)
{
    long s = 0;
    cilk_for (long i = lo; i < hi; i++)
        __atomic_add_fetch(&s, may_throw(i), __ATOMIC_RELAXED);
    return s;
}
