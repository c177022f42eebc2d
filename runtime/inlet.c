/* inlet.c - user inlets and abort: the frame lock protocol and abort
 * generations.
 *
 * Atomicity (CILK_DESC_ATOMIC procedures). A child that returns to a
 * stolen parent applies its inlet on its own worker, holding the parent's
 * lock (closure_apply). The parent's slow clone holds the same lock from
 * each resumption to its next spawn, sync or return, so an inlet runs
 * between two strands of its procedure and never during one. The fast
 * clone takes no lock: while it runs, its frame has no outstanding child.
 *
 * Abort. `abort;` raises the frame's abort generation. Each child belongs
 * to the generation its parent had when it was spawned: the slow clone
 * records it at each spawn (__cilkrt_frame_unlock), thieves carry it into
 * the closures they make (closure.parent_gen). A result of an older
 * generation than its parent's is dropped with its inlet (closure_apply,
 * __cilkrt_apply). To stop the abandoned work early, every worker whose
 * running closure descends from an abandoned child gets a steal attempt:
 * in the lazy modes it releases its stack at its next check, and the
 * scheduler discards each doomed closure instead of running it (and
 * skips doomed closures it steals or resumes in every mode). */
#include "closure.h"
#include "scheduler.h"
#include "worker.h"

void __cilkrt_frame_lock(struct __cilk_frame *f)
{
    spin_lock(&((struct closure *)f)->lock);
}

void __cilkrt_frame_unlock(struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    c->spawn_gen = atomic_load_explicit(&c->abort_gen, memory_order_relaxed);
    spin_unlock(&c->lock);
}

/* Caller holds f's lock. */
void __cilkrt_abort(struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    atomic_fetch_add_explicit(&c->abort_gen, 1, memory_order_relaxed);
    atomic_store_explicit(&closure_aborts_seen, 1, memory_order_relaxed);
    STAT_INC(__cilkrt_tls_worker, aborts);
    sched_stop_doomed(c);
}

int __cilkrt_synched(struct __cilk_frame *f)
{
    struct closure *c = (struct closure *)f;
    /* Only the procedure's own tokens: no child is out, of any region. */
    return closure_all_synced(c);
}
