/* What a reducer update costs (bench/opencilk.py):
 *   fib-plain N, fib-reducer N: fib(N) with a spawn per call, counting the
 *     calls in a plain global or in a reducer (a view lookup per update,
 *     which no loop hoists); on one worker the difference in instructions
 *     per call is the cost of an update;
 *   sum-c N REPS, sum-for N REPS: the sum of N longs by a C loop and by a
 *     cilk_for into a reducer (the lookup hoisted out of each chunk):
 *     seconds per pass.
 * A plain main, as OpenCilk's programs have. */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void zero(void *v) { *(long *)v = 0; }
static void add(void *l, void *r) { *(long *)l += *(long *)r; }

long plain_calls;
long cilk_reducer(zero, add) reducer_calls;

long fib_plain(int n)
{
    plain_calls += 1;
    if (n < 2)
        return n;
    long x = cilk_spawn fib_plain(n - 1);
    long y = fib_plain(n - 2);
    cilk_sync;
    return x + y;
}

long fib_reducer(int n)
{
    reducer_calls += 1;
    if (n < 2)
        return n;
    long x = cilk_spawn fib_reducer(n - 1);
    long y = fib_reducer(n - 2);
    cilk_sync;
    return x + y;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

long sum_c(const long *a, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}

long sum_for(const long *a, long n)
{
    long cilk_reducer(zero, add) s = 0;
    cilk_for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "fib-reducer";
    long n = argc > 2 ? atol(argv[2]) : 20;
    if (!strcmp(what, "fib-plain")) {
        long f = fib_plain((int)n);
        printf("%ld %ld\n", f, plain_calls);
        return 0;
    }
    if (!strcmp(what, "fib-reducer")) {
        long f = fib_reducer((int)n);
        printf("%ld %ld\n", f, reducer_calls);
        return 0;
    }
    int reps = argc > 3 ? atoi(argv[3]) : 20;
    long *a = malloc((size_t)n * sizeof *a);
    for (long i = 0; i < n; i++)
        a[i] = i % 1000;
    long (*f)(const long *, long) = strcmp(what, "sum-for") ? sum_c : sum_for;
    long s = f(a, n); /* warm */
    double t0 = now();
    for (int r = 0; r < reps; r++)
        s += f(a, n);
    printf("%.6f %ld\n", (now() - t0) / reps, s);
    return 0;
}
