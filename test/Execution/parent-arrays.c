// Checks children writing into their parent's local array and struct at
// every level of a recursion (heap frames), mixed with a spawned recursion.
// RUN: %run-vs-elision --repeat 3 %s | FileCheck %s
// CHECK: 10801
// CHECK: exit status 0
#include <stdio.h>
struct acc { int n; long sum; int arr[16]; };
cilk void put(int *a, int i, int v) { a[i] = v; }
cilk void addto(struct acc *s, int v) { s->arr[v % 16] += v; }
cilk long work(int depth) {
  int a[16]; struct acc s = {0}; long r = 0;
  if (depth == 0) return 1;
  for (int i = 0; i < 16; i++) spawn put(a, i, i * depth);
  sync;
  for (int i = 0; i < 16; i++) spawn addto(&s, i);
  r = spawn work(depth - 1);
  sync;
  for (int i = 0; i < 16; i++) r += a[i] + s.arr[i];
  return r;
}
cilk int main(void) { long r; r = spawn work(12); sync; printf("%ld\n", r); return 0; }
