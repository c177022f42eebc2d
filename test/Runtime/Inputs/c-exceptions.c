/* C compiled with -fexceptions, in OpenCilk's spelling: a tree of spawns
 * whose leaf calls a C++ function that throws. sum_plain needs no cleanup
 * (clang gives it no personality), sum_cleanup has one (C's own). */
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
