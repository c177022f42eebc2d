/* hooks.h - where the layers above the core attach to it. The core (the
 * join protocol in closure.c, the scheduler) knows neither the
 * continuation-passing threads (threads.c) nor the distributed layer
 * (dist.c): it calls through the pointers below, which those layers fill
 * when they are in the program.
 *
 * dist_hooks is null unless this process is one of several of an MPI job
 * (dist_init fills it before any worker starts, and it never changes
 * after). Its entries are the join protocol's ends in other processes
 * (closure.h: shadows) and what threads.c and the Cilk-5 library need of
 * the job. */
#ifndef CILKRT_HOOKS_H
#define CILKRT_HOOKS_H

#include "cilk-abi.h"

#include <stdbool.h>

struct closure;
struct cp_closure;
struct worker;

struct dist_hooks {
    /* A child's result for shadow p (caller holds p's lock). */
    void (*result)(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                   const void *result);
    /* A child of shadow p joined. */
    void (*join)(struct closure *p);
    /* Copy c (parent closure_remote_parent) completed: its result goes
     * home, c is freed. */
    void (*ret)(struct closure *c);
    /* The communicator (a null worker) made closure p ready. */
    void (*ready)(struct closure *p);
    /* A closure that arrived from another process or that a value from
     * one made ready, for a worker to run (threads_only: a thread's), or
     * null; then this process asks another for work. */
    struct closure *(*take)(bool threads_only);
    /* Sends proxy's value home (a send to a slot in another process). */
    void (*forward)(struct cp_closure *proxy);
    /* Stress (null otherwise): ships c, posted by w, to the next process,
     * or returns false if it cannot travel. */
    bool (*ship)(struct worker *w, struct cp_closure *c);
    /* Cilk_exit: every process of the job exits with status. */
    void (*exit)(int status); /* does not return */
};
extern const struct dist_hooks *dist_hooks;

/* Runs continuation-passing thread closure c on w, then those it leaves
 * on w's deque (threads.c sets it: a program that makes no thread's
 * closure never needs it). */
extern void (*sched_run_thread)(struct worker *w, struct closure *c);

/* Closure c completes on w, before its join lets the parent's sync go on
 * (closure_complete): the reducer layer merges the views of c's strand
 * and deposits them for that sync (hyper.c sets it when a module
 * registers reducers, before any worker starts; null otherwise). */
extern void (*closure_completing)(struct worker *w, struct closure *c);

#endif
