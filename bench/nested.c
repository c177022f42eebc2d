/* nested.c: a function that spawns, called by C code on a worker (a
 * library calling back through a pointer), runs as a computation nested
 * on that worker. While it waits for the computation to end, the worker
 * steals the computation's own work (leapfrogging); before, it only
 * waited, and the other workers finished what they had stolen alone.
 *
 *   clang-19 -fplugin=build/lib/cilk/cilk.so -O2 bench/nested.c \
 *       -Lbuild/lib -lcilkrt -lpthread -o nested
 *   ./nested --nproc 2 36     # T_2; --nproc 1 gives T_1
 *
 * bench/results/2026-11-26-nested.md has the measurements. */
#include <stdio.h>
#include <stdlib.h>

long fib(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

/* What a library's callback looks like to the compiler: a pointer. */
static long (*volatile callback)(long) = fib;

static long through_c(long n)
{
    return callback(n);
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 36;
    long sum = 0;
    /* Several nested computations in a row, as a loop calling the library
     * would make them. */
    for (int i = 0; i < 8; i++)
        sum += through_c(n - i % 2);
    printf("fib sum %ld\n", sum);
    return 0;
}
