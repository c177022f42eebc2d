/* threads.c - the Cilk paper's continuation-passing threads.
 *
 * A thread never blocks: it runs from its closure to its end. Its closure
 * (laid out by the pass, CilkThreadLowering.cpp) waits, counting its missing
 * arguments in `join`, until send_argument has filled them; the worker
 * that sends the last one posts it on its own deque (the paper's rule),
 * where it is an entry like any other: its owner pops the youngest, and
 * thieves steal the oldest.
 *
 * Threads run inside a drain (threads_run): the drain runs a closure, then
 * pops and runs the closures that it and its successors posted on this
 * deque, until none is left above where the drain began. So an entry of a
 * Cilk-5 frame below (eager mode) or a released closure (lazy modes) is
 * never popped by a drain, and the deque is as its procedures left it when
 * the drain returns.
 *
 * A Cilk procedure starts a thread computation with `spawn T(..., &r)`: the
 * thread runs at once, in a drain (__cilkrt_cp_start), and each
 * continuation argument is a result (struct cp_result) that delivers into
 * the procedure's variable; the procedure's next sync waits for its
 * results, running threads that it steals meanwhile (__cilkrt_cp_wait). */
#include "closure.h"
#include "deque.h"
#include "profile.h"
#include "scheduler.h"
#include "stats.h"
#include "threads.h"
#include "frame.h"
#include "worker.h"
#include "hooks.h"

#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A value a Cilk procedure waits for at its next sync. */
struct cp_result {
    struct cp_closure h;
    struct cp_result *next; /* the procedure's other pending results */
    void *dst;              /* the procedure's variable */
    unsigned long size;
    atomic_int arrived;
    void *spare;
    /* The continuation is &value, and the link word before it leads here,
     * as in a thread's closure. */
    _Atomic uintptr_t link;
    _Alignas(16) unsigned char value[];
};

_Static_assert(offsetof(struct cp_result, link) + sizeof(uintptr_t) ==
                   offsetof(struct cp_result, value),
               "a result's link word comes right before its value");

static const struct __cilk_desc cp_entry = {.flags = CILK_DESC_THREAD,
                                            .name = "thread"};

const struct __cilk_thread cp_remote = {.name = "a continuation in another "
                                                "process"};

static _Noreturn void fatal(const char *fmt, const char *name)
{
    fflush(stdout);
    fprintf(stderr, "cilk: ");
    fprintf(stderr, fmt, name);
    fputc('\n', stderr);
    exit(2);
}

static void count(atomic_ulong *counter)
{
    atomic_store_explicit(
        counter, atomic_load_explicit(counter, memory_order_relaxed) + 1,
        memory_order_release);
}

/* The trampoline of tail calls: runs c's thread, then the closure that its
 * tail_call (one that is no musttail call) made (__cilkrt_cp_tail), then
 * that thread's, and so on, in constant stack space. Each closure is freed
 * once the thread its own thread tail-called has returned too, so that
 * the arguments of a tail call may point into its caller's closure. A tail
 * call pending on entry is that of a thread further down the C stack (it
 * called code that runs threads after its tail_call): it stays for that
 * thread's runner. */
static inline void run_chain(struct worker *w, struct cp_closure *c)
{
    struct cp_closure *outer = w->cp_tail, *caller = NULL;
    w->cp_tail = NULL;
    do {
        c->thread->run(c);
        if (caller)
            frame_free(w, caller, caller->size);
        caller = c;
        c = w->cp_tail;
        w->cp_tail = NULL;
    } while (c);
    frame_free(w, caller, caller->size);
    w->cp_tail = outer;
}

/* Runs c's thread (and its tail calls: one strand), timed (profile
 * builds). */
static __attribute__((noinline)) void run_profiled(struct worker *w,
                                                   struct cp_closure *c)
{
    struct profile_thread outer;
    profile_thread_begin(
        w, c->owner, atomic_load_explicit(&c->ready, memory_order_relaxed),
        &outer);
    run_chain(w, c);
    profile_thread_end(w, &outer);
}

/* Runs c's thread and the threads it tail-calls (one thread of the
 * computation, as the paper counts them), and frees their closures. */
static inline void run_one(struct worker *w, struct cp_closure *c)
{
    if (__builtin_expect(profile_threads, 0))
        run_profiled(w, c);
    else
        run_chain(w, c);
    STAT_INC(w, cp_threads);
    count(&w->cp_ran);
}

/* The scheduler runs the threads' closures it meets through this hook. */
__attribute__((constructor)) static void threads_attach(void)
{
    sched_run_thread = threads_run;
}

void threads_run(struct worker *w, struct closure *first)
{
    struct __cilk_frame **entry =
        atomic_load_explicit(deque_tail(w), memory_order_relaxed);
    run_one(w, (struct cp_closure *)first);
    while (atomic_load_explicit(deque_tail(w), memory_order_relaxed) > entry) {
        struct closure *c = deque_pop(w);
        if (!c)
            break; /* thieves took the rest */
        run_one(w, (struct cp_closure *)c);
    }
    deque_settle(w, entry);
}

/* c has all its arguments: w posts it. A full deque runs it now. */
static void post(struct worker *w, struct cp_closure *c)
{
    if (__builtin_expect(dist_hooks && dist_hooks->ship, 0) &&
        dist_hooks->ship(w, c))
        return;
    count(&w->cp_posted);
    if (!deque_push(w, (struct closure *)c))
        threads_run(w, (struct closure *)c);
}

/* The header of closure c of thread t, `size` bytes, waiting for
 * `missing` arguments, made for profile record owner (or none). */
static struct cp_closure *cp_init(struct cp_closure *c,
                                  const struct __cilk_thread *t, int missing,
                                  unsigned long size,
                                  struct __cilk_prof *owner)
{
    c->desc = &cp_entry;
    c->thread = t;
    c->size = size;
    atomic_init(&c->join, missing);
    c->owner = owner;
    atomic_init(&c->ready, LLONG_MIN);
    return c;
}

/* The join counter needs no share for the creator: the continuations of
 * a new closure reach no sender before the statement that made it ends
 * (`?x` stores them in the thread's own variables), and by then the
 * creator has filled every slot and, if nothing is missing, posted it. */
void *__cilkrt_cp_new(const struct __cilk_thread *t, int missing,
                      unsigned long size)
{
    struct worker *w = __cilkrt_tls_worker;
    /* Made by a thread: its successor or child, ready no earlier than now.
     * Made by a procedure: __cilkrt_prof_cp_start sets owner and ready. */
    struct cp_closure *c =
        cp_init(frame_alloc(w, size), t, missing, size, w->cp_owner);
    STAT_INC(w, cp_closures);
    if (__builtin_expect(profile_threads, 0))
        profile_thread_edge(w, &c->ready);
    return c;
}

void __cilkrt_cp_arm(void *closure)
{
    post(__cilkrt_tls_worker, closure);
}

/* Not counted as a closure made: it runs as part of the calling thread
 * (run_chain), unless a later tail call of that thread posts it. */
void *__cilkrt_cp_tail(const struct __cilk_thread *t, unsigned long size)
{
    struct worker *w = __cilkrt_tls_worker;
    struct cp_closure *c =
        cp_init(frame_alloc(w, size), t, 0, size, w->cp_owner);
    if (__builtin_expect(profile_threads, 0))
        profile_thread_edge(w, &c->ready);
    /* c replaces the earlier one before that is posted: a full deque runs
     * what is posted at once, and that run must not see it as pending. */
    struct cp_closure *earlier = w->cp_tail;
    w->cp_tail = c;
    if (earlier)
        post(w, earlier);
    return c;
}

void __cilkrt_cp_start(void *closure)
{
    struct worker *w = __cilkrt_tls_worker;
    count(&w->cp_posted);
    threads_run(w, closure);
}

/* The link word's low bit marks a slot sent to: a second send to it is an
 * error. Only the one sender of a slot writes its link word, so a plain
 * load and store mark it (two sends that race both pass, a bug no check
 * of this cost can catch; sends in sequence are always caught). */
struct cp_closure *cp_deliver(void *slot)
{
    _Atomic uintptr_t *link = (_Atomic uintptr_t *)slot - 1;
    uintptr_t old = atomic_load_explicit(link, memory_order_relaxed);
    atomic_store_explicit(link, old | 1, memory_order_relaxed);
    struct cp_closure *c = (struct cp_closure *)(old & ~(uintptr_t)1);
    if (__builtin_expect(profile_threads, 0))
        profile_thread_edge(__cilkrt_tls_worker, &c->ready);
    if (__builtin_expect(old & 1, 0))
        fatal("send_argument: a continuation of %s was sent a second "
              "value; each continuation receives exactly one",
              c->thread ? c->thread->name : "a Cilk procedure's result");
    if (!c->thread) {
        struct cp_result *r = (struct cp_result *)c;
        memcpy(r->dst, r->value, r->size);
        atomic_store_explicit(&r->arrived, 1, memory_order_release);
        return NULL;
    }
    if (c->thread == &cp_remote) { /* the slot is in another process */
        dist_hooks->forward(c);
        return NULL;
    }
    /* 1: the others have all arrived (their senders are done with c), so
     * this sender is the last and needs no atomic update. */
    if (atomic_load_explicit(&c->join, memory_order_acquire) == 1 ||
        atomic_fetch_sub_explicit(&c->join, 1, memory_order_acq_rel) == 1)
        return c;
    return NULL;
}

void __cilk_cp_send(void *slot)
{
    struct cp_closure *c = cp_deliver(slot);
    if (c)
        post(__cilkrt_tls_worker, c);
}

struct cp_closure *cp_alloc(const struct __cilk_thread *t, unsigned long size)
{
    return cp_init(frame_alloc_heap(frame_size_class(size)), t, 0, size,
                   NULL);
}

/* A staged vector's header (cilk-abi.h, CILK_ABI_CP_STAGE_HEADER). */
struct cp_stage {
    unsigned n, size, stride, first; /* first: offset of element 0 */
};

_Static_assert(sizeof(struct cp_stage) == CILK_ABI_CP_STAGE_HEADER,
               "the staged vector header is part of the ABI");

void __cilkrt_cp_stage(void *closure, void *area, void **conts,
                       unsigned long n, unsigned long size,
                       unsigned long align)
{
    struct cp_stage *s = area;
    s->n = (unsigned)n;
    s->size = (unsigned)size;
    s->stride = (unsigned)CILK_ABI_CP_STAGE_STRIDE(size, align);
    s->first = (unsigned)CILK_ABI_CP_STAGE_FIRST(align);
    unsigned char *value = (unsigned char *)area + s->first;
    for (unsigned long i = 0; i < n; ++i, value += s->stride) {
        atomic_init((_Atomic uintptr_t *)value - 1, (uintptr_t)closure);
        conts[i] = value;
    }
}

/* Each value moves down (size <= stride, and the first starts past the
 * header), so moving them in order never overwrites one not yet moved. */
void __cilkrt_cp_gather(void *area)
{
    struct cp_stage s = *(struct cp_stage *)area;
    unsigned char *to = area;
    const unsigned char *from = to + s.first;
    for (unsigned i = 0; i < s.n; ++i, to += s.size, from += s.stride)
        memmove(to, from, s.size);
}

void *__cilkrt_cp_result(void **list, void *dst, unsigned long size)
{
    size_t bytes = offsetof(struct cp_result, value) + size;
    struct cp_result *r = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!r)
        abort();
    r->h.desc = &cp_entry;
    r->h.thread = NULL;
    r->next = *list;
    r->dst = dst;
    r->size = size;
    atomic_init(&r->arrived, 0);
    atomic_init(&r->h.ready, LLONG_MIN);
    atomic_init(&r->link, (uintptr_t)r);
    *list = r;
    return r->value;
}

/* Waits for r, running threads stolen from other workers meanwhile. If
 * `answer`, gives up (returns false) when a thief asks this worker to
 * release the frames on its stack (lazy modes). */
static bool wait_for(struct worker *w, struct cp_result *r, bool answer)
{
    for (unsigned idle = 0;
         !atomic_load_explicit(&r->arrived, memory_order_acquire);) {
        if (answer && atomic_load_explicit(&__cilkrt_tls_cf,
                                           memory_order_relaxed) !=
                          CILK_CF_NORMAL)
            return false;
        struct closure *c = sched_steal_thread(w);
        if (!c && dist_hooks)
            c = dist_hooks->take(true);
        if (c) {
            threads_run(w, c);
            idle = 0;
            continue;
        }
        /* No thread is ready or running anywhere: none will send r. (In
         * a distributed run, threads may be running in other processes.) */
        if (idle++ % 64 == 0 && !dist_hooks &&
            sched_threads_quiescent() &&
            !atomic_load_explicit(&r->arrived, memory_order_acquire))
            fatal("%s: a Cilk procedure syncs waiting for a continuation "
                  "that no thread will send: the threads it started have "
                  "all ended (or wait for arguments nobody sends)",
                  "send_argument");
        sched_yield();
    }
    return true;
}

/* Waits for every result on *list and empties it; returns the latest span
 * at which one arrived (profile builds). */
static long long wait_all(struct worker *w, void **list)
{
    long long arrived = LLONG_MIN;
    for (struct cp_result *r = *list, *next; r; r = next) {
        next = r->next;
        wait_for(w, r, false);
        long long at = atomic_load_explicit(&r->h.ready, memory_order_relaxed);
        if (at > arrived)
            arrived = at;
        free(r);
    }
    *list = NULL;
    return arrived;
}

void __cilkrt_cp_wait(void **list)
{
    wait_all(__cilkrt_tls_worker, list);
}

/* The results stay on the list: __cilkrt_cp_wait, which follows, frees
 * them. */
int __cilkrt_cp_await(void **list)
{
    struct worker *w = __cilkrt_tls_worker;
    for (struct cp_result *r = *list; r; r = r->next)
        if (!wait_for(w, r, true))
            return 1;
    return 0;
}

void __cilkrt_prof_cp_start(struct __cilk_prof *p, void *closure)
{
    struct worker *w = __cilkrt_tls_worker;
    struct cp_closure *c = closure;
    c->owner = p;
    atomic_store_explicit(&c->ready, profile_pause(w, p),
                          memory_order_relaxed);
    __cilkrt_cp_start(c);
    profile_continue(w, p, LLONG_MIN);
}

void __cilkrt_prof_cp_wait(struct __cilk_prof *p, void **list)
{
    if (!*list) /* nothing to wait for: the strand goes on */
        return;
    struct worker *w = __cilkrt_tls_worker;
    profile_pause(w, p);
    profile_continue(w, p, wait_all(w, list));
}
