/* scheduler.h - starting the workers. */
#ifndef CILKRT_SCHEDULER_H
#define CILKRT_SCHEDULER_H

struct worker;

/* Runs fn(argc, argv, envp) as Cilk main on nproc workers (the calling
 * thread waits) and returns its result once every worker has stopped. */
int sched_run(int nproc, int (*fn)(int, char **, char **), int argc,
              char **argv, char **envp);

/* The workers of the last sched_run, for statistics. */
struct worker **sched_workers(void);

/* Stress mode (CILK_STRESS=1): steal attempts far more often than real
 * thieves would make them. Set before sched_run. */
void sched_set_stress(int on);

/* Each worker's C stack, in MiB (--stack, CILK_STACK): the bound on the
 * spawn depth. The deque is sized so that the stack runs out first, and a
 * worker that overflows its stack stops the program with a message saying
 * so. Set before sched_run. */
void sched_set_stack(int mib);

/* ---- Inside the runtime ---- */

#include "cilk-abi.h"
struct closure;

/* Owner: if w's deque is empty, move both ends back to its base. */
void deque_reset_if_empty(struct worker *w);

/* Owner, at the bottom of a release (release.c): links the oldest released
 * closure to (parent, dst, inlet), pushes the others oldest first and makes
 * the youngest w->next. */
void release_finish(struct worker *w, struct closure *parent, void *dst,
                    __cilk_inlet_fn inlet);

#endif
