/* hyper.c - reducer views and their reduction in serial order (hyper.h). */
#include "hyper.h"
#include "closure.h"
#include "hooks.h"
#include "worker.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool hyper_on;
__thread struct hmap *__cilkrt_tls_views
    __attribute__((tls_model("initial-exec")));

static atomic_ulong views_made, reductions;

/* ---- Maps: open addressing on the key's address, linear probing ---- */

struct hentry {
    void *key;  /* null: a free slot */
    void *view; /* the key itself: the variable, declared in this segment */
    __cilk_reduce_fn reduce;
};

struct hmap {
    unsigned cap, n; /* cap a power of two, n < cap * 3/4 */
    struct hentry *e;
    /* The last lookup's answer: a loop that updates one reducer finds its
     * view here (null: none; forgotten wherever an entry changes). */
    void *last_key, *last_view;
};

/* The map of a segment that has made no view yet (never freed). */
static struct hmap hmap_none;

static unsigned slot_of(const struct hmap *m, const void *key)
{
    uintptr_t k = (uintptr_t)key;
    k ^= k >> 17;
    k *= 0x9e3779b97f4a7c15ull;
    return (unsigned)(k >> 32) & (m->cap - 1);
}

static struct hentry *hmap_find(const struct hmap *m, const void *key)
{
    if (!m->n)
        return NULL;
    for (unsigned i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->e[i].key == key)
            return &m->e[i];
        if (!m->e[i].key)
            return NULL;
    }
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p)
        abort();
    return p;
}

static struct hmap *hmap_new(void)
{
    struct hmap *m = xcalloc(1, sizeof *m);
    m->cap = 8;
    m->e = xcalloc(m->cap, sizeof *m->e);
    return m;
}

static void hmap_free(struct hmap *m)
{
    if (m && m != &hmap_none) {
        free(m->e);
        free(m);
    }
}

static void hmap_put(struct hmap *m, struct hentry x);

static void hmap_grow(struct hmap *m)
{
    struct hentry *old = m->e;
    unsigned cap = m->cap;
    m->cap *= 2;
    m->n = 0;
    m->e = xcalloc(m->cap, sizeof *m->e);
    for (unsigned i = 0; i < cap; i++)
        if (old[i].key)
            hmap_put(m, old[i]);
    free(old);
}

/* Inserts x, whose key is not in m yet. */
static void hmap_put(struct hmap *m, struct hentry x)
{
    if (4 * (m->n + 1) > 3 * m->cap)
        hmap_grow(m);
    unsigned i = slot_of(m, x.key);
    while (m->e[i].key)
        i = (i + 1) & (m->cap - 1);
    m->e[i] = x;
    m->n++;
}

/* Removes the entry at e, moving back the entries its slot kept from
 * their own. */
static void hmap_remove(struct hmap *m, struct hentry *e)
{
    m->last_key = NULL;
    unsigned mask = m->cap - 1, i = (unsigned)(e - m->e), j = i;
    m->e[i].key = NULL;
    m->n--;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->e[j].key)
            return;
        unsigned home = slot_of(m, m->e[j].key);
        /* Move e[j] to i unless its home lies cyclically in (i, j]. */
        if (i <= j ? (home > i && home <= j) : (home > i || home <= j))
            continue;
        m->e[i] = m->e[j];
        m->e[j].key = NULL;
        i = j;
    }
}

/* right's views into left's (left older): each view of right is reduced
 * into left's view of the same reducer, or into the variable if left is
 * a leftmost segment (null), or moves to left. An entry whose view is its
 * key (a variable declared in the right segment) moves, nothing reduced.
 * Returns the merged map; right is consumed. */
struct hmap *hyper_map_merge(struct hmap *left, struct hmap *right)
{
    if (!right->n) {
        hmap_free(right);
        return left;
    }
    if (left && !left->n) {
        hmap_free(left);
        return right;
    }
    if (left)
        left->last_key = NULL;
    unsigned long n = 0;
    for (unsigned i = 0; i < right->cap; i++) {
        struct hentry *r = &right->e[i];
        if (!r->key)
            continue;
        struct hentry *l = left ? hmap_find(left, r->key) : NULL;
        if (r->view == r->key) { /* the variable itself, declared on the right */
            if (l && l->view != l->key)
                free(l->view); /* a dead variable's, at the same address */
            if (l)
                *l = *r;
            else if (left)
                hmap_put(left, *r);
            continue;
        }
        if (!left || l) {
            hyper_in_callback++;
            r->reduce(left ? l->view : r->key, r->view);
            hyper_in_callback--;
            free(r->view);
            n++;
        } else {
            hmap_put(left, *r);
        }
    }
    hmap_free(right);
    if (n)
        atomic_fetch_add_explicit(&reductions, n, memory_order_relaxed);
    return left;
}

/* ---- The entry points of generated code (cilk-abi.h) ---- */

__thread int hyper_in_callback;

/* A completing closure's strand ends: its implicit sync merged already,
 * and its views go to the parent's sync. */
static void hyper_complete(struct worker *w, struct closure *c)
{
    hyper_synced(w, c, 0);
    hyper_deposit(w);
}

void __cilkrt_hyper_enable(void)
{
    hyper_on = true;
    closure_completing = hyper_complete;
}

/* The current segment's map, made if it has none yet. Caller: a segment
 * that is not the leftmost (__cilkrt_tls_views is not null). */
static struct hmap *own_map(void)
{
    if (__cilkrt_tls_views == &hmap_none)
        __cilkrt_tls_views = hmap_new();
    return __cilkrt_tls_views;
}

__attribute__((noinline, cold)) static void *
new_view(void *key, unsigned long size, __cilk_identity_fn identity,
         __cilk_reduce_fn reduce)
{
    struct hmap *m = own_map();
    /* Cache-line aligned, as OpenCilk's views: no false sharing. */
    void *view = aligned_alloc(64, (size + 63) & ~(unsigned long)63);
    if (!view)
        abort();
    hyper_in_callback++;
    identity(view);
    hyper_in_callback--;
    hmap_put(m, (struct hentry){key, view, reduce});
    atomic_fetch_add_explicit(&views_made, 1, memory_order_relaxed);
    return view;
}

void *__cilkrt_hyper_lookup(void *key, unsigned long size, void *identity,
                            void *reduce)
{
    struct hmap *m = __cilkrt_tls_views;
    if (__builtin_expect(!m || !key, 1))
        return key; /* leftmost; or a lookup hoisted out of a loop, of a
                       pointer that may be null (HoistViewsPass) */
    if (m->last_key == key)
        return m->last_view;
    struct hentry *e = hmap_find(m, key);
    void *view = e ? e->view
                   : new_view(key, size, (__cilk_identity_fn)identity,
                              (__cilk_reduce_fn)reduce);
    m = __cilkrt_tls_views; /* new_view may have made the map */
    m->last_key = key;
    m->last_view = view;
    return view;
}

void __cilkrt_hyper_declare(void *key, void *identity, void *reduce,
                            int initialized)
{
    if (!initialized)
        ((__cilk_identity_fn)identity)(key);
    if (!__cilkrt_tls_views)
        return; /* leftmost: the variable is the view anyway */
    struct hmap *m = own_map();
    struct hentry *e = hmap_find(m, key);
    if (e)
        hmap_remove(m, e); /* a dead variable's, at the same address */
    hmap_put(m, (struct hentry){key, key, (__cilk_reduce_fn)reduce});
}

void __cilkrt_hyper_unregister(void *key)
{
    struct hmap *m = __cilkrt_tls_views;
    struct hentry *e = m ? hmap_find(m, key) : NULL;
    if (!e)
        return;
    if (e->view != key)
        free(e->view);
    hmap_remove(m, e);
}

/* ---- Segments and epochs ---- */

struct hseg *hyper_seg_new(struct hmap *map)
{
    struct hseg *s = xcalloc(1, sizeof *s);
    s->map = map;
    return s;
}

void hyper_seg_free(struct hseg *s)
{
    if (s)
        hmap_free(s->map);
    free(s);
}

/* c's record, made with `first` if c has none. */
static struct hrec *record(struct closure *c, struct hseg *first)
{
    if (!c->hyper) {
        c->hyper = xcalloc(1, sizeof *c->hyper);
        c->hyper->first = first;
    }
    return c->hyper;
}

void hyper_steal(struct worker *v, struct closure *c)
{
    if (!hyper_on)
        return;
    struct hrec *r = record(c, v->seg);
    struct hseg *s = hyper_seg_new(&hmap_none);
    s->region = closure_site_region(c, c->resume);
    if (r->last)
        r->last->next = s;
    else
        r->rest = s;
    r->last = s;
    r->adopt = s;
}

void hyper_waits(struct worker *w, struct closure *c)
{
    if (hyper_on)
        record(c, w->seg);
}

void hyper_migrate(struct worker *w, struct closure *c)
{
    if (!hyper_on)
        return;
    hyper_deposit(w);
    record(c, w->seg)->adopt = w->seg;
    w->seg = NULL;
}

/* Merges the segments of c's epoch that steals at c's spawns of `region`
 * or deeper made (all of them for region 0: they are the last ones) into
 * the segment before them, and returns it. The epoch ends when that is its
 * first segment. */
static struct hseg *merge_epoch(struct closure *c, int region)
{
    struct hrec *r = c->hyper;
    struct hseg *into = r->first;
    for (struct hseg *s = r->rest; s; s = s->next)
        if (s->region < region)
            into = s;
    struct hseg *s = into == r->first ? r->rest : into->next;
    for (struct hseg *next; s; s = next) {
        next = s->next;
        into->map = hyper_map_merge(into->map, s->map);
        free(s);
    }
    if (into == r->first) {
        free(r);
        c->hyper = NULL;
    } else {
        into->next = NULL;
        r->last = into;
    }
    return into;
}

static void go_on_in(struct worker *w, struct hseg *s)
{
    w->seg = s;
    __cilkrt_tls_views = s->map;
}

void hyper_enter(struct worker *w, struct closure *c)
{
    struct hrec *r = c->hyper;
    if (!r)
        return;
    if (r->adopt) {
        go_on_in(w, r->adopt);
        r->adopt = NULL;
    } else if (r->suspended) {
        r->suspended = false;
        go_on_in(w, merge_epoch(c, r->sync_region));
    }
}

void hyper_deposit(struct worker *w)
{
    if (w->seg)
        w->seg->map = __cilkrt_tls_views;
}

void hyper_synced(struct worker *w, struct closure *c, int region)
{
    if (!c->hyper)
        return;
    hyper_deposit(w);
    go_on_in(w, merge_epoch(c, region));
}

void hyper_suspend(struct worker *w, struct closure *c, int region)
{
    /* Whoever resumes c finds its views in its epoch, merges and goes on
     * there, never in the segment the resumer was in. An outstanding child
     * of the sync's region was stolen at its spawn (or c released), so c
     * has an epoch already; if none, c's views stay in w's segment, which
     * becomes the first of one. */
    if (!c->hyper && !w->seg)
        return; /* w runs in no segment: nothing to leave */
    hyper_deposit(w);
    struct hrec *r = record(c, w->seg);
    r->suspended = true;
    r->sync_region = region;
}

void hyper_drop(struct closure *c)
{
    if (c->hyper)
        merge_epoch(c, 0);
}

void hyper_root_enter(struct worker *w, struct hseg *s)
{
    if (s)
        go_on_in(w, s);
}

struct hmap *hyper_map_none(void)
{
    return &hmap_none;
}

unsigned long hyper_views_made(void)
{
    return atomic_load_explicit(&views_made, memory_order_relaxed);
}

unsigned long hyper_reductions(void)
{
    return atomic_load_explicit(&reductions, memory_order_relaxed);
}
