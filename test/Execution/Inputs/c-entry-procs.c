/* Cilk procedures that other files declare without `cilk` and call as C
 * functions (c-main-calls.c, plain-declared-calls.c). */

/* As in c-entry-procs.h, which declares these procedures as C functions. */
typedef struct {
    long sum, count;
    double avg;
} stats;

cilk int fib(int n)
{
    int a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    sync;
    return a + b;
}

cilk double harmonic_range(int lo, int hi)
{
    double a, b;
    if (hi - lo < 16) {
        double s = 0;
        for (int i = lo; i < hi; i++)
            s += 1.0 / i;
        return s;
    }
    a = spawn harmonic_range(lo, (lo + hi) / 2);
    b = spawn harmonic_range((lo + hi) / 2, hi);
    sync;
    return a + b;
}

cilk double harmonic(int n)
{
    double h;
    h = spawn harmonic_range(1, n + 1);
    sync;
    return h;
}

cilk stats tree(int depth)
{
    stats s, l, r;
    if (depth <= 0) {
        s.sum = 1;
        s.count = 1;
        s.avg = 1;
        return s;
    }
    l = spawn tree(depth - 1);
    r = spawn tree(depth - 2);
    sync;
    s.sum = l.sum + r.sum + depth;
    s.count = l.count + r.count + 1;
    s.avg = (double)s.sum / (double)s.count;
    return s;
}

cilk void fill_range(long *out, int lo, int hi)
{
    if (hi - lo == 1) {
        int x;
        x = spawn fib(lo % 16);
        sync;
        out[lo] = x * 3L + lo;
        return;
    }
    spawn fill_range(out, lo, (lo + hi) / 2);
    spawn fill_range(out, (lo + hi) / 2, hi);
}

cilk void fill(long *out, int n)
{
    spawn fill_range(out, 0, n);
}

typedef struct {
    long v[64];
} big;

cilk long sum_big(big b, int lo, int hi)
{
    long x, y;
    if (hi - lo == 1)
        return b.v[lo];
    x = spawn sum_big(b, lo, (lo + hi) / 2);
    y = spawn sum_big(b, (lo + hi) / 2, hi);
    sync;
    return x + y;
}
