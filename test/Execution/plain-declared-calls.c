// Checks that Cilk code calling Cilk procedures of another file through a C
// header (no `cilk`, so the calls are plain C calls) gets what the serial
// elision gets: on a worker such a call runs the procedure's serial
// elision, so no release or steal can cross the C frame in between, while
// the caller's own spawns run in parallel around it.
// RUN: %run-vs-elision --also %S/Inputs/c-entry-procs.c %s 18 | FileCheck %s
// CHECK: mixed 2584 2584 1597
// CHECK: tree 508 287 1.770
// CHECK: fill 51
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/c-entry-procs.h"

cilk int add(int a, int b)
{
    return a + b;
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 18;
    int x, y, z;
    x = spawn add(fib(n), 0);
    y = fib(n);
    z = spawn add(fib(n - 1), 0);
    sync;
    printf("mixed %d %d %d\n", x, y, z);

    stats s;
    x = spawn add(n, 1);
    s = tree(10);
    sync;
    printf("tree %ld %ld %.3f\n", s.sum, s.count, s.avg);

    long out[8];
    fill(out, 8);
    printf("fill %ld\n", out[0] + out[1] + out[7] + x - n);
    return 0;
}
