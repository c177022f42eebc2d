/* scheduler.c - workers, work stealing, and the runtime entry points that
 * generated code calls on its rare paths.
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
#include "idle.h"
#include "scheduler.h"
#include "dist.h"
#include "hyper.h"
#include "units.h"
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

/* Deep spawn chains recurse on the worker's C stack (--stack, CILK_STACK),
 * and every frame on the deque is a frame on that stack: a frame takes at
 * least 16 bytes (a return address and one saved register), so a deque of
 * stack/16 entries cannot fill before the stack does. Both are reserved,
 * not committed: untouched pages cost nothing. */
static size_t stack_bytes = (size_t)64 << 20;
#define MIN_FRAME_BYTES 16
/* Below each worker's stack; large enough that a frame of a few KiB cannot
 * jump over it. */
#define STACK_GUARD (256u << 10)

/* The pool's workers (0 .. nworkers-1), then the slots of guests: threads
 * outside the pool that run a computation of their own (sched_run_guest).
 * Slots are made as needed and kept; thieves pick victims among the first
 * nvictims entries. */
enum { MAX_GUESTS = 256 };
static struct worker **workers;
static int nworkers;
static atomic_int nvictims;
static int nguests;                   /* slots made; guarded by pool_mu */
static bool guest_busy[MAX_GUESTS];   /* guarded by pool_mu */
static pthread_t *threads;
static atomic_int done; /* sched_stop: every worker leaves its loop */

/* The pool's mutex guards the queue of submitted roots, `finished` in each
 * root, and the changes of active_roots; workers sleep on work_cv while no
 * computation is active, submitters on root_cv until theirs finishes. */
static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_cv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t root_cv = PTHREAD_COND_INITIALIZER;
static struct root *queue_head, **queue_tail = &queue_head;
static atomic_int queued_roots; /* roots in the queue (read without the lock) */
static atomic_int active_roots; /* submitted and not finished */
static bool started, stopped;

/* A top frame stolen or released delivers its result into its root. */
static void root_inlet(void *dst, const void *result, void *frame)
{
    (void)frame;
    struct root *r = dst;
    memcpy(r->result, result, r->size);
}

static int stress; /* CILK_STRESS */
static bool eager; /* the program's frames are pushed at each spawn */
static bool stress_armed_pop(struct worker *w, struct __cilk_frame **t);
static void stress_arm(struct worker *w);
static struct closure *take_held(struct worker *w, struct worker *v,
                                 bool youngest,
                                 bool (*ok)(struct __cilk_frame *));
static pthread_barrier_t exit_barrier;

void sched_set_stress(int on)
{
    stress = on;
}

void sched_set_stack(int mib)
{
    stack_bytes = (size_t)mib << 20;
}

static size_t deque_entries(void)
{
    return stack_bytes / MIN_FRAME_BYTES;
}

/* Two below the deque's size: on one worker, a closure of this depth and
 * its ancestors waiting on the deque still leave its last entry free
 * (release_finish). */
int sched_max_depth(void)
{
    size_t n = deque_entries() - 2;
    return n < INT_MAX ? (int)n : INT_MAX - 1;
}

/* ---- Running out of stack ---- */

/* A worker that overflows its C stack faults in the guard below it. The
 * handler runs on an alternate stack, says what happened and how to raise
 * the limit, and ends the program; any other fault goes on to the default
 * action (a core dump, as without the runtime). */
static void fault_handler(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    struct worker *w = __cilkrt_tls_worker;
    char *addr = si->si_addr;
    if (w && w->stack_lo && addr >= w->stack_lo - STACK_GUARD &&
        addr < w->stack_lo + 4096)
        sched_out_of_stack(w);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Async-signal-safe enough for fault_handler: no allocation, no stdio
 * stream, and _exit, not exit (other workers are still running). */
_Noreturn void sched_out_of_stack(const struct worker *w)
{
    char msg[256];
    int n = snprintf(msg, sizeof msg,
                     "cilk: worker %d ran out of its %zu MiB stack "
                     "(spawns or calls nested too deep); raise it with "
                     "--stack MIB or CILK_STACK=MIB\n",
                     w->id, stack_bytes >> 20);
    ssize_t written = write(2, msg, (size_t)n);
    (void)written; /* nothing better to do if stderr is gone */
    _exit(2);
}

/* Gives the calling worker an alternate signal stack and records where its
 * stack ends, for fault_handler. */
static void fault_setup(struct worker *w)
{
    stack_t ss;
    ss.ss_size = 64u << 10;
    ss.ss_sp = malloc(ss.ss_size);
    ss.ss_flags = 0;
    if (!ss.ss_sp || sigaltstack(&ss, NULL))
        return; /* no message on overflow, nothing worse */
    w->altstack = ss.ss_sp;
    pthread_attr_t attr;
    void *lo;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        if (pthread_attr_getstack(&attr, &lo, &size) == 0)
            w->stack_lo = lo;
        pthread_attr_destroy(&attr);
    }
}

static void fault_teardown(struct worker *w)
{
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    free(w->altstack);
    w->altstack = NULL;
}

/* ---- Owner side of the deque ---- */

/* An armed steal (worker.h: armed_head) is over: head is real again.
 * Caller holds w->lock. */
static void disarm(struct worker *w)
{
    struct __cilk_frame **h =
        atomic_load_explicit(&w->armed_head, memory_order_relaxed);
    if (h) {
        atomic_store(&w->head, h);
        atomic_store_explicit(&w->armed_head, NULL, memory_order_relaxed);
    }
}

/* v's deque holds no entry, as a thief sees it without v's lock (an
 * armed head is no proof). */
static bool looks_empty(struct worker *v)
{
    return atomic_load(&v->head) >= atomic_load(&v->tail) &&
           !atomic_load_explicit(&v->armed_head, memory_order_relaxed);
}

void deque_reset_if_empty(struct worker *w)
{
    if (atomic_load_explicit(&w->head, memory_order_relaxed) == w->deque)
        return;
    spin_lock(&w->lock);
    disarm(w);
    if (atomic_load(&w->head) == atomic_load(&w->tail)) {
        atomic_store(&w->head, w->deque);
        atomic_store(&w->tail, w->deque);
    }
    spin_unlock(&w->lock);
}

void deque_settle(struct worker *w, struct __cilk_frame **entry)
{
    if (atomic_load_explicit(&w->tail, memory_order_relaxed) == entry)
        return;
    spin_lock(&w->lock);
    atomic_store_explicit(&w->armed_head, NULL, memory_order_relaxed);
    atomic_store(&w->head, entry);
    atomic_store(&w->tail, entry);
    spin_unlock(&w->lock);
}

bool deque_empty(struct worker *w, struct __cilk_frame **t)
{
    spin_lock(&w->lock);
    disarm(w);
    bool empty = atomic_load(&w->head) >= t;
    spin_unlock(&w->lock);
    return empty;
}

struct closure *deque_pop_contended(struct worker *w,
                                    struct __cilk_frame **t)
{
    spin_lock(&w->lock);
    disarm(w);
    if (atomic_load(&w->head) > t) {
        atomic_store(&w->tail, t + 1);
        spin_unlock(&w->lock);
        return NULL;
    }
    spin_unlock(&w->lock);
    return (struct closure *)*t;
}

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
    atomic_store(&w->head, w->stop_head);
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
    w->last_stolen = NULL;
    spin_unlock(&w->lock);
    w->unwinding = true;
    if (p) {
        if (hyper_on)
            hyper_deposit(w);
        closure_drop_delivery(p, inlet, dst);
        closure_join(w, p);
    } else if (closure_doomed(b)) {
        w->discard_bottom = true;
    } else {
        w->resume_bottom = true;
    }
    return CILK_POP_STOLEN;
}

/* The inline pop found head > tail (THE protocol: a thief may be taking the
 * frame). Resolve it under the lock. On failure the frame was stolen: give
 * its running child's result (*result, null if none) to the thief's closure
 * and start unwinding. */
int __cilkrt_pop_slow(void *wv, void *result)
{
    struct worker *w = wv;
    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(&w->tail);
    bool rearm = atomic_load_explicit(&w->armed_head, memory_order_relaxed) &&
                 stress_armed_pop(w, t);
    if (w->stop_head && t >= w->stop_head)
        return pop_stopped(w, t);
    if (atomic_load(&w->head) <= t) {
        if (rearm)
            stress_arm(w);
        spin_unlock(&w->lock);
        return CILK_POP_OK;
    }
    atomic_store(&w->tail, t + 1);
    if (w->unwinding) { /* a younger frame already delivered */
        spin_unlock(&w->lock);
        return CILK_POP_STOLEN;
    }
    struct closure *p = w->last_stolen;
    void *dst = w->last_dst;
    __cilk_inlet_fn inlet = w->last_inlet;
    int gen = w->last_gen;
    w->last_stolen = NULL;
    spin_unlock(&w->lock);
    w->unwinding = true;
    if (hyper_on)
        hyper_deposit(w); /* the child's strand ends: its views go to p */
    closure_apply(p, inlet, dst, result, gen);
    closure_join(w, p);
    return CILK_POP_STOLEN;
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
 * at the sync's resume point, already stored in f->resume). */
int __cilkrt_sync(void *wv, struct __cilk_frame *f)
{
    struct worker *w = wv;
    struct closure *c = (struct closure *)f;
    /* The frame is not on the deque at a sync, so no new child can appear:
     * join only goes down while we look. */
    if (atomic_load_explicit(&c->join, memory_order_acquire) == 1) {
        if (c->hyper)
            hyper_synced(w, c);
        return 0;
    }
    /* Reducers: the views go to c's epoch before the token does (the last
     * child may resume c at once, elsewhere, and merge them). */
    if (c->hyper)
        hyper_suspend(w, c);
    if (atomic_fetch_sub_explicit(&c->join, 1, memory_order_acq_rel) == 1) {
        atomic_store_explicit(&c->join, 1, memory_order_relaxed);
        if (c->hyper) {
            c->hyper->suspended = false;
            hyper_synced(w, c);
        }
        return 0;
    }
    w->suspended = true;
    STAT_INC(w, suspensions);
    return 1;
}

/* ---- Thief side ---- */

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
    if (made)
        *made = false;
    if (d->flags & CILK_DESC_THREAD) /* threads.c: no frame, no parent */
        return (struct closure *)e;
    if ((struct closure *)e ==
        atomic_load_explicit(&v->bottom, memory_order_relaxed)) {
        /* v is running e's slow clone: e already is a closure. */
        c = (struct closure *)e;
        atomic_fetch_add_explicit(&c->join, 1, memory_order_relaxed);
    } else if (d->flags & CILK_DESC_LAZY) {
        /* Released (release.c): a closure whose join counts its child. */
        c = (struct closure *)e;
        released = true;
    } else {
        if (d->flags & CILK_DESC_HEAP_FRAME) {
            c = (struct closure *)e;
        } else {
            c = w ? frame_alloc(w, d->size)
                  : frame_alloc_heap(frame_size_class(d->size));
            memcpy(c, e, (size_t)d->size);
        }
        c->parent = v->last_stolen;
        c->dst = v->last_dst;
        c->inlet = v->last_inlet;
        atomic_init(&c->join, 2); /* its token + the child running on v */
        closure_init_gens(c, v->last_gen);
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
    v->last_stolen = c;
    v->last_dst = closure_site_delivery(c, c->resume);
    v->last_inlet = c->desc->sites[c->resume].inlet;
    return c;
}

/* An unsuccessful steal attempt against the owner of control-flow word cf.
 * Only NORMAL moves: a release under way must not be disturbed. */
static void attempt_steal(atomic_int *cf)
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
static void request_release(struct worker *v, bool locked)
{
    locked |= v->guest;
    if (locked)
        spin_lock(&v->lock);
    atomic_int *cf = atomic_load_explicit(&v->cf, memory_order_acquire);
    if (cf)
        attempt_steal(cf);
    if (locked)
        spin_unlock(&v->lock);
}

static uint64_t xorshift(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

static uint64_t next_random(struct worker *w)
{
    return xorshift(&w->rng);
}

/* Claims the oldest entry of v's deque, as a thief does, if ok(entry)
 * accepts it (a null ok accepts any): returns it with v->lock held, or
 * null with the lock released (the owner popped it first, v's deque is
 * being stopped, or ok refused). */
static inline struct __cilk_frame *claim_oldest(struct worker *v,
                                                bool (*ok)(struct __cilk_frame *))
{
    spin_lock(&v->lock);
    bool armed = atomic_load_explicit(&v->armed_head, memory_order_relaxed);
    disarm(v);
    if (v->stop_head) { /* head is not a position now (sched_stop_doomed) */
        spin_unlock(&v->lock);
        return NULL;
    }
    struct __cilk_frame **h = atomic_load(&v->head);
    atomic_store(&v->head, h + 1);
    /* The entry is ours once the owner cannot be popping it; only then
     * may we look at it (a popped one may be freed already). */
    if (h + 1 > atomic_load(&v->tail) || (ok && !ok(*h))) {
        atomic_store(&v->head, h);
        if (armed)
            stress_arm(v); /* nothing taken: the owner's steal still comes */
        spin_unlock(&v->lock);
        return NULL;
    }
    return *h;
}

static bool is_thread(struct __cilk_frame *e)
{
    return e->desc->flags & CILK_DESC_THREAD;
}

/* A steal attempt against a random victim; threads_only: take the oldest
 * entry only if it is a thread's closure (threads.c), and ask for no
 * release. */
static struct closure *steal_from_random(struct worker *w, bool threads_only)
{
    int n = atomic_load_explicit(&nvictims, memory_order_acquire);
    if (n < 2)
        return NULL;
    int k = (int)(next_random(w) % (uint64_t)(n - 1));
    struct worker *v = workers[k >= w->id ? k + 1 : k];
    STAT_INC(w, steal_attempts);
    struct closure *c =
        stress && !threads_only ? take_held(w, v, false, NULL) : NULL;
    if (c)
        return c;
    if (looks_empty(v)) {
        if (!threads_only)
            request_release(v, false);
        STAT_INC(w, empty);
        return NULL;
    }
    struct __cilk_frame *e = claim_oldest(v, threads_only ? is_thread : NULL);
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
 * thread's result runs only threads: threads.c). A guest, which never
 * steals, takes its own held closures back while it waits for its
 * computation (sched_run_guest): its thread may be what the workers wait
 * for. */

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
static struct closure *take_held(struct worker *w, struct worker *v,
                                 bool youngest,
                                 bool (*ok)(struct __cilk_frame *))
{
    if (!atomic_load_explicit(&v->nheld, memory_order_relaxed))
        return NULL;
    struct held h = {NULL, false};
    spin_lock(&v->lock);
    if (v->held_first < v->held_end) {
        unsigned i = youngest ? v->held_end - 1 : v->held_first;
        if (!ok || ok((struct __cilk_frame *)v->held[i].c)) {
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
static void stress_steal(struct worker *v, unsigned n)
{
    bool took = false;
    while (n-- && !looks_empty(v)) {
        struct __cilk_frame *e = claim_oldest(v, is_procedure);
        if (!e)
            break;
        bool made;
        struct closure *c = promote(NULL, v, e, &made);
        hold(v, c, made);
        spin_unlock(&v->lock);
        took = true;
    }
    if (took && v->guest) {
        pthread_mutex_lock(&pool_mu);
        pthread_cond_broadcast(&root_cv);
        pthread_mutex_unlock(&pool_mu);
    }
}

/* Makes w's next pop go to __cilkrt_pop_slow (worker.h: armed_head), but
 * not under an abort's stop. Caller holds w->lock. */
static void stress_arm(struct worker *w)
{
    if (w->stop_head ||
        atomic_load_explicit(&w->armed_head, memory_order_relaxed))
        return;
    atomic_store_explicit(&w->armed_head, atomic_load(&w->head),
                          memory_order_relaxed);
    atomic_store(&w->head, (struct __cilk_frame **)UINTPTR_MAX);
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
    atomic_store(&w->head, h + 1);
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
static bool stress_armed_pop(struct worker *w, struct __cilk_frame **t)
{
    disarm(w);
    return steal_own_oldest(w, t + 1) && next_random(w) % 8 != 0;
}

void sched_stress_released(struct worker *w)
{
    if (!stress)
        return;
    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(&w->tail);
    if (atomic_load(&w->head) < t) {
        steal_own_oldest(w, t);
    } else {
        /* Nothing pushed: the youngest closure released is the only one.
         * It goes on elsewhere, w's segment with it; the closures waiting
         * on w's deque keep theirs. */
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

static struct closure *steal(struct worker *w)
{
    struct closure *c = NULL;
    if (stress && (c = take_held(w, w, true, NULL)))
        STAT_INC(w, steal_attempts);
    return c ? c : steal_from_random(w, false);
}

struct closure *sched_steal_thread(struct worker *w)
{
    return steal_from_random(w, true);
}

struct closure *sched_steal(struct worker *w)
{
    return steal(w);
}

struct closure *sched_take_oldest(unsigned first,
                                  bool (*wanted)(struct __cilk_frame *e))
{
    int n = atomic_load_explicit(&nvictims, memory_order_acquire);
    for (int i = 0; i < n; i++) {
        struct worker *v = workers[(first + (unsigned)i) % (unsigned)n];
        struct closure *c = stress ? take_held(NULL, v, false, wanted) : NULL;
        if (c)
            return c; /* stress: older than v's deque's entries */
        if (looks_empty(v))
            continue;
        struct __cilk_frame *e = claim_oldest(v, wanted);
        if (e) {
            struct closure *c = promote(NULL, v, e, NULL);
            spin_unlock(&v->lock);
            return c;
        }
    }
    /* Lazy modes: as a thief that finds nothing, ask the first for a
     * release, so that the next call finds its frames. */
    if (n)
        request_release(workers[first % (unsigned)n], true);
    return NULL;
}

bool sched_threads_quiescent(void)
{
    int n = atomic_load_explicit(&nvictims, memory_order_acquire);
    unsigned long ran = 0, posted = 0;
    /* Every run is read before any post: a closure posted and run while
     * the sums are read can only make posted exceed ran, never hide a
     * pending closure behind a run counted against a post not yet read. */
    for (int i = 0; i < n; i++)
        ran += atomic_load(&workers[i]->cp_ran);
    for (int i = 0; i < n; i++)
        posted += atomic_load(&workers[i]->cp_posted);
    return ran == posted;
}

/* ---- Scheduling ---- */

/* w's C stack is empty again (a slow clone or a computation's top frame
 * returned): end an abort's stop and forget the promotion record. An
 * eager deque is empty now, whatever the doomed frames left on it. */
static void stack_returned(struct worker *w)
{
    spin_lock(&w->lock);
    disarm(w);
    atomic_store_explicit(&w->bottom, NULL, memory_order_relaxed);
    w->last_stolen = NULL;
    if (w->stop_head) {
        w->stop_head = NULL;
        atomic_store(&w->tail, w->deque);
        atomic_store(&w->head, w->deque);
    }
    spin_unlock(&w->lock);
}

/* The C stack unwound because its frames were stolen (eager) or released;
 * the deque holds nothing, or (released) closures that wait. */
static void after_unwind(struct worker *w)
{
    w->unwinding = false;
    w->released = false;
    w->discard_bottom = w->resume_bottom = false;
    deque_reset_if_empty(w);
}

/* Stress mode: as a closure starts on w, with probability `percent`,
 * make a steal attempt against w itself, so even a single worker releases
 * at its next check, again and again (with the timer below, this makes
 * thousands of releases in a test of a few milliseconds), or in eager mode
 * arm a steal of its own at its next pop. */
static void stress_self(struct worker *w, unsigned percent)
{
    if (!stress || next_random(w) % 100 >= percent)
        return;
    if (!eager) {
        attempt_steal(&__cilkrt_tls_cf);
        return;
    }
    spin_lock(&w->lock);
    stress_arm(w);
    spin_unlock(&w->lock);
}

/* ---- fork() (scheduler.h) ---- */

static bool forked; /* this process is a child forked while the pool ran */

/* The child cannot go on: say why and end it. */
static _Noreturn void fork_stop(void)
{
    fprintf(stderr,
            "cilk: this process was forked while Cilk workers ran and now "
            "needs work that another worker ran: only the forking thread "
            "survives fork(). Fork before the first spawn, or call exec or "
            "_exit in the child.\n");
    fflush(NULL);
    _exit(2);
}

/* pool_mu is consistent in the child: no other thread holds it across. */
static void fork_prepare(void)
{
    pthread_mutex_lock(&pool_mu);
}

static void fork_parent(void)
{
    pthread_mutex_unlock(&pool_mu);
}

static void fork_child(void)
{
    pthread_mutex_unlock(&pool_mu);
    if (!started || stopped)
        return;
    forked = true;
    /* No thief survives: none steals from this thread, and a lock one held
     * on its deque is released. */
    atomic_store(&nvictims, 0);
    struct worker *w = __cilkrt_tls_worker;
    if (w)
        atomic_store(&w->lock, 0);
}

/* r's computation is over: wake its submitter, which may return (and free
 * r) at once. */
static void root_finish(struct root *r)
{
    if (forked && !pthread_equal(r->owner, pthread_self())) {
        if (!r->exits_in_fork_child)
            fork_stop();
        fflush(NULL);
        exit(*(const int *)r->result);
    }
    pthread_mutex_lock(&pool_mu);
    r->finished = true;
    atomic_fetch_sub_explicit(&active_roots, 1, memory_order_relaxed);
    pthread_cond_broadcast(&root_cv);
    pthread_mutex_unlock(&pool_mu);
}

/* c descends from a child some procedure aborted: drop it instead of
 * running it. Its token goes; with children of its own still out, the
 * last of them brings it back here. Its parent is joined without a
 * result. */
static void discard(struct worker *w, struct closure *c)
{
    STAT_INC(w, discarded);
    if (atomic_fetch_sub_explicit(&c->join, 1, memory_order_acq_rel) != 1)
        return;
    struct closure *p = c->parent;
    closure_drop_delivery(p, c->inlet, c->dst);
    hyper_drop(c);
    frame_free(w, c, c->desc->size);
    closure_join(w, p);
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
    int n = atomic_load_explicit(&nvictims, memory_order_acquire);
    for (int i = 0; i < n; i++) {
        struct worker *v = workers[i];
        spin_lock(&v->lock);
        disarm(v); /* a stop's head replaces it */
        if (may_run_doomed(v, f)) {
            atomic_int *cf = atomic_load_explicit(&v->cf, memory_order_acquire);
            if (cf)
                attempt_steal(cf); /* lazy: release at the next check */
            if (eager && !v->stop_head) {
                /* Make v's next pop fail; pop_stopped decides. */
                v->stop_head = atomic_load(&v->head);
                atomic_store(&v->head, (struct __cilk_frame **)UINTPTR_MAX);
            }
        }
        spin_unlock(&v->lock);
    }
}

static void run_closure(struct worker *w, struct closure *c)
{
    if (!c->desc) { /* a root: its top frame's result has arrived */
        root_finish((struct root *)c);
        return;
    }
    if (c->desc->flags & CILK_DESC_THREAD) {
        threads_run(w, c);
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
        stress_self(w, 75);
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
        run_closure(w, c);
        c = w->next;
        w->next = NULL;
    }
}

/* Starts root r's top frame on w, whose deque is empty: r is the parent
 * that a thief stealing the frame (or a release reaching it) links to. */
static void run_root(struct worker *w, struct root *r)
{
    spin_lock(&w->lock);
    w->last_stolen = &r->c;
    w->last_dst = r;
    w->last_inlet = root_inlet;
    w->last_gen = 0;
    spin_unlock(&w->lock);
    hyper_root_enter(w, r->hseg);
    stress_self(w, 100); /* the top frame's first check releases */
    w->prof_top = true;
    w->prof_last_ok = false;
    r->thunk(r->args);
    stack_returned(w);
    if (w->rel_top) /* the top frame was released; its closure goes on */
        release_finish(w, &r->c, r, root_inlet, 0);
    if (w->unwinding || w->released) {
        after_unwind(w); /* stolen or released */
        return;
    }
    if (hyper_on)
        hyper_deposit(w);
    memcpy(r->result, r->tmp, r->size);
    root_finish(r);
}

/* The oldest submitted root, or null. */
static struct root *take_root(void)
{
    if (!atomic_load_explicit(&queued_roots, memory_order_relaxed))
        return NULL;
    pthread_mutex_lock(&pool_mu);
    struct root *r = queue_head;
    if (r) {
        queue_head = r->next;
        if (!queue_head)
            queue_tail = &queue_head;
        atomic_fetch_sub_explicit(&queued_roots, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&pool_mu);
    return r;
}

/* No computation is active (a pool that C functions started): sleep until
 * one is submitted instead of polling the other workers. */
static void idle_wait(void)
{
    pthread_mutex_lock(&pool_mu);
    while (!atomic_load(&active_roots) && !atomic_load(&done))
        pthread_cond_wait(&work_cv, &pool_mu);
    pthread_mutex_unlock(&pool_mu);
}

static void scheduler(struct worker *w)
{
    struct idle idle = {0};
    while (!atomic_load_explicit(&done, memory_order_acquire)) {
        struct closure *c = w->next;
        w->next = NULL;
        if (!c) {
            /* Idle: a steal attempt made against us is moot. */
            int attempted = CILK_CF_STEAL_ATTEMPTED;
            atomic_compare_exchange_strong(&__cilkrt_tls_cf, &attempted,
                                           CILK_CF_NORMAL);
            struct root *r = take_root();
            if (r) {
                idle_found(&idle);
                run_root(w, r);
                continue;
            }
            c = steal(w);
            if (!c && dist_running())
                c = dist_take(false);
            if (c)
                idle_found(&idle);
        }
        if (c) {
            run_closure(w, c);
            continue;
        }
        if (forked)
            fork_stop(); /* what is left ran on workers that are gone */
        if (!atomic_load_explicit(&active_roots, memory_order_relaxed)) {
            idle_wait();
            continue;
        }
        idle_failed(&idle, eager, stress);
    }
}

/* Stress mode: a thread of the runtime's own, every 50-100 microseconds
 * of wall time, makes an unsuccessful steal attempt against every worker
 * and guest, wherever each is, and steals one to four of the oldest
 * entries of every worker's deque (stress_steal): releases start at random
 * depths, on any number of workers, and eager frames are stolen, hundreds
 * of times even in a test of a few milliseconds. It writes the flags and
 * takes the deques' entries as a thief does and sends no signal, so the
 * program's own system calls (nanosleep, poll, ...) are never
 * interrupted. It stops with the workers and waits at their exit barrier,
 * since the flags it writes live in their thread-local storage. */
static pthread_t stress_thread;

static void *stress_main(void *arg)
{
    (void)arg;
    prctl(PR_SET_TIMERSLACK, 1000UL); /* sleep 50-100 us, not 100-150 */
    uint64_t rng = 0x2545f4914f6cdd1dull;
    while (!atomic_load_explicit(&done, memory_order_acquire)) {
        int n = atomic_load_explicit(&nvictims, memory_order_acquire);
        for (int i = 0; i < n; i++) {
            request_release(workers[i], false);
            stress_steal(workers[i], 1 + (unsigned)(xorshift(&rng) % 4));
        }
        struct timespec ts = {0, 50000 + (long)(xorshift(&rng) % 50000)};
        nanosleep(&ts, NULL);
    }
    pthread_barrier_wait(&exit_barrier);
    return NULL;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    __cilkrt_tls_worker = w;
    prctl(PR_SET_TIMERSLACK, 1000UL); /* a park of 20 us lasts 20 us (idle.c) */
    atomic_store_explicit(&w->cf, &__cilkrt_tls_cf, memory_order_release);
    fault_setup(w);
    scheduler(w);
    spin_lock(&w->lock); /* request_release(w, true): no word now */
    atomic_store_explicit(&w->cf, NULL, memory_order_relaxed);
    spin_unlock(&w->lock);
    /* Thieves write other workers' control-flow words, which live in
     * thread-local storage: no worker exits before all have stopped. */
    pthread_barrier_wait(&exit_barrier);
    fault_teardown(w);
    return NULL;
}

static struct worker *worker_new(int id)
{
    struct worker *w = aligned_alloc(64, (sizeof *w + 63) & ~(size_t)63);
    if (!w)
        abort();
    memset(w, 0, sizeof *w);
    /* A guard page after the deque turns an overflow into a fault. */
    size_t bytes = deque_entries() * sizeof(void *);
    char *mem = mmap(NULL, bytes + 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
        perror("cilk: deque");
        exit(2);
    }
    mprotect(mem + bytes, 4096, PROT_NONE);
    w->deque = (struct __cilk_frame **)mem;
    w->deque_last = w->deque + deque_entries() - 1;
    atomic_init(&w->head, w->deque);
    atomic_init(&w->tail, w->deque);
    w->id = id;
    w->rng = 0x9e3779b97f4a7c15ull * (uint64_t)(id + 1);
    return w;
}

/* Caller holds pool_mu. */
static void start_locked(int nproc)
{
    nworkers = nproc;
    eager = units_check() == CILK_MODE_EAGER;
    workers = calloc((size_t)nproc + MAX_GUESTS, sizeof *workers);
    threads = calloc((size_t)nproc, sizeof *threads);
    if (!workers || !threads)
        abort();
    for (int i = 0; i < nproc; i++)
        workers[i] = worker_new(i);
    /* Release: a thread already running (dist.c's communicator) that sees
     * the victims sees them made. */
    atomic_store_explicit(&nvictims, nproc, memory_order_release);

    pthread_barrier_init(&exit_barrier, NULL, (unsigned)nproc + (stress != 0));
    struct sigaction fault;
    memset(&fault, 0, sizeof fault);
    fault.sa_sigaction = fault_handler;
    fault.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&fault.sa_mask);
    sigaction(SIGSEGV, &fault, NULL);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stack_bytes);
    pthread_attr_setguardsize(&attr, STACK_GUARD);
    for (int i = 0; i < nproc; i++) {
        int err = pthread_create(&threads[i], &attr, worker_main, workers[i]);
        if (err) {
            fprintf(stderr, "cilk: cannot start worker %d: %s\n", i,
                    strerror(err));
            exit(2);
        }
    }
    if (stress) {
        int err = pthread_create(&stress_thread, NULL, stress_main, NULL);
        if (err) {
            fprintf(stderr, "cilk: cannot start the stress thread: %s\n",
                    strerror(err));
            exit(2);
        }
    }
    pthread_attr_destroy(&attr);
    pthread_atfork(fork_prepare, fork_parent, fork_child);
    started = true;
}

bool sched_start(int nproc)
{
    pthread_mutex_lock(&pool_mu);
    if (!started && !stopped)
        start_locked(nproc);
    bool running = !stopped;
    pthread_mutex_unlock(&pool_mu);
    return running;
}

bool sched_started(void)
{
    pthread_mutex_lock(&pool_mu);
    bool s = started;
    pthread_mutex_unlock(&pool_mu);
    return s;
}

/* A computation starts: workers asleep in idle_wait wake to run or steal
 * from it. Caller holds pool_mu. */
static void activate_locked(void)
{
    atomic_fetch_add_explicit(&active_roots, 1, memory_order_relaxed);
    pthread_cond_broadcast(&work_cv);
    idle_wake_all();
}

static void root_init(struct root *r)
{
    r->owner = pthread_self();
    atomic_init(&r->c.join, 1); /* the top frame, running */
    closure_init_gens(&r->c, 0);
    r->c.desc = NULL;
    r->finished = false;
    r->next = NULL;
}

bool sched_submit(struct root *r)
{
    root_init(r);
    /* A computation of its own: its leftmost segment is new. */
    r->hseg = hyper_on ? hyper_seg_new(NULL) : NULL;
    pthread_mutex_lock(&pool_mu);
    if (stopped || !started) {
        pthread_mutex_unlock(&pool_mu);
        return false;
    }
    if (forked)
        fork_stop(); /* no worker would run it */
    *queue_tail = r;
    queue_tail = &r->next;
    atomic_fetch_add_explicit(&queued_roots, 1, memory_order_relaxed);
    activate_locked();
    while (!r->finished)
        pthread_cond_wait(&root_cv, &pool_mu);
    pthread_mutex_unlock(&pool_mu);
    hyper_seg_free(r->hseg);
    return true;
}

/* Makes or reuses a guest slot for the calling thread; null if all are
 * taken. The thread's slot until then (none, or the worker or guest slot
 * whose C code calls: a C frame lies between) is *prev. */
static struct worker *guest_enter(struct worker **prev)
{
    pthread_mutex_lock(&pool_mu);
    int i = 0;
    while (i < nguests && guest_busy[i])
        i++;
    struct worker *w = NULL;
    if (i < MAX_GUESTS) {
        guest_busy[i] = true;
        if (i == nguests) {
            workers[nworkers + i] = worker_new(nworkers + i);
            workers[nworkers + i]->guest = true;
            nguests++;
            /* The slot is complete before a thief can pick it. */
            atomic_store_explicit(&nvictims, nworkers + nguests,
                                  memory_order_release);
        }
        w = workers[nworkers + i];
    }
    pthread_mutex_unlock(&pool_mu);
    if (w) {
        *prev = __cilkrt_tls_worker;
        __cilkrt_tls_worker = w;
        /* The thread's word is shared with *prev, if any: a steal attempted
         * against it is a request the nested computation answers (its
         * frames are the thread's youngest). */
        if (!*prev)
            atomic_store_explicit(&__cilkrt_tls_cf, CILK_CF_NORMAL,
                                  memory_order_relaxed);
        atomic_store_explicit(&w->cf, &__cilkrt_tls_cf, memory_order_release);
    }
    return w;
}

/* The guest's computation is over and its deque empty: no thief may reach
 * this thread's control-flow word after the slot's lock is released. */
static void guest_leave(struct worker *w, struct worker *prev)
{
    spin_lock(&w->lock);
    atomic_store_explicit(&w->cf, NULL, memory_order_relaxed);
    spin_unlock(&w->lock);
    deque_reset_if_empty(w);
    __cilkrt_tls_worker = prev;
    pthread_mutex_lock(&pool_mu);
    guest_busy[w->id - nworkers] = false;
    pthread_mutex_unlock(&pool_mu);
}

bool sched_run_guest(struct root *r)
{
    root_init(r);
    struct worker *prev;
    struct worker *w = guest_enter(&prev);
    if (!w)
        return !__cilkrt_tls_worker && sched_submit(r);
    /* Reducers: a computation nested in the strand of a worker's C code
     * (prev) goes on in that strand's segment, and leaves its views
     * there; one started by a thread outside the pool is leftmost. */
    struct hmap *views = __cilkrt_tls_views;
    bool own_seg = false;
    r->hseg = NULL;
    if (hyper_on) {
        if (prev && prev->seg) {
            hyper_deposit(prev);
            r->hseg = prev->seg;
        } else {
            r->hseg = hyper_seg_new(NULL);
            own_seg = true;
        }
    }
    pthread_mutex_lock(&pool_mu);
    activate_locked();
    pthread_mutex_unlock(&pool_mu);

    run_root(w, r);
    for (;;) {
        /* What a release left to this worker, and the parents on its
         * deque that no thief took. Guests never steal: they run their
         * own computation only. */
        while (w->next) {
            struct closure *c = w->next;
            w->next = NULL;
            run_closure(w, c);
        }
        /* Stress took these from it (stress_steal): if no thief has, the
         * guest runs them, the youngest first, as a worker would. */
        if (stress) {
            struct closure *c = take_held(w, w, true, NULL);
            if (c) {
                run_closure(w, c);
                continue;
            }
        }
        pthread_mutex_lock(&pool_mu);
        bool finished = r->finished;
        bool held = atomic_load_explicit(&w->nheld, memory_order_relaxed);
        if (!finished && !w->next && !held && forked)
            fork_stop();
        if (!finished && !w->next && !held)
            pthread_cond_wait(&root_cv, &pool_mu);
        pthread_mutex_unlock(&pool_mu);
        if (finished)
            break;
    }
    if (r->hseg) {
        __cilkrt_tls_views = own_seg ? views : r->hseg->map;
        if (own_seg)
            hyper_seg_free(r->hseg);
    }
    w->seg = NULL;
    guest_leave(w, prev);
    return true;
}

void sched_stop(void)
{
    pthread_mutex_lock(&pool_mu);
    if (!started || stopped) {
        pthread_mutex_unlock(&pool_mu);
        return;
    }
    stopped = true;
    atomic_store(&done, 1);
    pthread_cond_broadcast(&work_cv);
    idle_wake_all();
    pthread_mutex_unlock(&pool_mu);
    for (int i = 0; i < nworkers; i++)
        pthread_join(threads[i], NULL);
    if (stress)
        pthread_join(stress_thread, NULL);
    pthread_barrier_destroy(&exit_barrier);
    free(threads);
}

struct worker **sched_workers(int *n)
{
    *n = nworkers;
    return workers;
}

struct worker **sched_workers_and_guests(int *n)
{
    pthread_mutex_lock(&pool_mu);
    *n = nworkers + nguests;
    pthread_mutex_unlock(&pool_mu);
    return workers;
}
