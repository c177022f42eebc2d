// Checks 2^20 tiny children doing atomic updates, spawned by a binary tree
// and by one flat loop (2^16), several runs each.
// RUN: %run-vs-elision --opt=-O0,-O2 --repeat 3 %s | FileCheck %s
// CHECK: tree: 3670016
// CHECK: flat: 3899392
// CHECK: exit status 0
#include <stdio.h>
#include <stdatomic.h>
atomic_long counter;
cilk void leaf(int i) { atomic_fetch_add(&counter, i & 7); }
cilk void tree(int lo, int hi) {
  if (hi - lo == 1) { spawn leaf(lo); return; }
  int mid = (lo + hi) / 2;
  spawn tree(lo, mid); spawn tree(mid, hi); sync;
}
cilk void flat(int n) { for (int i = 0; i < n; i++) spawn leaf(i); sync; }
cilk int main(void) { spawn tree(0, 1 << 20); sync; printf("tree: %ld\n", (long)counter); spawn flat(1 << 16); sync; printf("flat: %ld\n", (long)counter); return 0; }
