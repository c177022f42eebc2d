// Checks variable-length arrays live across spawns in recursive procedures,
// in every mode and under stress, several times each: clang's stack
// save/restore around a VLA's scope must not survive into the clones (a
// frame resumed on another worker would move that worker's stack pointer).
// RUN: %run-vs-elision --repeat 4 %s 9 | FileCheck %s
// CHECK: sums: 1 3 9 27 81 243 729 2187 6561
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

cilk long tri(int d)
{
    long a[d + 2];
    if (d == 0)
        return 1;
    for (int i = 0; i <= d + 1; i++)
        a[i] = 0;
    a[0] = spawn tri(d - 1);
    a[1] = spawn tri(d - 1);
    a[d + 1] += spawn tri(d - 1);
    sync;
    return a[0] + a[1] + a[d + 1];
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 9;
    long s[n];
    for (int i = 0; i < n; i++)
        s[i] = spawn tri(i);
    sync;
    printf("sums:");
    for (int i = 0; i < n; i++)
        printf(" %ld", s[i]);
    printf("\n");
    return 0;
}
