// Checks the profile build on spawns of plain C functions (OpenCilk's
// cilk_spawn of any function): a spawned C function of the file is timed
// as a child of its own, so 8 of them beside a loop's strands give work 19
// and span 11 threads (before, their time was nobody's: the work was the
// loop's alone, and 0 under stress), the same on 1 and 2 workers, with and
// without stress; the C function still runs as such when main calls it.
// RUN: %cilkcc -fplugin-arg-cilk-profile -O1 %s %cilkrt -o %t
// RUN: sh -c 'for p in 1 2; do CILK_PROFILE=strands CILK_NWORKERS=$p %t; \
// RUN:   CILK_STRESS=1 CILK_PROFILE=strands CILK_NWORKERS=$p %t; done' 2>&1 \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 4 8 36
// CHECK: 4 cilk: profile: strands: work 19, span 11, parallelism 1.73, threads 19, spawns 8
#include <cilk/cilk.h>
#include <stdio.h>

static volatile long sink;

void busy(long i)
{
    long s = 0;
    for (long k = 0; k < 1000 * i; k++)
        s += k;
    sink += s & 1;
}

static void run(int k)
{
    cilk_scope {
        for (int i = 0; i < k; i++)
            cilk_spawn busy(i);
    }
}

int main(void)
{
    run(8);
    busy(3);
    long t = 0;
    for (int i = 0; i < 8; i++)
        t += i;
    printf("%d %ld\n", 8, t + 8);
    return 0;
}
