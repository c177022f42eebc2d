// Reducers (`T cilk_reducer(identity, reduce) x;`): a global, locals with
// and without an initializer, a typedef, a struct, reducers passed by
// pointer (__builtin_addressof) to spawned functions and used as *p and
// p[0], &x as the current view, reducers in cilk_for, a local reducer of a
// function that runs in parallel with itself (declared in a segment a steal
// started), a block that declares one in a spawning function, a reducer
// updated by a computation nested through a C function pointer, callbacks
// that call a function that spawns (through a pointer: it runs as its
// serial elision inside the runtime's merge), and associative but not
// commutative reducers (a list and a string, in serial order): every mode,
// P = 1, 2, 4, 8, with and without stress, against the serial projection.
// RUN: %run-vs-elision --reference projection %s 18 | FileCheck %s
// CHECK: global 4181 list 8361 16409195604809060270 string 4181 8fe09dc8
// CHECK: for 499500 typedef 1000 struct 1000 -1000 1 999 view 1000
// CHECK: parallel locals 479660 block 4950 nested 1000 minmax -7 992
// CHECK: callbacks 499500
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void zero_long(void *v) { *(long *)v = 0; }
static void add_long(void *l, void *r) { *(long *)l += *(long *)r; }

typedef long cilk_reducer(zero_long, add_long) long_sum;

long_sum leaves; /* a global reducer */

/* A list of ints, concatenated. */
struct list {
    int n, cap;
    int *a;
};
static void list_init(void *v)
{
    memset(v, 0, sizeof(struct list));
}
static void list_push(struct list *l, int x)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->a = realloc(l->a, (size_t)l->cap * sizeof *l->a);
    }
    l->a[l->n++] = x;
}
static void list_cat(void *lv, void *rv)
{
    struct list *l = lv, *r = rv;
    for (int i = 0; i < r->n; i++)
        list_push(l, r->a[i]);
    free(r->a);
}

/* A growing string, concatenated. */
struct str {
    size_t n;
    char *s;
};
static void str_init(void *v)
{
    memset(v, 0, sizeof(struct str));
}
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

/* A struct view: a sum, a difference, a count and a maximum. */
struct stats {
    long sum, neg, count, max;
};
static void stats_zero(void *v)
{
    memset(v, 0, sizeof(struct stats));
}
static void stats_merge(void *lv, void *rv)
{
    struct stats *l = lv, *r = rv;
    l->sum += r->sum;
    l->neg += r->neg;
    l->count += r->count;
    if (r->max > l->max)
        l->max = r->max;
}

static void min_id(void *v) { *(long *)v = 1000000; }
static void min_op(void *l, void *r)
{
    if (*(long *)r < *(long *)l)
        *(long *)l = *(long *)r;
}
static void max_id(void *v) { *(long *)v = -1000000; }
static void max_op(void *l, void *r)
{
    if (*(long *)r > *(long *)l)
        *(long *)l = *(long *)r;
}

static void walk(int n, struct list cilk_reducer(list_init, list_cat) *out,
                 struct str cilk_reducer(str_init, str_cat) *text)
{
    if (n < 2) {
        list_push(&*out, n);
        char leaf[16];
        snprintf(leaf, sizeof leaf, "%d", n);
        str_add(&text[0], leaf);
        leaves += 1;
        return;
    }
    cilk_spawn walk(n - 1, out, text);
    walk(n - 2, out, text);
    cilk_sync;
    list_push(&*out, -n);
}

/* A local reducer of a function that runs in parallel with itself. */
static long squares(int k)
{
    long cilk_reducer(zero_long, add_long) s = 0;
    cilk_for (int i = 0; i < k; i++)
        s += (long)i * i;
    return s;
}

static long nested_sum(long n)
{
    cilk_for (long i = 0; i < n; i++)
        leaves += 1;
    return 0;
}

static long call_through(long (*f)(long), long n)
{
    return f(n); /* a C call: the cilk_for runs as a nested computation */
}

static void run_nested(long n)
{
    cilk_spawn call_through(nested_sum, n / 2);
    call_through(nested_sum, n - n / 2);
}

/* Callbacks that call a function that spawns, through a pointer as C code
 * would (each call adds 0). */
static long fib(long n)
{
    if (n < 2)
        return n;
    long a = cilk_spawn fib(n - 1);
    long b = fib(n - 2);
    cilk_sync;
    return a + b;
}
static long (*volatile fib_ptr)(long) = fib;
static void spawning_zero(void *v) { *(long *)v = fib_ptr(10) - 55; }
static void spawning_add(void *l, void *r)
{
    *(long *)l += *(long *)r + fib_ptr(12) - 144;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 18;

#ifdef __cilk
    /* No initializer: each starts as its identity. */
    struct list cilk_reducer(list_init, list_cat) list;
    struct str cilk_reducer(str_init, str_cat) text;
#else
    /* OpenCilk's serial projection calls no identity: without these
     * initializers the reference would read uninitialized memory. */
    struct list list = {0};
    struct str text = {0};
#endif
    walk(n, __builtin_addressof(list), __builtin_addressof(text));
    unsigned long h = 0;
    for (int i = 0; i < list.n; i++)
        h = h * 31 + (unsigned)list.a[i];
    unsigned th = 0;
    for (size_t i = 0; i < text.n; i++)
        th = th * 33 + (unsigned char)text.s[i];
    printf("global %ld list %d %lu string %zu %x\n", leaves, list.n, h,
           text.n, th);

    long cilk_reducer(zero_long, add_long) sum = 0;
    cilk_for (int i = 0; i < 1000; i++)
        sum += i;
    long_sum typed = 0;
    cilk_for (int i = 0; i < 1000; i++)
        typed += 1;
    struct stats cilk_reducer(stats_zero, stats_merge) st = {0, 0, 0, 0};
    cilk_for (int i = 0; i < 1000; i++) {
        st.sum += 1;
        st.neg -= 1;
        if (i == 0)
            st.count = 1;
        if (i > st.max)
            st.max = i;
    }
    long cilk_reducer(zero_long, add_long) viewed = 0;
    cilk_for (int i = 0; i < 1000; i++) {
        long *v = &viewed; /* the current view */
        *v += 1;
    }
    printf("for %ld typedef %ld struct %ld %ld %ld %ld view %ld\n", sum,
           typed, st.sum, st.neg, st.count, st.max, viewed);

    long parallel = 0;
    long results[40];
    cilk_for (int k = 0; k < 40; k++)
        results[k] = squares(k + 10);
    for (int k = 0; k < 40; k++)
        parallel += results[k];
    long block = 0;
    for (int round = 0; round < 3; round++) {
        long cilk_reducer(zero_long, add_long) part = 0;
        cilk_for (int i = 0; i < 100; i++)
            part += i;
        block = part;
    }
    leaves = 0;
    cilk_spawn run_nested(1000);
    cilk_sync;
    long cilk_reducer(min_id, min_op) lo = 0;
    long cilk_reducer(max_id, max_op) hi = 0;
    cilk_for (int i = 0; i < 1000; i++) {
        long v = (i * 7919) % 1000 - 7;
        if (v < lo)
            lo = v;
        if (v > hi)
            hi = v;
    }
    printf("parallel locals %ld block %ld nested %ld minmax %ld %ld\n",
           parallel, block, leaves, lo, hi);
    long cilk_reducer(spawning_zero, spawning_add) calls = 0;
    cilk_for (int i = 0; i < 1000; i++)
        calls += i;
    printf("callbacks %ld\n", calls);
    return 0;
}
