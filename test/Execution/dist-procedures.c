// Cilk procedures' frames cross processes: every procedure here but one is
// portable (its frame holds integers of each width, floats, structs and
// arrays of them; its children's results go into frame fields; it and what
// it calls use no writable global), so a process with nothing to do steals
// frames from another, and under stress frames cross at every turn. Every
// distributed run, in each parallel mode, prints what one process prints
// (the serial elision has no frames to move). `total`
// takes a pointer: it is not portable and stays in its process, while the
// portable children it spawns travel.
// REQUIRES: mpi
// RUN: %run-dist --modes eager,indolent,sedative --np 2,3 --nproc 1,2 %s | FileCheck %s
// CHECK: fib(32) = 2178309
// CHECK-NEXT: queens(12) = 14200
// CHECK-NEXT: sample: count 1000000 sum 666666166.459 lo 0 hi 999
// CHECK-NEXT: histo: {{-?[0-9]+}}
// CHECK-NEXT: mix: {{[0-9]+}}
// CHECK-NEXT: nodes: 87381
// CHECK-NEXT: total: 21049
// CHECK-NEXT: exit status 0
// CHECK-NEXT: all 24 distributed runs agree with one process
#include <math.h>
#include <stdio.h>

cilk int fib(int n)
{
    if (n < 2)
        return n;
    int x = spawn fib(n - 1);
    int y = spawn fib(n - 2);
    sync;
    return x + y;
}

/* n-queens on bitmasks: cand holds the free squares of the next row; the
 * first is tried in a child of its own while the rest are tried here. */
cilk long queens(unsigned full, unsigned cols, unsigned d1, unsigned d2,
                 unsigned cand);

cilk long place(unsigned full, unsigned cols, unsigned d1, unsigned d2,
                unsigned bit)
{
    cols |= bit;
    if (cols == full)
        return 1;
    d1 = (d1 | bit) << 1;
    d2 = (d2 | bit) >> 1;
    long n = spawn queens(full, cols, d1, d2, ~(cols | d1 | d2) & full);
    sync;
    return n;
}

cilk long queens(unsigned full, unsigned cols, unsigned d1, unsigned d2,
                 unsigned cand)
{
    if (!cand)
        return 0;
    unsigned bit = cand & -cand;
    long here = spawn place(full, cols, d1, d2, bit);
    long rest = spawn queens(full, cols, d1, d2, cand ^ bit);
    sync;
    return here + rest;
}

/* A struct result, of a double, a long and shorts (with padding). */
struct stats {
    double sum;
    long count;
    short lo, hi;
};

cilk struct stats sample(int lo, int hi)
{
    if (hi - lo <= 256) {
        struct stats s = {0, 0, 32767, -32768};
        for (int i = lo; i < hi; i++) {
            double v = sqrt((double)i);
            short q = (short)(v);
            s.sum += v;
            s.count++;
            if (q < s.lo)
                s.lo = q;
            if (q > s.hi)
                s.hi = q;
        }
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    struct stats a, b;
    a = spawn sample(lo, mid);
    b = spawn sample(mid, hi);
    sync;
    a.sum += b.sum;
    a.count += b.count;
    if (b.lo < a.lo)
        a.lo = b.lo;
    if (b.hi > a.hi)
        a.hi = b.hi;
    return a;
}

/* An array in the frame, live across the spawns, and float results. */
cilk float histo(int depth, unsigned seed)
{
    float bins[4];
    for (int i = 0; i < 4; i++)
        bins[i] = (float)((seed >> (4 * i)) & 15) / 8.0f;
    if (depth == 0)
        return bins[0] + bins[1] - bins[2] * bins[3];
    float a = spawn histo(depth - 1, seed * 2654435761u + 1);
    float b = spawn histo(depth - 1, seed * 2246822519u + 7);
    sync;
    bins[seed & 3] += a - b / 2;
    return bins[0] * 0.5f + bins[1] + bins[2] * 0.25f - bins[3] / 3;
}

/* Parameters of every integer width, signed and unsigned, _Bool, float
 * and double, all live across the spawns. */
cilk unsigned long long mix(char c, unsigned char uc, short s,
                            unsigned short us, _Bool b, long long ll,
                            double d, float f, int depth)
{
    unsigned long long h = (unsigned long long)(c * 31 + uc) ^
                           (unsigned long long)(s * 7 + us) ^
                           (unsigned long long)ll ^ (b ? 0x55 : 0xaa) ^
                           (unsigned long long)(long long)(d * 1000) ^
                           (unsigned long long)(long long)(f * 100);
    if (depth == 0)
        return h;
    unsigned long long x =
        spawn mix((char)(c + 1), (unsigned char)(uc * 3), (short)(s - 5),
                  (unsigned short)(us + 9), !b, ll * 3 + 1, d / 2, f + 1.5f,
                  depth - 1);
    unsigned long long y =
        spawn mix((char)(c - 2), (unsigned char)(uc + 1), (short)(s * 2),
                  (unsigned short)(us ^ 0x5a5a), b, ll - 17, d * 1.25,
                  f - 0.5f, depth - 1);
    sync;
    return h * 1099511628211ull + (x ^ (y << 1)) + c + uc + s + us + b + ll;
}

/* A result added to a field (`+=`), spawns in a loop, syncs inside it. */
cilk long knary(int n, int k, int r)
{
    long nodes = 1;
    if (n <= 1)
        return nodes;
    for (int i = 0; i < k; i++) {
        nodes += spawn knary(n - 1, k, r);
        if (i < r)
            sync;
    }
    sync;
    return nodes;
}

/* Not portable (a pointer): stays home; its children travel. */
cilk long total(const int *ns, int k)
{
    long sum = 0;
    for (int i = 0; i < k; i++)
        sum += spawn fib(ns[i]);
    sync;
    return sum;
}

cilk int main(void)
{
    int f = spawn fib(32);
    sync;
    printf("fib(32) = %d\n", f);
    long q = spawn queens((1u << 12) - 1, 0, 0, 0, (1u << 12) - 1);
    sync;
    printf("queens(12) = %ld\n", q);
    struct stats s = spawn sample(0, 1000000);
    sync;
    printf("sample: count %ld sum %.3f lo %d hi %d\n", s.count, s.sum, s.lo,
           s.hi);
    float h = spawn histo(19, 12345);
    sync;
    printf("histo: %d\n", (int)(h * 1000));
    unsigned long long m = spawn mix('a', 200, -300, 60000, 1, -123456789,
                                     3.5, 0.25f, 19);
    sync;
    printf("mix: %llu\n", m);
    long nodes = spawn knary(9, 4, 1);
    sync;
    printf("nodes: %ld\n", nodes);
    int ns[] = {20, 18, 15, 12, 21};
    long t = spawn total(ns, 5);
    sync;
    printf("total: %ld\n", t);
    return 0;
}
