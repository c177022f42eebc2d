// Checks a stencil's loop in the race build: its reads of c[x - 1], c[x]
// and c[x + 1] are one range (CilkRace.cpp: hoistLoopChecks merges walks
// whose lowest addresses differ by constants that leave no gap), and the
// verdicts are those of a check per access: a child that writes the
// element right after the range (c[HALF + 1]) does not race with the
// stencil over [1, HALF); one that writes its last element read (c[HALF],
// read as c[x + 1]) races once, reported on the stencil's line.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O2 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O1 %s -o %t1
// RUN: %status %t1 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @smooth(
// IR: call void @__tsan_read_range(
// IR-NOT: call void @__tsan_read_range(
// IR: call void @__tsan_write_range(
// CHECK: edge [[E:0x[0-9a-f]+]]
// CHECK-NEXT: cilk race: write at [[E]]
// CHECK-NEXT: race-stencil.c:[[W:[0-9]+]]:{{[0-9]+}} in poke
// CHECK-NEXT: is logically parallel with an earlier read
// CHECK-NEXT: race-stencil.c:[[S:[0-9]+]]:{{[0-9]+}} in smooth
// CHECK: sum 1
// CHECK-NEXT: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

#define N 64
#define HALF (N / 2)

static double c[N], o[N];

__attribute__((noinline)) void smooth(const double *in, double *out, int lo,
                                      int hi)
{
    for (int x = lo; x < hi; x++)
        out[x] = (in[x - 1] + in[x] + in[x + 1]) / 3;
}

__attribute__((noinline)) void poke(double *p) { *p = 1; }

int main(void)
{
    for (int i = 0; i < N; i++)
        c[i] = i;
    printf("edge %p\n", (void *)&c[HALF]);
    fflush(stdout);
    cilk_scope {
        cilk_spawn smooth(c, o, 1, HALF);
        poke(&c[HALF + 1]); /* just past what smooth reads: no race */
    }
    cilk_scope {
        cilk_spawn smooth(c, o, 1, HALF);
        poke(&c[HALF]); /* smooth's last in[x + 1]: a race */
    }
    printf("sum %d\n", o[1] == 1.0);
    return 0;
}
