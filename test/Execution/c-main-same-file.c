// Checks that a plain C main calls a Cilk procedure of its own file, and a
// C function of the file calls one through a pointer declared `cilk`: each
// call reaches the procedure's C entry point and runs in parallel, as a
// call from C code of another file does.
// RUN: %run-vs-elision %s 20 | FileCheck %s
// CHECK: fib 6765 twice 13530 sum 6765
#include <stdio.h>
#include <stdlib.h>

cilk long fib(long n)
{
    long x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

static long twice(cilk long (*f)(long), long n)
{
    return f(n) + f(n);
}

int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 20;
    long a = fib(n);
    long b = twice(fib, n);
    printf("fib %ld twice %ld sum %ld\n", a, b, b - a);
    return 0;
}
