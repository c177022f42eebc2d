// Checks that the race detector sees the read of a by-value argument's
// source: the code generator copies it into the caller's outgoing
// arguments (byval), an access ThreadSanitizer's instrumentation does not
// see. The copy for a spawned call is the parent's read, made before the
// child starts: the parent's writes to the source after the spawn, and a
// child spawned after the copy that writes it, do not race (the child that
// gets the copy reads only its copy). Reported: the copy for a spawned call
// and for a plain call (not inlined, at -O2 either) in parallel with a
// sibling that writes the source, and a child's copy in parallel with the
// continuation's write.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 %s -o %t2
// RUN: %status %t2 2>&1 | FileCheck %s
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-sources.c:62:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-byval-sources.c:41:{{[0-9]+}} in modify
// CHECK-NEXT: spawned at {{.*}}race-byval-sources.c:61:{{[0-9]+}} in main
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-sources.c:65:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-byval-sources.c:41:{{[0-9]+}} in modify
// CHECK-NEXT: spawned at {{.*}}race-byval-sources.c:64:{{[0-9]+}} in main
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-sources.c:69:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier read
// CHECK-NEXT: race-byval-sources.c:49:{{[0-9]+}} in copy_of
// CHECK-NEXT: spawned at {{.*}}race-byval-sources.c:68:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: values 1 1002 9 10 8 6
// CHECK: cilk race: 3 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

/* Passed in memory: a copy in the caller's frame (byval). */
typedef struct { long v[300]; } Big;

void modify(Big *b) { b->v[0] = 7; }

long first(Big b) { return b.v[0] + b.v[299]; }

/* Not inlined: the caller's copy stays at -O2. */
__attribute__((noinline)) long last(Big b) { return b.v[0] + b.v[299] + 1; }

/* Copies *b for a call: the child's read of its parent's variable. */
long copy_of(Big *b) { return last(*b); }

int main(void)
{
    Big bg = {{1}};
    long x, y, z, w, u;
    x = cilk_spawn first(bg);
    bg.v[0] += 1000;
    y = cilk_spawn last(bg);
    bg.v[299] += 2;
    cilk_spawn modify(&bg);
    cilk_sync;
    cilk_spawn modify(&bg);
    z = cilk_spawn first(bg);
    cilk_sync;
    cilk_spawn modify(&bg);
    w = last(bg);
    cilk_sync;
    bg.v[0] = 5;
    u = cilk_spawn copy_of(&bg);
    bg.v[299] = 2;
    cilk_sync;
    printf("values %ld %ld %ld %ld %ld %ld\n", x, y, z, w, u, bg.v[0] + 1);
    return 0;
}
