/* sched-layer.h - what the files of the scheduler layer share; scheduler.h is
 * what the layers above call. From the bottom up, each file calling only
 * those before it:
 *   registry.c  the pool's state: workers and guest slots, computations,
 *               options, fork();
 *   stack.c     each worker's C stack, and its overflow;
 *   steal.c     the thief's side, and stress mode's steals;
 *   scheduler.c the owner's side: failed pops, syncs, running closures
 *               and computations' top frames, the scheduling loop;
 *   pool.c      starting and stopping the workers, submitting a
 *               computation, running one as a guest. */
#ifndef CILKRT_SCHED_LAYER_H
#define CILKRT_SCHED_LAYER_H

#include "scheduler.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct worker;

enum { MAX_GUESTS = 256 };
/* Below each worker's stack; large enough that a frame of a few KiB cannot
 * jump over it. */
#define STACK_GUARD (256u << 10)

/* registry.c */
struct sched_pool {
    /* The pool's workers (0 .. nworkers-1), then the slots of guests:
     * threads outside the pool that run a computation of their own
     * (sched_run_guest). Slots are made as needed and kept; thieves pick
     * victims among the first nvictims entries. */
    struct worker **workers;
    int nworkers;
    atomic_int nvictims;
    int nguests;                 /* slots made; guarded by mu */
    bool guest_busy[MAX_GUESTS]; /* guarded by mu */
    atomic_int done; /* sched_stop: every worker leaves its loop */
    /* mu guards the queue of submitted roots, `finished` in each root, and
     * the changes of active_roots; workers sleep on work_cv while no
     * computation is active, submitters on root_cv until theirs
     * finishes. */
    pthread_mutex_t mu;
    pthread_cond_t work_cv, root_cv;
    struct root *queue_head, **queue_tail;
    atomic_int queued_roots; /* roots in the queue (read without mu) */
    atomic_int active_roots; /* submitted and not finished */
    bool started, stopped;
    int stress;  /* CILK_STRESS */
    bool eager;  /* the program's frames are pushed at each spawn */
    bool forked; /* this process is a child forked while the pool ran */
};
extern struct sched_pool sched_pool;

/* fork(): pthread_atfork's handlers, and the end of a child that needs
 * work another worker ran (scheduler.h). */
void sched_fork_prepare(void);
void sched_fork_parent(void);
void sched_fork_child(void);
_Noreturn void sched_fork_stop(void);
/* r's computation is over: wake its submitter, which may return (and free
 * r) at once. */
void sched_root_finish(struct root *r);
/* The oldest submitted root, or null. */
struct root *sched_take_root(void);
/* No computation is active: sleep until one is submitted. */
void sched_idle_wait(void);
/* A computation starts: wake the workers. Caller holds sched_pool.mu. */
void sched_activate_locked(void);
/* r's runtime fields, for its owner, the calling thread. */
void sched_root_init(struct root *r);

/* stack.c */
/* The deque's entries: as many as frames the stack could hold. */
size_t sched_deque_entries(void);
size_t sched_stack_bytes(void);
/* Installs the handler that reports a worker's stack overflow. */
void sched_watch_stacks(void);
/* The calling worker's alternate signal stack and stack bounds. */
void sched_fault_setup(struct worker *w);
void sched_fault_teardown(struct worker *w);

/* steal.c */
/* An unsuccessful steal attempt against the owner of control-flow word
 * cf (only NORMAL moves to STEAL_ATTEMPTED). */
void sched_attempt_steal(atomic_int *cf);
/* Lazy modes: ask v to release its C stack; `locked`: under v's lock. */
void sched_request_release(struct worker *v, bool locked);
uint64_t sched_xorshift(uint64_t *state);
uint64_t sched_next_random(struct worker *w);
/* A steal attempt against a random victim that takes only work descending
 * from closure top (a computation's root: a worker that waits for the
 * computation it nested runs only what that computation is waiting for),
 * or null. */
struct closure *sched_steal_within(struct worker *w, const struct closure *top);
/* Stress mode: v's youngest (owner) or oldest (thief) held closure if ok
 * accepts it and, for a non-null top, it descends from top; the stress
 * thread's steals of v's oldest entries; arming
 * an eager worker's steal of its own (caller holds w->lock) and the pop
 * that finds it armed; a steal attempt against w itself as a closure
 * starts on it, with probability percent. */
struct closure *sched_take_held(struct worker *w, struct worker *v,
                                bool youngest,
                                bool (*ok)(struct __cilk_frame *),
                                const struct closure *top);
void sched_stress_steal(struct worker *v, unsigned n);
void sched_stress_arm(struct worker *w);
bool sched_stress_armed_pop(struct worker *w, struct __cilk_frame **t);
void sched_stress_self(struct worker *w, unsigned percent);

/* scheduler.c */
/* Runs closure c on w (a root's: the computation finishes). */
void sched_run_closure(struct worker *w, struct closure *c);
/* Starts root r's top frame on w, whose deque is empty. */
void sched_run_root(struct worker *w, struct root *r);
/* A worker's loop: run, steal, sleep, until sched_stop. */
void sched_loop(struct worker *w);

#endif
