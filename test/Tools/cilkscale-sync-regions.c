// Checks the profile build's span across sync regions: a child spawned
// before a cilk_scope (or before a call of a function that spawns) runs in
// parallel with what follows the scope, so the scope's end joins only the
// scope's children and the child's path joins at the cilk_sync. With
// CILK_PROFILE=strands the figures are exact thread counts, the same on 1
// and 2 workers, with and without stress: fib(12) has span 24, and the
// scope's region has a span of 33 where the same work in series has 50.
// RUN: %cilkcc -fplugin-arg-cilk-profile -O1 %s %cilkrt -o %t
// RUN: sh -c 'for p in 1 2; do CILK_PROFILE=strands CILK_NWORKERS=$p %t; \
// RUN:   CILK_STRESS=1 CILK_PROFILE=strands CILK_NWORKERS=$p %t; done' 2>&1 \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 4 "",4677,84,55.6786,84,55.6786
// CHECK: 4 "in series",2338,50,46.76,50,46.76
// CHECK: 4 "scope",2338,33,70.8485,33,70.8485
// CHECK: 4 144 2 144
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

static long a, b, c;

int main(void)
{
    wsp_t t0 = wsp_getworkspan();
    a = cilk_spawn fib(12);
    cilk_scope {
        b = cilk_spawn fib(3);
    }
    c = fib(12); /* beside a: a call is a region of its own too */
    cilk_sync;
    wsp_t t1 = wsp_getworkspan();
    a = cilk_spawn fib(12);
    b = cilk_spawn fib(3);
    cilk_sync;
    c = fib(12);
    wsp_t t2 = wsp_getworkspan();
    wsp_dump(wsp_sub(t1, t0), "scope");
    wsp_dump(wsp_sub(t2, t1), "in series");
    printf("%ld %ld %ld\n", a, b, c);
    return 0;
}
