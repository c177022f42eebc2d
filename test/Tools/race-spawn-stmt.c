// Checks the race build on spawned statements (-fsanitize=cilk): a block
// runs in parallel with what follows it up to the sync, so a write in the
// block and one after it race; blocks that touch different variables, a
// block that reads a loop's index (read at its spawn, as its value goes
// by value), and blocks whose own children sync at the block's end do
// not. The report names the block as <function>.cilk_spawn.body.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -g -fsanitize=cilk %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-spawn-stmt.c:52:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-spawn-stmt.c:51:{{[0-9]+}} in main.cilk_spawn.body
// CHECK-NEXT: spawned at {{.*}}race-spawn-stmt.c:51:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: values 3 6 21 28 13
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

static long g(long x) { return x * 3; }

static long sum(long *z, int n)
{
    long s = 0;
    cilk_spawn {
        for (int i = 0; i < n / 2; i++)
            cilk_spawn { z[i] = i; }
    }
    for (int i = n / 2; i < n; i++)
        z[i] = i;
    cilk_sync;
    for (int i = 0; i < n; i++)
        s += z[i];
    return s;
}

int main(void)
{
    long x = 0, y = 0, z[8];
    cilk_spawn { x = g(1); }
    y = g(2);
    cilk_sync;
    for (int i = 0; i < 8; i++)
        cilk_spawn { z[i] = g(i); }
    cilk_sync;
    long w[8];
    long s = sum(w, 8);

    cilk_spawn { x += g(3); }
    x += 1;
    cilk_sync;
    printf("values %ld %ld %ld %ld %ld\n", y - x + 10, y, z[7], s, x);
    return 0;
}
