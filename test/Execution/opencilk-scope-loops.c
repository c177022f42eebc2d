// Scopes in a loop, each spawning a recursive call and a plain C function
// that appends to a string reducer (not commutative): the string is the
// serial projection's in every mode, P = 1, 2, 4, 8, with and without
// stress. (The runtime's sync regions once freed a reducer segment here
// that a worker still used, under stress in eager mode: a child counted in
// two counts, lowered one after the other; see closure.h.)
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: 135708 13868587340565777792
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *p;
    long n, cap;
} str;
static void str_id(void *v)
{
    str *s = v;
    s->p = NULL;
    s->n = s->cap = 0;
}
static void str_app(str *s, const char *t, long n)
{
    if (s->n + n + 1 > s->cap) {
        s->cap = (s->n + n + 1) * 2;
        s->p = realloc(s->p, (size_t)s->cap);
    }
    memcpy(s->p + s->n, t, (size_t)n);
    s->n += n;
    s->p[s->n] = 0;
}
static void str_red(void *l, void *r)
{
    str *a = l, *b = r;
    if (b->n)
        str_app(a, b->p, b->n);
    free(b->p);
    b->p = NULL;
}
str cilk_reducer(str_id, str_red) S;

static void spin(long n)
{
    volatile long s = 0;
    for (long i = 0; i < n * 5; i++)
        s += i;
}

static void emit(long k)
{
    spin(10 + (k & 63));
    char b[32];
    int n = snprintf(b, sizeof b, "%ld,", k % 100000);
    str_app(&S, b, n);
}

static long f(int d, long s)
{
    if (d <= 0) {
        spin(20 + (s & 31) * 4);
        return s;
    }
    for (int j = 0; j < 12; j++) {
        cilk_scope {
            cilk_spawn f(d - 1, s * 3 + 52);
            cilk_spawn emit(s * 1000 + 49);
        }
    }
    return s;
}

int main(void)
{
    f(4, 107);
    unsigned long h = 0;
    for (long i = 0; i < S.n; i++)
        h = h * 31 + (unsigned char)S.p[i];
    printf("%ld %lu\n", S.n, h);
    return 0;
}
