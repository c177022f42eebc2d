// Checks children that write into their parent's local arrays and structs
// through pointers (locals whose address escapes across a spawn), including
// nested levels and a variable-length array.
// RUN: %run-vs-elision %s 12 | FileCheck %s
// CHECK: filled: 0 1 4 9 16 25 36 49 64 81 100 121
// CHECK: stats: count=12 min=0 max=121 sum=506
// CHECK: tree sum = 4095
// CHECK: vla: 0 2 4 6 8 10 12 14 16 18 20 22
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

struct stats { int count, min, max; long sum; };

cilk void fill(int *a, int i) { a[i] = i * i; }

cilk void account(struct stats *s, const int *a, int n)
{
    s->count = n;
    s->min = a[0];
    s->max = a[0];
    s->sum = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] < s->min) s->min = a[i];
        if (a[i] > s->max) s->max = a[i];
        s->sum += a[i];
    }
}

/* Each level passes the address of its own local to both children. */
cilk void tree_sum(int depth, long *out)
{
    long left = 0, right = 0;
    if (depth == 0) {
        *out = 1;
        return;
    }
    spawn tree_sum(depth - 1, &left);
    spawn tree_sum(depth - 1, &right);
    sync;
    *out = left + right + 1;
}

cilk void twice(int *v, int i) { v[i] = 2 * i; }

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 12;
    int a[64];
    struct stats s;
    for (int i = 0; i < n; i++)
        spawn fill(a, i);
    sync;
    printf("filled:");
    for (int i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\n");

    spawn account(&s, a, n);
    sync;
    printf("stats: count=%d min=%d max=%d sum=%ld\n", s.count, s.min, s.max,
           s.sum);

    long total;
    spawn tree_sum(11, &total);
    sync;
    printf("tree sum = %ld\n", total);

    int vla[n];
    for (int i = 0; i < n; i++)
        spawn twice(vla, i);
    sync;
    printf("vla:");
    for (int i = 0; i < n; i++)
        printf(" %d", vla[i]);
    printf("\n");
    return 0;
}
