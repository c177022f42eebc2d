/* scheduler.h - the pool of workers and the computations it runs.
 *
 * A computation is a root (below): Cilk main, submitted to the pool, or a
 * Cilk procedure that a thread outside the pool called as a C function
 * (entry.c), which that thread runs as a guest. Any number of them run at
 * once; each ends when its top frame's result has reached the root. */
#ifndef CILKRT_SCHEDULER_H
#define CILKRT_SCHEDULER_H

#include "closure.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct worker;

/* One computation. The thread that submits it (sched_submit) or runs it
 * as a guest (sched_run_guest) owns the record and returns only when the
 * computation has ended. */
struct root {
    /* The parent of the computation's top frame: no descriptor; its join
     * is 1 while the top frame runs. A frame stolen or released at the top
     * delivers its result here through root_inlet (scheduler.c). */
    struct closure c;
    /* Runs the top frame's fast clone on a worker and leaves its result
     * (size bytes) at tmp; if the frame was stolen or released, tmp holds
     * nothing and the result arrives later. */
    void (*thunk)(void *args);
    void *args;
    const void *tmp;
    void *result; /* where the computation's result goes (size bytes) */
    unsigned long size;
    /* Written under the pool's mutex (its condition variable signals
     * it); read atomically by a guest that steals while it waits. */
    atomic_bool finished;
    /* Its owner is a worker whose C code nested it, and steals while it
     * waits (sched_run_guest): its end wakes the parked thieves. */
    bool nested;
    struct root *next; /* the queue of submitted roots */
    pthread_t owner;   /* the thread that waits for it (set by sched_*) */
    /* Cilk main: in a process forked while it ran, where its owner is
     * gone, its end exits the process with its result as the status. */
    bool exits_in_fork_child;
    /* Reducers (hyper.h): the segment its top frame starts in. */
    struct hseg *hseg;
};

/* Stress mode (CILK_STRESS=1): steal attempts far more often than real
 * thieves would make them. Set before sched_start. */
void sched_set_stress(int on);

/* Each worker's C stack, in MiB (--stack, CILK_STACK): the bound on the
 * spawn depth. The deque is sized so that the stack runs out first, and a
 * worker that overflows its stack stops the program with a message saying
 * so. Set before sched_start. */
void sched_set_stack(int mib);

/* The deepest spawn nesting one worker's stack could hold: a frame takes
 * at least 16 bytes. A chain of closures deeper than this is a recursion
 * that would have overflowed the stack had it stayed there (closure.h:
 * depth), which only stress, or thieves' requests, moved into the heap. */
int sched_max_depth(void);

/* Stops the program as a worker that overflows its C stack does: says
 * that w ran out of its stack and how to raise it, exit status 2. Also
 * for a closure chain deeper than sched_max_depth. */
_Noreturn void sched_out_of_stack(const struct worker *w);

/* Starts nproc workers for a program compiled in `mode` (CILK_MODE_*, as
 * units_check read it from the files' records: the one place the mode
 * comes from), once per process; later calls do nothing. Returns true if
 * the pool is (now) running. */
bool sched_start(int nproc, int mode);

/* True once sched_start has run. */
bool sched_started(void);

/* Runs r on the pool and returns when it has finished, its result at
 * r->result. Returns false, without running r, if the pool has stopped. The
 * caller must not be a worker. */
bool sched_submit(struct root *r);

/* Runs r with the calling thread as a guest: it runs r's top frame itself
 * in a slot of its own, the workers may steal from it, and it returns
 * when r has finished. A guest needs no free worker, so a
 * program whose workers all wait for threads that call Cilk procedures
 * still makes progress; it needs a started pool only to run in parallel
 * (after sched_stop it runs r alone). The caller may be a worker, or a
 * guest, whose C code called a Cilk procedure: its own slot stays as it
 * is (thieves take its frames), and comes back when r has finished; while
 * it waits for r it steals only work that descends from r (leapfrogging),
 * so the computations nested this way end innermost first. A thread from
 * outside the pool only waits (it would be one thread more than the
 * workers). Returns false only if neither a guest slot nor (for a
 * thread outside the pool) the pool is available. */
bool sched_run_guest(struct root *r);

/* fork() while the pool runs: the child process has only the forking
 * thread, so it goes on with the computation only as far as that thread's
 * own stack and deque take it. Where it would need work that another
 * worker ran (a sync on a child stolen by it, a stolen continuation's
 * parent, anything to steal), or a root whose owner is gone, the runtime
 * stops it with a message (exit status 2), never a hang; Cilk main's end
 * exits the child with its result. A computation a C function starts in
 * the child runs there alone, serially. */

/* Stops the workers (the computations still running are abandoned: the
 * process is exiting) and waits for their threads. */
void sched_stop(void);

/* The workers of the pool, and how many, for statistics. */
struct worker **sched_workers(int *n);
/* The same followed by the guest slots (a program whose main() is plain C
 * runs its Cilk code as guests): what its statistics count. */
struct worker **sched_workers_and_guests(int *n);

/* ---- Inside the runtime ---- */

#include "cilk-abi.h"

/* Continuation-passing threads (threads.c; the scheduler runs their
 * closures through hooks.h's sched_run_thread). */
/* The oldest entry of a random other worker's deque if it is a thread's
 * closure, or null. */
struct closure *sched_steal_thread(struct worker *w);
/* True if, at some instant during the call, no thread's closure was
 * ready or running anywhere: each worker counts those it posted and those
 * it ran, and every post comes from a running thread or procedure. */
bool sched_threads_quiescent(void);

/* For dist.c's dist_serve, which runs on a worker as a computation of its
 * own: a steal attempt as the scheduler's loop makes it, and running c
 * and what it leaves to w, as the loop does. */
struct closure *sched_steal(struct worker *w);
void sched_run(struct worker *w, struct closure *c);

/* Takes the oldest entry of some worker's deque (trying each worker once,
 * from worker `first` modulo their number; under stress, first the oldest
 * closure stolen from it and held, steal.c) if wanted() accepts it, as
 * a thief takes it, and makes it a closure; null if none (then worker
 * `first` is asked to release its frames, as a thief asks). For a thread
 * that is no worker (dist.c: it serves other processes' steal requests). */
struct closure *sched_take_oldest(unsigned first,
                                  bool (*wanted)(struct __cilk_frame *e));

/* f just aborted (caller holds f's lock): every worker that may run work
 * it doomed gets a steal attempt, so that it releases at its next check
 * (lazy modes), and in eager mode a stop that fails its next pop, after
 * which it unwinds its doomed frames (inlet.c, scheduler.c). */
void sched_stop_doomed(struct closure *f);

/* Owner, at the bottom of a release (release.c, or a computation's top
 * frame in scheduler.c): links the oldest released closure to (parent,
 * dst, inlet, its abort generation gen, sync region and position in
 * parent, which counts it already, and whether the parent takes its
 * result in place), pushes the others oldest first and makes the
 * youngest w->next. */
void release_finish(struct worker *w, struct closure *parent, void *dst,
                    __cilk_inlet_fn inlet, int gen, int region, long pos,
                    int in_place);
/* Stress mode, after w's release pushed its closures (steal.c): w steals
 * the oldest entry of its own deque as a thief would (none if that is a
 * thread's closure), or if it pushed none the closure it was to resume
 * (w->next); it runs later, on whichever worker steals next. Caller: w,
 * holding no lock. */
void sched_stress_released(struct worker *w);

#endif
