/* threads.h - the closures of continuation-passing threads (threads.c),
 * as the distributed runtime (dist.c) also makes and fills them. */
#ifndef CILKRT_THREADS_H
#define CILKRT_THREADS_H

#include "cilk-abi.h"

#include <stdatomic.h>

struct __cilk_prof;

/* The header of every thread's closure and of every result. */
struct cp_closure {
    const struct __cilk_desc *desc; /* &cp_entry: what the deque entry is */
    const struct __cilk_thread *thread; /* null for a result */
    atomic_long join; /* arguments still missing */
    /* Profile builds (profile.h): the procedure whose computation this is,
     * and the span where the thread (a result: its value) is ready. */
    struct __cilk_prof *owner;
    _Atomic long long ready;
    unsigned long size; /* bytes of the closure (a thread's) */
};

_Static_assert(sizeof(struct cp_closure) == CILK_ABI_CP_HEADER_SIZE,
               "the thread closure header is part of the ABI");

/* The thread of a stand-in for a slot in another process (dist.c): a
 * send to it travels to that process. */
extern const struct __cilk_thread cp_remote;

/* Marks slot sent to (its value is in place) and returns the closure that
 * this send made ready, which the caller posts, or null: the slot was a
 * procedure's result (delivered now), or in another process (forwarded
 * there), or its closure still misses arguments. Any thread may call it. */
struct cp_closure *cp_deliver(void *slot);

/* A closure of thread t, `size` bytes, missing nothing, for a thread that
 * is no worker (dist.c); its slots are the caller's to fill. */
struct cp_closure *cp_alloc(const struct __cilk_thread *t, unsigned long size);

/* Runs thread closure c on w, then those it leaves on w's deque (the
 * scheduler reaches it through hooks.h's sched_run_thread). */
void threads_run(struct worker *w, struct closure *c);

#endif
