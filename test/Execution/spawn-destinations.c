// Checks spawn destinations of every kind: a struct member through a
// pointer (p->total += spawn), a global, a declaration, an op-assign with a
// conversion (int x += spawn of a long procedure), switch fallthrough and
// goto around spawns, and pointer results building a tree.
// RUN: %run-vs-elision --repeat 2 %s | FileCheck %s
// CHECK: acc 3745 200 tree 2036 forms 629 g 987
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>
struct node { long val; struct node *l, *r; };
long g;
struct acc { long total; int hits; };
cilk long f(long n) { long a, b; if (n < 2) return n; a = spawn f(n - 1); b = spawn f(n - 2); sync; return a + b; }
cilk void bump(struct acc *p, int n) {
  for (int i = 0; i < n; i++) { p->total += spawn f(i % 12); p->hits++; }
  sync;
}
cilk struct node *build(int d) {
  struct node *n = malloc(sizeof *n);
  n->val = d; n->l = n->r = 0;
  if (d > 0) { n->l = spawn build(d - 1); n->r = spawn build(d - 1); }
  sync;
  return n;
}
cilk long sum(struct node *n) {
  long a = 0, b = 0;
  if (!n) return 0;
  a = spawn sum(n->l); b = spawn sum(n->r);
  sync;
  long v = n->val;
  free(n);
  return a + b + v;
}
cilk int forms(int n) {
  int x = 0, k = 0;
  int w = spawn f(n);
  g = spawn f(n + 1);
again:
  switch (k) {
  case 0: x += spawn f(5);
  case 1: x += spawn f(6); break;
  default: x -= spawn f(3);
  }
  if (++k < 3) goto again;
  sync;
  return x + w;
}
cilk int main(int argc, char **argv) {
  struct acc a = {0, 0};
  struct node *t; long s; int fv;
  spawn bump(&a, 200);
  t = spawn build(10);
  sync;
  s = spawn sum(t);
  fv = spawn forms(15);
  sync;
  printf("acc %ld %d tree %ld forms %d g %ld\n", a.total, a.hits, s, fv, g);
  return 0;
}
