// Checks the profile build of a plain C main that calls parallel code
// several times, as OpenCilk's examples do: the computations run one
// after the other, so the program's span is the sum of theirs (3 calls of
// fib(10): 3 x 20 threads), and wsp_getworkspan() in main measures a call
// (tutorial/qsort_wsp.c's shape), the same on 1 and 2 workers, with and
// without stress, and in a serial build (which starts no pool: the profile
// keeps a worker of its own for main's thread, runtime/profile.c).
// RUN: %cilkcc -fplugin-arg-cilk-profile -O1 %s %cilkrt -o %t
// RUN: %cilkcc -fplugin-arg-cilk-profile -fplugin-arg-cilk-mode=serial -O1 %s %cilkrt -o %t.serial
// RUN: sh -c 'for p in 1 2; do CILK_PROFILE=strands CILK_NWORKERS=$p %t; \
// RUN:   CILK_STRESS=1 CILK_PROFILE=strands CILK_NWORKERS=$p %t; done; \
// RUN:   CILK_PROFILE=strands %t.serial' 2>&1 \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 5 "",1323,60,22.05,60,22.05
// CHECK: 5 "fib(10)",441,20,22.05,20,22.05
// CHECK: 5 55 55 55
// CHECK: 5 cilk: profile: strands: work 1323, span 60, parallelism 22.05
#include <cilk/cilk.h>
#include <cilk/cilkscale.h>
#include <stdio.h>

static long fib(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

int main(void)
{
    long a = fib(10);
    wsp_t start = wsp_getworkspan();
    long b = fib(10);
    wsp_t end = wsp_getworkspan();
    long c = fib(10);
    wsp_dump(wsp_sub(end, start), "fib(10)");
    printf("%ld %ld %ld\n", a, b, c);
    return 0;
}
