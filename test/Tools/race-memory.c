// Checks the race detector on memory that changes hands: children that
// write disjoint halves of a Cilk_alloca buffer do not race, two that
// write one element do; a block a child frees and its sibling gets back
// from malloc, and the locals of siblings (recursively, through pointers
// into their frames) are not shared; nor is a struct result's temporary,
// which each spawn of a loop reuses in the serial run.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O2 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-memory.c:31:{{[0-9]+}} in fill
// CHECK-NEXT: spawned at {{.*}}race-memory.c:75:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-memory.c:31:{{[0-9]+}} in fill
// CHECK-NEXT: spawned at {{.*}}race-memory.c:74:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: halves 0 10, tree 55, blocks 45, pairs 90
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk-lib.cilkh>
#include <stdio.h>
#include <stdlib.h>

struct pair { long a, b; };

cilk void fill(int *p, int n, int v)
{
    for (int i = 0; i < n; i++)
        p[i] = v; /* F */
}

/* Each level's locals go to its children by address. */
cilk int tree(int n)
{
    int left = 0, right = 0;
    if (n < 2)
        return n;
    spawn fill(&left, 1, n);
    spawn fill(&right, 1, n - 1);
    sync;
    left = spawn tree(n - 1);
    right = spawn tree(n - 2);
    sync;
    return left + right;
}

cilk long block(int v)
{
    long *b = malloc(16 * sizeof *b), s = 0;
    for (int i = 0; i < 16; i++)
        b[i] = v;
    s = b[3];
    free(b);
    return s;
}

cilk struct pair twice(long v)
{
    struct pair p = {v, 2 * v};
    return p;
}

cilk int main(void)
{
    int *buf = Cilk_alloca(8 * sizeof *buf);
    long blocks = 0, pairs = 0;
    int t;
    struct pair got[10];
    spawn fill(buf, 4, 0);
    spawn fill(buf + 4, 4, 10);
    sync;
    spawn fill(buf + 2, 1, 1); /* S1 */
    spawn fill(buf + 2, 1, 2); /* S2 */
    sync;
    for (int i = 0; i < 10; i++)
        blocks += spawn block(i);
    for (int i = 0; i < 10; i++)
        got[i] = spawn twice(i);
    t = spawn tree(10);
    sync;
    for (int i = 0; i < 10; i++)
        pairs += got[i].b;
    printf("halves %d %d, tree %d, blocks %ld, pairs %ld\n", buf[0], buf[7],
           t, blocks, pairs);
    return 0;
}
