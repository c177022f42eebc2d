/* An OpenCilk program for opencilk-driver.test: no #include <cilk/cilk.h>
 * (-fopencilk makes the keywords OpenCilk's), Cilk-5's words as names, a
 * plain main, and a race that the race build finds when RACE is defined. */
#include <stdio.h>
#include <stdlib.h>

static int spawn(int sync) { return sync + 1; }

long count(long n)
{
    if (n < 2)
        return 1;
    long a = cilk_spawn count(n / 2);
    long b = count(n - n / 2);
    cilk_sync;
    return a + b;
}

static void bump(long *p) { ++*p; }

int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 1000, shared = 0;
    long c = cilk_spawn count(n);
    cilk_spawn bump(&shared);
#ifdef RACE
    bump(&shared);
#endif
    cilk_sync;
    printf("count %ld spawn %d shared %ld\n", c, spawn(1), shared);
    return 0;
}
