// Checks the chunked loops of the lazy modes (CilkPollChunks.cpp: at -O1
// and above an innermost loop that polls runs in chunks of iterations, with
// a poll between chunks) against the serial elision, in every mode, worker
// count and under stress, where frames are released at those polls and
// their slow clones resume the loop in the middle: loops tested at the
// header and polled at the latch (a reduction, a walk downwards by 3),
// a do-while (tested at its latch, polled at its header), a pointer walk
// (given a preheader), an int counter whose release takes a value computed
// again from the header's (the counter is widened), an 8-bit counter that
// wraps (256 iterations: the count is one more than its type holds), and a
// short inner loop of a nest (one chunk per entry). Each loop also adds to
// memory, so an iteration run twice or skipped after a release shows.
// Coarse children run side by side, so a thief's request is answered at a
// chunk's poll.
// RUN: %run-vs-elision %s 40000 | FileCheck %s
// CHECK: poly {{[-0-9.e+]+}}
// CHECK: dowhile {{-?[0-9]+}}
// CHECK: walk {{[0-9]+}}
// CHECK: widened {{-?[0-9]+}}
// CHECK: down {{-?[0-9]+}}
// CHECK: bytes {{[0-9]+}}
// CHECK: nest {{-?[0-9]+}}
// CHECK: stores{{( [0-9]+)+$}}
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

cilk double poly(const double *c, long n, double x, long *t)
{
    double r = 0;
    for (long i = 0; i < n; i++) {
        r = r * x + c[i];
        t[i] += (long)(r * 8);
    }
    return r;
}

cilk long dowhile(const long *a, long n, long *t)
{
    long s = 0, i = 0;
    do {
        s += a[i] * (i & 7);
        t[i] += s;
        i++;
    } while (i < n);
    return s;
}

cilk unsigned long walk(const long *p, const long *e, long *t)
{
    unsigned long s = 0;
    while (p != e) {
        s = s * 3 + (unsigned long)*p++;
        *t++ += (long)(s & 1023);
    }
    return s;
}

cilk long widened(int *a, int n, int k)
{
    for (int i = 0; i < n; i++)
        a[i] = i * k + (a[i] >> 1);
    long s = 0;
    for (int i = 0; i < n; i += 97)
        s += a[i];
    return s;
}

cilk long down(const long *a, long n, long *t)
{
    long s = 0;
    for (long i = n - 1; i >= 0; i -= 3) {
        s += a[i] ^ i;
        t[i] += s & 255;
    }
    return s;
}

cilk unsigned bytes(unsigned char start, int rounds, long *t)
{
    unsigned s = 0;
    for (int r = 0; r < rounds; r++) {
        unsigned char c = start;
        do {
            s = s * 31 + c + (unsigned)r;
            t[c] += r;
        } while (++c != start);
    }
    return s;
}

cilk long nest(const long *a, int n, long *t)
{
    long s = 0;
    for (int i = 0; i < n / 64; i++)
        for (int j = 0; j < 64; j++) {
            s += a[i * 64 + j] * j;
            t[i * 64 + j] += s & 15;
        }
    return s;
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 40000;
    double *c = malloc(n * sizeof *c);
    long *a = malloc(n * sizeof *a);
    int *w = malloc(n * sizeof *w), *v = malloc(n * sizeof *v);
    for (long i = 0; i < n; i++) {
        c[i] = (double)(i % 13) / 7.0;
        a[i] = (i * 7919) % 1009 - 500;
        w[i] = v[i] = (int)(i % 101);
    }
    long *t[12];
    for (int j = 0; j < 12; j++)
        t[j] = calloc(n, sizeof(long));
    double p = 0;
    long d = 0, wd = 0, dn = 0, ne = 0;
    unsigned long k = 0;
    unsigned b = 0;
    for (int rep = 0; rep < 6; rep++) {
        double p1, p2;
        long d1, d2, w1, w2, n1, n2, e1, e2;
        unsigned long k1, k2;
        unsigned b1, b2;
        p1 = spawn poly(c, n, 0.5 + rep * 0.01, t[0]);
        p2 = spawn poly(c, n, 0.25, t[1]);
        d1 = spawn dowhile(a, n, t[2]);
        d2 = spawn dowhile(a + 1, n - 1, t[3]);
        k1 = spawn walk(a, a + n, t[4]);
        k2 = spawn walk(a + 3, a + n - 2, t[5]);
        w1 = spawn widened(w, (int)n, rep + 1);
        w2 = spawn widened(v, (int)n - 5, rep + 2);
        n1 = spawn down(a, n, t[6]);
        n2 = spawn down(a + 2, n - 7, t[7]);
        b1 = spawn bytes((unsigned char)rep, 200, t[8]);
        b2 = spawn bytes(200, 100, t[9]);
        e1 = spawn nest(a, (int)n, t[10]);
        e2 = spawn nest(a + 1, (int)n - 64, t[11]);
        sync;
        p += p1 - p2;
        d += d1 - d2;
        k += k1 - k2;
        wd += w1 - w2;
        dn += n1 - n2;
        b ^= b1 + b2;
        ne += e1 - e2;
    }
    unsigned long sums[12] = {0};
    for (int j = 0; j < 12; j++)
        for (long i = 0; i < n; i++)
            sums[j] = sums[j] * 7 + (unsigned long)t[j][i];
    printf("poly %.9g\n", p);
    printf("dowhile %ld\n", d);
    printf("walk %lu\n", k);
    printf("widened %ld\n", wd);
    printf("down %ld\n", dn);
    printf("bytes %u\n", b);
    printf("nest %ld\n", ne);
    printf("stores");
    for (int j = 0; j < 12; j++)
        printf(" %lu", sums[j]);
    printf("\n");
    for (int j = 0; j < 12; j++)
        free(t[j]);
    free(c);
    free(a);
    free(w);
    free(v);
    return 0;
}
