/* closure.c - closures, results, the join protocol and frame memory. */
#include "closure.h"
#include "hooks.h"
#include "frame.h"
#include "worker.h"

#include <stdlib.h>
#include <string.h>

void (*closure_completing)(struct worker *w, struct closure *c);

void *closure_site_dst(struct closure *c, int site)
{
    const struct __cilk_site *s = &c->desc->sites[site];
    char *field = (char *)c + s->dst_offset;
    switch (s->dst_kind) {
    case CILK_DST_FIELD:
        return field;
    case CILK_DST_POINTER:
        return *(void **)field;
    case CILK_DST_FRAME:
        return c;
    }
    return NULL;
}

/* The site of p whose inlet is inlet (inlet functions are one per site),
 * or null. */
static const struct __cilk_site *site_of_inlet(struct closure *p,
                                               __cilk_inlet_fn inlet)
{
    const struct __cilk_desc *d = p->desc;
    for (int i = 1; d && inlet && i < d->nsites; i++)
        if (d->sites[i].inlet == inlet)
            return &d->sites[i];
    return NULL;
}

/* True if inlet is the inlet of one of p's CILK_DST_FRAME sites (a user
 * inlet, a tail with control flow). */
static bool is_frame_inlet(struct closure *p, __cilk_inlet_fn inlet)
{
    const struct __cilk_site *s = site_of_inlet(p, inlet);
    return s && s->dst_kind == CILK_DST_FRAME;
}

void *closure_site_delivery(struct closure *c, int site)
{
    const struct __cilk_site *s = &c->desc->sites[site];
    if (s->dst_kind != CILK_DST_FRAME || !s->args_size)
        return closure_site_dst(c, site);
    /* The spawn's own arguments: c may run the same spawn again before
     * this child returns. Only their span, at its offset in the frame:
     * the rest of the frame is in use (children write into it). */
    size_t end = (size_t)s->dst_offset + (size_t)s->args_size;
    char *copy = aligned_alloc(64, (end + 63) & ~(size_t)63);
    if (!copy)
        abort();
    memcpy(copy + s->dst_offset, (char *)c + s->dst_offset,
           (size_t)s->args_size);
    return copy;
}

void closure_unwind_delivery(struct closure *p, __cilk_inlet_fn inlet,
                             void *dst)
{
    const struct __cilk_site *s = site_of_inlet(p, inlet);
    if (s && s->unwind) {
        spin_lock(&p->lock);
        s->unwind(dst, NULL, p);
        spin_unlock(&p->lock);
    }
    closure_drop_delivery(p, inlet, dst);
}

void closure_drop_delivery(struct closure *p, __cilk_inlet_fn inlet,
                           void *dst)
{
    if (inlet && dst != p && is_frame_inlet(p, inlet))
        free(dst);
}

void closure_apply_locked(struct closure *p, __cilk_inlet_fn inlet,
                          void *dst, const void *result, int gen)
{
    if (inlet &&
        gen == atomic_load_explicit(&p->abort_gen, memory_order_relaxed))
        inlet(dst, result, p);
}

struct closure closure_remote_parent;
const struct dist_hooks *dist_hooks;

void closure_apply(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                   const void *result, int gen)
{
    if (!inlet)
        return;
    spin_lock(&p->lock);
    /* Shadows change under the lock (dist.c): a result applied before the
     * frame was shipped travels in it, one applied after travels alone. */
    if (dist_hooks && atomic_load_explicit(&p->join, memory_order_relaxed) < 0) {
        if (gen == atomic_load_explicit(&p->abort_gen, memory_order_relaxed))
            dist_hooks->result(p, inlet, dst, result);
        spin_unlock(&p->lock);
        return; /* a portable frame's sites are fields: nothing to drop */
    }
    closure_apply_locked(p, inlet, dst, result, gen);
    spin_unlock(&p->lock);
    closure_drop_delivery(p, inlet, dst);
}

void *__cilkrt_result_addr(struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    if (c->in_place)
        return *(void **)((char *)c + CILK_ABI_FRAME_SRET_OFFSET);
    return (char *)c + c->desc->retval_offset;
}

void closure_place_result(struct closure *c, int in_place)
{
    const struct __cilk_desc *d = c->desc;
    if (!in_place && d->retval_size)
        memcpy((char *)c + d->retval_offset,
               *(void **)((char *)c + CILK_ABI_FRAME_SRET_OFFSET),
               (size_t)d->retval_size);
    c->in_place = in_place;
}

void closure_init_gens(struct closure *c, int gen)
{
    atomic_init(&c->lock, 0);
    c->spawn_gen = 0;
    atomic_init(&c->abort_gen, 0);
    c->parent_gen = gen;
    c->depth = 0;
    c->hyper = NULL;
    c->region = 0;
    c->in_place = 0;
    c->exns = NULL;
    c->own_exn = NULL;
    atomic_init(&c->nlinked, 0);
    c->pos = 0;
}

atomic_int closure_aborts_seen;

/* Each closure keeps its parent alive while it is outstanding, so the
 * walk only meets live closures; the generations are read without locks
 * (an abort that races with the walk is seen at the next one). */
bool closure_doomed(struct closure *c)
{
    for (; c->desc; c = c->parent) {
        struct closure *p = c->parent;
        if (p->desc && c->parent_gen != atomic_load_explicit(
                                            &p->abort_gen,
                                            memory_order_relaxed))
            return true;
    }
    return false;
}

void closure_link_depth(struct closure *c)
{
    c->depth = c->parent ? c->parent->depth + 1 : 1;
}

void closure_init_regions(struct closure *c)
{
    for (int d = 1; d <= c->desc->nregions; d++)
        atomic_init(closure_region(c, d), 1);
}

int closure_count_child(struct closure *c, int site, long *pos)
{
    int d = closure_site_region(c, site);
    *pos = atomic_fetch_add_explicit(&c->nlinked, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(closure_count(c, d), 1, memory_order_relaxed);
    return d;
}

bool closure_all_synced(struct closure *c)
{
    for (int d = 0; d <= c->desc->nregions; d++)
        if (atomic_load_explicit(closure_count(c, d), memory_order_acquire) !=
            1)
            return false;
    return true;
}

/* p is ready to run again: w runs it next (or the communicator hands it
 * to a worker). */
static void resume(struct worker *w, struct closure *p)
{
    if (!w) { /* the communicator (dist.c) */
        dist_hooks->ready(p);
        return;
    }
    w->next = p;
}

void closure_join(struct worker *w, struct closure *p, int region)
{
    /* acq_rel: the result applied above happens before the parent reads it
     * after its sync, and the parent's saved state before we resume it.
     * One decrement, of the one count that holds this child: once it is
     * done, this child is done with p (a sync of its region may pass at
     * once, merge its segments and go on; closure.h). */
    atomic_long *count = closure_count(p, region);
    long old = atomic_fetch_sub_explicit(count, 1, memory_order_acq_rel);
    if (old == 1) {
        /* p gave this count's token: it waits at a sync of the region (or
         * is being discarded, scheduler.c). */
        atomic_store_explicit(count, 1, memory_order_relaxed);
        resume(w, p);
    } else if (old < 0 && !region && dist_hooks) {
        /* A shadow: it lives until its copy ends, which waits for this
         * join. */
        dist_hooks->join(p);
    }
}

void closure_complete(struct worker *w, struct closure *c)
{
    struct closure *p = c->parent;
    if (p == &closure_remote_parent) {
        dist_hooks->ret(c);
        return;
    }
    if (w && closure_completing)
        closure_completing(w, c);
    void *exn = closure_take_exn(c);
    if (exn) { /* it threw: no result */
        closure_deposit_exn(p, exn, c->pos, c->region);
        closure_unwind_delivery(p, c->inlet, c->dst);
    } else {
        closure_apply(p, c->inlet, c->dst, __cilkrt_result_addr(
                                               (struct __cilk_frame *)c),
                      c->parent_gen);
    }
    int region = c->region;
    if (w)
        frame_free(w, c, c->desc->size);
    else
        free(c);
    closure_join(w, p, region);
}

const struct exn_hooks *exn_hooks;

/* A child's exception held in its parent, or one on its way to
 * closure_free_exns (h null if its handle was taken). */
struct exn_rec {
    void *h;
    long pos;
    int region;
    struct exn_rec *next;
};

void closure_deposit_exn(struct closure *p, void *h, long pos, int region)
{
    struct exn_rec *e = malloc(sizeof *e);
    if (!e)
        abort();
    *e = (struct exn_rec){h, pos, region, NULL};
    spin_lock(&p->lock);
    struct exn_rec **q = &p->exns;
    while (*q && (*q)->region != region)
        q = &(*q)->next;
    struct exn_rec *drop = e;
    if (!*q) {
        *q = e;
        drop = NULL;
    } else if (pos < (*q)->pos) { /* e comes first: it takes the place */
        drop = *q;
        e->next = drop->next;
        drop->next = NULL;
        *q = e;
    }
    spin_unlock(&p->lock);
    closure_free_exns(drop);
}

void closure_keep_own_exn_locked(struct closure *p, void *h)
{
    /* Each landing pad's sync takes the exception it kept before another
     * pad runs: none is held here. */
    p->own_exn = h;
}

void *closure_take_exn_locked(struct closure *c, int region,
                              struct exn_rec **drop)
{
    struct exn_rec *first = NULL;
    *drop = NULL;
    for (struct exn_rec **q = &c->exns; *q;) {
        struct exn_rec *e = *q;
        if (e->region < region) {
            q = &e->next;
            continue;
        }
        *q = e->next;
        e->next = *drop;
        *drop = e;
        if (!first || e->pos < first->pos)
            first = e;
    }
    void *h = c->own_exn;
    c->own_exn = NULL;
    if (first) { /* a child's, before c's own code in serial order */
        void *won = first->h;
        first->h = h;
        h = won;
    }
    return h;
}

bool closure_exn_pending_locked(const struct closure *c, int region)
{
    if (c->own_exn)
        return true;
    for (const struct exn_rec *e = c->exns; e; e = e->next)
        if (e->region >= region)
            return true;
    return false;
}

void *closure_take_exn(struct closure *c)
{
    if (!c->exns && !c->own_exn) /* the common case: nothing was thrown */
        return NULL;
    struct exn_rec *drop;
    void *h = closure_take_exn_locked(c, 0, &drop);
    closure_free_exns(drop);
    return h;
}

void closure_free_exns(struct exn_rec *drop)
{
    while (drop) {
        struct exn_rec *next = drop->next;
        if (drop->h)
            exn_hooks->drop(drop->h);
        free(drop);
        drop = next;
    }
}
