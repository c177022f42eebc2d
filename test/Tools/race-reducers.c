// Checks the race build on reducers: updates of a reducer from parallel
// strands (a cilk_for, spawned functions given a pointer to it, a list
// appended through the view in a helper) are not races, each strand having
// a view of its own in a parallel run; the same updates of a plain
// variable are.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-reducers.c:47:{{[0-9]+}} in main.cilk_for.body
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: sums 4950 4950 10 list 4
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>

static void zero(void *v) { *(long *)v = 0; }
static void add(void *l, void *r) { *(long *)l += *(long *)r; }

struct list { int n; int a[16]; };
static void empty(void *v) { ((struct list *)v)->n = 0; }
static void cat(void *l, void *r)
{
    struct list *x = l, *y = r;
    for (int i = 0; i < y->n; i++)
        x->a[x->n++] = y->a[i];
}
static void append(struct list *l, int v) { l->a[l->n++] = v; }

static long cilk_reducer(zero, add) global;

static void bump(long cilk_reducer(zero, add) *p, struct list cilk_reducer(empty, cat) *l, int v)
{
    *p += v;
    append(&*l, v);
}

int main(void)
{
    long cilk_reducer(zero, add) sum = 0;
    long plain = 0;
    cilk_for (int i = 0; i < 100; i++)
        sum += i;
    cilk_for (int i = 0; i < 100; i++)
        plain += i;
    struct list cilk_reducer(empty, cat) list;
    list.n = 0;
    for (int i = 1; i <= 4; i++)
        cilk_spawn bump(__builtin_addressof(global), __builtin_addressof(list), i);
    cilk_sync;
    printf("sums %ld %ld %ld list %d\n", sum, plain, global, list.n);
    return 0;
}
