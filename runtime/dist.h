/* dist.h - one Cilk computation across the processes of an MPI job.
 *
 * dist.c is compiled into libcilkrt-mpi.a only, with CILK_DIST=1 (which
 * main.c tests). The protocol is in dist.c's header comment. */
#ifndef CILKRT_DIST_H
#define CILKRT_DIST_H

#include "cilk-abi.h"

#include <stdbool.h>
#include <stddef.h>

struct closure;
struct cp_closure;
struct worker;

#if CILK_DIST

/* The core knows none of this: dist_init attaches this layer through
 * hooks.h; main.c, the only file below that knows MPI exists, starts and
 * ends it. */

/* More than one process: set by dist_init before any worker starts. */
extern bool dist_active;
/* CILK_STRESS in a distributed run: every closure that can travel is
 * shipped to the next process when it is posted. */
extern bool dist_stress;
/* This process's rank in the job, and the job's size. */
extern int dist_rank, dist_ranks;

/* Joins the MPI job (MPI_Init_thread) and, with more than one process,
 * checks that every process runs the same program (compiled in `mode`,
 * CILK_MODE_*), refusing the job with a message and status 2 on every
 * process if not, and starts the thread that talks to the others. In
 * main(), before any of the nproc workers starts. */
void dist_init(int *argc, char ***argv, bool stress, int mode, int nproc);

/* A closure that arrived from another process, or that a value from
 * another process made ready: the caller (a worker) runs it (a thread's
 * closure, a procedure's, or a root whose result arrived; threads_only:
 * a thread's, for a worker inside a procedure). Null if none; then this
 * process asks another one for work. */
struct closure *dist_take(bool threads_only);

/* The join protocol's ends in other processes (closure.h: shadows).
 * dist_result: a child's result for shadow p (caller holds p's lock);
 * dist_join: a child of shadow p joined; dist_return: copy c (parent
 * closure_remote_parent) completed: its result goes home, c is freed;
 * dist_ready: the communicator made closure p ready. */
void dist_result(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                 const void *result);
void dist_join(struct closure *p);
void dist_return(struct closure *c);
void dist_ready(struct closure *p);

/* Sends proxy's value (cp_deliver: a send to a slot in another process)
 * home and frees proxy. */
void dist_forward(struct cp_closure *proxy);

/* Stress: ships c (posted by worker w) to the next process, or returns
 * false if it cannot travel. */
bool dist_ship(struct worker *w, struct cp_closure *c);

/* A process other than rank 0 runs this as its computation instead of
 * Cilk main: it runs the work that arrives until the job ends. */
void dist_serve(void *unused);

/* The computation ended here (rank 0: Cilk main returned `status`):
 * ends the job on every process, leaves MPI and returns the job's exit
 * status. With `stats`, prints this process's traffic on stderr. */
int dist_finish(int status, bool stats);

/* Cilk_exit in a distributed run: every process exits with status. */
_Noreturn void dist_exit(int status);

#endif

#endif
