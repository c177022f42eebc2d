// OpenCilk's spelling in C: cilk_spawn of any function (a function of this
// file that spawns, one defined later, a plain C function, a void one, a
// library function, one through a pointer, functions of another file that
// spawn or do not), cilk_sync, cilk_scope (left by falling through, break,
// continue, goto and return; nested), functions that spawn called as
// functions (from functions that spawn and from plain C), arguments and
// destination indices evaluated before the spawn (x[i++] = cilk_spawn
// f(a++)), spawned assignment statements (cilk_spawn x[j++] = f(k++),
// with conversions and struct results), a plain main that spawns, cilk_sync where nothing was spawned,
// the reserved spellings, and Cilk-5's words as ordinary names.
// RUN: %run-vs-elision --reference projection --also %S/Inputs/opencilk-other.c %s 18 | FileCheck %s
// CHECK: fib 2584 2584 2584 later 610
// CHECK: plain 36 put 17 lib 7 xxxx sorted 1 2 3 5 8
// CHECK: pointer 2584 2584 called 2584
// CHECK: other 2584 54 indices i=4 a=14 x 55 89 144 233
// CHECK: scopes 2209 3592 5228 reserved 610 names 2 3 4
// CHECK: statements 55 89 144 j=3 k=13 sum 4 struct 19 double 2.0
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long other_fib(long n);
long other_plain(long n);

/* Cilk-5's keywords are names in a file that includes <cilk/cilk.h>. */
static int spawn = 2, sync = 3;
static int inlet(int cilk) { return cilk + spawn; }

long fib(long n)
{
    if (n < 2)
        return n;
    long x, y;
    cilk_scope {
        x = cilk_spawn fib(n - 1);
        y = fib(n - 2);
    }
    return x + y;
}

long fib_sync(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib_sync(n - 1);
    long y = cilk_spawn fib_sync(n - 2);
    cilk_sync;
    return x + y;
}

long later(long n);

/* Calls a function that spawns, without spawning itself. */
long fib_by_call(long n) { return fib(n); }

long twice(long n) { return 2 * n; }

static void put(long *dst, long v) { *dst = v; }

struct pair {
    long a, b;
};

static struct pair mkpair(long v)
{
    struct pair p = {v, -v};
    return p;
}

static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

long through(long (*f)(long), long n)
{
    long r = cilk_spawn f(n);
    cilk_sync;
    return r;
}

static long res[64], inner[64];

/* Each way out of a scope waits for its children first. */
long scopes(int n, int stop, int brk)
{
    long total = 0;
    int k;
    for (k = 0; k < n; k++) {
        if (k > 0)
            total += res[k - 1] + inner[k - 1];
        cilk_scope {
            res[k] = cilk_spawn fib(k % 16);
            if (k % 7 == 3)
                continue;
            if (k == stop)
                goto out;
            if (k == brk)
                break;
            cilk_scope {
                inner[k] = cilk_spawn fib(k % 10);
            }
            inner[k] += 1;
        }
    }
out:
    return total + res[k] + inner[k];
}

void nothing_spawned(void)
{
    cilk_sync;
}

long reserved(long n)
{
    long x;
    _Cilk_scope {
        x = _Cilk_spawn fib(n);
    }
    _Cilk_sync;
    return x;
}

int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 18;
    long a = fib(n), b = fib_sync(n);
    long c = cilk_spawn later(n - 3);
    long d = cilk_spawn fib_by_call(n);
    cilk_sync;
    printf("fib %ld %ld %ld later %ld\n", a, b, d, c);

    long p, q;
    int v[5] = {8, 3, 5, 1, 2};
    char buf[8] = "";
    p = cilk_spawn twice(n);
    cilk_spawn put(&q, 17);
    cilk_spawn memset(buf, 'x', 4);
    int m = cilk_spawn abs(-7);
    cilk_spawn qsort(v, 5, sizeof v[0], cmp);
    cilk_sync;
    printf("plain %ld put %ld lib %d %s sorted %d %d %d %d %d\n", p, q, m,
           buf, v[0], v[1], v[2], v[3], v[4]);

    long (*fp)(long) = fib;
    long e = cilk_spawn through(fp, n);
    long f = cilk_spawn fp(n);
    cilk_sync;
    printf("pointer %ld %ld called %ld\n", e, f, fp(n));

    long x[8] = {0};
    int i = 0;
    long k = 10;
    long g = cilk_spawn other_fib(n);
    long h = cilk_spawn other_plain(n);
    for (int j = 0; j < 4; j++)
        x[i++] = cilk_spawn fib(k++);
    cilk_sync;
    printf("other %ld %ld indices i=%d a=%ld x %ld %ld %ld %ld\n", g, h, i, k,
           x[0], x[1], x[2], x[3]);

    long s1 = scopes(30, 99, 99);
    long s2 = scopes(60, 40, 99);
    long s3 = scopes(60, 99, 50);
    nothing_spawned();
    printf("scopes %ld %ld %ld reserved %ld names %d %d %d\n", s1, s2, s3,
           reserved(15), spawn, sync, inlet(2));

    long y[4] = {0}, sum = 0;
    int jj = 0;
    long kk = 10;
    struct pair pr;
    double dd;
    cilk_spawn y[jj++] = fib(kk++);
    cilk_spawn y[jj++] = fib(kk++);
    cilk_spawn y[jj++] = fib(kk++);
    cilk_spawn sum += twice(2);
    cilk_spawn pr = mkpair(19);
    cilk_spawn dd = twice(1);
    cilk_sync;
    printf("statements %ld %ld %ld j=%d k=%ld sum %ld struct %ld double %.1f\n",
           y[0], y[1], y[2], jj, kk, sum, pr.a, dd);
    return 0;
}

long later(long n)
{
    long x = cilk_spawn fib(n - 1);
    long y = cilk_spawn fib(n - 2);
    return x + y;
}
