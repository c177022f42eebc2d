/* deque.h - a worker's deque: the owner's end (the THE protocol) and what
 * its slow paths share with thieves. The bottom layer of the runtime with
 * worker.h: it calls nothing above it.
 *
 * Entries are frames (eager mode), released closures (lazy modes) and
 * continuation-passing threads' closures. The owner pushes and pops at the
 * tail; thieves take the oldest entry at the head while holding w->lock
 * (steal.c). The tail lives in the owner thread's __cilkrt_tls_tail, where
 * eager mode's generated pushes and pops reach it at a constant address;
 * the runtime reaches it through w->tailp (deque_tail), which names
 * tail_home while no thread holds the slot. The generated pops compare the
 * tail with a copy of head, the pop limit, which lives in the same way in
 * __cilkrt_tls_pop_limit (w->limitp, limit_home): every change of head
 * goes through deque_set_head. Everything is inline: the fast paths run at
 * every push and pop of a continuation-passing thread (threads.c), the
 * slow ones are a few lines each. */
#ifndef CILKRT_DEQUE_H
#define CILKRT_DEQUE_H

#include "spinlock.h"
#include "worker.h"

/* The word that holds w's tail (acquire: deque_attach's thread set it
 * up first). Caller: w's owner, a thief holding w->lock, or
 * deque_looks_empty's. */
static inline _Atomic(struct __cilk_frame **) *deque_tail(struct worker *w)
{
    return atomic_load_explicit(&w->tailp, memory_order_acquire);
}

/* The calling thread takes w's slot: w's tail and pop limit move into
 * its __cilkrt_tls_tail and __cilkrt_tls_pop_limit, which another slot
 * (deque_detach) no longer uses. */
static inline void deque_attach(struct worker *w)
{
    spin_lock(&w->lock);
    atomic_store_explicit(&__cilkrt_tls_tail,
                          atomic_load_explicit(&w->tail_home,
                                               memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&w->tailp, &__cilkrt_tls_tail, memory_order_release);
    atomic_store_explicit(&__cilkrt_tls_pop_limit,
                          atomic_load_explicit(&w->limit_home,
                                               memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&w->limitp, &__cilkrt_tls_pop_limit,
                          memory_order_release);
    spin_unlock(&w->lock);
}

/* The calling thread leaves w's slot (its thread-local storage may go
 * away): w's tail and pop limit move back into the slot. */
static inline void deque_detach(struct worker *w)
{
    spin_lock(&w->lock);
    atomic_store_explicit(&w->tail_home,
                          atomic_load_explicit(&__cilkrt_tls_tail,
                                               memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&w->tailp, &w->tail_home, memory_order_release);
    atomic_store_explicit(&w->limit_home,
                          atomic_load_explicit(&__cilkrt_tls_pop_limit,
                                               memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&w->limitp, &w->limit_home, memory_order_release);
    spin_unlock(&w->lock);
}

/* The limit past any tail: every generated pop goes to __cilkrt_pop_slow. */
#define DEQUE_NO_LIMIT ((struct __cilk_frame **)UINTPTR_MAX)

/* Sets w's pop limit from head and the fenced pops still to come: head
 * while the owner's generated pops fence nothing, above any tail while
 * they are to fence (deque_owner_fences) or head is (an abort's stop, an
 * armed steal). Caller holds w->lock (or is w's owner, alone with it). */
static inline void deque_sync_limit(struct worker *w)
{
    _Atomic(struct __cilk_frame **) *limit =
        atomic_load_explicit(&w->limitp, memory_order_relaxed);
    atomic_store(limit, atomic_load_explicit(&w->fenced_pops,
                                             memory_order_relaxed)
                            ? DEQUE_NO_LIMIT
                            : atomic_load(&w->head));
}

/* Every change of head: head, then the pop limit the generated pops read
 * in its stead (worker.h). A thief's claim raises both before its fence,
 * so that the owner's pop sees either the claim or none, as THE has it
 * with head alone; one that puts head back lowers the limit after it, so
 * that a pop that sees the limit lowered (acquire) sees the thief done
 * with the entry. Caller holds w->lock (or is w's owner, alone with it). */
static inline void deque_set_head(struct worker *w, struct __cilk_frame **h)
{
    atomic_store(&w->head, h);
    deque_sync_limit(w);
}

/* Eager mode: after a steal that paid for a remote fence (fence.h), the
 * victim's next DEQUE_FENCED_POPS generated pops fence themselves, so
 * that the steals that follow soon need only the thief's fence: the limit
 * sends them to __cilkrt_pop_slow, whose locked decrement of the count is
 * the fence (bench/results/2026-11-28-eager-handback.md,
 * 2026-11-28-eager-pop-limit.md). */
#define DEQUE_FENCED_POPS 1024

/* Eager mode: whether v's owner fences its pops now, so that THE needs
 * only the thief's fence, which raising head is (steal.c: claim_oldest).
 * A count strictly between 0 and DEQUE_FENCED_POPS proves it: since the
 * count was last 0, a thief set the limit past any tail and then the count
 * to DEQUE_FENCED_POPS (under v->lock, deque_ask_owner_fences), and the owner
 * has decremented it in a fenced pop (__cilkrt_pop_slow), whose locked
 * decrement published the tail of every pop before it; every pop after it
 * is fenced until the last fenced pop, under v->lock, which this caller
 * holds, has set the limit back to head. A count of 0, or one no pop has
 * decremented yet (a pop that read the old limit may be under way),
 * proves nothing: the claim needs fence_remote(). Caller holds v->lock
 * and reads v's tail only after this. */
static inline bool deque_owner_fences(struct worker *v)
{
    int c = atomic_load(&v->fenced_pops);
    return c > 0 && c < DEQUE_FENCED_POPS;
}

/* Eager mode, after a claim paid for fence_remote(): v's next
 * DEQUE_FENCED_POPS generated pops fence themselves, unless it already
 * asked (the owner decrements only a count it read nonzero). Caller holds
 * v->lock. */
static inline void deque_ask_owner_fences(struct worker *v)
{
    if (atomic_load_explicit(&v->fenced_pops, memory_order_relaxed) == 0) {
        /* The limit first: a pop that counts this ask down (a locked
         * read-modify-write of the count) sees it raised, and so does
         * every pop after that one. */
        atomic_store(atomic_load_explicit(&v->limitp, memory_order_relaxed),
                     DEQUE_NO_LIMIT);
        atomic_store(&v->fenced_pops, DEQUE_FENCED_POPS);
    }
}

/* Owner: pushes c as the youngest entry; false if the deque is full. */
static inline bool deque_push(struct worker *w, struct closure *c)
{
    _Atomic(struct __cilk_frame **) *tail = deque_tail(w);
    struct __cilk_frame **t = atomic_load_explicit(tail, memory_order_relaxed);
    if (__builtin_expect(t >= w->deque_last, 0))
        return false;
    *t = (struct __cilk_frame *)c;
    atomic_store_explicit(tail, t + 1, memory_order_release);
    return true;
}

/* An armed steal (worker.h: armed_head) is over: head is real again.
 * Caller holds w->lock. */
static inline void deque_disarm(struct worker *w)
{
    struct __cilk_frame **h =
        atomic_load_explicit(&w->armed_head, memory_order_relaxed);
    if (h) {
        atomic_store_explicit(&w->armed_head, NULL, memory_order_relaxed);
        deque_set_head(w, h);
    }
}

/* v's deque holds no entry, as a thief sees it (an armed head is no
 * proof). The tail may be in the thread-local storage of v's thread,
 * which a guest's thread takes with it when it leaves: a guest's is read
 * under its lock. Caller: a worker or the stress thread (a worker's
 * thread-local storage lasts until every one of them has stopped:
 * pool.c). */
static inline bool deque_looks_empty(struct worker *v)
{
    if (v->guest)
        spin_lock(&v->lock);
    bool empty = atomic_load(&v->head) >= atomic_load(deque_tail(v)) &&
                 !atomic_load_explicit(&v->armed_head, memory_order_relaxed);
    if (v->guest)
        spin_unlock(&v->lock);
    return empty;
}

/* deque_pop's cases with a thief in the way. deque_empty: the deque looked
 * empty (t, the tail, at or below head); true unless a thief holding the
 * lock had raised head past the entry only to put it back (it saw the
 * owner's tail too low). deque_pop_contended: a thief's head passed the
 * entry after the owner lowered the tail to t. */
static inline bool deque_empty(struct worker *w, struct __cilk_frame **t)
{
    spin_lock(&w->lock);
    deque_disarm(w);
    bool empty = atomic_load(&w->head) >= t;
    spin_unlock(&w->lock);
    return empty;
}

static inline struct closure *deque_pop_contended(struct worker *w,
                                                  struct __cilk_frame **t)
{
    spin_lock(&w->lock);
    deque_disarm(w);
    if (atomic_load(&w->head) > t) {
        atomic_store(deque_tail(w), t + 1);
        spin_unlock(&w->lock);
        return NULL;
    }
    spin_unlock(&w->lock);
    return (struct closure *)*t;
}

/* Owner: pops the youngest entry, or returns null if there is none or a
 * thief took it. The store of the lowered tail is sequentially consistent
 * (an exchange) so that the head read after it sees any thief's claim. */
static inline struct closure *deque_pop(struct worker *w)
{
    _Atomic(struct __cilk_frame **) *tail = deque_tail(w);
    struct __cilk_frame **t = atomic_load_explicit(tail, memory_order_relaxed);
    if (__builtin_expect(t <= atomic_load(&w->head), 0) && deque_empty(w, t))
        return NULL;
    atomic_store(tail, --t);
    if (__builtin_expect(atomic_load(&w->head) > t, 0))
        return deque_pop_contended(w, t);
    return (struct closure *)*t;
}

/* Owner: if w's deque is empty, move both ends back to its base. */
static inline void deque_reset_if_empty(struct worker *w)
{
    if (atomic_load_explicit(&w->head, memory_order_relaxed) == w->deque)
        return;
    spin_lock(&w->lock);
    deque_disarm(w);
    if (atomic_load(&w->head) == atomic_load(deque_tail(w))) {
        deque_set_head(w, w->deque);
        atomic_store(deque_tail(w), w->deque);
    }
    spin_unlock(&w->lock);
}

/* Owner, whose deque held only entries it pushed at or above entry, all
 * popped or taken by thieves now: the deque is empty at entry, as whoever
 * pushed below entry expects to find it. (Thieves take the oldest entry
 * first: if they took one at or above entry, none is left below.) */
static inline void deque_settle(struct worker *w,
                                struct __cilk_frame **entry)
{
    if (atomic_load_explicit(deque_tail(w), memory_order_relaxed) == entry)
        return;
    spin_lock(&w->lock);
    atomic_store_explicit(&w->armed_head, NULL, memory_order_relaxed);
    deque_set_head(w, entry);
    atomic_store(deque_tail(w), entry);
    spin_unlock(&w->lock);
}

#endif
