// Checks the profile build on a spawned block: the block runs in parallel
// with what follows it, so `cilk_spawn { a = fib(12); } c = fib(12);
// cilk_sync;` has about half the span of the same work in series (27
// threads against 52). With
// CILK_PROFILE=strands the figures are exact thread counts, the same on 1
// and 2 workers, with and without stress.
// RUN: %cilkcc -fplugin-arg-cilk-profile -O1 %s %cilkrt -o %t
// RUN: sh -c 'for p in 1 2; do CILK_PROFILE=strands CILK_NWORKERS=$p %t; \
// RUN:   CILK_STRESS=1 CILK_PROFILE=strands CILK_NWORKERS=$p %t; done' 2>&1 \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 4 "block",2328,27,86.2222,27,86.2222
// CHECK: 4 "in series",2329,52,44.7885,52,44.7885
// CHECK: 4 144 144
#include <cilk/cilk.h>
#include <cilk/cilkscale.h>
#include <stdio.h>

static long fib(int n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

static long a, c;

int main(void)
{
    wsp_t t0 = wsp_getworkspan();
    cilk_spawn { a = fib(12); }
    c = fib(12);
    cilk_sync;
    wsp_t t1 = wsp_getworkspan();
    cilk_spawn { a = fib(12); }
    cilk_sync;
    c = fib(12);
    wsp_t t2 = wsp_getworkspan();
    wsp_dump(wsp_sub(t1, t0), "block");
    wsp_dump(wsp_sub(t2, t1), "in series");
    printf("%ld %ld\n", a, c);
    return 0;
}
