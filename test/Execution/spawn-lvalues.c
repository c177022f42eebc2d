// Checks every kind of lvalue a spawn's result can be assigned to, in every
// mode, against the serial elision: bit-fields (= and op=), an lvalue
// computed by a call (evaluated once, before the spawn), double _Complex
// and __int128 (= and op=, arrays), a _Thread_local, _Atomic operands
// (atomicrmw, compare-exchange loops for *= and doubles), struct results
// into constant- and variable-indexed elements and members, a struct
// declaration initialized by a spawn, a member of a struct-returning
// procedure's result, volatile and register variables, a declaration in a
// for-init, a conditional lvalue, and `a[i++] op= spawn`.
// (_Atomic double arithmetic needs libatomic, as in any C program.)
// RUN: %run-vs-elision --libs=-latomic %s | FileCheck %s
// RUN: %run-vs-elision --opt=-O1 --nproc=2 --cflags=-ftrapv --libs=-latomic %s \
// RUN:   | FileCheck %s
// CHECK: 3012151906 548763 7946.5 2506 12 177588 800789 19 2 66 17
// CHECK-NEXT: 5 42 1123 3432 584
// CHECK: exit status 0
#include <stdio.h>
#include <complex.h>

typedef struct { long a, b, c; } S;
typedef struct { int tag; S in[3]; } Outer;
struct bf { unsigned x : 5; int y : 11; unsigned long long z : 40; };
cilk int f(int k) { return k + 1; }
cilk long lf(long k) { return k * 3 + 1; }
cilk double g(double k) { return k / 2; }
cilk double _Complex cf(double k) { return k + 2.0 * I; }
cilk __int128 i128(long k) { return ((__int128)k << 70) + k; }
cilk S sf(long k) { S s = {k, k + 1, k + 2}; return s; }
_Thread_local int tl;
int arr[8];
static int getp_calls;
int *getp(int *a, int i) { getp_calls++; return a + i; }
int idx(int i) { return i; }

cilk unsigned long t_bits(void) {
  struct bf b = {1, 2, 3};
  b.x = spawn f(3);
  b.y = spawn f(-100);
  b.z = spawn lf(1000000000);
  sync;
  b.x += spawn f(7);
  b.y -= spawn f(1);
  sync;
  return b.x * 1000003ul + (unsigned long)(b.y + 5000) * 31 + b.z;
}
cilk int t_getp(void) {
  int i;
  for (i = 0; i < 4; i++)
    *getp(arr, i) = spawn f(40 + i);
  *getp(arr, idx(5)) += spawn f(1);
  sync;
  return arr[0] + arr[1] * 10 + arr[2] * 100 + arr[3] * 1000 + arr[5] + getp_calls * 100000;
}
cilk double t_cx(void) {
  double _Complex z, q[4];
  int i;
  z = spawn cf(1.5);
  for (i = 0; i < 4; i++)
    q[i] = spawn cf(i);
  sync;
  z += spawn cf(2);
  q[1] *= spawn cf(3);
  sync;
  return creal(z) + 10 * cimag(z) + creal(q[1]) * 100 + cimag(q[1]) * 1000 + creal(q[3]);
}
cilk long t_128(void) {
  __int128 w, a[3];
  int i;
  w = spawn i128(3);
  for (i = 0; i < 3; i++)
    a[i] = spawn i128(i + 5);
  sync;
  w += spawn i128(1);
  a[2] -= spawn i128(2);
  sync;
  return (long)(w >> 64) + (long)w + (long)(a[2] >> 64) * 7 + (long)a[1];
}
cilk int t_tl(void) { tl = spawn f(9); sync; tl += spawn f(1); sync; return tl; }
cilk double t_atomic(void) {
  _Atomic int at = 5, ai[4] = {1, 2, 3, 4};
  _Atomic double ad = 1.5;
  _Atomic long al;
  int i;
  at += spawn f(10);
  al = spawn lf(5);
  sync;
  at *= spawn f(2);
  ad += spawn g(3);
  for (i = 0; i < 4; i++)
    ai[i] *= spawn f(i);
  sync;
  ad *= spawn g(4);
  at -= spawn f(0);
  sync;
  return at + ad * 100 + al * 1000 + ai[0] + ai[1] * 10 + ai[2] * 100 + ai[3] * 10000;
}
cilk long t_struct(void) {
  S q[2];
  Outer o;
  int i = 1;
  q[0] = spawn sf(7);
  q[i] = spawn sf(8);
  o.in[2] = spawn sf(9);
  o.in[i].b = spawn lf(2);
  sync;
  return q[0].a * 100 + q[0].b * 10 + q[0].c + q[1].c * 1000 + o.in[2].a * 10000 + o.in[1].b * 100000;
}
cilk S t_sret(long k) {
  S s;
  int i;
  long v[3];
  s.a = spawn lf(k);
  for (i = 0; i < 3; i++)
    v[i] = spawn lf(k + i);
  s.b = 2;
  sync;
  s.c = v[0] + v[1] + v[2];
  return s;
}
cilk long t_volatile(void) {
  volatile long v = 1;
  v = spawn lf(4);
  sync;
  v += spawn lf(1);
  sync;
  return v;
}
cilk int t_register(void) { register int r; r = spawn f(4); sync; return r; }
cilk int t_forinit(void)
{
  int s = 0;
  for (int x = spawn f(2);;) {
    sync;
    for (; x < 10; x++)
      s += x;
    break;
  }
  return s;
}
cilk int t_cond(int c)
{
  int a = 1, b = 2;
  *(c ? &a : &b) = spawn f(10);
  *(c ? &b : &a) += spawn f(20);
  sync;
  return a * 100 + b;
}
cilk int t_postinc(void)
{
  int a[6] = {0}, i = 0;
  a[i++] += spawn f(1);
  a[i++] += spawn f(2);
  a[i++] = spawn f(3);
  sync;
  return a[0] + a[1] * 10 + a[2] * 100 + i * 1000;
}
/* The declaration receives the result through a temporary: clang passes
 * the variable itself as the call's result memory. */
static void spin(long n)
{
  for (volatile long i = 0; i < n; i++)
    ;
}
cilk S slow_sf(long k) { spin(5000); return (S){k, k + 1, k + 2}; }
cilk long t_decl(int c)
{
  S s = spawn slow_sf(7);
  long x = 0;
  S u = spawn slow_sf(8);
  if (c)
    x = 5;
  sync;
  return s.a + s.b + s.c + u.c + x;
}
cilk long t_decls(int n)
{
  long r[16], tot = 0;
  int i;
  for (i = 0; i < n; i++)
    r[i] = spawn t_decl(i & 1);
  sync;
  for (i = 0; i < n; i++)
    tot += r[i];
  return tot;
}

cilk int main(void)
{
  unsigned long bits;
  int gp, tlv, reg, fi, cond, pi;
  double cx, at;
  long w, st, vo, decls;
  S s;
  bits = spawn t_bits();
  gp = spawn t_getp();
  cx = spawn t_cx();
  w = spawn t_128();
  tlv = spawn t_tl();
  at = spawn t_atomic();
  st = spawn t_struct();
  s = spawn t_sret(6);
  vo = spawn t_volatile();
  reg = spawn t_register();
  fi = spawn t_forinit();
  cond = spawn t_cond(1);
  pi = spawn t_postinc();
  decls = spawn t_decls(16);
  sync;
  printf("%lu %d %g %ld %d %g %ld %ld %ld %ld %ld\n", bits, gp, cx, w, tlv, at,
         st, s.a, s.b, s.c, vo);
  printf("%d %d %d %d %ld\n", reg, fi, cond, pi, decls);
  return 0;
}
