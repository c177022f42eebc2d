/* release.c - indolent and sedative closure creation: release and resume.
 *
 * In the lazy modes no fast clone touches the deque. A thief that finds a
 * victim's deque empty moves the victim's control-flow word
 * (__cilkrt_tls_cf) from NORMAL to STEAL_ATTEMPTED. At its next check the
 * victim releases its C stack, frame by frame, by ordinary returns:
 *
 *   1. The frame at the check saves its live values and resume index into
 *      a closure and calls __cilkrt_release, which sees STEAL_ATTEMPTED: this
 *      closure is the youngest; the word becomes RELEASING.
 *   2. Each caller's check after its spawned call sees RELEASING, saves
 *      itself the same way, and __cilkrt_release links the closure saved
 *      before (its child) to it: parent, result slot, one more join.
 *   3. The bottom is a slow clone, whose spawn pushed its closure before the
 *      call (__cilkrt_release_bottom), or Cilk main's caller (sched_run_root).
 *      release_finish links the oldest released closure there, pushes the
 *      released closures but the youngest on the deque oldest first, so
 *      thieves take the oldest, and has the scheduler resume the youngest.
 *
 * A closure whose continuation waits for its child at once (the pass says
 * so at its release: the code after its spawn reaches a sync of the
 * spawn's region before anything else, as in `spawn f(); sync;` or the
 * first r spawns of knary) gives that region's token at its release, as
 * the sync would, and is not pushed: a thief that took it would only
 * suspend it there (a fruitless steal, paid on both sides), so it waits
 * for its child as a suspended closure does, and the child that completes
 * resumes it (closure.c). Not with reducers or across processes, whose
 * segments and shadows follow suspensions that a slow clone made.
 *
 * Every closure on the deque is then waiting for exactly one child, the
 * closure above it (or the one the worker runs), or for that child's
 * waiting descendants; when the closures above it complete, the worker
 * pops it and runs it (scheduler.c), or a thief has taken it and the join
 * protocol of closure.c applies. */
#include "closure.h"
#include "deque.h"
#include "hooks.h"
#include "hyper.h"
#include "idle.h"
#include "scheduler.h"
#include "frame.h"
#include "worker.h"

#include <stdio.h>
#include <stdlib.h>

__thread atomic_int __cilkrt_tls_cf __attribute__((tls_model("initial-exec")));

/* Records site `site` of closure p as where child's result goes, and
 * counts child in p. */
static void link_child(struct closure *child, struct closure *p, int site)
{
    child->parent = p;
    child->parent_gen = p->spawn_gen;
    child->dst = closure_site_delivery(p, site);
    child->inlet = p->desc->sites[site].inlet;
    child->region = closure_count_child(p, site, &child->pos);
    closure_place_result(child, closure_site_in_place(p, site));
}

struct __cilk_frame *__cilkrt_closure_new(const struct __cilk_desc *d)
{
    struct __cilk_frame *f = frame_alloc(__cilkrt_tls_worker, d->size);
    f->desc = d;
    return f;
}

/* Caller: the fast clone that saved f, on this worker. */
void __cilkrt_release(struct __cilk_frame *f, void *result, int waits)
{
    struct worker *w = __cilkrt_tls_worker;
    struct closure *c = (struct closure *)f;
    if (!(c->desc->flags & CILK_DESC_LAZY)) {
        fprintf(stderr, "cilk: '%s' was compiled in eager mode, its callers "
                        "in a lazy mode; compile every file in one mode\n",
                c->desc->name);
        abort();
    }
    closure_init_gens(c, 0); /* links to its parent come later */
    closure_init_regions(c);
    /* Until then its result is where the fast clone was making it: at the
     * caller's address, which the sedative apply below may update (a user
     * inlet's assignment to a named return value). */
    c->in_place = c->desc->retval_size != 0;
    if (atomic_load_explicit(&__cilkrt_tls_cf, memory_order_relaxed) ==
        CILK_CF_RELEASING) {
        /* The spawned call at c->resume came back released: c waits for
         * the closure saved before it. */
        atomic_init(&c->join, 1); /* its token, then that child */
        link_child(w->rel_top, c, c->resume);
        if (waits && !hyper_on && !dist_hooks) {
            /* c is this worker's alone until release_finish publishes
             * the chain; it does not push c (release_waits). */
            atomic_fetch_sub_explicit(
                closure_count(c, closure_site_region(c, c->resume)), 1,
                memory_order_relaxed);
            STAT_INC(w, waited);
        }
    } else {
        /* A steal was attempted: c starts the release. Thieves only ever
         * move the word from NORMAL, so this store loses nothing. */
        atomic_store_explicit(&__cilkrt_tls_cf, CILK_CF_RELEASING,
                              memory_order_relaxed);
        /* Sedative: the call at c->resume returned normally; its result
         * (none for a void procedure, whose user inlet runs all the same)
         * belongs in c now. The join first: closure_apply reads it (a
         * shadow's is negative, and c's memory may have been one). */
        atomic_init(&c->join, 1);
        closure_apply(c, c->desc->sites[c->resume].inlet,
                      closure_site_dst(c, c->resume), result, 0);
        w->rel_youngest = c;
        STAT_INC(w, releases);
    }
    w->rel_top = c;
    STAT_INC(w, released);
}

/* Caller: the slow clone of f, which pushed f before the spawned call at
 * f->resume that came back released. */
void __cilkrt_release_bottom(void *wv, struct __cilk_frame *f)
{
    struct worker *w = wv;
    struct closure *c = (struct closure *)f;
    struct closure *parent;
    void *dst;
    __cilk_inlet_fn inlet;
    int gen, region, in_place;
    long pos;

    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(deque_tail(w)) - 1; /* c's entry */
    if (atomic_load(&w->head) <= t) {
        /* Still ours: c stays on the deque, waiting for the released
         * child, and is no longer what this worker runs. Counting the
         * child under the lock keeps a thief from taking c first. */
        region = closure_count_child(c, c->resume, &pos);
        in_place = closure_site_in_place(c, c->resume);
        atomic_store_explicit(&w->bottom, NULL, memory_order_relaxed);
        parent = c;
        dst = closure_site_delivery(c, c->resume);
        inlet = c->desc->sites[c->resume].inlet;
        gen = c->spawn_gen;
    } else {
        /* Stolen while the child ran: promote() counted the child and
         * recorded where its result goes (c may have moved on since). */
        parent = w->last_stolen;
        dst = w->last_dst;
        inlet = w->last_inlet;
        gen = w->last_gen;
        region = w->last_region;
        pos = w->last_pos;
        in_place = w->last_in_place;
        w->last_stolen = NULL; /* delivered through the release */
        worker_forget_stolen_bottom(w);
    }
    spin_unlock(&w->lock);
    release_finish(w, parent, dst, inlet, gen, region, pos, in_place);
}
