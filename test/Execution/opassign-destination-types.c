// Checks `x op= spawn f()` and inlets into destinations of every type: the
// old value of x is read when the result arrives, not before the spawn, so
// spawns into one destination add up whatever order they finish in
// (a `char *` destination once lost updates in every parallel mode: MIT
// testall's fib_ptr). Pointers with pointees of 1, 2, 4, 8 and 24 bytes
// and void, _Bool, bit-fields side by side in one word, enums, float,
// double, long double, _Complex, every integer width, __int128 and an
// _Atomic long, under +=, -=, *=, |=, &=, ^= and <<= where C allows them;
// the same types as inlet parameters and inlet destinations, and inlet
// parameters whose conversion is several stores (_Complex, a struct).
// RUN: %run-vs-elision --repeat 2 --cflags=-Wno-pointer-arith %s 14 | FileCheck %s
// CHECK: fib_ptr 377
// CHECK: pointers 1218 1218 1218 1218 1218 1218 -1218
// CHECK: bool 1 0 bits 27 -1218 0 enum 1218
// CHECK: floats 1218.0 1218.0 1218.0 prod 40320.0 complex 1218.0+1218.0i
// CHECK: ints 27 -27 194 1218 1218 1218 1218 1218 1218 1218 -1218
// CHECK: bitwise 1023 0 3 40320 shift 1048576
// CHECK: wide 1218 40320 atomic 1218
// CHECK: inlets 1218 1218 1218 1218.0 194 1218.0+0.0i 1 27
// CHECK: inlets 1218.0+0.0i 1218.0+1218.0i struct 1218 -1218
// CHECK: exit status 0
#include <stdio.h>

cilk long fib(int n)
{
    long a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    sync;
    return a + b;
}

cilk long ident(long k) { return k; }
cilk long small(int i) { return i % 3; }
cilk _Bool odd(int i) { return i & 1; }
cilk _Complex double cfib(int n)
{
    long r;
    r = spawn fib(n);
    sync;
    return r + r * 1.0i;
}

struct rec { char c[24]; };
struct two { long a, b; };

cilk struct two mk_two(int n)
{
    struct two t;
    t.a = spawn fib(n);
    sync;
    t.b = -t.a;
    return t;
}
enum level { LOW, HIGH = 1 << 20 };
struct bits { unsigned a : 5; int b : 13; unsigned c : 3; };

// 2n spawns into each destination: with fib(i % 14) they add up to 1218
// for n = 14, whatever order they finish in.

/// MIT testall's test: a pointer that starts at 0 and is advanced by each
/// child's result.
cilk long fib_ptr(int n)
{
    char *x = (char *)1;
    x--;
    if (n < 2)
        return n;
    x += spawn fib_ptr(n - 1);
    x += spawn fib_ptr(n - 2);
    sync;
    return (long)x;
}

cilk void pointers(int n)
{
    static struct rec recs[1];
    char *c = 0; short *s = 0; int *in = 0; long *l = 0; void *v = 0;
    struct rec *r = recs; long *d = 0;
    for (int i = 0; i < 2 * n; i++) {
        c += spawn fib(i % 14);
        s += spawn fib(i % 14);
        in += spawn fib(i % 14);
        l += spawn fib(i % 14);
        r += spawn fib(i % 14);
        v += spawn fib(i % 14);
        d -= spawn fib(i % 14);
    }
    sync;
    printf("pointers %ld %ld %ld %ld %ld %ld %ld\n", (long)(c - (char *)0),
           (long)(s - (short *)0), (long)(in - (int *)0),
           (long)(l - (long *)0), (long)(r - recs),
           (long)((char *)v - (char *)0), (long)(d - (long *)0));
}

cilk void small_types(int n)
{
    _Bool t = 0, f = 1;
    struct bits bf = {0, 0, 0};
    enum level e = LOW;
    for (int i = 0; i < 2 * n; i++) {
        t |= spawn odd(i);
        f &= spawn odd(2 * i);
        bf.a += spawn small(i);
        bf.b -= spawn fib(i % 14);
        bf.c ^= spawn odd(i);
        e += spawn fib(i % 14);
    }
    sync;
    printf("bool %d %d bits %u %d %u enum %d\n", t, f, bf.a, bf.b, bf.c,
           (int)e);
}

cilk void floats(int n)
{
    float f = 0; double d = 0; long double ld = 0; double prod = 1;
    _Complex double z = 0;
    for (int i = 0; i < 2 * n; i++) {
        f += spawn fib(i % 14);
        d += spawn fib(i % 14);
        ld += spawn fib(i % 14);
        z += spawn cfib(i % 14);
    }
    for (int i = 1; i <= 8; i++)
        prod *= spawn ident(i);
    sync;
    printf("floats %.1f %.1f %.1Lf prod %.1f complex %.1f%+.1fi\n", f, d, ld,
           prod, __real__ z, __imag__ z);
}

cilk void ints(int n)
{
    signed char sc = 0, scm = 0; unsigned char uc = 0; short sh = 0;
    unsigned short us = 0; int in = 0; unsigned un = 0; long lo = 0;
    unsigned long ul = 0; long long ll = 0, llm = 0;
    for (int i = 0; i < 2 * n; i++) {
        sc += spawn small(i);
        scm -= spawn small(i);
        uc += spawn fib(i % 14);
        sh += spawn fib(i % 14);
        us += spawn fib(i % 14);
        in += spawn fib(i % 14);
        un += spawn fib(i % 14);
        lo += spawn fib(i % 14);
        ul += spawn fib(i % 14);
        ll += spawn fib(i % 14);
        llm -= spawn fib(i % 14);
    }
    sync;
    printf("ints %d %d %d %d %u %d %u %ld %lu %lld %lld\n", sc, scm, uc, sh,
           us, in, un, lo, ul, ll, llm);
}

cilk void bitwise(int n)
{
    long orv = 0, xo = 0, andv = 7, mul = 1, sh = 1;
    for (int i = 0; i < 2 * n; i++) {
        orv |= spawn ident(1L << (i % 10));
        xo ^= spawn ident(i % 4);
        andv &= spawn ident(3 + 8 * i);
    }
    for (int i = 1; i <= 8; i++)
        mul *= spawn ident(i);
    for (int i = 0; i < 10; i++)
        sh <<= spawn ident(2);
    sync;
    printf("bitwise %ld %ld %ld %ld shift %ld\n", orv, xo, andv, mul, sh);
}

cilk void wide(int n)
{
    __int128 w = 0;
    unsigned __int128 p = 1;
    _Atomic long a = 0;
    for (int i = 0; i < 2 * n; i++) {
        w += spawn fib(i % 14);
        a += spawn fib(i % 14);
    }
    for (int i = 1; i <= 8; i++)
        p *= spawn ident(i);
    sync;
    printf("wide %ld %lu atomic %ld\n", (long)w, (unsigned long)p, (long)a);
}

/// Inlets whose parameter has each type (the result converted to it), each
/// adding into a destination of its own type.
cilk void inlets(int n)
{
    char *c = 0; long *l = 0; long long ll = 0; double d = 0;
    unsigned char uc = 0; _Complex double z = 0; _Bool t = 0;
    struct bits bf = {0, 0, 0};
    _Complex float zf = 0;
    _Complex double zc = 0;
    struct two t2 = {0, 0};
    inlet void to_char_ptr(long r) { c += r; }
    inlet void to_long_ptr(int r) { l += r; }
    inlet void to_ll(long long r) { ll += r; }
    inlet void to_double(double r) { d += r; }
    inlet void to_uchar(unsigned char r) { uc += r; }
    inlet void to_complex(_Complex double r) { z += r; }
    inlet void to_bool(_Bool r) { t |= r; }
    inlet void to_bits(unsigned r) { bf.a += r; }
    inlet void to_complex_float(_Complex float r) { zf += r; }
    inlet void complex_to_complex(_Complex double r) { zc += r; }
    inlet void to_struct(struct two r) { t2.a += r.a; t2.b += r.b; }
    for (int i = 0; i < 2 * n; i++) {
        to_char_ptr(spawn fib(i % 14));
        to_long_ptr(spawn fib(i % 14));
        to_ll(spawn fib(i % 14));
        to_double(spawn fib(i % 14));
        to_uchar(spawn fib(i % 14));
        to_complex(spawn fib(i % 14));
        to_bool(spawn odd(i));
        to_bits(spawn small(i));
        to_complex_float(spawn fib(i % 14));
        complex_to_complex(spawn cfib(i % 14));
        to_struct(spawn mk_two(i % 14));
    }
    sync;
    printf("inlets %ld %ld %lld %.1f %d %.1f%+.1fi %d %u\n",
           (long)(c - (char *)0), (long)(l - (long *)0), ll, d, uc,
           __real__ z, __imag__ z, t, bf.a);
    printf("inlets %.1f%+.1fi %.1f%+.1fi struct %ld %ld\n", __real__ zf,
           __imag__ zf, __real__ zc, __imag__ zc, t2.a, t2.b);
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? 0 : 14;
    long r;
    for (char *p = argc > 1 ? argv[1] : ""; *p; p++)
        n = 10 * n + (*p - '0');
    r = spawn fib_ptr(n);
    sync;
    printf("fib_ptr %ld\n", r);
    spawn pointers(n);
    sync;
    spawn small_types(n);
    sync;
    spawn floats(n);
    sync;
    spawn ints(n);
    sync;
    spawn bitwise(n);
    sync;
    spawn wide(n);
    sync;
    spawn inlets(n);
    sync;
    return 0;
}
