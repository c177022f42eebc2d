// Checks that the race detector reports two spawned siblings that write
// one global (with the spawn of each), but not siblings that write
// neighbouring bytes of one array, nor a child whose sibling only reads
// what it reads; and that its compaction of instances (forced here after
// every few) changes nothing.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: env CILK_RACE_COMPACT_AT=3 %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-siblings.c:26:{{[0-9]+}} in count
// CHECK-NEXT: spawned at {{.*}}race-siblings.c:40:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-siblings.c:26:{{[0-9]+}} in count
// CHECK-NEXT: spawned at {{.*}}race-siblings.c:39:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: bytes abcdefgh, total 2, sum 24
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <stdio.h>

static int total;
static char bytes[9];
static int table[4] = {1, 2, 3, 6};

cilk void count(void) { total++; /* W */ }
cilk void put(char *p, char c) { *p = c; }
cilk int sum(const int *t, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += t[i];
    return s;
}

cilk int main(void)
{
    int a, b;
    spawn count(); /* S1 */
    spawn count(); /* S2 */
    for (int i = 0; i < 8; i++)
        spawn put(&bytes[i], (char)('a' + i));
    a = spawn sum(table, 4);
    b = spawn sum(table, 4);
    sync;
    printf("bytes %s, total %d, sum %d\n", bytes, total, a + b);
    return 0;
}
