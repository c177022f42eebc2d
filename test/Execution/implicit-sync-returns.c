// Checks returns whose value is computed with control flow of its own
// (?:, &&, ||, a switch) right after a spawn with no explicit sync: the
// implicit sync before the return splits the block after the value was
// chosen, and the chosen value must survive it.
// RUN: %run-vs-elision --repeat 2 %s | FileCheck %s
// CHECK: 3 1 0 1 7 13 21 144
// CHECK: exit status 0
#include <stdio.h>

cilk int leaf(int k) { return k; }

cilk int pick(int k)
{
    int x;
    x = spawn leaf(k);
    return k ? x : 0;
}

cilk int both(int k)
{
    int x;
    x = spawn leaf(k);
    return k > 2 && x > 1;
}

cilk int either(int k)
{
    int x;
    x = spawn leaf(k);
    return k < 0 || x > 100;
}

cilk int sw(int k)
{
    int x, y;
    x = spawn leaf(k);
    y = spawn leaf(k + 1);
    switch (k) {
    case 0:
        return x;
    case 3:
        return x + y;
    default:
        return y > x ? y - x : x - y;
    }
}

cilk long fib(int n)
{
    long a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    return n > 1 ? a + b : (n ? 1 : 0);
}

cilk int main(void)
{
    int a, b, c, d, e;
    long f1, f2, f3;
    a = spawn pick(3);
    b = spawn both(3);
    c = spawn either(3);
    d = spawn pick(0) ;
    e = spawn sw(3);
    f1 = spawn fib(7);
    f2 = spawn fib(8);
    f3 = spawn fib(12);
    sync;
    printf("%d %d %d %d %d %ld %ld %ld\n", a, b, c, d + 1, e, f1, f2, f3);
    return 0;
}
