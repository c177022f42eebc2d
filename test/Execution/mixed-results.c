// Checks struct, double, char and pointer results assigned into local
// arrays in loops, many mixed arguments, and op-assign spawns in a switch.
// RUN: %run-vs-elision --repeat 3 %s | FileCheck %s
// CHECK: 7 14 h 10.5 I 7
// CHECK: 9 57 69
// CHECK: sw 81
// CHECK: exit status 0
#include <stdio.h>
struct P { double x, y; char tag; };
struct Big { int v[20]; };
cilk struct P mkp(double x, double y, char t) { struct P p = {x, y, t}; return p; }
cilk struct Big mkb(int k) { struct Big b; for (int i = 0; i < 20; i++) b.v[i] = k * i; return b; }
cilk double half(double d) { return d / 2; }
cilk char next(char c) { return c + 1; }
cilk int *ptr(int *a, int i) { return a + i; }
cilk long many(char a, short b, int c, long d, float e, double f, unsigned char g, long long h, int i, double j, int k, int l) {
  return a + b + c + d + (long)e + (long)f + g + h + i + (long)j + k + l; }
cilk int sw(int k) {
  int r = 0, x = 0;
  switch (k % 4) { case 0: if (k > 0) x = spawn sw(k - 1); break; case 1: r = spawn sw(k / 2); break; case 2: r += spawn sw(k - 2); x += spawn sw(k - 1); break; default: break; }
  sync; return r + x + k;
}
cilk int main(void) {
  struct P p[8]; struct Big b[4]; double d[8]; char c[8]; int arr[8], *pp[8]; long m[4]; int s = 0;
  for (int i = 0; i < 8; i++) { p[i] = spawn mkp(i, i * 2, 'a' + i); d[i] = spawn half(i * 3.0); c[i] = spawn next('A' + i); pp[i] = spawn ptr(arr, i); }
  for (int i = 0; i < 4; i++) { b[i] = spawn mkb(i); m[i] = spawn many(1, 2, 3, 4, 5.5f, 6.5, 7, 8, 9, 10.5, 11, i); }
  for (int i = 0; i < 10; i++) s += spawn sw(i);
  sync;
  for (int i = 0; i < 8; i++) printf("%g %g %c %g %c %ld\n", p[i].x, p[i].y, p[i].tag, d[i], c[i], (long)(pp[i] - arr));
  for (int i = 0; i < 4; i++) printf("%d %d %ld\n", b[i].v[3], b[i].v[19], m[i]);
  printf("sw %d\n", s);
  return 0;
}
