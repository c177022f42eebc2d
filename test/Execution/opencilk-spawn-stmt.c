// Spawned statements (`cilk_spawn { ... }`, and a spawned loop, `if` and
// `while`): each runs in parallel with what follows it, up to the next
// cilk_sync; a block that spawns syncs its own children at its end; blocks
// in a cilk_scope and in recursion; a string reducer (not commutative)
// updated inside and after blocks; and the loop `for (...; i++) cilk_spawn
// { a[i] = f(i); c[i] = i; }`, whose block reads i after a call that
// spawns (a thief may run the loop on meanwhile: the block reads the i of
// its spawn); blocks written in a macro's body and in a macro's argument;
// a block in a cilk_for body and a cilk_for in a block, updating a sum
// reducer; blocks spawned inside spawned blocks, two deep.
// Every mode, P = 1, 2, 4, 8, with and without stress, against the serial
// projection.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: loop 12552 71980 tree 329 1439 3475833890591894919 forms 610 1 987 2584 6 macros 98 21 for 3948 5965 nested 1597 987 610 377
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long fib(int n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

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
}
str cilk_reducer(str_id, str_red) S;

static void zero(void *v) { *(long *)v = 0; }
static void add(void *l, void *r) { *(long *)l += *(long *)r; }
long cilk_reducer(zero, add) sum;

#define FOR_EACH(i, n, body)                                                  \
    for (int i = 0; i < (n); i++) {                                           \
        body;                                                                 \
    }
#define SPAWN_BLOCK(s) cilk_spawn { s; }

static void emit(long k)
{
    char b[32];
    int n = snprintf(b, sizeof b, "%ld,", k);
    str_app(&S, b, n);
}

static long tree(int d, long k)
{
    if (d == 0) {
        emit(k);
        return 1;
    }
    long l = 0, r = 0;
    cilk_spawn {
        long t = tree(d - 1, 2 * k);
        cilk_spawn emit(-k);
        l = t + fib(d);
    }
    cilk_scope {
        cilk_spawn { r = tree(d - 1, 2 * k + 1); }
        emit(k);
    }
    cilk_sync;
    return l + r;
}

int main(void)
{
    enum { N = 60 };
    long a[N], c[N];
    for (int i = 0; i < N; i++)
        cilk_spawn {
            a[i] = fib(i % 18);
            c[i] = i;
        }
    cilk_sync;
    long sa = 0, sc = 0;
    for (int i = 0; i < N; i++) {
        sa += a[i];
        sc += c[i] * (i + 1);
    }
    printf("loop %ld %ld", sa, sc);

    long t = tree(7, 1);
    unsigned long h = 0;
    for (long i = 0; i < S.n; i++)
        h = h * 31 + (unsigned char)S.p[i];
    printf(" tree %ld %ld %lu", t, S.n, h);

    long b[4] = {0}, one = 0, w = 0, n = 3;
    cilk_spawn for (int j = 0; j < 4; j++) b[j] = fib(15 + j);
    cilk_spawn if (sa > 0) {
        one = 1;
    }
    cilk_spawn while (n > 0) w += n--;
    cilk_sync;
    printf(" forms %ld %ld %ld %ld %ld", b[0], one, b[1], b[3], w);

    long m[10], y = 0;
    FOR_EACH(i, 10, cilk_spawn { m[i] = fib(i) + 1; });
    SPAWN_BLOCK(y = fib(8));
    cilk_sync;
    long sm = 0;
    for (int i = 0; i < 10; i++)
        sm += m[i];
    printf(" macros %ld %ld", sm, y);

    long fa[64], fb[64];
    cilk_for (int i = 0; i < 64; i++) {
        long v = 0;
        cilk_spawn {
            v = fib(i % 15);
            sum += v;
        }
        fb[i] = i;
        cilk_sync;
        fa[i] = v;
    }
    cilk_spawn {
        cilk_for (int i = 0; i < 64; i++) sum += fb[i];
    }
    sum += 1;
    cilk_sync;
    long sf = 0;
    for (int i = 0; i < 64; i++)
        sf += fa[i];
    printf(" for %ld %ld", sf, sum);

    long n1 = 0, n2 = 0, n3 = 0, n4 = 0;
    cilk_spawn {
        cilk_spawn {
            n1 = fib(17);
            cilk_spawn { n4 = fib(14); }
        }
        n2 = fib(16);
    }
    if (sa > 0)
        cilk_spawn { n3 = fib(15); }
    cilk_sync;
    printf(" nested %ld %ld %ld %ld\n", n1, n2, n3, n4);
    return 0;
}
