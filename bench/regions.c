/* regions.c: a sync waits for the children of its own sync region only.
 * `cilk_spawn a(); cilk_scope { cilk_spawn b(); c(); } d(); cilk_sync;`
 * lets d run beside a; a sync at the scope's end that waited for every
 * child (what the runtime did before sync regions, written here as `full`,
 * with cilk_sync where the scope ends) makes d wait for a. Each of a, b, c
 * and d is serial work (a loop that polls): a 4 units, b and c 1, d 2.
 * On 2 workers the scope takes 4 units (a beside b, c and d), the full
 * sync 6 (a beside b and c, then d alone); so does a call of a function
 * that spawns b and runs c, in place of the scope.
 *
 *   build/bin/cilkc -O2 bench/regions.c -o regions
 *   CILK_NWORKERS=2 ./regions 30    # scope, call and full sync, each
 *                                   # the median of 5 runs, in seconds
 *
 * bench/results/2026-11-26-regions.md has the measurements. */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long n; /* iterations of a unit */
static void nop(void) {}

static volatile double sink;

static void unit(int k) /* k units of serial work */
{
    cilk_spawn nop(); /* a function that spawns: its loop polls */
    double x = 1;
    for (long i = 0; i < k * n; i++)
        x = x * 1.000000001 + 1e-9;
    sink = x;
}

static void a(void) { unit(4); }
static void b(void) { unit(1); }
static void bc(void) /* b and c, in a function that spawns */
{
    cilk_spawn b();
    unit(1);
}

static void scope(void)
{
    cilk_spawn a();
    cilk_scope {
        cilk_spawn b();
        unit(1);
    }
    unit(2);
    cilk_sync;
}

static void call(void)
{
    cilk_spawn a();
    bc();
    unit(2);
    cilk_sync;
}

static void full(void)
{
    cilk_spawn a();
    cilk_spawn b();
    unit(1);
    cilk_sync;
    unit(2);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *x, const void *y)
{
    double u = *(const double *)x, v = *(const double *)y;
    return (u > v) - (u < v);
}

static double median_of_5(void (*f)(void))
{
    double t[5];
    for (int i = 0; i < 5; i++) {
        double t0 = seconds();
        f();
        t[i] = seconds() - t0;
    }
    qsort(t, 5, sizeof *t, cmp);
    return t[2];
}

int main(int argc, char **argv)
{
    n = (argc > 1 ? atol(argv[1]) : 100) * 1000000;
    double ts = median_of_5(scope), tc = median_of_5(call),
           tf = median_of_5(full);
    printf("scope %.3f call %.3f full %.3f full/scope %.2f full/call %.2f\n",
           ts, tc, tf, tf / ts, tf / tc);
    return 0;
}
