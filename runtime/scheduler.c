/* scheduler.c - the owner's side of the scheduler: the runtime entry
 * points that generated code calls on its rare paths (a failed pop, a
 * sync), running closures and computations' top frames, and each worker's
 * loop. Part of the scheduler layer (sched-layer.h), above steal.c.
 *
 * The protocol (Cilk-5's, with frames on the C stack):
 *   - A frame is on its worker's deque exactly while it is inside a spawn.
 *     Deque order is C-stack order, so a thief that steals the oldest frame
 *     always steals a frame whose parent was stolen before it (or is the
 *     closure at the bottom of the victim's stack).
 *   - Stealing frame E makes it a closure (a heap copy if E was on the C
 *     stack) whose parent and result slot come from the victim's promotion
 *     record; E's running child stays on the victim and counts in E's join.
 *   - When that child returns, E's pop fails (__cilkrt_pop_slow): the victim
 *     delivers the child's result into E's closure, joins, and unwinds: every
 *     frame below on its C stack was stolen too, so each one's pop fails and
 *     it returns at once, down to the scheduler.
 *   - A slow clone that syncs with children outstanding suspends; the last
 *     child to join resumes it (provably good steals).
 * In the lazy modes fast clones never push: a thief that finds a deque
 * empty asks its owner to release its C stack into closures (release.c),
 * which then wait on the owner's deque, each for the closure above it; when
 * the closure a worker runs completes or suspends, the worker pops and
 * continues its parent unless a thief took it. */
#include "closure.h"
#include "deque.h"
#include "hooks.h"
#include "hyper.h"
#include "idle.h"
#include "sched-layer.h"
#include "frame.h"
#include "worker.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

__thread struct worker *__cilkrt_tls_worker
    __attribute__((tls_model("initial-exec")));
/* The tail and the pop limit start cache lines of their own: thieves
 * write the limit and read the tail, the owner writes the tail and reads
 * the limit at every pop. */
__thread _Atomic(struct __cilk_frame **) __cilkrt_tls_tail
    __attribute__((tls_model("initial-exec"), aligned(64)));
__thread _Atomic(struct __cilk_frame **) __cilkrt_tls_pop_limit
    __attribute__((tls_model("initial-exec"), aligned(64)));
__thread unsigned char __cilkrt_prof_quiet
    __attribute__((tls_model("initial-exec")));
void (*sched_run_thread)(struct worker *w, struct closure *c);

/* The C entry point of a procedure with an sret result gave its caller's
 * memory for tmp and result: the top frame makes the result there, in
 * every case (cilk-abi.h: CILK_ABI_RESULT_ADDR). */
static int root_in_place(const struct root *r)
{
    return r->size && r->tmp == r->result;
}

/* A top frame stolen or released delivers its result into its root. */
static void root_inlet(void *dst, const void *result, void *frame)
{
    (void)frame;
    struct root *r = dst;
    if (result != r->result) /* not made in place */
        memcpy(r->result, result, r->size);
}

/* ---- Owner side of the deque ---- */

/* True if the child running on w above its youngest stolen frame (a
 * closure, not a computation's root) was abandoned or descends from an
 * abandoned child. Caller holds w->lock, under which last_stolen changes. */
static bool stolen_child_doomed(struct worker *w)
{
    struct closure *s = w->last_stolen;
    return s && s->desc &&
           (w->last_gen !=
                atomic_load_explicit(&s->abort_gen, memory_order_relaxed) ||
            closure_doomed(s));
}

/* True if the child running above w's youngest stolen frame, or else
 * above the closure w runs, descends from a child some procedure aborted.
 * Caller: w, holding w->lock (the bottom's spawn_gen is w's own write). */
static bool running_child_doomed(struct worker *w)
{
    if (w->last_stolen)
        return stolen_child_doomed(w);
    struct closure *b = atomic_load_explicit(&w->bottom, memory_order_relaxed);
    return b && (closure_doomed(b) ||
                 b->spawn_gen != atomic_load_explicit(&b->abort_gen,
                                                      memory_order_relaxed));
}

/* Ends an abort's stop (sched_stop_doomed): head is real again. Caller
 * holds w->lock. */
static void end_stop(struct worker *w)
{
    deque_set_head(w, w->stop_head);
    w->stop_head = NULL;
}

/* Eager mode, a pop under an abort's stop: the frame at t was not stolen.
 * If the child that just returned was doomed, so is every frame of its
 * stack that no thief took: each returns at once, its result dropped,
 * down to the youngest stolen frame, or to the closure w runs, which goes
 * on if the abort was its own (its inlet drops the stale result,
 * __cilkrt_apply) and is discarded if it is doomed too. Caller holds
 * w->lock; this releases it. */
static int pop_stopped(struct worker *w, struct __cilk_frame **t)
{
    struct closure *b = atomic_load_explicit(&w->bottom, memory_order_relaxed);
    bool own = *t == (struct __cilk_frame *)b; /* b's own spawn */
    if (w->unwinding) { /* a younger doomed frame returned */
        bool resume = own && w->resume_bottom;
        if (resume) {
            end_stop(w);
            w->unwinding = w->resume_bottom = false;
            w->unwind_tail = NULL;
        }
        spin_unlock(&w->lock);
        return resume ? CILK_POP_OK : CILK_POP_STOLEN;
    }
    if (!running_child_doomed(w) || (own && !closure_doomed(b))) {
        end_stop(w);
        spin_unlock(&w->lock);
        return CILK_POP_OK;
    }
    /* The youngest stolen frame's closure still counts the child that ran
     * here. Without one, the doomed child is b's: b goes on unless it is
     * doomed too, and then nobody else holds it. */
    struct closure *p = w->last_stolen;
    void *dst = w->last_dst;
    __cilk_inlet_fn inlet = w->last_inlet;
    int region = w->last_region;
    w->last_stolen = NULL;
    if (p)
        worker_forget_stolen_bottom(w);
    spin_unlock(&w->lock);
    w->unwinding = true;
    if (p) {
        if (hyper_on)
            hyper_deposit(w);
        closure_drop_delivery(p, inlet, dst);
        closure_join(w, p, region);
    } else if (closure_doomed(b)) {
        w->discard_bottom = true;
    } else {
        w->resume_bottom = true;
    }
    return CILK_POP_STOLEN;
}

/* Stress mode: w's head armed, it steals its own oldest entry before the
 * pop of the entry at t (sched_stress_armed_pop). Caller holds w->lock. */
static bool stress_pop(struct worker *w, struct __cilk_frame **t)
{
    return atomic_load_explicit(&w->armed_head, memory_order_relaxed) &&
           sched_stress_armed_pop(w, t);
}

/* pop_slow's decision (below) once w->lock is held, for the entry at t,
 * the tail (rearm: stress_pop's answer). Releases the lock. */
static int pop_locked(struct worker *w, struct __cilk_frame **t, bool rearm,
                      void *result, void *exn)
{
    if (w->stop_head && t >= w->stop_head) {
        int k = pop_stopped(w, t);
        if (k == CILK_POP_STOLEN && exn) /* an abort dropped the child */
            exn_hooks->drop(exn);
        return k;
    }
    if (atomic_load(&w->head) <= t) {
        if (rearm)
            sched_stress_arm(w);
        spin_unlock(&w->lock);
        return CILK_POP_OK;
    }
    /* A generated pop stores its frame's slot as the tail without reading
     * the tail back (CilkFast.cpp: popAtPushedSlot): in an unwinding each
     * frame's pop stores a lower one. The tail goes back to where the first
     * failed pop left it, head's place, as thieves and after_unwind's
     * reset expect. */
    if (!w->unwind_tail)
        w->unwind_tail = t + 1;
    atomic_store(deque_tail(w), w->unwind_tail);
    if (w->unwinding) { /* a younger frame already delivered */
        spin_unlock(&w->lock);
        if (exn)
            exn_hooks->drop(exn);
        return CILK_POP_STOLEN;
    }
    struct closure *p = w->last_stolen;
    void *dst = w->last_dst;
    __cilk_inlet_fn inlet = w->last_inlet;
    int gen = w->last_gen;
    int region = w->last_region;
    long pos = w->last_pos;
    w->last_stolen = NULL;
    worker_forget_stolen_bottom(w);
    spin_unlock(&w->lock);
    w->unwinding = true;
    if (hyper_on)
        hyper_deposit(w); /* the child's strand ends: its views go to p */
    if (exn) {
        closure_deposit_exn(p, exn, pos, region);
        closure_unwind_delivery(p, inlet, dst);
    } else {
        closure_apply(p, inlet, dst, result, gen);
    }
    closure_join(w, p, region);
    return CILK_POP_STOLEN;
}

/* The inline pop found head > tail (THE protocol: a thief may be taking the
 * frame). Resolve it under the lock. On failure the frame was stolen: give
 * its running child's result (*result, null if none), or the exception it
 * threw (handle exn, which this then owns), to the thief's closure and
 * start unwinding. */
static int pop_slow(struct worker *w, void *result, void *exn)
{
    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(deque_tail(w));
    return pop_locked(w, t, stress_pop(w, t), result, exn);
}

/* The generated pops' rare path: the tail they lowered (or the slot a
 * step left pushed, t) is below the pop limit (deque.h). While thieves
 * asked for fenced pops (deque_owner_fences), the locked decrement of the
 * count is the fence between the pop's store of the tail (the step's of
 * the resume index) and its read of head, and the last one puts the limit
 * back to head under the lock, so that no thief that relied on the
 * owner's fences is still in a claim when the unfenced pops begin. Only
 * the owner decrements, and only a count it read nonzero. A slow clone's
 * pop, fenced already, comes here only when head passed its tail, and
 * decrements the count as well. True: the entry at t is still the
 * owner's. */
static bool fenced_pop_ok(struct worker *w, struct __cilk_frame **t)
{
    if (!atomic_load_explicit(&w->fenced_pops, memory_order_relaxed))
        return false;
#if !defined(__x86_64__)
    /* x86's locked decrement is a full fence; C11 promises less of a
     * sequentially consistent read-modify-write on its own. */
    atomic_thread_fence(memory_order_seq_cst);
#endif
    if (atomic_fetch_sub(&w->fenced_pops, 1) == 1) {
        spin_lock(&w->lock);
        deque_sync_limit(w);
        spin_unlock(&w->lock);
    }
    return atomic_load(&w->head) <= t;
}

int __cilkrt_pop_slow(void *wv, void *result)
{
    struct worker *w = wv;
    if (fenced_pop_ok(w, atomic_load_explicit(deque_tail(w),
                                              memory_order_relaxed)))
        return CILK_POP_OK;
    return pop_slow(w, result, NULL);
}

/* The step between two spawns of one frame with nothing but arithmetic
 * between them (cilk-abi.h: CILK_ABI_POP_STEP): the frame's entry stayed
 * on the deque, the tail one above it, while the owner saved the next
 * spawn's values and stored its site as the frame's resume index. A thief
 * that took the frame before that store (the membarrier or the fenced pop
 * orders the owner's store before its read of the limit, as the tail's in
 * a pop) resumes after the first spawn: this pop fails as any would, and
 * the first child's result goes to the thief's closure. One that took it
 * after resumes after the next spawn, whose child is still to run here:
 * the owner goes on, and the pop after that child delivers its result. */
int __cilkrt_pop_step(void *wv, void *result)
{
    struct worker *w = wv;
    struct __cilk_frame **t =
        atomic_load_explicit(deque_tail(w), memory_order_relaxed) - 1;
    if (fenced_pop_ok(w, t))
        return CILK_POP_OK;
    spin_lock(&w->lock);
    bool rearm = stress_pop(w, t);
    /* Under an abort's stop, head is not a position (sched_stop_doomed). */
    struct __cilk_frame **h =
        w->stop_head ? w->stop_head : atomic_load(&w->head);
    if (h > t && !w->unwinding && w->last_site == (*t)->resume) {
        if (rearm)
            sched_stress_arm(w);
        spin_unlock(&w->lock);
        return CILK_POP_OK;
    }
    /* Otherwise the pop that the step stood for, and then the push. */
    atomic_store(deque_tail(w), t);
    int k = pop_locked(w, t, rearm, result, NULL);
    if (k == CILK_POP_OK)
        atomic_store_explicit(deque_tail(w), t + 1, memory_order_release);
    return k;
}

/* The pop after the call, on the path where the spawned call threw: the
 * same THE protocol as the inline pop (cilk-abi.h: CILK_ABI_POP_THREW). */
int __cilkrt_pop_threw(void *h)
{
    struct worker *w = __cilkrt_tls_worker;
    struct __cilk_frame **t = atomic_fetch_sub(deque_tail(w), 1) - 1;
    if (atomic_load(&w->head) <= t)
        return CILK_POP_OK;
    return pop_slow(w, NULL, h);
}

void __cilkrt_apply(void *wv, struct __cilk_frame *f, int site, void *result)
{
    (void)wv;
    struct closure *c = (struct closure *)f;
    __cilk_inlet_fn inlet = c->desc->sites[site].inlet;
    if (!(c->desc->flags & CILK_DESC_ATOMIC)) {
        closure_apply(c, inlet, closure_site_dst(c, site), result,
                      c->abort_gen);
        return;
    }
    /* The slow clone goes on holding the lock (CILK_DESC_ATOMIC). */
    spin_lock(&c->lock);
    closure_apply_locked(c, inlet, closure_site_dst(c, site), result,
                         c->spawn_gen);
}

/* A slow clone's sync: returns 0 to go on, 1 when the clone must return to
 * the scheduler because children are outstanding (the last one resumes it
 * at the sync's resume point, already stored in f->resume). A sync of
 * region d waits for the children of that region only, on its count
 * (closure.h: join for region 0, which a return's sync is: the syncs of
 * the regions it leaves came first). */
static int sync_region(struct worker *w, struct closure *c, int region)
{
    atomic_long *count = closure_count(c, region);
    /* The frame is not on the deque at a sync, so no new child can appear:
     * the count only goes down while we look. */
    if (atomic_load_explicit(count, memory_order_acquire) == 1) {
        if (c->hyper)
            hyper_synced(w, c, region);
        return 0;
    }
    /* Reducers: the views go to c's epoch before the token does (the last
     * child may resume c at once, elsewhere, and merge them). */
    if (hyper_on)
        hyper_suspend(w, c, region);
    /* Once the token is given, the last child may resume c elsewhere, and
     * c may end and be freed before w's stack has unwound: bottom stops
     * naming c first (sched_stop_doomed walks from a victim's bottom under
     * its lock), and names it again only if c goes on here. */
    spin_lock(&w->lock);
    struct closure *b = atomic_load_explicit(&w->bottom, memory_order_relaxed);
    atomic_store_explicit(&w->bottom, NULL, memory_order_relaxed);
    bool last = atomic_fetch_sub_explicit(count, 1, memory_order_acq_rel) == 1;
    if (last)
        atomic_store_explicit(&w->bottom, b, memory_order_relaxed);
    spin_unlock(&w->lock);
    if (last) {
        atomic_store_explicit(count, 1, memory_order_relaxed);
        if (c->hyper) {
            c->hyper->suspended = false;
            hyper_synced(w, c, region);
        }
        return 0;
    }
    w->suspended = true;
    STAT_INC(w, suspensions);
    return 1;
}

int __cilkrt_sync(void *wv, struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    return sync_region(wv, c, closure_site_region(c, c->resume));
}

/* ---- C++ exceptions (cilk-abi.h: CILK_ABI_EXN_*) ---- */

/* Every region's sync, the deepest first, as the syncs of a return that
 * leaves them all would: a landing pad's cleanups may end what children
 * use. Suspended at region d, f resumes here and starts again; the
 * regions after d have no child outstanding then. */
int __cilkrt_sync_threw(void *wv, struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    for (int d = c->desc->nregions; d >= 0; d--)
        if (sync_region(wv, c, d))
            return 1;
    return 0;
}

/* keep, pending and rethrow_pending are called by f's slow clone. That of
 * a procedure with inlets or abort (CILK_DESC_ATOMIC) holds f's lock
 * while its code runs (llvm-pass/CilkSlow.cpp), these calls included; the
 * others do not. */
static bool code_holds_lock(struct closure *c)
{
    return c->desc->flags & CILK_DESC_ATOMIC;
}

void __cilkrt_exn_keep(struct __cilk_frame *f, void *h)
{
    struct closure *c = (struct closure *)f;
    bool held = code_holds_lock(c);
    if (!held)
        spin_lock(&c->lock);
    closure_keep_own_exn_locked(c, h);
    if (!held)
        spin_unlock(&c->lock);
}

int __cilkrt_exn_pending(struct __cilk_frame *f, int region)
{
    struct closure *c = (struct closure *)f;
    bool held = code_holds_lock(c);
    if (!held)
        spin_lock(&c->lock);
    bool pending = closure_exn_pending_locked(c, region);
    if (!held)
        spin_unlock(&c->lock);
    return pending;
}

void __cilkrt_rethrow_pending(struct __cilk_frame *f, int region)
{
    struct closure *c = (struct closure *)f;
    bool held = code_holds_lock(c);
    if (!held)
        spin_lock(&c->lock);
    struct exn_rec *drop;
    void *h = closure_take_exn_locked(c, region, &drop);
    spin_unlock(&c->lock); /* the destructors of those dropped run free */
    closure_free_exns(drop);
    if (held)
        spin_lock(&c->lock);
    exn_hooks->rethrow(h);
}

void __cilkrt_top_threw(void *h)
{
    __cilkrt_tls_worker->top_exn = h;
}

/* ---- Scheduling ---- */

/* w's C stack is empty again (a slow clone or a computation's top frame
 * returned): end an abort's stop and forget the promotion record. An
 * eager deque is empty now, whatever the doomed frames left on it. */
static void stack_returned(struct worker *w)
{
    spin_lock(&w->lock);
    deque_disarm(w);
    atomic_store_explicit(&w->bottom, NULL, memory_order_relaxed);
    w->last_stolen = NULL;
    if (w->stop_head) {
        w->stop_head = NULL;
        atomic_store(deque_tail(w), w->deque);
        deque_set_head(w, w->deque);
    }
    spin_unlock(&w->lock);
}

/* The C stack unwound because its frames were stolen (eager) or released;
 * the deque holds nothing, or (released) closures that wait. */
static void after_unwind(struct worker *w)
{
    w->unwinding = false;
    w->unwind_tail = NULL;
    w->released = false;
    w->discard_bottom = w->resume_bottom = false;
    deque_reset_if_empty(w);
}

/* c descends from a child some procedure aborted: drop it instead of
 * running it. Its tokens go, one count after the other, the deepest
 * region's first, as its syncs would: with children of a region still
 * out, the last of them brings c back here (the count it gave is 1 again,
 * as are those of the regions before it). Its parent is joined without a
 * result. */
static void discard(struct worker *w, struct closure *c)
{
    STAT_INC(w, discarded);
    for (int d = c->desc->nregions; d >= 0; d--) {
        atomic_long *count = closure_count(c, d);
        if (atomic_fetch_sub_explicit(count, 1, memory_order_acq_rel) != 1)
            return;
        atomic_store_explicit(count, 1, memory_order_relaxed);
    }
    struct closure *p = c->parent;
    int region = c->region;
    closure_drop_delivery(p, c->inlet, c->dst);
    void *exn = closure_take_exn(c);
    if (exn)
        exn_hooks->drop(exn);
    hyper_drop(c);
    frame_free(w, c, c->desc->size);
    closure_join(w, p, region);
}

/* True if v may run work doomed by an abort of f: the closure at the
 * bottom of its stack is f (which may be in a child spawned before the
 * abort) or descends from an abandoned child, or the child running above
 * the youngest frame thieves took from v does. Caller holds v->lock (v
 * clears bottom and last_stolen under it before either dies) and f's. */
static bool may_run_doomed(struct worker *v, struct closure *f)
{
    struct closure *b = atomic_load_explicit(&v->bottom, memory_order_acquire);
    return (b && (b == f || closure_doomed(b))) || stolen_child_doomed(v);
}

void sched_stop_doomed(struct closure *f)
{
    int n = atomic_load_explicit(&sched_pool.nvictims, memory_order_acquire);
    for (int i = 0; i < n; i++) {
        struct worker *v = sched_pool.workers[i];
        spin_lock(&v->lock);
        deque_disarm(v); /* a stop's head replaces it */
        if (may_run_doomed(v, f)) {
            atomic_int *cf = atomic_load_explicit(&v->cf, memory_order_acquire);
            if (cf)
                sched_attempt_steal(cf); /* lazy: release at the next check */
            if (sched_pool.eager && !v->stop_head) {
                /* Make v's next pop fail; pop_stopped decides. */
                v->stop_head = atomic_load(&v->head);
                deque_set_head(v, DEQUE_NO_LIMIT);
            }
        }
        spin_unlock(&v->lock);
    }
}

void sched_run_closure(struct worker *w, struct closure *c)
{
    if (!c->desc) { /* a root: its top frame's result has arrived */
        sched_root_finish((struct root *)c);
        return;
    }
    __cilkrt_prof_quiet = 0; /* what the closure enters is not quiet */
    if (c->desc->flags & CILK_DESC_THREAD) {
        sched_run_thread(w, c);
    } else if (atomic_load_explicit(&closure_aborts_seen,
                                    memory_order_relaxed) &&
               closure_doomed(c)) {
        discard(w, c);
    } else {
        /* Release: sched_stop_doomed walks c's parent links from here. */
        atomic_store_explicit(&w->bottom, c, memory_order_release);
        w->suspended = false;
        w->prof_last_ok = false;
        if (hyper_on)
            hyper_enter(w, c);
        sched_stress_self(w, 75);
        c->desc->slow((struct __cilk_frame *)c);
        stack_returned(w);
        if (w->unwinding || w->released) {
            bool doomed = w->discard_bottom;
            after_unwind(w);
            if (doomed)
                discard(w, c);
        } else if (!w->suspended) {
            closure_complete(w, c);
        }
    }
    /* Lazy modes: c's parent may wait on this deque (it is the youngest
     * entry); it continues here unless a thief took it. */
    if (!w->next)
        w->next = deque_pop(w);
}

void sched_run(struct worker *w, struct closure *c)
{
    stack_returned(w); /* as in the scheduler's loop: nothing below */
    while (c) {
        sched_run_closure(w, c);
        c = w->next;
        w->next = NULL;
    }
}

/* Starts root r's top frame on w, whose deque is empty: r is the parent
 * that a thief stealing the frame (or a release reaching it) links to. */
void sched_run_root(struct worker *w, struct root *r)
{
    spin_lock(&w->lock);
    w->last_stolen = &r->c;
    w->last_dst = r;
    w->last_inlet = root_inlet;
    w->last_gen = 0;
    w->last_region = 0;
    w->last_pos = 0;
    w->last_in_place = root_in_place(r);
    w->last_site = 0;
    spin_unlock(&w->lock);
    hyper_root_enter(w, r->hseg);
    sched_stress_self(w, 100); /* the top frame's first check releases */
    w->prof_top = true;
    w->prof_last_ok = false;
    __cilkrt_prof_quiet = 0;
    r->thunk(r->args);
    if (w->top_exn) { /* not stolen nor released: it threw */
        closure_deposit_exn(&r->c, w->top_exn, 0, 0);
        w->top_exn = NULL;
    }
    stack_returned(w);
    if (w->rel_top) /* the top frame was released; its closure goes on */
        release_finish(w, &r->c, r, root_inlet, 0, 0, 0, root_in_place(r));
    if (w->unwinding || w->released) {
        after_unwind(w); /* stolen or released */
        return;
    }
    if (hyper_on)
        hyper_deposit(w);
    if (r->tmp != r->result)
        memcpy(r->result, r->tmp, r->size);
    sched_root_finish(r);
}

void sched_loop(struct worker *w)
{
    struct idle idle = {0};
    while (!atomic_load_explicit(&sched_pool.done, memory_order_acquire)) {
        struct closure *c = w->next;
        w->next = NULL;
        if (!c) {
            /* Idle: a steal attempt made against us is moot. */
            int attempted = CILK_CF_STEAL_ATTEMPTED;
            atomic_compare_exchange_strong(&__cilkrt_tls_cf, &attempted,
                                           CILK_CF_NORMAL);
            struct root *r = sched_take_root();
            if (r) {
                idle_found(&idle);
                sched_run_root(w, r);
                continue;
            }
            idle_seek(&idle, sched_pool.eager, sched_pool.stress);
            c = sched_steal(w);
            if (!c && dist_hooks)
                c = dist_hooks->take(false);
            if (c)
                idle_found(&idle);
        }
        if (c) {
            sched_run_closure(w, c);
            continue;
        }
        if (sched_pool.forked)
            sched_fork_stop(); /* what is left ran on workers that are gone */
        if (!atomic_load_explicit(&sched_pool.active_roots, memory_order_relaxed)) {
            sched_idle_wait();
            continue;
        }
        idle_failed(&idle, sched_pool.eager, sched_pool.stress);
    }
}

/* ---- The bottom of a release (release.c) ---- */

/* c, released with its child outstanding, gave the token of that child's
 * region at its release (release.c: its continuation would wait at a sync
 * of the region at once): the child that completes resumes it, as it
 * would a closure suspended at that sync, and no thief is to take it. */
static bool release_waits(struct closure *c)
{
    return atomic_load_explicit(
               closure_count(c, closure_site_region(c, c->resume)),
               memory_order_relaxed) == 1;
}

void release_finish(struct worker *w, struct closure *parent, void *dst,
                    __cilk_inlet_fn inlet, int gen, int region, long pos,
                    int in_place)
{
    struct closure *young = w->rel_youngest, *old = w->rel_top;
    old->parent = parent;
    old->parent_gen = gen;
    old->region = region;
    old->pos = pos;
    closure_place_result(old, in_place);
    old->dst = dst;
    old->inlet = inlet;

    /* The closures to push: all but the youngest, and but those that
     * wait for their child (release_waits). */
    size_t n = 0, k = 0; /* links from the youngest down to old; pushes */
    for (struct closure *c = young; c != old; c = c->parent) {
        n++;
        k += !release_waits(c->parent);
    }
    deque_reset_if_empty(w);
    _Atomic(struct __cilk_frame **) *tail = deque_tail(w);
    struct __cilk_frame **t = atomic_load_explicit(tail, memory_order_relaxed);
    /* The chain's depths, the oldest's one more than its parent's. One
     * too deep for a stack is unbounded recursion that releases moved off
     * the stack: stop as the stack's overflow would have (on one worker
     * the deque would overflow next, on several the heap would grow). */
    closure_link_depth(old);
    if ((size_t)old->depth + n > (size_t)sched_max_depth() ||
        t + k > w->deque_last)
        sched_out_of_stack(w);
    size_t i = k, d = n;
    for (struct closure *c = young->parent; d > 0; c = c->parent) {
        c->depth = old->depth + (int)--d; /* d links above old */
        if (!release_waits(c))
            t[--i] = (struct __cilk_frame *)c;
    }
    young->depth = old->depth + (int)n;
    /* Release: a thief that sees the new tail sees the entries and the
     * closures' contents. */
    atomic_store_explicit(tail, t + k, memory_order_release);
    if (k)
        idle_wake_one(); /* a parked thief's request may be what this serves */

    w->rel_youngest = w->rel_top = NULL;
    w->next = young;
    w->released = true;
    atomic_store_explicit(&__cilkrt_tls_cf, CILK_CF_NORMAL,
                          memory_order_relaxed);
    sched_stress_released(w);
}
