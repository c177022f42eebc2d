// Sync regions (OpenCilk's rule: a cilk_sync waits for the spawns of the
// innermost cilk_scope, cilk_for body or function only). Children spawned
// before a cilk_scope, before a call of a function that spawns and before
// a cilk_for go on past its end, up to the function's next cilk_sync or
// return: a scope left by falling through, break, continue, goto and
// return, scopes nested three deep with children outstanding at each
// depth, cilk_sync inside a scope, a function that returns from inside
// scopes, recursion through scopes, and a reducer that is not commutative
// (a string) updated on both sides of each region's end. Every mode, P = 1,
// 2, 4, 8, with and without stress, against the serial projection.
// RUN: %run-vs-elision --reference projection %s 16 | FileCheck %s
// CHECK: scope 987 610 233 sync 987 610 377 nested 610 377 233 144 ok
// CHECK: calls 1597 987 1597 1597 for 987 88 loops 1563 returns 987 610
// CHECK: recursion 987 string 229 8617ab65
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

/* A plain C function, spawned: it delivers through a pointer. */
static void fib_into(long *out, int n) { *out = fib(n); }

/* The scope's results are there at its end, whatever the child spawned
 * before it does. */
static void scope_end(int n)
{
    long a, x, y;
    cilk_spawn fib_into(&a, n);
    cilk_scope {
        x = cilk_spawn fib(n - 2);
        y = fib(n - 3);
    }
    long xy = x + y; /* before the cilk_sync: the scope's own are there */
    cilk_sync;
    printf("scope %ld %ld %ld ", a, xy, y);
}

/* cilk_sync in a scope waits for the scope's spawns. */
static void sync_in_scope(int n)
{
    long a, b, c;
    cilk_spawn fib_into(&a, n);
    cilk_scope {
        cilk_spawn fib_into(&b, n - 1);
        cilk_sync;
        long seen = b; /* the scope's child is done */
        c = cilk_spawn fib(n - 2);
        b = seen;
    }
    long bc = c; /* so is the second */
    cilk_sync;
    printf("sync %ld %ld %ld ", a, b, bc);
}

/* Three scopes deep, a child outstanding at each depth. */
static void nested(int n)
{
    long r0, r1, r2, r3;
    int ok = 1;
    cilk_spawn fib_into(&r0, n);
    cilk_scope {
        cilk_spawn fib_into(&r1, n - 1);
        cilk_scope {
            cilk_spawn fib_into(&r2, n - 2);
            cilk_scope {
                cilk_spawn fib_into(&r3, n - 3);
            }
            ok &= r3 == fib(n - 3);
        }
        ok &= r2 == fib(n - 2) && r3 == fib(n - 3);
    }
    ok &= r1 == fib(n - 1);
    cilk_sync;
    printf("nested %ld %ld %ld %ld %s\n", r0, r1, r2, r3, ok ? "ok" : "WRONG");
}

/* A call of a function that spawns is a region of its own: the child
 * spawned before it goes on; the call's result is there after it. */
static void calls(int n)
{
    long a, c;
    cilk_spawn fib_into(&a, n + 1);
    long b = fib(n);       /* a call: its own children only */
    c = cilk_spawn fib(n + 1);
    long d = fib(n - 1) + b;
    cilk_sync;
    printf("calls %ld %ld %ld %ld ", a, b, c, d);
}

/* A cilk_for waits for its iterations only. */
static void for_loop(int n)
{
    long a, v[10];
    cilk_spawn fib_into(&a, n);
    cilk_for (int i = 0; i < 10; i++)
        v[i] = fib(i);
    long s = 0;
    for (int i = 0; i < 10; i++)
        s += v[i]; /* the iterations are done */
    cilk_sync;
    printf("for %ld %ld ", a, s);
}

/* Leaving a scope by break, continue and goto, children spawned before
 * the loop still out. */
static long loops(int n)
{
    long a, sum = 0;
    long r[8] = {0};
    cilk_spawn fib_into(&a, n);
    for (int i = 0; i < 8; i++) {
        cilk_scope {
            cilk_spawn fib_into(&r[i], 10 + i);
            if (i == 2)
                continue;
            if (i == 5)
                goto out;
            if (i == 7)
                break;
        }
    }
out:
    for (int i = 0; i < 8; i++)
        sum += r[i]; /* every scope's child is done */
    cilk_sync;
    return sum + a;
}

/* A return from inside scopes waits for every child. */
static long returns_inside(long *out, int n)
{
    cilk_spawn fib_into(out, n);
    cilk_scope {
        long x = 0;
        cilk_scope {
            x = cilk_spawn fib(n - 1);
            if (n > 3)
                return 0;
        }
        return x;
    }
}

/* Recursion through scopes, a sibling outstanding across each. */
static long rec(int n)
{
    if (n < 2)
        return n;
    long a = cilk_spawn rec(n - 1);
    long b;
    cilk_scope {
        b = cilk_spawn rec(n - 2);
    }
    return a + b;
}

/* A string, concatenated: the serial order survives regions. */
struct str {
    size_t n;
    char *s;
};
static void str_init(void *v) { memset(v, 0, sizeof(struct str)); }
static void str_add(struct str *s, const char *t)
{
    size_t k = strlen(t);
    s->s = realloc(s->s, s->n + k + 1);
    memcpy(s->s + s->n, t, k + 1);
    s->n += k;
}
static void str_cat(void *lv, void *rv)
{
    struct str *r = rv;
    if (r->s)
        str_add(lv, r->s);
    free(r->s);
}
static struct str cilk_reducer(str_init, str_cat) text;

static void say(int i, int n)
{
    char b[24];
    fib(n); /* long enough to be stolen from */
    snprintf(b, sizeof b, "%d,", i);
    str_add(&text, b);
}

static void strings(int depth, int base)
{
    if (depth == 0) {
        say(base, 12);
        return;
    }
    cilk_spawn strings(depth - 1, 4 * base);
    say(4 * base + 1, 10);
    cilk_scope {
        cilk_spawn strings(depth - 1, 4 * base + 2);
        say(4 * base + 3, 10);
    }
    say(-base, 8);
}

static unsigned fnv(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 16;
    scope_end(n);
    sync_in_scope(n);
    nested(n - 1);
    calls(n);
    for_loop(n);
    printf("loops %ld ", loops(n - 6));
    long out;
    long r = returns_inside(&out, n);
    printf("returns %ld %ld\n", out, r + fib(n - 1));
    printf("recursion %ld ", rec(n));
    strings(4, 1);
    printf("string %zu %08x\n", text.n, fnv(text.s));
    return 0;
}
