/* profile.h - work and span of a profiled program (profile.c). */
#ifndef CILKRT_PROFILE_H
#define CILKRT_PROFILE_H

struct worker;
struct __cilk_prof;

#include <stdatomic.h>
#include <stdbool.h>

/* Measures what profiling adds to each timed strand, which the profile
 * then takes off every strand (CILK_PROFILE_OVERHEAD=ticks sets it
 * instead); before profile_start, in a profile build timed in ticks.
 * heap_frames: the program's procedures keep their frames (and profile
 * records) on the heap, as every mode but the serial elision does. */
void profile_calibrate(bool heap_frames);
/* Bracket the Cilk computation: the timestamp counter is converted to
 * seconds against the wall time of this interval.  strands: weigh every
 * strand 1 instead of its duration, so that work is the thread count and
 * span the number of threads on the longest path, exact quantities that
 * do not depend on the machine or the schedule (CILK_PROFILE=strands). */
void profile_start(bool strands);
void profile_stop(void);
/* Prints T_1, T_inf, parallelism, threads and thread length to stderr (in
 * strands: work, span and parallelism in threads), once, of the workers
 * and of the threads a serial build's profile ran alone (profile.c: solo),
 * and returns 1 if the program was compiled with profiling; else returns
 * 0. After profile_stop. */
int profile_print(struct worker **workers, int n);

/* Continuation-passing threads (threads.c) in a profile build. Each thread
 * is a strand: its time is work, and it starts on the paths at its
 * closure's `ready` span, the latest of the span where its creator made it
 * and those where each argument was sent (spans of the computation's
 * procedure, the record its closures name as owner). A procedure's sync
 * raises its span to the latest at which a result it waits for arrived. */

/* Set by profile_start, before any worker starts: the program is a
 * profile build, so threads are timed. */
extern bool profile_threads;

/* What a thread that runs inside another one (a full deque runs a posted
 * closure at once) saves of the outer one. */
struct profile_thread {
    struct __cilk_prof *owner;
    long long ready;
    unsigned long long elapsed;
};

/* w runs a thread of owner's computation that became ready at span
 * `ready`; the outer thread, if any, is paused into *saved. */
void profile_thread_begin(struct worker *w, struct __cilk_prof *owner,
                          long long ready, struct profile_thread *saved);
/* The thread begun last on w ended: its time goes to the work of w and of
 * its owner's children; the outer thread resumes from *saved. */
void profile_thread_end(struct worker *w, const struct profile_thread *saved);
/* An edge of the DAG leaves the thread running on w now (it made a
 * closure, or sent one an argument): *ready = max(*ready, the span there),
 * the thread's start plus its time so far (in strands: plus its own
 * weight, 1). */
void profile_thread_edge(struct worker *w, _Atomic long long *ready);
/* Procedure p starts a thread computation or waits for its results: its
 * strand ends here; the result is its span. */
long long profile_pause(struct worker *w, struct __cilk_prof *p);
/* p goes on after profile_pause, its span raised to `arrived` (the latest
 * result it waited for; LLONG_MIN: none). Thread paths carry no steal
 * burden: the burdened span moves as much as the span. */
void profile_continue(struct worker *w, struct __cilk_prof *p,
                      long long arrived);

#endif
