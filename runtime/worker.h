/* worker.h - one worker: the state thieves see, then its private state.
 *
 * In the lazy modes the fast clone reaches only __cilkrt_tls_cf; thieves
 * reach that word through `cf`.
 *
 * Eager mode's generated fast clone keeps the deque's tail in the
 * thread-local __cilkrt_tls_tail: it pushes a frame with `*tail++ = frame`
 * and pops with the THE protocol (the tail set back to the slot the push
 * used, then a comparison) without a fence, comparing the tail with the
 * thread-local __cilkrt_tls_pop_limit, head's copy (deque.h:
 * deque_set_head): a thief that raises head pays for both sides
 * (fence.h), or, after such a steal, has the owner fence its next pops
 * itself for a while by raising the limit past any tail, which sends them
 * to __cilkrt_pop_slow (deque.h: deque_owner_fences). The slow clone's
 * pops read head itself, whose offset is part of the ABI (cilk-abi.h). */
#ifndef CILKRT_WORKER_H
#define CILKRT_WORKER_H

#include "cilk-abi.h"
#include "closure.h"
#include "spinlock.h"
#include "stats.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define FREELIST_CLASSES 64 /* frames of up to 64 * 64 bytes are recycled */

struct worker {
    /* ---- Visible to thieves ---- */
    /* The word that holds the tail, one past the youngest entry, written
     * by the owner only: the thread-local __cilkrt_tls_tail of the thread
     * that holds this slot, or tail_home while none does (deque_attach).
     * Changed under `lock`; thieves read it under `lock`, or without it
     * as a hint (deque_looks_empty, never a guest's). */
    _Atomic(_Atomic(struct __cilk_frame **) *) tailp;
    _Atomic(struct __cilk_frame **) tail_home;
    /* The word that holds the pop limit (deque_set_head), the owner's
     * __cilkrt_tls_pop_limit or limit_home, as tailp. */
    _Atomic(_Atomic(struct __cilk_frame **) *) limitp;
    _Atomic(struct __cilk_frame **) limit_home;
    char pad_tail[64 - 4 * sizeof(void *)];
    /* The oldest frame; advanced by thieves holding `lock`. */
    _Atomic(struct __cilk_frame **) head;
    atomic_int lock; /* serializes thieves with each other and with the
                        owner's contested pops */
    /* Eager mode: the owner's generated pops still to fence themselves;
     * set by thieves holding `lock`, decremented by the owner in
     * __cilkrt_pop_slow (deque_owner_fences). On head's line, which
     * thieves write anyway, not on the tail's, which they poll. */
    atomic_int fenced_pops;
    /* While a thief decides whether the oldest entry is its own (its head
     * raised past it, claim_oldest): the head before. A child forked
     * meanwhile puts head back, since that thief is gone (fork()). Guarded
     * by `lock`. */
    struct __cilk_frame **claim_from;
    /* The promotion record, written by thieves and read by the owner, both
     * holding `lock`: the youngest frame stolen from this worker, and where
     * the result of the child it was running must go. A frame running on
     * this worker that finds its own frame stolen delivers there.
     * last_stolen is null once that result is delivered (and while no
     * frame of the running stack was stolen), so a non-null one is alive:
     * its join counts the child running here. */
    struct closure *last_stolen;
    void *last_dst;
    __cilk_inlet_fn last_inlet;
    int last_gen; /* the child's abort generation in last_stolen */
    int last_region; /* the child's sync region in last_stolen */
    long last_pos; /* the child's position among last_stolen's children */
    int last_in_place; /* last_stolen takes the child's result in place */
    int last_site; /* the spawn site last_stolen was taken at (0: none) */
    /* The closure the owner's scheduler is running now (null while it runs
     * Cilk main's fast clone, once a release left it on the deque, or once
     * a thief took it: worker_forget_stolen_bottom). Written by the owner
     * before it pushes that closure; read by a thief holding `lock` after
     * it saw the push. */
    _Atomic(struct closure *) bottom;
    struct __cilk_frame **deque; /* base of the deque array */
    struct __cilk_frame **deque_last; /* its last entry, never filled */
    /* The owner's control-flow word __cilkrt_tls_cf (null until the owner's
     * thread starts): a thief that finds the deque empty moves it from
     * NORMAL to STEAL_ATTEMPTED. */
    _Atomic(atomic_int *) cf;
    /* Eager mode: non-null while an abort has doomed every frame on this
     * deque that no thief took (sched_stop_doomed). It holds the real head;
     * head itself points past any tail, so that each pop goes to
     * __cilkrt_pop_slow, which decides, and thieves (who check this field
     * under `lock`) take nothing. Guarded by `lock`. */
    struct __cilk_frame **stop_head;
    /* Stress mode, eager: non-null while the owner has armed a steal of
     * its own (steal.c: sched_stress_arm). It holds the real head; head
     * points past any tail, so that the owner's next pop goes to
     * __cilkrt_pop_slow, which takes the deque's oldest entry as a thief
     * would. Whoever takes `lock` to read head as a position puts it back
     * first (disarm); the lazy modes' paths never find it armed, and
     * deque_settle overwrites both. Written under `lock`; read without it
     * only as a hint. */
    _Atomic(struct __cilk_frame **) armed_head;
    /* Stress mode: closures stolen from this deque by the stress thread
     * or by the owner itself, not yet run (steal.c: hold), oldest
     * first: held[held_first, held_end), in an array of held_cap. Guarded
     * by `lock`; nheld, their number, is read without it as a hint. */
    struct held {
        struct closure *c;
        bool made; /* the stress thread made it a closure (stats) */
    } *held;
    unsigned held_first, held_end, held_cap;
    atomic_uint nheld;
    /* A guest slot (pool.c): its owner may leave, so thieves write
     * the word `cf` points to only while holding `lock`. Never changes. */
    bool guest;
    /* Reducers (hyper.h): the segment of the serial order the owner runs
     * in, or its last one. Read by a thief holding `lock` when it steals
     * an entry that has no reducer epoch yet: the owner changes it only
     * when its deque holds no such entry (a steal takes the oldest
     * entries first, so the owner's strand ends or moves only after
     * those). */
    struct hseg *seg;
    char pad_shared[64];

    /* ---- Private to the owner ---- */
    int id;
    uint64_t rng;
    bool unwinding;       /* the frames below on the C stack were stolen */
    bool discard_bottom;  /* ...or doomed, the running closure among them */
    bool resume_bottom;   /* ...or doomed, down to the running closure's own
                             spawn, where it goes on */
    /* While unwinding: where the first pop that found its frame stolen
     * left the tail (null before it). Each generated pop after it stores
     * its own frame's slot, lower still; pop_slow puts the tail back. */
    struct __cilk_frame **unwind_tail;
    bool suspended;       /* the slow clone just suspended at a sync */
    void *top_exn;        /* the exception a computation's top frame threw
                             (__cilkrt_top_threw), for sched_run_root */
    struct closure *next; /* a closure this worker resumes next */
    /* A release in progress (lazy modes): the closure that started it and
     * the one saved last; parent links lead from the first to the last. */
    struct closure *rel_youngest, *rel_top;
    bool released;        /* the slow clone just returned released */
    /* Profile builds: the procedure whose spawn hook ran last, and its span
     * then, for the child's enter hook (profile.c). */
    struct __cilk_prof *prof_pending;
    unsigned long long prof_pending_at;
    unsigned long long prof_pending_bat; /* its burdened span then */
    struct __cilk_prof_region *prof_pending_region; /* its region then */
    const void *prof_pending_site; /* and the spawn hook's return address */
    bool prof_top; /* the next procedure entered is a computation's top */
    /* The timestamp the last strand-ending hook on this worker read, and
     * whether the next strand-starting hook may take it as its start: the
     * scheduler clears it before running a closure or a root, so a strand
     * starts at the read that logically precedes it (profile.c). */
    unsigned long long prof_last;
    bool prof_last_ok;
    /* The work of the latest subtrees that returned, by the spawn that
     * made them and their depth (profile.c: guess), the spawn of the quiet
     * child running now, how many spawns were candidates to run quiet, and
     * how many ran quiet (quiet_child). */
    struct prof_guess {
        const void *site;
        int depth;
        unsigned samples;
        long long work; /* the largest, decaying */
    } prof_guess[256];
    const void *prof_quiet_site;
    unsigned prof_candidates;
    unsigned long prof_quiet;
    /* The continuation-passing thread running on this worker in a profile
     * build (profile.c): its computation's procedure (null if none), the
     * span where it became ready, and the timestamp where it began. */
    struct __cilk_prof *cp_owner;
    long long cp_ready;
    unsigned long long cp_begin;
    /* Threads' closures this worker posted, and those it ran (threads.c):
     * written by the owner, summed by sched_threads_quiescent. */
    atomic_ulong cp_posted, cp_ran;
    /* The closure of the running thread's tail_call (__cilkrt_cp_tail),
     * which its runner runs next (threads.c), or null. */
    struct cp_closure *cp_tail;
    char *stack_lo;  /* the lowest address of this worker's C stack */
    void *altstack;  /* where fault_handler runs */
    void *freelist[FREELIST_CLASSES];
    struct worker_stats stats;
};

_Static_assert(__builtin_offsetof(struct worker, head) ==
                   CILK_ABI_WORKER_HEAD_OFFSET,
               "worker head offset is part of the ABI");

/* A pop or a release found that thieves took w's frames, its bottom
 * closure's first (they take the oldest first, and a slow clone pushes its
 * closure before each spawned call): the closure runs elsewhere now and
 * may end there before w's stack has unwound, so bottom must not name it
 * (sched_stop_doomed walks a victim's bottom). Caller: w, holding
 * w->lock. */
static inline void worker_forget_stolen_bottom(struct worker *w)
{
    atomic_store_explicit(&w->bottom, NULL, memory_order_relaxed);
}

extern __thread struct worker *__cilkrt_tls_worker
    __attribute__((tls_model("initial-exec")));
/* The tail of the deque this thread owns now (worker.h: tailp). */
extern __thread _Atomic(struct __cilk_frame **) __cilkrt_tls_tail
    __attribute__((tls_model("initial-exec")));
/* The pop limit of the deque this thread owns now (worker.h: limitp). */
extern __thread _Atomic(struct __cilk_frame **) __cilkrt_tls_pop_limit
    __attribute__((tls_model("initial-exec")));
/* Profile builds: the procedure entered next runs its quiet clone
 * (CILK_ABI_PROF_QUIET). Set by a spawn hook just before the call; the
 * scheduler clears it before it runs a closure or a root, where a spawned
 * call that consumed nothing may have left it. */
extern __thread unsigned char __cilkrt_prof_quiet
    __attribute__((tls_model("initial-exec")));
/* CILK_CF_*: what the lazy fast clone's checks load. */
extern __thread atomic_int __cilkrt_tls_cf
    __attribute__((tls_model("initial-exec")));

#endif
