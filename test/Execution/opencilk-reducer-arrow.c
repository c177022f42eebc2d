// A struct reducer updated through a pointer with `->` (`p->count += 1`):
// each access is one of the current view, as `(*p).count` is. (`p->m` used
// to reach the variable itself: updates from parallel strands raced, and
// under stress the sums came out short.) The output is the serial
// projection's in every mode, P = 1, 2, 4, 8, with and without stress.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: count 4096 sum 8386560 max 4095
#include <cilk/cilk.h>
#include <stdio.h>

struct stats {
  long count, sum, max;
};

static void zero(void *v) {
  struct stats *s = v;
  s->count = s->sum = 0;
  s->max = -1;
}
static void merge(void *l, void *r) {
  struct stats *a = l, *b = r;
  a->count += b->count;
  a->sum += b->sum;
  if (b->max > a->max)
    a->max = b->max;
}

static void walk(struct stats cilk_reducer(zero, merge) *p, long lo, long hi) {
  if (hi - lo == 1) {
    p->count += 1;
    p->sum += lo;
    if (lo > p->max)
      p->max = lo;
    return;
  }
  long mid = lo + (hi - lo) / 2;
  cilk_spawn walk(p, lo, mid);
  walk(p, mid, hi);
  cilk_sync;
}

int main(void) {
  struct stats cilk_reducer(zero, merge) s = {0, 0, -1};
  walk(__builtin_addressof(s), 0, 4096);
  printf("count %ld sum %ld max %ld\n", s.count, s.sum, s.max);
  return 0;
}
