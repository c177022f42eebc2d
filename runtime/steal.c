/* steal.c - the thief's side: taking the oldest entry of a victim's deque
 * and making it a closure (promote), asking a victim whose deque is empty
 * to release its stack, and stress mode's steals. Part of the scheduler
 * layer (sched-layer.h), above registry.c and stack.c; the scheduling loop
 * (scheduler.c) and the pool (pool.c) call it. */
#include "closure.h"
#include "deque.h"
#include "fence.h"
#include "hyper.h"
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

/* ---- Thief side ---- */

/* Copies stack frame e, claimed from its owner, into c. The owner may be
 * at a step (scheduler.c: __cilkrt_pop_step), saving the next spawn's
 * values into e and then storing that spawn's site as e's resume index
 * (a release store): the index is read first, with acquire, so that a
 * thief that reads the new one reads the values saved before it; with the
 * old one, the values being saved are dead at the old site, and the copy
 * is of atomic words (the owner writes them as it copies, never torn). */
static void copy_stack_frame(struct closure *c, struct __cilk_frame *e,
                             size_t size)
{
    int resume = __atomic_load_n(&e->resume, __ATOMIC_ACQUIRE);
    uint64_t *to = (uint64_t *)c;
    const uint64_t *from = (const uint64_t *)e;
    size_t n = size / sizeof *to;
    for (size_t i = 0; i < n; i++)
        to[i] = __atomic_load_n(&from[i], __ATOMIC_RELAXED);
    memcpy(to + n, from + n, size % sizeof *to); /* none: frames are whole words */
    c->resume = resume;
}

/* Makes the stolen entry e of victim v a closure. Caller holds v->lock;
 * w is the thief, or null for a thread that is no worker (dist.c's
 * communicator, the stress thread). *made, unless made is null: e became
 * a closure here (a frame copied into the heap, or a heap frame), as STAT
 * closures counts. */
static struct closure *promote(struct worker *w, struct worker *v,
                               struct __cilk_frame *e, bool *made)
{
    struct closure *c;
    const struct __cilk_desc *d = e->desc;
    bool released = false;
    int child_region = 0;
    long pos = 0;
    if (made)
        *made = false;
    if (d->flags & CILK_DESC_THREAD) /* threads.c: no frame, no parent */
        return (struct closure *)e;
    if ((struct closure *)e ==
        atomic_load_explicit(&v->bottom, memory_order_relaxed)) {
        /* v is running e's slow clone: e already is a closure. */
        c = (struct closure *)e;
        child_region = closure_count_child(c, c->resume, &pos);
    } else if (d->flags & CILK_DESC_LAZY) {
        /* Released (release.c): a closure that counts its child (in the
         * count of the region of the spawn at c->resume). */
        c = (struct closure *)e;
        released = true;
    } else {
        if (d->flags & CILK_DESC_HEAP_FRAME) {
            c = (struct closure *)e;
        } else {
            c = w ? frame_alloc(w, d->size)
                  : frame_alloc_heap(frame_size_class(d->size));
            copy_stack_frame(c, e, (size_t)d->size);
        }
        c->parent = v->last_stolen;
        c->dst = v->last_dst;
        c->inlet = v->last_inlet;
        atomic_init(&c->join, 1); /* its token */
        closure_init_gens(c, v->last_gen);
        c->region = v->last_region;
        c->pos = v->last_pos;
        closure_place_result(c, v->last_in_place);
        closure_init_regions(c);
        /* the child running on v */
        child_region = closure_count_child(c, c->resume, &pos);
        closure_link_depth(c);
        if (c->depth > sched_max_depth())
            sched_out_of_stack(v); /* the chain grew from v's stack */
        if (made)
            *made = true;
        if (w)
            STAT_INC(w, closures);
    }
    hyper_steal(v, c);
    /* A released closure's child is the closure above it, linked at the
     * release: nothing delivers through the promotion record. */
    if (released)
        return c;
    v->last_gen = c->spawn_gen;
    v->last_region = child_region;
    v->last_pos = pos;
    v->last_in_place = closure_site_in_place(c, c->resume);
    v->last_site = c->resume;
    v->last_stolen = c;
    v->last_dst = closure_site_delivery(c, c->resume);
    v->last_inlet = c->desc->sites[c->resume].inlet;
    return c;
}

/* An unsuccessful steal attempt against the owner of control-flow word cf.
 * Only NORMAL moves: a release under way must not be disturbed. */
void sched_attempt_steal(atomic_int *cf)
{
    int normal = CILK_CF_NORMAL;
    atomic_compare_exchange_strong_explicit(cf, &normal,
                                            CILK_CF_STEAL_ATTEMPTED,
                                            memory_order_relaxed,
                                            memory_order_relaxed);
}

/* Lazy modes: ask v to release its C stack (an unsuccessful steal
 * attempt). A guest's word lives in the thread-local storage of a thread
 * that may leave, and a caller that is no worker (dist.c's communicator)
 * may outlive the workers: with `locked`, v's lock keeps the word alive
 * while we write it (a worker clears it under the lock before it exits). */
void sched_request_release(struct worker *v, bool locked)
{
    locked |= v->guest;
    if (locked)
        spin_lock(&v->lock);
    atomic_int *cf = atomic_load_explicit(&v->cf, memory_order_acquire);
    if (cf)
        sched_attempt_steal(cf);
    if (locked)
        spin_unlock(&v->lock);
}

uint64_t sched_xorshift(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

uint64_t sched_next_random(struct worker *w)
{
    return sched_xorshift(&w->rng);
}

static bool is_thread(struct __cilk_frame *e)
{
    return e->desc->flags & CILK_DESC_THREAD;
}

/* Whether closure c is top or descends from it (parent links end at a
 * closure without a descriptor: a computation's root, or the parent of a
 * frame that came from another process). */
static bool descends(const struct closure *c, const struct closure *top)
{
    for (; c; c = c->parent) {
        if (c == top)
            return true;
        if (!c->desc)
            return false;
    }
    return false;
}

/* Whether v's deque entry e would become a closure that descends from top
 * (a procedure's: e itself if it is a closure already, else a frame whose
 * parent is v->last_stolen, as promote links it). Caller holds v->lock and
 * has claimed e: e cannot end while it is on the deque, nor last_stolen
 * before v clears it under the lock, nor an ancestor of either before
 * the child it waits for joins it. (v->bottom, by contrast, may name a
 * closure another worker has completed while v unwinds.) */
static bool entry_within(struct worker *v, struct __cilk_frame *e,
                         const struct closure *top)
{
    if (is_thread(e))
        return false;
    if ((struct closure *)e ==
            atomic_load_explicit(&v->bottom, memory_order_relaxed) ||
        (e->desc->flags & CILK_DESC_LAZY))
        return descends((struct closure *)e, top);
    return descends(v->last_stolen, top);
}

/* Claims the oldest entry of v's deque, as a thief does, if ok(entry)
 * accepts it (a null ok accepts any) and, for a non-null top, it descends
 * from top (entry_within): returns it with v->lock held, or null with the
 * lock released (the owner popped it first, v's deque is being stopped,
 * or the entry was refused). */
static inline struct __cilk_frame *claim_oldest(struct worker *v,
                                                bool (*ok)(struct __cilk_frame *),
                                                const struct closure *top)
{
    spin_lock(&v->lock);
    bool armed = atomic_load_explicit(&v->armed_head, memory_order_relaxed);
    deque_disarm(v);
    if (v->stop_head) { /* head is not a position now (sched_stop_doomed) */
        spin_unlock(&v->lock);
        return NULL;
    }
    struct __cilk_frame **h = atomic_load(&v->head);
    _Atomic(struct __cilk_frame **) *tail = deque_tail(v); /* fixed: lock */
    bool took = false;
    /* An empty deque is left as it is (raising head would send an owner
     * that pops meanwhile to pop_slow); a tail read before head is raised
     * is only a hint, which may refuse but never decides a claim. */
    if (h < atomic_load(tail)) {
        /* Eager mode's generated pops have no fence of their own unless a
         * recent steal asked for it (deque_owner_fences): if not, a remote
         * fence stands for theirs (fence.h), and only a tail read after it
         * decides; one read before it may still refuse. */
        bool remote = sched_pool.eager && !(fence_handback_on() &&
                                            deque_owner_fences(v));
        v->claim_from = h;
        deque_set_head(v, h + 1);
        struct __cilk_frame **t = atomic_load(tail);
        if (remote && h + 1 <= t) {
            if (fence_handback_on())
                deque_ask_owner_fences(v);
            fence_remote();
            t = atomic_load(tail);
            v->stats.fences++;
        }
        /* The entry is ours once the owner cannot be popping it; only
         * then may we look at it (a popped one may be freed already). */
        took = h + 1 <= t && (!ok || ok(*h)) &&
               (!top || entry_within(v, *h, top));
        if (!took)
            deque_set_head(v, h);
        v->claim_from = NULL; /* after head is back: fork() (registry.c) */
    }
    if (!took) {
        if (armed)
            sched_stress_arm(v); /* nothing taken: the owner's steal still comes */
        spin_unlock(&v->lock);
        return NULL;
    }
    return *h;
}

/* A steal attempt against a random victim; threads_only: take the oldest
 * entry only if it is a thread's closure (threads.c), and ask for no
 * release; a non-null top: take it (or a closure stress mode holds) only
 * if it descends from top (a release asked of a victim that runs other
 * work costs it a release, as any thief's does). */
static struct closure *steal_from_random(struct worker *w, bool threads_only,
                                         const struct closure *top)
{
    int n = atomic_load_explicit(&sched_pool.nvictims, memory_order_acquire);
    if (n < 2)
        return NULL;
    int k = (int)(sched_next_random(w) % (uint64_t)(n - 1));
    struct worker *v = sched_pool.workers[k >= w->id ? k + 1 : k];
    STAT_INC(w, steal_attempts);
    struct closure *c = sched_pool.stress && !threads_only
                            ? sched_take_held(w, v, false, NULL, top)
                            : NULL;
    if (c)
        return c;
    if (deque_looks_empty(v)) {
        if (!threads_only)
            sched_request_release(v, false);
        STAT_INC(w, empty);
        return NULL;
    }
    struct __cilk_frame *e =
        claim_oldest(v, threads_only ? is_thread : NULL, top);
    if (!e)
        return NULL;
    c = promote(w, v, e, NULL);
    spin_unlock(&v->lock);
    STAT_INC(w, steals);
    return c;
}

/* ---- Stress mode's steals ----
 *
 * In stress mode frames are stolen far more often than real thieves would
 * steal them, in every mode, on one worker too, however seldom a busy
 * machine lets the thieves run: frames become closures, pops fail and
 * continuations run in slow clones thousands of times. The steals:
 *   - the stress thread's (stress_main): one to four of the oldest entries
 *     of every worker's deque, every 50-100 us, wherever the worker is;
 *   - eager mode: a worker starting a closure (or a computation) arms a
 *     steal of its own (stress_self, stress_arm): its next pop goes to
 *     __cilkrt_pop_slow, which takes the oldest entry of its own deque as
 *     a thief would, and arms again with probability 7/8; so the first
 *     pop of every computation steals, and each steal's continuation, when
 *     it runs, starts more;
 *   - the lazy modes: after each release, the worker takes the oldest
 *     entry of its own deque, or if it has none the closure it would have
 *     resumed (sched_stress_released); so the first release of every
 *     computation steals.
 * What is stolen from a worker is held by that worker (worker.h: held)
 * until a thief takes it, the oldest first, as it would take the deque's
 * oldest entry, or the worker itself does, the youngest first, when its
 * scheduler looks for work (steal): on one worker, once its C stack has
 * unwound, and the continuations run in the serial order. Held work is
 * never left for others only: a worker that waited for other workers to
 * run what was stolen from it could wait forever (a search that only an
 * abort ends, with every other worker busy in a subtree the abort is to
 * stop). Threads' closures are not taken (a worker that waits for a
 * thread's result runs only threads: threads.c). A guest takes its own
 * held closures back while it waits for its computation
 * (sched_run_guest): its thread may be what the workers wait for. */

static bool is_procedure(struct __cilk_frame *e)
{
    return !is_thread(e);
}

/* Adds c, stolen from v, as v's youngest held closure; made: the stress
 * thread made it a closure, and whoever runs it counts that. Caller holds
 * v->lock. */
static void hold(struct worker *v, struct closure *c, bool made)
{
    if (v->held_end == v->held_cap) {
        unsigned n = v->held_end - v->held_first;
        if (v->held_first) { /* room below: move down */
            memmove(v->held, v->held + v->held_first, n * sizeof *v->held);
        } else {
            v->held_cap = v->held_cap ? 2 * v->held_cap : 64;
            v->held = realloc(v->held, v->held_cap * sizeof *v->held);
            if (!v->held)
                abort();
        }
        v->held_first = 0;
        v->held_end = n;
    }
    v->held[v->held_end++] = (struct held){c, made};
    atomic_fetch_add_explicit(&v->nheld, 1, memory_order_relaxed);
}

/* Takes v's youngest (owner) or oldest (thief) held closure, if ok
 * accepts it (a null ok accepts any), or null: a successful steal of w's,
 * or of a thread that is no worker (null w: dist.c's communicator). */
struct closure *sched_take_held(struct worker *w, struct worker *v,
                                 bool youngest,
                                 bool (*ok)(struct __cilk_frame *),
                                 const struct closure *top)
{
    if (!atomic_load_explicit(&v->nheld, memory_order_relaxed))
        return NULL;
    struct held h = {NULL, false};
    spin_lock(&v->lock);
    if (v->held_first < v->held_end) {
        unsigned i = youngest ? v->held_end - 1 : v->held_first;
        struct closure *c = v->held[i].c;
        if ((!ok || ok((struct __cilk_frame *)c)) &&
            (!top || (!is_thread((struct __cilk_frame *)c) && descends(c, top)))) {
            h = v->held[i];
            if (youngest)
                v->held_end--;
            else
                v->held_first++;
            if (v->held_first == v->held_end)
                v->held_first = v->held_end = 0;
            atomic_fetch_sub_explicit(&v->nheld, 1, memory_order_relaxed);
        }
    }
    spin_unlock(&v->lock);
    if (!h.c || !w)
        return h.c;
    STAT_INC(w, steals);
    if (h.made) {
        STAT_INC(w, closures);
        /* A copy from the heap (a heap frame was counted where it was
         * allocated); frame_free counts it out wherever it ends. */
        if (!(h.c->desc->flags & CILK_DESC_HEAP_FRAME) &&
            ++w->stats.live > w->stats.max_live)
            w->stats.max_live = w->stats.live;
    }
    return h.c;
}

/* The stress thread: takes up to n of v's oldest entries. A guest asleep
 * in sched_run_guest wakes to run them, should no thief take them. */
void sched_stress_steal(struct worker *v, unsigned n)
{
    bool took = false;
    while (n-- && !deque_looks_empty(v)) {
        struct __cilk_frame *e = claim_oldest(v, is_procedure, NULL);
        if (!e)
            break;
        bool made;
        struct closure *c = promote(NULL, v, e, &made);
        hold(v, c, made);
        spin_unlock(&v->lock);
        took = true;
    }
    if (took && v->guest) {
        pthread_mutex_lock(&sched_pool.mu);
        pthread_cond_broadcast(&sched_pool.root_cv);
        pthread_mutex_unlock(&sched_pool.mu);
    }
}

/* Makes w's next pop go to __cilkrt_pop_slow (worker.h: armed_head), but
 * not under an abort's stop. Caller holds w->lock. */
void sched_stress_arm(struct worker *w)
{
    if (w->stop_head ||
        atomic_load_explicit(&w->armed_head, memory_order_relaxed))
        return;
    atomic_store_explicit(&w->armed_head, atomic_load(&w->head),
                          memory_order_relaxed);
    deque_set_head(w, DEQUE_NO_LIMIT);
}

/* w takes the oldest entry of its own deque, if it lies below limit and
 * is a procedure's, as a thief would, and holds it (counted in w's
 * stats). Returns whether it took one. Caller: w, holding w->lock, its
 * head disarmed. */
static bool steal_own_oldest(struct worker *w, struct __cilk_frame **limit)
{
    struct __cilk_frame **h = atomic_load(&w->head);
    if (h >= limit || !is_procedure(*h))
        return false;
    deque_set_head(w, h + 1);
    hold(w, promote(w, w, *h, NULL), false);
    return true;
}

/* w's pop (of the entry at t) found its head armed: w steals the oldest
 * entry of its own deque as a thief would, before the pop goes on, which
 * fails if that entry was the one at t. Returns true if the pop, should
 * it succeed, is to arm the next steal (7 times in 8 after a steal: a run
 * of steals averages 8, and the oldest entries are the outermost frames,
 * whose continuations run late; with 1 in 2, fib(25) on one worker saw a
 * few dozen steals, with 7 in 8 thousands, at no cost in time worth the
 * name). Caller: w, holding w->lock. */
bool sched_stress_armed_pop(struct worker *w, struct __cilk_frame **t)
{
    deque_disarm(w);
    return steal_own_oldest(w, t + 1) && sched_next_random(w) % 8 != 0;
}

void sched_stress_released(struct worker *w)
{
    if (!sched_pool.stress)
        return;
    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(deque_tail(w));
    if (atomic_load(&w->head) < t) {
        steal_own_oldest(w, t);
    } else {
        /* Nothing pushed: the youngest closure released is the only one
         * to run (any other waits for its child, release.c). It goes on
         * elsewhere, w's segment with it; the closures waiting on w's
         * deque keep theirs. */
        if (hyper_on) {
            for (struct __cilk_frame **e = atomic_load(&w->head); e < t; e++)
                if (is_procedure(*e))
                    hyper_waits(w, (struct closure *)*e);
            hyper_migrate(w, w->next);
        }
        hold(w, w->next, false);
        w->next = NULL;
    }
    spin_unlock(&w->lock);
}

struct closure *sched_steal(struct worker *w)
{
    struct closure *c = NULL;
    if (sched_pool.stress && (c = sched_take_held(w, w, true, NULL, NULL)))
        STAT_INC(w, steal_attempts);
    return c ? c : steal_from_random(w, false, NULL);
}

struct closure *sched_steal_thread(struct worker *w)
{
    return steal_from_random(w, true, NULL);
}

struct closure *sched_steal_within(struct worker *w, const struct closure *top)
{
    return steal_from_random(w, false, top);
}

struct closure *sched_take_oldest(unsigned first,
                                  bool (*wanted)(struct __cilk_frame *e))
{
    int n = atomic_load_explicit(&sched_pool.nvictims, memory_order_acquire);
    for (int i = 0; i < n; i++) {
        struct worker *v = sched_pool.workers[(first + (unsigned)i) % (unsigned)n];
        struct closure *c = sched_pool.stress ? sched_take_held(NULL, v, false, wanted, NULL) : NULL;
        if (c)
            return c; /* stress: older than v's deque's entries */
        /* No deque_looks_empty first: the caller (dist.c's communicator)
         * may outlive the workers, whose tails only v's lock keeps. */
        struct __cilk_frame *e = claim_oldest(v, wanted, NULL);
        if (e) {
            struct closure *c = promote(NULL, v, e, NULL);
            spin_unlock(&v->lock);
            return c;
        }
    }
    /* Lazy modes: as a thief that finds nothing, ask the first for a
     * release, so that the next call finds its frames. */
    if (n)
        sched_request_release(sched_pool.workers[first % (unsigned)n], true);
    return NULL;
}

/* Stress mode: as a closure starts on w, with probability `percent`,
 * make a steal attempt against w itself, so even a single worker releases
 * at its next check, again and again (with the timer below, this makes
 * thousands of releases in a test of a few milliseconds), or in eager mode
 * arm a steal of its own at its next pop. */
void sched_stress_self(struct worker *w, unsigned percent)
{
    if (!sched_pool.stress || sched_next_random(w) % 100 >= percent)
        return;
    if (!sched_pool.eager) {
        sched_attempt_steal(&__cilkrt_tls_cf);
        return;
    }
    spin_lock(&w->lock);
    sched_stress_arm(w);
    spin_unlock(&w->lock);
}

