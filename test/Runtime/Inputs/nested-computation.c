/* nested-computation.test: Cilk main calls a plain C function, which calls
 * a function that spawns (through a pointer, as C code of another file
 * would): a computation nested on the worker, whose spawns are stolen. */
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

/* A comparator that spawns, called by qsort on the worker. */
static int cmp(const void *a, const void *b)
{
    long x = cilk_spawn fib(*(const int *)a % 5);
    long y = fib(*(const int *)b % 5);
    cilk_sync;
    return (*(const int *)a - *(const int *)b) + 0 * (int)(x - y);
}

static long (*volatile fp)(long) = fib;

static long helper(long n) /* plain C: a C frame between */
{
    return fp(n);
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 25;
    int v[8] = {5, 3, 8, 1, 9, 2, 7, 4};
    long r = helper(n);
    qsort(v, 8, sizeof v[0], cmp);
    printf("fib %ld sorted %d %d %d %d %d %d %d %d\n", r, v[0], v[1], v[2],
           v[3], v[4], v[5], v[6], v[7]);
    return 0;
}
