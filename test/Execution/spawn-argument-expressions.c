// Checks spawn arguments computed by expressions with control flow of their
// own (?:, &&, ||, statement expressions, calls), in Cilk main and in
// recursive procedures: in indolent mode a frame released by the check
// before the call resumes at the call and must find every argument saved.
// RUN: %run-vs-elision --repeat 3 %s 17 | FileCheck %s
// CHECK: r 1597 2584 1 0 4181 s 377 t 1
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n > 10 ? n - 1 : (n & 1 ? n - 1 : n - 1));
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

cilk int two(int a, int b) { return a * 2 + b; }

static int twice(int v) { return 2 * v; }

cilk int main(int argc, char *argv[])
{
    int r1, r2, r3, r4, r5, s, t;
    int n = argc > 1 ? atoi(argv[1]) : 20;
    r1 = spawn fib(argc > 1 ? atoi(argv[1]) : 20);
    r2 = spawn fib(n > 5 && argc > 0 ? n + 1 : 3);
    r3 = spawn two(n < 0 || argc > 1, (n & 1) == 0 && n > 3);
    r4 = spawn two(0, argc > 5 ? 7 : 0);
    r5 = spawn fib(({ int k = n; k > 3 ? k + 2 : k; }));
    s = spawn fib(twice(argc) > 3 ? n - 1 - argc : n - 2);
    t = spawn two(argc > 1 ? 0 : 5, argc > 1);
    sync;
    printf("r %d %d %d %d %d s %d t %d\n", r1 - 0, r2, r3 - 1, r4, r5, s, t);
    return 0;
}
