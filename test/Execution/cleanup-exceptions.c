// Checks spawns in the scope of __attribute__((cleanup)) variables compiled
// with -fexceptions (each spawn an invoke): the clones compile, the results
// are right, and each cleanup runs once, at the end of its scope, after
// the procedure resumed wherever it was stolen or released.
// RUN: %run-vs-elision --cflags=-fexceptions --repeat 2 %s | FileCheck %s
// CHECK: cleanups 21891 fib 6765
// CHECK: exit status 0
#include <stdio.h>

static _Atomic long cleanups;
static void done(int *p) { cleanups += *p > 0; }

cilk int fib(int n)
{
    int guard __attribute__((cleanup(done))) = 1;
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
    int r;
    r = spawn fib(20);
    sync;
    printf("cleanups %ld fib %d\n", (long)cleanups, r);
    return 0;
}
