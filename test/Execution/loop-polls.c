// Checks the polls of lazy loops (CilkPoll.cpp) against the serial
// elision, in every mode, worker count and under stress (where steal
// attempts come every few dozen microseconds, so frames are released at
// polls and resumed in the middle of their loops all the time): loops of
// procedures that never spawn with values of every kind live across the
// poll (integers, a double, a struct, a pointer, an array whose address a
// C function gets), nested loops with break and continue, while and
// do-while loops, a struct result, a struct returned in memory that the
// loop fills in place (clang's sret), a loop of a procedure that also spawns
// (before and after its spawns), a loop of a procedure with an inlet,
// two coarse children at a time, and a cycle made of gotos that enter it
// at two places.
// RUN: %run-vs-elision %s 3000 | FileCheck %s
// CHECK: mixed 3000: {{[0-9]+}} {{[-0-9.e+]+}} {{[0-9]+}}
// CHECK: nested {{[0-9]+}}
// CHECK: escaping {{[0-9]+}}
// CHECK: pair {{[0-9]+}} {{[0-9]+}}
// CHECK: sret 64 wrong 0
// CHECK: around {{[0-9]+}}
// CHECK: inlet {{[0-9]+}}
// CHECK: coarse {{[0-9]+}}
// CHECK: gotos {{[0-9]+}} {{-?[0-9]+}}
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

struct acc {
    long sum;
    short low;
    double avg;
};

static void touch(long *v, int n, long i)
{
    v[i % n] += i;
}

cilk long mixed(long n, double *avg, unsigned *bits)
{
    struct acc a = {0, 0, 0.0};
    const char *p = "polls";
    unsigned u = 7;
    for (long i = 0; i < n; i++) {
        a.sum += i * (p[i % 5] - 'a');
        a.low = (short)(a.low * 31 + i);
        a.avg = (a.avg * i + (double)(i % 17)) / (i + 1);
        u = u * 2654435761u + (unsigned)i;
    }
    *avg = a.avg;
    *bits = u ^ (unsigned)a.low;
    return a.sum;
}

cilk long nested(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        if (i % 7 == 3)
            continue;
        int j = 0;
        while (j < i % 50) {
            s += (long)i * j++;
            if (s % 1000 == 999)
                break;
        }
        int k = i;
        do
            s ^= k;
        while ((k /= 3) > 0);
        if (s < 0)
            break;
    }
    return s;
}

cilk long escaping(int n)
{
    long v[8] = {0};
    for (long i = 0; i < n; i++)
        touch(v, 8, i);
    long s = 0;
    for (int i = 0; i < 8; i++)
        s = s * 3 + v[i];
    return s;
}

struct pair {
    long a, b;
};

cilk struct pair pairs(int n)
{
    struct pair p = {1, 2};
    for (int i = 0; i < n; i++) {
        long t = p.a;
        p.a = (p.b + i) % 1000003;
        p.b = (t * 3 + p.a) % 1000003;
    }
    return p;
}

struct big {
    int v[20];
};

// b is the caller's memory (sret) until the pass copies it to a local:
// a frame released at the poll must keep what the loop wrote before.
cilk struct big fill(int k)
{
    struct big b;
    for (int i = 0; i < 20; i++)
        b.v[i] = k * i;
    return b;
}

cilk long leaf(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += i % 13;
    return s;
}

// Loops before, between and after spawns.
cilk long around(int n)
{
    long before = 0, x, y;
    for (int i = 0; i < n; i++)
        before += i & 5;
    x = spawn leaf(n);
    long between = 0;
    for (int i = 0; i < n; i++)
        between += (i ^ 3) % 11;
    y = spawn leaf(n / 2);
    sync;
    long after = 0;
    for (int i = 0; i < n; i++)
        after += (x + y + i) % 7;
    return before + between + after + x + y;
}

cilk long with_inlet(int n)
{
    long total = 0;
    inlet void add(long v)
    {
        total += v;
    }
    for (int k = 0; k < 4; k++)
        add(spawn leaf(n + k));
    long s = 0;
    for (int i = 0; i < n; i++)
        s += i % 3;
    sync;
    return total + s;
}

cilk unsigned long busy(long n, unsigned long x)
{
    for (long i = 0; i < n; i++)
        x = (x ^ (x >> 13)) * 6364136223846793005ul + (unsigned long)i;
    return x;
}

/* A cycle that gotos enter at two places: no loop to LoopInfo, it polls
 * where CycleInfo starts it. What it adds to t shows an iteration run
 * twice or skipped after a release. */
cilk long gotos(long n, int odd, long *t)
{
    long i = 0, s = 0;
    if (odd)
        goto second;
first:
    s += i * 3;
    t[i % 64] += s & 7;
second:
    i++;
    if (i < n)
        goto first;
    return s + t[5];
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double avg;
    unsigned bits;
    long m;
    m = spawn mixed(n * 100, &avg, &bits);
    sync;
    printf("mixed %d: %ld %.6g %u\n", n, m, avg, bits);
    long s;
    s = spawn nested(n);
    sync;
    printf("nested %ld\n", s);
    s = spawn escaping(n * 100);
    sync;
    printf("escaping %ld\n", s);
    struct pair p;
    p = spawn pairs(n * 100);
    sync;
    printf("pair %ld %ld\n", p.a, p.b);
    struct big bigs[64];
    for (int i = 0; i < 64; i++)
        bigs[i] = spawn fill(i);
    sync;
    int wrong = 0;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 20; j++)
            wrong += bigs[i].v[j] != i * j;
    printf("sret 64 wrong %d\n", wrong);
    s = spawn around(n * 10);
    sync;
    printf("around %ld\n", s);
    s = spawn with_inlet(n * 10);
    sync;
    printf("inlet %ld\n", s);
    unsigned long c = 0;
    for (int r = 0; r < 4; r++) {
        unsigned long a, b;
        a = spawn busy(n * 200L, 2 * r);
        b = spawn busy(n * 200L, 2 * r + 1);
        sync;
        c ^= a + 3 * b;
    }
    printf("coarse %lu\n", c);
    long t1[64] = {0}, t2[64] = {0};
    long g1, g2;
    g1 = spawn gotos(n * 200L, 0, t1);
    g2 = spawn gotos(n * 200L, 1, t2);
    sync;
    unsigned long h = (unsigned long)g1;
    for (int i = 0; i < 64; i++)
        h = h * 3 + (unsigned long)(t1[i] - t2[i]);
    printf("gotos %lu %ld\n", h, g2);
    return 0;
}
