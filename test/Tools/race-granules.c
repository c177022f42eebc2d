// Checks the race detector's byte precision, which its shadow keeps per
// aligned 8 bytes until parts of them diverge (runtime/race.c: a split
// granule): parallel children that write adjacent bytes, or the two
// halves of one word, do not race, nor do a 4-byte store at offset 2 and
// a byte at offset 7; a word written after their sync does not race with
// them; a byte in parallel with a word over it races, and so does an
// unaligned 8-byte store across two granules with a byte of the second.
// The address reported is the byte's: buf + 17 and buf + 42. Also with
// the instances compacted at every step (split cells renamed too).
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// RUN: env CILK_RACE_COMPACT_AT=2 %status %t0 2>&1 | FileCheck %s
// CHECK: buf+17 [[A:0x[0-9a-f]+]]
// CHECK-NEXT: cilk race: write at [[A]]
// CHECK-NEXT: race-granules.c:48:{{[0-9]+}} in wr8
// CHECK-NOT: cilk race
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-granules.c:40:{{[0-9]+}} in wr
// CHECK-NEXT: spawned at {{.*}}race-granules.c:63:{{[0-9]+}} in main
// CHECK-NEXT: buf+42 [[B:0x[0-9a-f]+]]
// CHECK-NEXT: cilk race: write at [[B]]
// CHECK-NEXT: race-granules.c:40:{{[0-9]+}} in wr
// CHECK-NOT: cilk race
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-granules.c:48:{{[0-9]+}} in wr8
// CHECK-NEXT: spawned at {{.*}}race-granules.c:72:{{[0-9]+}} in main
// CHECK-NEXT: sum 19
// CHECK-NEXT: cilk race: 2 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>

static char buf[64] __attribute__((aligned(8)));

static void wr(char *p, char v)
{
    *p = v;
}
static void wr4(int *p, int v)
{
    __builtin_memcpy(p, &v, sizeof v);
}
static void wr8(char *p, long v)
{
    __builtin_memcpy(p, &v, sizeof v);
}

int main(void)
{
    /* No race: adjacent bytes, halves of a word, and the word after. */
    for (int i = 0; i < 8; i++)
        cilk_spawn wr(&buf[i], (char)i);
    cilk_sync;
    cilk_spawn wr4((int *)&buf[8], 1);
    cilk_spawn wr4((int *)&buf[12], 2);
    cilk_sync;
    wr8(&buf[8], 3);
    /* A race: a byte, and a word over it. */
    fprintf(stderr, "buf+17 %p\n", (void *)&buf[17]);
    cilk_spawn wr(&buf[17], 5);
    wr8(&buf[16], 4);
    cilk_sync;
    /* No race: 4 bytes at offset 2, a byte at offset 7. */
    cilk_spawn wr4((int *)&buf[26], 6);
    wr(&buf[31], 7);
    cilk_sync;
    /* A race: 8 bytes across two granules, a byte of the second. */
    fprintf(stderr, "buf+42 %p\n", (void *)&buf[42]);
    cilk_spawn wr8(&buf[36], 8);
    wr(&buf[42], 9);
    cilk_sync;
    fprintf(stderr, "sum %d\n", buf[0] + buf[8] + buf[17] + buf[31] + buf[42]);
    return 0;
}
