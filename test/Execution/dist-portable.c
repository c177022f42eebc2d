// Closures of threads with parameters of every portable kind (signed and
// unsigned integers of each width, _Bool, enums, float, double, complex,
// structs with padding and arrays, continuations of structs) cross
// processes and arrive with their values: every distributed run prints what
// one process prints, and under stress every closure crosses. A thread
// with a pointer parameter is not portable and stays in its process (its
// pointer would mean nothing elsewhere).
// REQUIRES: mpi
// RUN: %run-dist --np 3 --nproc 1,2 %s | FileCheck %s
// CHECK: rec c -{{[0-9]+}} d {{.*}} u {{[0-9]+}}
// CHECK-NEXT: local {{-?[0-9]+}}
// CHECK-NEXT: exit status 0
// CHECK-NEXT: all 16 distributed runs agree with one process
#include <complex.h>
#include <stdio.h>
#include <string.h>

struct rec {
    char c;
    double d;
    short s[3];
    unsigned long long u;
    float f[2];
};

enum color { RED = -2, GREEN = 7 };

static long table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

/* The bits of r, mixed: equal records hash equal. */
static unsigned long long hash(struct rec r)
{
    unsigned long long h = 0xcbf29ce484222325ull, d;
    unsigned f[2];
    memcpy(&d, &r.d, sizeof d);
    memcpy(f, r.f, sizeof f);
    unsigned long long parts[] = {(unsigned long long)r.c, d,
                                  (unsigned long long)(unsigned short)r.s[0],
                                  (unsigned long long)(unsigned short)r.s[1],
                                  (unsigned long long)(unsigned short)r.s[2],
                                  r.u, f[0], f[1]};
    for (int i = 0; i < 8; i++)
        h = (h ^ parts[i]) * 0x100000001b3ull;
    return h;
}

thread join(cont unsigned long long k, unsigned long long a,
            unsigned long long b)
{
    send_argument(k, a * 1000003u ^ b);
}

/* A continuation of a struct: its value travels home field by field. */
thread finish(cont struct rec k, unsigned long long h, struct rec r)
{
    r.u ^= h;
    r.d = (double)(h >> 11) / 9007199254740992.0;
    r.c = (char)h;
    send_argument(k, r);
}

/* Not portable: p points into this process. */
thread lookup(cont long k, long *p, int i)
{
    send_argument(k, p[i & 7] * (i + 1));
}

thread add(cont long k, long a, long b)
{
    send_argument(k, a + b);
}

thread walk(cont unsigned long long k, cont long total, struct rec r, _Bool b,
            signed char sc, unsigned short us, int i, unsigned u,
            long long ll, float f, double d, _Complex double z,
            enum color e, int depth)
{
    if (depth == 0) {
        r.c ^= sc;
        r.d += d * creal(z) - cimag(z);
        r.s[0] += (short)us;
        r.s[1] -= (short)i;
        r.s[2] ^= (short)u;
        r.u = r.u * 31 + (unsigned long long)ll + b + (unsigned long long)e;
        r.f[0] += f;
        r.f[1] -= f * 2;
        send_argument(k, hash(r));
        spawn lookup(total, table, i);
        return;
    }
    cont unsigned long long x, y;
    cont long t1, t2;
    spawn_next join(k, ?x, ?y);
    spawn_next add(total, ?t1, ?t2);
    struct rec left = r, right = r;
    left.s[depth % 3] = (short)(-depth * 1000);
    right.f[depth & 1] = -0.0f;
    right.u = ~r.u;
    spawn walk(x, t1, left, !b, (signed char)(sc - 100), (unsigned short)(us + 40000),
               i * -3 + depth, u * 2654435761u, ll - 0x7fffffffffffll,
               f * 1.5f, d / 3, z * (1 + I), e == RED ? GREEN : RED,
               depth - 1);
    spawn walk(y, t2, right, b, (signed char)(sc + 77), (unsigned short)(us ^ 0xffff),
               i + 2 * depth, u + 0x80000000u, -ll, -f, d * 1e10,
               conj(z) + depth, e, depth - 1);
}

thread start(cont struct rec k, cont long total, struct rec r, _Bool b,
             signed char sc, unsigned short us, int i, unsigned u,
             long long ll, float f, double d, _Complex double z,
             enum color e, int depth)
{
    cont unsigned long long h;
    spawn_next finish(k, ?h, r);
    spawn walk(h, total, r, b, sc, us, i, u, ll, f, d, z, e, depth);
}

cilk int main(void)
{
    struct rec r0 = {-5, 3.25, {1, -2, 3}, 0xfedcba9876543210ull, {0.5f, -8.f}};
    struct rec out;
    long total;
    spawn start(&out, &total, r0, 1, -7, 65000, -123456, 4000000000u,
               -1234567890123ll, 1e-3f, -2.5e-300, 1.5 - 2.5 * I, RED, 6);
    sync;
    printf("rec c %d d %a s %d %d %d u %llu f %a %a\n", out.c, out.d,
           out.s[0], out.s[1], out.s[2], out.u, (double)out.f[0],
           (double)out.f[1]);
    printf("local %ld\n", total);
    return 0;
}
