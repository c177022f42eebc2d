// Checks vectors left empty to be filled by sends (PCM's `_`): `?x` for a
// thread's vector parameter, x an array of continuations with one per
// element, in every mode, worker count and under stress, against the
// serial mode on one worker. Element i must arrive at place i whatever
// order the sends come in: a weighted sum of squares over a variable
// number of elements, a tree whose nodes gather their children's results
// in a vector (stolen subtrees send from other workers), structs of 1-,
// 8- and 16-byte alignment sent in reverse, a vector left empty beside a
// scalar missing argument and a vector the creator fills, rows of a
// two-dimensional array of continuations, and an empty vector of no
// elements (its closure is posted at once).
// RUN: %run-vs-elision --reference serial %s 300 | FileCheck %s
// CHECK: squares 300: 2020477550 expected 2020477550
// CHECK: tree 4^8: 87381 digest 2324106939
// CHECK: structs 16.30 c abc
// CHECK: mixed 1000*7+3*(1+2+3)+10*(1*5+2*6)=7188
// CHECK: rows 0:6 1:22 2:38
// CHECK: empty 42
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

thread weigh(cont long k, int n, long v[])
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (i + 1) * v[i];
    send_argument(k, s);
}

thread square(cont long k, long i)
{
    send_argument(k, i * i);
}

// sum over i < n of (i + 1) * i * i: v[i] must be i * i.
thread squares(cont long k, int n)
{
    cont long x[n];
    spawn_next weigh(k, n, ?x);
    for (int i = n - 1; i >= 0; i--)
        spawn square(x[i], i);
}

// A node of a 4-ary tree gathers its children's (size, digest) pairs in a
// vector; the digest depends on which child sits where.
struct result {
    long size;
    unsigned long digest;
};

thread gather(cont struct result k, struct result child[4])
{
    struct result r = {1, 17};
    for (int i = 0; i < 4; i++) {
        r.size += child[i].size;
        r.digest = (r.digest * 31 + child[i].digest * (i + 3)) % 4294967291ul;
    }
    send_argument(k, r);
}

thread node(cont struct result k, int depth)
{
    if (depth == 0) {
        volatile unsigned long spin = 5;
        for (int i = 0; i < 200; i++)
            spin = spin * 7 % 11;
        struct result leaf = {1, spin};
        send_argument(k, leaf);
        return;
    }
    cont struct result x[4];
    spawn_next gather(k, ?x);
    for (int i = 0; i < 4; i++)
        spawn node(x[i], depth - 1);
}

// Elements of 1-, 8- and 16-byte alignment.
struct wide {
    long double w;
    char c;
};

thread report(cont double k, double d[3], char c[3], struct wide w[2])
{
    double s = d[0] * 100 + d[1] * 10 + d[2];
    s += (double)(w[0].w * 2 + w[1].w) + (w[0].c == 'x') + (w[1].c == 'y');
    send_argument(k, c[0] == 'a' && c[1] == 'b' && c[2] == 'c' ? s : -1);
}

thread send_double(cont double k, double v) { send_argument(k, v); }
thread send_char(cont char k, char v) { send_argument(k, v); }

thread send_wide(cont struct wide k, double v, char c)
{
    struct wide w = {v, c};
    send_argument(k, w);
}

thread structs(cont double k)
{
    cont double d[3];
    cont char c[3];
    cont struct wide w[2];
    spawn_next report(k, ?d, ?c, ?w);
    for (int i = 1; i >= 0; i--)
        spawn send_wide(w[i], 0.5 * (i + 1), "xy"[i]);
    for (int i = 2; i >= 0; i--) {
        spawn send_char(c[i], (char)('a' + i));
        spawn send_double(d[i], 0.1 * (i + 1));
    }
}

thread mix(cont long k, long a, int b[3], int n, long m[], int f[2])
{
    long s = a * 7;
    for (int i = 0; i < 3; i++)
        s += 3 * b[i];
    for (int i = 0; i < n; i++)
        s += 10 * (i + 1) * m[i] * f[i];
    send_argument(k, s);
}

thread send_long(cont long k, long v) { send_argument(k, v); }
thread send_int(cont int k, int v) { send_argument(k, v); }

thread mixed(cont long k)
{
    int b[3] = {1, 2, 3};
    int f[2] = {1, 1};
    cont long a, m[2];
    spawn_next mix(k, ?a, b, 2, ?m, f);
    b[0] = 100; // the closure holds its own copy
    spawn send_long(m[1], 6);
    spawn send_long(a, 1000);
    spawn send_long(m[0], 5);
}

thread row_sum(cont long k, int r, int v[4])
{
    send_argument(k, r * 100 + v[0] + v[1] + v[2] + v[3]);
}

thread rows(cont long k0, cont long k1, cont long k2)
{
    cont int x[3][4];
    spawn_next row_sum(k0, 0, ?x[0]);
    spawn_next row_sum(k1, 1, ?x[1]);
    spawn_next row_sum(k2, 2, ?x[2]);
    for (int i = 0; i < 12; i++)
        spawn send_int(x[i / 4][i % 4], i);
}

thread none(cont long k, int n, long v[])
{
    (void)v;
    send_argument(k, 42 + n);
}

thread empty(cont long k, int n)
{
    cont long x[n];
    spawn_next none(k, n, ?x);
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    long s;
    spawn squares(&s, n);
    sync;
    long want = 0;
    for (long i = 0; i < n; i++)
        want += (i + 1) * i * i;
    printf("squares %d: %ld expected %ld\n", n, s, want);

    struct result t;
    spawn node(&t, 8);
    sync;
    printf("tree 4^8: %ld digest %lu\n", t.size, t.digest);

    double d;
    spawn structs(&d);
    sync;
    printf("structs %.2f c abc\n", d);

    long m;
    spawn mixed(&m);
    sync;
    printf("mixed 1000*7+3*(1+2+3)+10*(1*5+2*6)=%ld\n", m);

    long r0, r1, r2;
    spawn rows(&r0, &r1, &r2);
    sync;
    printf("rows 0:%ld 1:%ld 2:%ld\n", r0, r1 - 100, r2 - 200);

    long e;
    spawn empty(&e, 0);
    sync;
    printf("empty %ld\n", e);
    return 0;
}
