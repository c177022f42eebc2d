// The code between two spawns runs on the owner even when a thief took the
// frame before eager mode's step checked (cilk-abi.h: CILK_ABI_POP_STEP);
// the thief may have run on past the second spawn by then, changing or
// freeing memory that code reads. Here the continuation sets a global
// divisor to 0 and unmaps a page, both read between the spawns while the
// first child is still busy: a step there would divide by zero or read
// the unmapped page on the owner (it did, at two workers, every run).
// The procedures must not step; the IR check says so.
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: %run-vs-elision --opt=-O2 %s 3000000 | FileCheck %s
// IR-LABEL: define {{.*}} @divide.fast(
// IR-NOT: __cilkrt_pop_step
// IR: ret
// IR-LABEL: define {{.*}} @unmap.fast(
// IR-NOT: __cilkrt_pop_step
// IR: ret
// CHECK: divide 4000
// CHECK: unmap 28
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

int divisor = 1;

cilk long busy(long n)
{
    volatile long s = 0;
    for (long i = 0; i < n; i++)
        s += i;
    return s & 1;
}

cilk long echo(long v)
{
    return v;
}

cilk long divide(long n)
{
    long x, y;
    x = spawn busy(n);
    long v = 1000 / divisor;
    y = spawn echo(v);
    divisor = 0;
    sync;
    divisor = 1;
    return x + y;
}

cilk long unmap(long n)
{
    long x, y;
    long *p = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    p[0] = 7;
    x = spawn busy(n);
    long v = p[0];
    y = spawn echo(v);
    munmap(p, 1 << 16);
    sync;
    return x + y;
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 3000000, d = 0, u = 0;
    for (int i = 0; i < 4; i++) {
        long t;
        t = spawn divide(n);
        sync;
        d += t;
        t = spawn unmap(n);
        sync;
        u += t;
    }
    printf("divide %ld\nunmap %ld\n", d, u);
    return 0;
}
