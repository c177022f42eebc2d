// Checks that the race detector reports a parent that reads, before its
// sync, a local its spawned child writes (both places and the spawn), and
// nothing once the read follows the sync.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O1 -DSYNC_FIRST %s -o %t.ok
// RUN: %status %t.ok 2>&1 | FileCheck --check-prefix=OK %s
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-parent-child.c:32:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-parent-child.c:21:{{[0-9]+}} in set
// CHECK-NEXT: spawned at {{.*}}race-parent-child.c:30:{{[0-9]+}} in main
// CHECK: cilk race: 1 race found
// CHECK: status 66
// OK-NOT: cilk race: read
// OK: cilk race: no races found
// OK: status 0
#include <stdio.h>

cilk void set(int *p, int v) { *p = v; }

cilk int main(void)
{
    int x = 0;
#ifdef SYNC_FIRST
    spawn set(&x, 7);
    sync;
#else
    spawn set(&x, 7);
#endif
    printf("x = %d\n", x);
    sync;
    return 0;
}
