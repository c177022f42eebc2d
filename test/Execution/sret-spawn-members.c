// Checks struct-returning procedures (sret, the named return value written
// in place) whose members and array elements are assigned by spawns: the
// results must survive a release or steal of the procedure, which leaves
// the caller's memory behind.
// RUN: %run-vs-elision --repeat 3 %s | FileCheck %s
// CHECK: g 10 2 3 h 210 6 nest 280 25 deep 5 8
// CHECK: exit status 0
#include <stdio.h>

typedef struct { long a, b, c; } S;
typedef struct { long v[6]; int n; } A;
typedef struct { S s; A a; } N;

cilk long leaf(long k) { return k * 10; }

cilk S g(long k)
{
    S s;
    s.a = spawn leaf(k);
    s.b = 2;
    s.c = 3;
    sync;
    return s;
}

cilk A h(long k)
{
    A x;
    x.n = 6;
    for (int i = 0; i < 6; i++)
        x.v[i] = spawn leaf(k + i);
    sync;
    return x;
}

/* Spawns returning structs into members of the named return value. */
cilk N nest(long k)
{
    N r;
    S *p = &r.s;
    r.s = spawn g(k);
    r.a = spawn h(k + 1);
    sync; /* r.s is written whole above: no other result into it until here */
    p->c += spawn leaf(2);
    sync;
    r.a.v[0] += r.s.a;
    r.a.n = (int)(r.s.c + 2);
    return r;
}

cilk S deep(int d)
{
    S s = {0, 0, 0};
    if (d == 0) {
        s.a = 1;
        return s;
    }
    s = spawn deep(d - 1);
    sync;
    s.a += d > 0;
    s.b = spawn leaf(d);
    s.c = spawn leaf(s.a);
    sync;
    s.b /= 10;
    return s;
}

cilk int main(void)
{
    S s;
    A a;
    N n;
    S d;
    long t = 0, u = 0;
    s = spawn g(1);
    a = spawn h(1);
    n = spawn nest(1);
    d = spawn deep(8);
    sync;
    for (int i = 0; i < 6; i++) {
        t += a.v[i];
        u += n.a.v[i];
    }
    printf("g %ld %ld %ld h %ld %d nest %ld %d deep %ld %ld\n", s.a, s.b, s.c,
           t, a.n, u, n.a.n, d.a - 4, d.b);
    return 0;
}
