// Checks the race build's checks of loops (llvm-pass/CilkRace.cpp:
// hoistLoopChecks): a loop that walks memory one element after another is
// checked once, as a range before the loop, and the verdicts are those of
// a check per access. Parallel children that fill disjoint halves of an
// array, that write its even and odd elements (not consecutive: checked
// per access), that stop at a sentinel (a loop with two exits: per
// access) or write only where a condition holds (per access) do not race;
// two that fill ranges one element apart in either direction race, once
// each, at the element they share, named by the loop's store.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O2 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O1 %s -o %t1
// RUN: %status %t1 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @fill(
// IR: call void @__tsan_write_range(ptr nocapture %{{.*}}, i64 %{{.*}})
// IR: store i32 %{{.*}}, !nosanitize
// IR-LABEL: define {{.*}} @every_other(
// IR-NOT: !nosanitize
// IR: call void @__tsan_write4(
// IR-LABEL: define
// CHECK: up [[U:0x[0-9a-f]+]]
// CHECK-NEXT: down [[D:0x[0-9a-f]+]]
// CHECK-NEXT: cilk race: write at [[U]]
// CHECK-NEXT: race-loop-ranges.c:[[FILL:[0-9]+]]:{{[0-9]+}} in fill
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-loop-ranges.c:[[FILL]]:{{[0-9]+}} in fill
// CHECK-NEXT: spawned at {{.*}}race-loop-ranges.c:{{[0-9]+}}:{{[0-9]+}} in main
// CHECK-NEXT: cilk race: write at [[D]]
// CHECK-NEXT: race-loop-ranges.c:{{[0-9]+}}:{{[0-9]+}} in fill_down
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-loop-ranges.c:{{[0-9]+}}:{{[0-9]+}} in fill_down
// CHECK-NEXT: spawned at {{.*}}race-loop-ranges.c:{{[0-9]+}}:{{[0-9]+}} in main
// CHECK-NEXT: sum 87
// CHECK-NEXT: cilk race: 2 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

#define N 1000
static int a[N], b[N], c[N], d[N], e[N], f[N];

__attribute__((noinline)) static void fill(int *p, int n, int v)
{
    for (int i = 0; i < n; i++)
        p[i] = v;
}

__attribute__((noinline)) static void fill_down(int *p, int n, int v)
{
    for (int i = n - 1; i >= 0; i--)
        p[i] = v;
}

__attribute__((noinline)) static void every_other(int *p, int n, int v)
{
    for (int i = 0; i < n; i += 2)
        p[i] = v;
}

__attribute__((noinline)) static void to_sentinel(int *p, int v)
{
    for (int i = 0; p[i] >= 0; i++)
        p[i] = v;
}

__attribute__((noinline)) static void where_odd(int *p, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (i & 1)
            p[i] = v;
}

int main(void)
{
    /* Disjoint halves: no race. */
    cilk_spawn fill(a, N / 2, 1);
    fill(a + N / 2, N / 2, 2);
    cilk_sync;
    /* Even and odd elements: no race. */
    cilk_spawn every_other(b, N, 1);
    every_other(b + 1, N - 1, 2);
    cilk_sync;
    /* Up to a sentinel, and past it: no race. */
    c[N / 2] = -1;
    cilk_spawn to_sentinel(c, 1);
    fill(c + N / 2 + 1, N / 2 - 1, 2);
    cilk_sync;
    /* Odd elements, and even ones: no race. */
    cilk_spawn where_odd(d, N, 1);
    every_other(d, N, 2);
    cilk_sync;
    /* One element shared, upwards and downwards: a race each. */
    fprintf(stderr, "up %p\n", (void *)&e[N / 2]);
    fprintf(stderr, "down %p\n", (void *)&f[N / 2]);
    cilk_spawn fill(e, N / 2 + 1, 1);
    fill(e + N / 2, N / 2, 2);
    cilk_sync;
    cilk_spawn fill_down(f, N / 2 + 1, 1);
    fill_down(f + N / 2, N / 2, 2);
    cilk_sync;
    long sum = 0;
    for (int i = 0; i < N; i += 100)
        sum += a[i] + b[i] + c[i] + d[i] + e[i] + f[i];
    fprintf(stderr, "sum %ld\n", sum);
    return 0;
}
