// Checks that a call of the C library's sync() inside a Cilk procedure is
// still sync(2) (a plain call that returns), next to the `sync;` statement.
// RUN: %cilkcc %s %cilkrt -o %t
// RUN: %t | FileCheck %s
// CHECK: flushed 3
#include <stdio.h>
#include <unistd.h>

cilk int three(void) { return 3; }

cilk int main(void)
{
    int x;
    x = spawn three();
    sync;
    sync();
    printf("flushed %d\n", x);
    return 0;
}
