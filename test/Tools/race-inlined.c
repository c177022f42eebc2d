// Checks that a race report names the functions an access was inlined
// into, innermost first, down to the user's own line (a library's
// std::string::size inlined into a cilk_for body was reported alone:
// runtime/race.c keeps every frame llvm-symbolizer gives for an address).
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O2 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at
// CHECK-NEXT: race-inlined.c:26:{{[0-9]+}} in bump
// CHECK-NEXT: inlined into twice at {{.*}}race-inlined.c:{{31|32}}:
// CHECK-NEXT: inlined into child at {{.*}}race-inlined.c:37:
// CHECK-NEXT: inlined into main at {{.*}}race-inlined.c:43:
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-inlined.c:26:{{[0-9]+}} in bump
// CHECK-NEXT: inlined into twice at {{.*}}race-inlined.c:{{31|32}}:
// CHECK-NEXT: inlined into child at {{.*}}race-inlined.c:37:
// CHECK-NEXT: spawned at {{.*}}race-inlined.c:42:{{[0-9]+}} in main
// CHECK: cilk race: 1 race found
#include <cilk/cilk.h>
#include <stdio.h>

static long counter;

static inline __attribute__((always_inline)) void bump(long by)
{
    counter += by;
}

static inline __attribute__((always_inline)) void twice(long by)
{
    bump(by);
    bump(by);
}

static void child(long by)
{
    twice(by);
}

int main(void)
{
    cilk_spawn child(1);
    child(2);
    cilk_sync;
    printf("%ld\n", counter);
    return 0;
}
