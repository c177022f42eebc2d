// A sync after a spawn behind a guard that C's && short-circuits: the
// release block computes whether the code after the spawn syncs at once
// (llvm-pass/CilkWaits.cpp), without the program's guards, so it must not
// read an undefined weak variable (address 0) the program never reads. It
// did, and every lazy run at 2 workers died of SIGSEGV.
// RUN: %run-vs-elision --reference projection %s 22 | FileCheck %s
// CHECK: fib(22) = 17711
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>
#include <cilk/cilk.h>

extern int tuning __attribute__((weak)); /* defined nowhere: &tuning == 0 */

long fib(int n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    if (&tuning && tuning > 2)
        cilk_sync;
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 22;
    printf("fib(%d) = %ld\n", n, fib(n));
    return 0;
}
