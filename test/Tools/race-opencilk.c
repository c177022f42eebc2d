// Checks the race build on a program in OpenCilk's spelling (-fsanitize=cilk):
// a race between a spawned C function and the continuation, and between
// the iterations of a cilk_for, are found; what a cilk_scope or cilk_sync
// orders, what <cilk/cilksan.h> leaves unchecked and what holds a lock it
// names are not races.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-opencilk.c:37:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-opencilk.c:32:{{[0-9]+}} in bump
// CHECK-NEXT: spawned at {{.*}}race-opencilk.c:36:{{[0-9]+}} in main
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-opencilk.c:45:{{[0-9]+}} in main.cilk_for.body
// CHECK-NEXT: spawned at {{.*}}race-opencilk.c:44:{{[0-9]+}} in main.cilk_for
// CHECK: called at {{.*}}race-opencilk.c:44:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-opencilk.c:45:{{[0-9]+}} in main.cilk_for.body
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: counts 2 1 100 4950 100 100 checking 1 0 1
// CHECK: cilk race: 2 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <cilk/cilksan.h>
#include <stdio.h>

static long racy, scoped, sum, quiet, locked;
static long a[100];
static int lock;

static void bump(long *p) { ++*p; }

int main(void)
{
    cilk_spawn bump(&racy);
    racy++;                          /* races with the spawned bump */
    cilk_sync;
    cilk_scope {
        cilk_spawn bump(&scoped);
    }
    cilk_for (int i = 0; i < 100; i++)
        a[i] = i;                    /* each iteration its own element */
    cilk_for (int i = 0; i < 100; i++)
        sum += a[i];                 /* races between iterations */
    cilk_for (int i = 0; i < 100; i++) {
        __cilksan_disable_checking();
        quiet++;                     /* not checked */
        __cilksan_enable_checking();
        __cilksan_acquire_lock(&lock);
        locked++;                    /* under a lock the detector is told of */
        __cilksan_release_lock(&lock);
    }
    int before = __cilksan_is_checking_enabled();
    __cilksan_disable_checking();
    int during = __cilksan_is_checking_enabled();
    __cilksan_enable_checking();
    printf("counts %ld %ld %ld %ld %ld %ld checking %d %d %d\n", racy, scoped,
           a[99] + 1, sum, quiet, locked, before, during,
           __cilksan_is_checking_enabled());
    return 0;
}
