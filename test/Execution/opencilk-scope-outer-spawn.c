// An outer spawn outside a cilk_scope: `cilk_spawn a(); cilk_scope {
// cilk_spawn b(); c(); } d();` in a loop and in recursion, each of a, b,
// c, d appending to a string reducer (not commutative): the scope's sync
// waits for b only, a still running, and merges only the region's reducer
// segments; the string is the serial projection's in every mode, P = 1,
// 2, 4, 8, with and without stress. (A child of a region used to be
// counted in the procedure's join too, lowered after its region's count:
// in between, the parent could pass the region's sync, merge, and suspend
// at its return with its views nowhere; see closure.h.)
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: 174091 214004428005984155
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

static void put(char tag, long k)
{
    spin(5 + (k & 31));
    char b[40];
    int n = snprintf(b, sizeof b, "%c%ld,", tag, k % 10007);
    str_app(&S, b, n);
}

static void g(int d, long s);

static void a(int d, long s)
{
    put('a', s);
    if (d > 0)
        g(d - 1, s * 7 + 1);
    put('A', s);
}
static void b(int d, long s)
{
    put('b', s);
    if (d > 0)
        g(d - 1, s * 5 + 2);
    put('B', s);
}
static void c(long s) { put('c', s); }
static void dd(long s) { put('d', s); }

static void g(int d, long s)
{
    for (int j = 0; j < 3; j++) {
        long t = s * 11 + j;
        cilk_spawn a(d, t);
        cilk_scope {
            cilk_spawn b(d, t + 3);
            c(t + 5);
        }
        dd(t + 7);
    }
    put('g', s);
}

int main(void)
{
    g(4, 3);
    unsigned long h = 0;
    for (long i = 0; i < S.n; i++)
        h = h * 31 + (unsigned char)S.p[i];
    printf("%ld %lu\n", S.n, h);
    return 0;
}
