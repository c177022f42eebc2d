/* a[i] = b[i] + c[i] over 10^7 doubles, as a C loop and as a cilk_for, each
 * run REPS times in one process (bench/opencilk.py): prints the seconds
 * per pass of the one named. A plain main, as OpenCilk's programs have. */
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void vadd_c(double *a, const double *b, const double *c, long n)
{
    for (long i = 0; i < n; i++)
        a[i] = b[i] + c[i];
}

void vadd_cilk(double *a, const double *b, const double *c, long n)
{
    cilk_for (long i = 0; i < n; i++)
        a[i] = b[i] + c[i];
}

int main(int argc, char *argv[])
{
    int cilk = argc > 1 && strcmp(argv[1], "cilk_for") == 0;
    long n = 10000000;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b),
           *c = malloc(n * sizeof *c);
    for (long i = 0; i < n; i++) {
        b[i] = (double)i;
        c[i] = 2.0 * (double)i;
    }
    void (*f)(double *, const double *, const double *, long) =
        cilk ? vadd_cilk : vadd_c;
    f(a, b, c, n); /* the pages, and the workers, once */
    double t = now();
    for (int r = 0; r < reps; r++)
        f(a, b, c, n);
    printf("%.6f %g\n", (now() - t) / reps, a[n - 1]);
    return 0;
}
