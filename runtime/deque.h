/* deque.h - the owner's end of a worker's deque (the THE protocol).
 *
 * Entries are frames (eager mode), released closures (lazy modes) and
 * continuation-passing threads' closures. The owner pushes and pops at the
 * tail; thieves take the oldest entry at the head while holding w->lock
 * (scheduler.c). The fast paths are inline: a continuation-passing thread
 * is pushed and popped once each (threads.c). */
#ifndef CILKRT_DEQUE_H
#define CILKRT_DEQUE_H

#include "worker.h"

/* Owner: pushes c as the youngest entry; false if the deque is full. */
static inline bool deque_push(struct worker *w, struct closure *c)
{
    struct __cilk_frame **t =
        atomic_load_explicit(&w->tail, memory_order_relaxed);
    if (__builtin_expect(t >= w->deque_last, 0))
        return false;
    *t = (struct __cilk_frame *)c;
    atomic_store_explicit(&w->tail, t + 1, memory_order_release);
    return true;
}

/* deque_pop's cases with a thief in the way. deque_empty: the deque looked
 * empty (t, the tail, at or below head); true unless a thief holding the
 * lock had raised head past the entry only to put it back (it saw the
 * owner's tail too low). deque_pop_contended: a thief's head passed the
 * entry after the owner lowered the tail to t. */
bool deque_empty(struct worker *w, struct __cilk_frame **t);
struct closure *deque_pop_contended(struct worker *w,
                                    struct __cilk_frame **t);

/* Owner: pops the youngest entry, or returns null if there is none or a
 * thief took it. The store of the lowered tail is sequentially consistent
 * (an exchange) so that the head read after it sees any thief's claim. */
static inline struct closure *deque_pop(struct worker *w)
{
    struct __cilk_frame **t =
        atomic_load_explicit(&w->tail, memory_order_relaxed);
    if (__builtin_expect(t <= atomic_load(&w->head), 0) && deque_empty(w, t))
        return NULL;
    atomic_store(&w->tail, --t);
    if (__builtin_expect(atomic_load(&w->head) > t, 0))
        return deque_pop_contended(w, t);
    return (struct closure *)*t;
}

/* Owner: if w's deque is empty, move both ends back to its base. */
void deque_reset_if_empty(struct worker *w);
/* Owner, whose deque held only entries it pushed at or above entry, all
 * popped or taken by thieves now: the deque is empty at entry, as whoever
 * pushed below entry expects to find it. (Thieves take the oldest entry
 * first: if they took one at or above entry, none is left below.) */
void deque_settle(struct worker *w, struct __cilk_frame **entry);

#endif
