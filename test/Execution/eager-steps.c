// Eager mode's steps (cilk-abi.h: CILK_ABI_POP_STEP): consecutive spawns
// with only arithmetic between them keep the frame pushed, and a thief may
// take it before the second spawn's resume index is stored (it resumes
// after the first spawn) or after (after the second, whose child the owner
// still runs). Stress mode takes frames at both; every result must match
// the serial elision. The IR check makes sure the procedures below do step
// (a result through a pointer does not, nor x += spawn, whose second save
// would change the field that the first spawn's inlet adds to). The second
// spawn's arguments are computed again after the step's check from the
// saved fields, except from a variable the code between stores to, even
// in part (pun: a field read there gave 771 for 787).
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: %run-vs-elision --opt=-O0,-O2 --repeat 3 %s 21 | FileCheck %s
// IR-LABEL: define {{.*}} @fib.fast(
// IR: call i32 @__cilkrt_pop_step(
// IR-LABEL: define {{.*}} @tri.fast(
// IR: call i32 @__cilkrt_pop_step(
// IR: call i32 @__cilkrt_pop_step(
// IR-LABEL: define {{.*}} @dia.fast(
// IR: call i32 @__cilkrt_pop_step(
// IR-LABEL: define {{.*}} @pairs.fast(
// IR: call i32 @__cilkrt_pop_step(
// IR-LABEL: define {{.*}} @ptrs.fast(
// IR-NOT: __cilkrt_pop_step
// IR: ret
// IR-LABEL: define {{.*}} @acc.fast(
// IR-NOT: __cilkrt_pop_step
// IR: ret
// IR-LABEL: define {{.*}} @pun.fast(
// IR: call i32 @__cilkrt_pop_step(
// CHECK: fib 10946
// CHECK: tri
// CHECK: dia
// CHECK: pairs
// CHECK: ptrs
// CHECK: acc
// CHECK: pun
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

/* Three spawns, two steps: k is live across all three, m is made between
 * the first two and is live across the last two. */
cilk long tri(int n, long k)
{
    long a, b, c, m;
    if (n < 3)
        return n * k + 1;
    a = spawn tri(n - 1, k);
    m = (k * 3 + (n & 1)) % 1000003;
    b = spawn tri(n - 2, m);
    c = spawn tri(n - 3, (m + k) % 1000003);
    sync;
    return (a + 2 * b + 3 * c + k) % 1000000007;
}

/* A branch between the spawns. */
cilk double dia(int n)
{
    double x, y;
    int k;
    if (n < 2)
        return n * 0.5;
    x = spawn dia(n - 1);
    if (n % 3 == 0)
        k = n - 2;
    else
        k = n / 2;
    y = spawn dia(k);
    sync;
    return x - y / 2 + 1;
}

cilk int square(int n)
{
    return n * n;
}

/* A spawn with no result second. */
cilk void pairs(int n, int *res)
{
    int q;
    if (n < 1)
        return;
    q = spawn square(n);
    spawn pairs(n - 1, res + 1);
    sync;
    *res = q;
}

/* A result through a pointer: its tail stores to memory that others may
 * see, so no step. */
cilk void ptrs(int n, int *res)
{
    if (n < 1)
        return;
    *res = spawn square(n);
    spawn ptrs(n - 1, res + 1);
    sync;
}

/* x += spawn: no step. */
cilk long acc(int n)
{
    long s = n;
    if (n < 2)
        return n;
    s += spawn acc(n - 1);
    s += spawn acc(n - 2);
    sync;
    return s;
}

cilk long ident(long v)
{
    return v;
}

/* x is live across the first spawn only, and the code between the spawns
 * writes one of its bytes (a store through a pointer into x). */
cilk long pun(long x)
{
    long a, b;
    a = spawn ident(x);
    ((unsigned char *)&x)[0] = 9;
    b = spawn ident(x * 2 + 1);
    sync;
    return a + b;
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 21;
    int f, *sq = calloc((size_t)n + 1, sizeof *sq);
    int *sp = calloc((size_t)n + 1, sizeof *sp);
    long t, a, sum = 0, psum = 0;
    double d;
    f = spawn fib(n);
    t = spawn tri(n, 7);
    d = spawn dia(n);
    spawn pairs(n, sq);
    spawn ptrs(n, sp);
    a = spawn acc(n);
    long pn = spawn pun(n + 0x300);
    sync;
    for (int i = 0; i < n; i++) {
        sum += (long)(i + 1) * sq[i];
        psum += (long)(i + 1) * sp[i];
    }
    printf("fib %d\ntri %ld\ndia %.3f\npairs %ld\nptrs %ld\nacc %ld\n"
           "pun %ld\n",
           f, t, d, sum, psum, a, pn);
    free(sq);
    free(sp);
    return 0;
}
