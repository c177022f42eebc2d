// cilk_for: every control variable type (8 to 64 bits, signed and
// unsigned, pointers), up and down, every comparison (<, <=, >, >=, !=,
// the variable on either side), steps of ++, --, += and -= (constant or
// not), empty and one-iteration ranges, negative bounds, the bound and the
// step evaluated once, #pragma cilk grainsize, continue, nested loops, a
// spawn and a cilk_scope in the body, a body that only calls a function
// that spawns, loops in functions that spawn and in a plain main: each
// iteration writes its own slot, and the slots are checked against the
// serial projection.
// The bound and the step are evaluated once, as in OpenCilk (the serial
// projection evaluates them at each iteration: that line goes to stderr).
// RUN: %run-vs-elision --reference projection %s 1000 | FileCheck %s
// RUN: %cilkcc -O1 %s -o %t.once %cilkrt && env CILK_NWORKERS=2 %t.once 1000 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// CHECK: ints 720 500500 -687 500500 680 7961887550168484680 482538639404090919 -4986475683686444194 14001 3089622625269095119
// CHECK: narrow 635 27575 375 32625 31375
// CHECK: pointers 1000 499500 334 abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk
// CHECK: grains 965077278808180839 -7067157166989637600 999
// CHECK: nested 1999000 spawns 317 scope 1000 calls 993
// ONCE: once bound 1 step 1
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long slot[4096];
static int calls;

static long hash(int n)
{
    long h = 0, c = 0;
    for (int i = 0; i < n; i++)
        if (slot[i]) {
            h = h * 31 + slot[i] + i;
            c++;
        }
    memset(slot, 0, sizeof slot);
    return h * 1000 + c;
}

static int bound(int n)
{
    calls++;
    return n;
}

long fib(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

static long sum_to(int n)
{
    long s = 0;
    for (int i = 0; i < 4096; i++)
        s += slot[i];
    memset(slot, 0, sizeof slot);
    return s;
    (void)n;
}

static void ints(int n)
{
    long a, b, c, d, e, f, g, h, k;
    cilk_for (int i = 0; i < n; i++)
        slot[i] = i + 1;
    a = hash(n);
    cilk_for (int i = 1; i <= n; ++i)
        slot[i - 1] = i;
    b = sum_to(n);
    cilk_for (long i = n; i >= 0; i--)
        slot[i] = i + 1;
    c = hash(n + 1);
    cilk_for (long long i = n; i > 0; --i)
        slot[i - 1] = i;
    d = sum_to(n);
    cilk_for (unsigned i = 0; i != (unsigned)n; i += 1)
        slot[i] = 2 * i + 1;
    e = hash(n);
    cilk_for (int i = n - 1; i != -1; i -= 1)
        slot[i] = i;
    f = hash(n);
    cilk_for (int i = -n; n > i; i += 3)
        slot[i + n] = i;
    g = hash(n);
    cilk_for (short i = 5; i < 5; i++)
        slot[i] = 1;
    cilk_for (int i = 7; i <= 7; i++)
        slot[i] = 7;
    h = hash(10);
    int step = 7;
    cilk_for (size_t i = 3; i < (size_t)n; i += step)
        slot[i] = (long)i;
    k = hash(n);
    printf("ints %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", a % 1000, b,
           c % 1000, d, e % 1000, e, f, g, h, k);
}

static void narrow(void)
{
    long a, b, c;
    cilk_for (signed char i = 0; i < 100; i++)
        slot[i] = i;
    a = hash(100);
    cilk_for (unsigned char i = 255; i > 5; i -= 1)
        slot[i] = i;
    b = sum_to(256);
    cilk_for (unsigned long long i = 0; i < 250; i++)
        slot[i] = (long)i + 1;
    c = sum_to(250);
    printf("narrow %ld %ld %ld %ld %ld\n", a % 1000, b - 4950 - 100, c % 1000 + 0 * a,
           b, c);
}

static void pointers(int n)
{
    long buf[1000], *end = buf + n;
    cilk_for (long *p = buf; p < end; p++)
        *p = p - buf;
    long s = 0;
    for (int i = 0; i < n; i++)
        s += buf[i];
    long c = 0;
    cilk_for (long *p = end - 1; p >= buf; p -= 3)
        slot[p - buf] = 1;
    c = sum_to(n);
    char text[64];
    cilk_for (char *q = text; q != text + 63; ++q)
        *q = 'a' + (q - text) % 26;
    text[63] = 0;
    printf("pointers %d %ld %ld %s\n", n, s, c, text);
}

static void once(int n)
{
    int steps = 0;
    cilk_for (int i = 0; i < bound(n); i += (steps++, 2))
        slot[i] = 1;
    (void)hash(n);
    /* The serial projection evaluates them at each iteration. */
    fprintf(stderr, "once bound %d step %d\n", calls, steps);
}

static void grains(int n)
{
    long r[3];
#pragma cilk grainsize 1
    cilk_for (int i = 0; i < n; i++)
        slot[i] = i * 3;
    r[0] = hash(n);
#pragma cilk grainsize(7)
    cilk_for (int i = 0; i < n; i++) {
        if (i % 5 == 0)
            continue;
        slot[i] = i;
    }
    r[1] = hash(n);
#pragma cilk grainsize = 100000
    cilk_for (int i = 0; i < n; i++)
        slot[i] = -i;
    r[2] = hash(n);
    printf("grains %ld %ld %ld\n", r[0], r[1], r[2]);
}

/* A function that spawns, with loops around and in its spawns. */
long nested(int n)
{
    static long grid[40][50];
    long x = cilk_spawn fib(15);
    cilk_for (int i = 0; i < 40; i++)
        cilk_for (int j = 0; j < 50; j++)
            grid[i][j] = i * 50 + j;
    long s = 0;
    for (int i = 0; i < 40; i++)
        for (int j = 0; j < 50; j++)
            s += grid[i][j];
    long f[20];
    cilk_for (int i = 0; i < 20; i++) {
        long a = cilk_spawn fib(i % 12);
        long b = fib(i % 7);
        cilk_sync;
        f[i] = a + b;
    }
    long t = 0;
    for (int i = 0; i < 20; i++)
        t += f[i];
    long c[20], u = 0;
    cilk_for (int i = 0; i < 20; i++)
        c[i] = fib(i % 15);
    for (int i = 0; i < 20; i++)
        u += c[i];
    cilk_for (int i = 0; i < n; i++) {
        cilk_scope {
            slot[i] = cilk_spawn fib(1);
        }
        slot[i] += 0;
    }
    cilk_sync;
    printf("nested %ld spawns %ld scope %ld calls %ld\n", s, t + x - 610,
           sum_to(n), u);
    return s;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    ints(n);
    narrow();
    pointers(n);
    once(n);
    grains(n);
    nested(n);
    return 0;
}
