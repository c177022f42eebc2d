// A cilk_for whose body does not read its control variable draws no
// -Wunused-variable (the C loop's own condition reads it).
// RUN: %cilkcc -fsyntax-only -Wall -Xclang -verify %s
// expected-no-diagnostics
#include <cilk/cilk.h>

void zero(long *a, long n, long v)
{
    cilk_for (long i = 0; i < n; i++)
        a[0] = v;
}
