// Checks the race detector across syncs and levels: a grandchild that
// writes its grandparent's local through a pointer races with the
// grandparent's continuation before the sync (the report gives the whole
// spawn chain), and nothing races across a sync: a write, a sync, then a
// child's read, or a child's write after its parent synced its own child.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-nested.c:39:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-nested.c:23:{{[0-9]+}} in leaf
// CHECK-NEXT: spawned at {{.*}}race-nested.c:28:{{[0-9]+}} in mid
// CHECK-NEXT: spawned at {{.*}}race-nested.c:38:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: r = 3, v = 5
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <stdio.h>

cilk void leaf(int *p, int v) { *p = v; /* W */ }
cilk int get(const int *p) { return *p; }

cilk void mid(int *p, int *q)
{
    spawn leaf(p, 1); /* S2 */
    sync;
    spawn leaf(q, 2);  /* q: mid's own business after its sync */
    sync;
    *q += 1;
}

cilk int main(void)
{
    int x = 0, y = 0, v = 0, r;
    spawn mid(&x, &y); /* S1 */
    x = 4; /* M */
    sync;
    v = 5;
    r = spawn get(&y);
    sync;
    spawn leaf(&v, v);
    sync;
    printf("r = %d, v = %d\n", r, v);
    return 0;
}
