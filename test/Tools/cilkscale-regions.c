// Checks cilkscale.h's regions in a profile build: wsp_getworkspan() around
// spawns and a sync in Cilk main, wsp_sub, wsp_add and wsp_dump give the
// work, span and burdened span of each region in the CSV the program
// writes at exit (to CILKSCALE_OUT, else stderr), after the whole
// program's row. With CILK_PROFILE=strands the figures are exact thread
// counts: fib(n) has span 2n (n >= 2) and one burden per level of its
// critical path (CILK_BURDEN=1); the region adds the one thread of main in
// which it starts. A tag with a comma and a quote is quoted.
// RUN: %cilkcc -fplugin-arg-cilk-profile -O1 %s %cilkrt -o %t
// RUN: env CILK_PROFILE=strands CILK_BURDEN=1 CILKSCALE_OUT=%t.csv %t
// RUN: FileCheck --input-file=%t.csv %s
// RUN: env CILK_PROFILE=strands %t --nproc 2 2>&1 | FileCheck --check-prefix=STDERR %s
// RUN: env CILK_STRESS=1 CILK_PROFILE=strands CILK_BURDEN=1 CILKSCALE_OUT=%t.2.csv %t --nproc 2
// RUN: FileCheck --input-file=%t.2.csv %s
// RUN: %cilkcc -O1 %s %cilkrt -o %t.plain
// RUN: env CILKSCALE_OUT=%t.none.csv %t.plain | FileCheck --check-prefix=PLAIN %s
// RUN: not test -e %t.none.csv
// CHECK: tag,work (threads),span (threads),parallelism,burdened_span (threads),burdened_parallelism
// CHECK-NEXT: "",482,33,14.6061,48,10.0417
// CHECK-NEXT: "fib(10)",443,21,21.0952,31,14.2903
// CHECK-NEXT: "fib(5), ""small""",38,11,3.45455,16,2.375
// CHECK-NEXT: "both",481,32,15.0312,47,10.234
// CHECK-NOT: {{.}}
// STDERR: tag,work (threads),span (threads),parallelism,burdened_span (threads),burdened_parallelism
// STDERR-NEXT: "",482,33,14.6061,33,14.6061
// STDERR: cilk: profile: strands: work 482
// PLAIN: 55 5 0 0 0
#include <cilkscale.h>
#include <stdio.h>

cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

cilk int main(void)
{
    int a, b;
    wsp_t start = wsp_getworkspan();
    a = spawn fib(10);
    sync;
    wsp_t middle = wsp_getworkspan();
    b = spawn fib(5);
    sync;
    wsp_t end = wsp_getworkspan();
    wsp_dump(wsp_sub(middle, start), "fib(10)");
    wsp_dump(wsp_sub(end, middle), "fib(5), \"small\"");
    wsp_dump(wsp_add(wsp_sub(middle, start), wsp_sub(end, middle)), "both");
    printf("%d %d %lld %lld %lld\n", a, b, end.work, end.span, end.bspan);
    return 0;
}
