// Checks that the race detector forgets a by-value argument's copy when the
// callee returns, whatever the callee (here C functions, spawned and
// called): the copy lies in the caller's outgoing arguments, above the
// callee's frame, and the caller reuses that memory before it returns. With
// a frame of variable size the copy is pushed below the stack pointer and
// popped after the call, so a sibling's frame takes its place; with a fixed
// one, the next call's copy goes to the same place. Neither is a race; a
// child and its parent's continuation that both write the parent's own
// copy still race.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 %s -o %t2
// RUN: %status %t2 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-copies.c:70:{{[0-9]+}} in both
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-byval-copies.c:30:{{[0-9]+}} in bump
// CHECK-NEXT: spawned at {{.*}}race-byval-copies.c:69:{{[0-9]+}} in both
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: values 1 5 1 1 1 2
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

/* Passed in memory: a copy in the caller's frame (byval). */
typedef struct { long v[300]; } Big;

__attribute__((noinline)) void bump(long *p) { p[1]++; }

/* Reads its copy. */
long first(Big b) { return b.v[0] + b.v[299]; }

/* Writes its copy. */
long second(Big b)
{
    bump(b.v);
    return b.v[1];
}

static void fill(long *p, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = i;
}

/* Writes a frame as large as first's copy. */
long deep(void)
{
    long t[600];
    fill(t, 600);
    return t[5];
}

long pushed(Big *bg, int n, long *b)
{
    char vla[n]; /* the frame's size varies: copies are pushed and popped */
    vla[0] = 0;
    long a = cilk_spawn first(*bg);
    cilk_spawn { *b = deep() + vla[0]; }
    cilk_sync;
    return a;
}

/* A by-value parameter that a child and the continuation both write. */
long both(Big b)
{
    cilk_spawn bump(b.v);
    b.v[1]++;
    cilk_sync;
    return b.v[1];
}

int main(int argc, char **argv)
{
    (void)argv;
    Big bg = {{1}};
    long a, b, c, d, e, f;
    a = pushed(&bg, argc + 1, &b);
    c = cilk_spawn second(bg);
    d = cilk_spawn second(bg);
    e = second(bg);
    cilk_sync;
    f = both(bg);
    printf("values %ld %ld %ld %ld %ld %ld\n", a, b, c, d, e, f);
    return 0;
}
