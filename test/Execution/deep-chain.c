// Checks a deep chain of spawns (depth 20000) and 2^16 tiny children doing
// atomic updates.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: chain depth 20000 -> 20000
// CHECK: leaves 65536, counter 65536
// CHECK: exit status 0
#include <stdatomic.h>
#include <stdio.h>

cilk int chain(int d)
{
    int r;
    if (d == 0)
        return 0;
    r = spawn chain(d - 1);
    sync;
    return r + 1;
}

static atomic_long counter;

cilk long leaves(int depth)
{
    long a, b;
    if (depth == 0) {
        atomic_fetch_add(&counter, 1);
        return 1;
    }
    a = spawn leaves(depth - 1);
    b = spawn leaves(depth - 1);
    sync;
    return a + b;
}

cilk int main(void)
{
    int d;
    long n;
    d = spawn chain(20000);
    n = spawn leaves(16);
    sync;
    printf("chain depth 20000 -> %d\n", d);
    printf("leaves %ld, counter %ld\n", n, atomic_load(&counter));
    return 0;
}
