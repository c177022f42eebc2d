/* Part of opencilk-spawn.c: functions of another file, one that spawns (an
 * implicit procedure, spawned there through its C entry point's prefix)
 * and a plain C one. */
#include <cilk/cilk.h>

long other_fib(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn other_fib(n - 1);
    long y = other_fib(n - 2);
    cilk_sync;
    return x + y;
}

long other_plain(long n)
{
    return n * 3;
}
