// Checks fib against its serial elision, every -O level, several workers.
// RUN: %run-vs-elision --opt=-O0,-O1,-O2,-O3 %s 24 | FileCheck %s
// CHECK: fib(24) = 46368
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

cilk int fib(int n)
{
    if (n < 2)
        return n;
    else {
        int x, y;
        x = spawn fib(n - 1);
        y = spawn fib(n - 2);
        sync;
        return x + y;
    }
}

cilk int main(int argc, char *argv[])
{
    int n, result;
    if (argc != 2) {
        fprintf(stderr, "usage: fib n\n");
        return 1;
    }
    n = atoi(argv[1]);
    result = spawn fib(n);
    sync;
    printf("fib(%d) = %d\n", n, result);
    return 0;
}
