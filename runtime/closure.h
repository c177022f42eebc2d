/* closure.h - frames that the runtime owns, and the join protocol.
 *
 * A frame becomes a closure when a thief steals it (a stack frame is copied
 * into the heap first). The runtime-private words of the ABI frame header
 * then hold the links below. */
#ifndef CILKRT_CLOSURE_H
#define CILKRT_CLOSURE_H

#include "cilk-abi.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>

struct worker;
struct hrec;

struct closure {
    const struct __cilk_desc *desc;
    int resume;
    union {
        /* How many spawns deep the closure is: its parent's depth plus one
         * (closure_link_depth, release_finish), 0 for a computation's root
         * and a frame that arrived from another process. A lower bound on
         * the frames that would nest on a stack above the root's, kept so
         * that a chain of closures cannot grow past what a worker's stack
         * could hold (unbounded spawn recursion under stress). */
        int depth;
        int flags; /* a shadow's: the rank its frame went to (dist.c) */
    };
    /* Where this closure's result goes when its slow clone returns. */
    struct closure *parent;
    void *dst;
    __cilk_inlet_fn inlet;
    /* 1 while the procedure runs (its token, given back at a sync of
     * region 0) plus one per outstanding child spawned in region 0. The
     * child that brings it to 0 resumes the closure suspended at that
     * sync. Region d > 0 has a count of its own in the frame
     * (closure_region), which works the same way for the syncs of region
     * d: 1 plus the outstanding children spawned in region d, and those
     * only. Each child is counted in exactly one count, so its end is one
     * decrement: when a sync of its region passes, the child is done with
     * the closure (its views deposited, its result applied), and nothing
     * of it is left to lower join later. (Counting the children of region
     * d in join too opened a window between the two decrements in which
     * the closure passed the region's sync, merged the region's reducer
     * segments, then suspended at its return's sync on join with no epoch
     * to leave its views in, and the late child's worker resumed it in a
     * segment that the merge had freed.) A return's sync, of region 0,
     * comes after the syncs of every region the return leaves (the plugin
     * ends them first: llvm-pass/CilkRegions.cpp), so join alone says
     * that every child has returned there. */
    atomic_long join;
    /* Serializes inlets applying results into the frame (and, for a
     * CILK_DESC_ATOMIC procedure, its slow clone's strands with them). */
    atomic_int lock;
    /* Abort generations (inlet.c): `abort` raises abort_gen; a child
     * belongs to the generation current when it was spawned (spawn_gen,
     * recorded by the slow clone), and this closure, as a child, to
     * parent_gen of its parent. A child of an older generation than its
     * parent's is abandoned. */
    int spawn_gen;
    atomic_int abort_gen;
    int parent_gen;
    /* Reducers: the segments of the current epoch, from the first steal
     * (or release) since the last sync, or null (hyper.h). */
    struct hrec *hyper;
    /* The sync region of the parent's spawn of this closure (cilk-abi.h:
     * struct __cilk_site): the parent's count that its end lowers. */
    int region;
    /* Its parent takes its sret result in place (cilk-abi.h:
     * CILK_ABI_RESULT_ADDR). */
    int in_place;
    /* C++ exceptions (cilk-abi.h: CILK_ABI_EXN_*), as handles
     * (except.cpp). Those of children, each waiting for a sync of the
     * child's region: at most one per region, the first in serial order
     * of the region's children that threw (closure_deposit_exn). And the
     * procedure's own, held from a landing pad to the sync after it; it
     * comes after every child outstanding in serial order. Under `lock`. */
    struct exn_rec *exns;
    void *own_exn;
    /* Children linked to this closure so far (closure_count_child): the
     * next one's position. */
    atomic_long nlinked;
    /* This closure's position among its parent's children. */
    long pos;
};

_Static_assert(sizeof(struct closure) == CILK_ABI_FRAME_HEADER_SIZE,
               "closure header must overlay struct __cilk_frame");
_Static_assert(sizeof(struct __cilk_frame) == CILK_ABI_FRAME_HEADER_SIZE,
               "frame header size is part of the ABI");
_Static_assert(__builtin_offsetof(struct __cilk_frame, desc) ==
                       CILK_ABI_FRAME_DESC_OFFSET &&
                   __builtin_offsetof(struct __cilk_frame, resume) ==
                       CILK_ABI_FRAME_RESUME_OFFSET,
               "frame header layout is part of the ABI");

/* The address spawn site `site` of closure c delivers into. */
void *closure_site_dst(struct closure *c, int site);

/* Applies a child's result into parent p with the site's inlet, holding p's
 * lock (inlets of one frame are atomic with respect to each other), unless
 * p aborted the child's generation gen. */
void closure_apply(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                   const void *result, int gen);
/* The same, for a caller that holds p's lock and keeps dst. */
void closure_apply_locked(struct closure *p, __cilk_inlet_fn inlet,
                          void *dst, const void *result, int gen);

/* Where a child of c spawned at `site` delivers (what closure_apply gets
 * as dst): the destination, or for a user inlet with arguments a copy of
 * their span made now (as they were at the spawn), freed by closure_apply
 * or closure_drop_delivery. Caller: whoever records the delivery, while the
 * spawn at `site` is c's current one. */
void *closure_site_delivery(struct closure *c, int site);
/* C++: the child of p that delivers through inlet to dst threw. Runs the
 * site's unwind inlet (cilk-abi.h: struct __cilk_site), under p's lock,
 * and frees what closure_site_delivery made. */
void closure_unwind_delivery(struct closure *p, __cilk_inlet_fn inlet,
                             void *dst);
/* Frees what closure_site_delivery made, for a delivery never applied. */
void closure_drop_delivery(struct closure *p, __cilk_inlet_fn inlet,
                           void *dst);

/* A fresh closure's runtime words: no lock, generation 0, parent_gen
 * gen, depth 0 (linking it to a parent sets its depth), no reducer
 * epoch. */
void closure_init_gens(struct closure *c, int gen);

/* c was linked to c->parent: c's depth is one more than the parent's. The
 * caller stops the program at a depth no worker's stack could hold, as a
 * stack overflow does (scheduler.h: sched_max_depth, sched_out_of_stack). */
void closure_link_depth(struct closure *c);

/* Some ancestor of c abandoned the child c descends from (inlet.c). */
bool closure_doomed(struct closure *c);
/* Set once any abort has happened: only then is closure_doomed asked. */
extern atomic_int closure_aborts_seen;

/* Sync regions (cilk-abi.h: struct __cilk_site's region). The region of
 * c's spawn or sync at resume index `site`. */
static inline int closure_site_region(const struct closure *c, int site)
{
    return c->desc->sites[site].region;
}
/* The count of c's children of region d > 0, in c's frame. */
static inline atomic_long *closure_region(struct closure *c, int d)
{
    return (atomic_long *)((char *)c + c->desc->regions_offset) + (d - 1);
}
/* The count of c's children of region d: join for d = 0. */
static inline atomic_long *closure_count(struct closure *c, int d)
{
    return d ? closure_region(c, d) : &c->join;
}
/* c just became a closure: each region's count is its token, 1. */
void closure_init_regions(struct closure *c);
/* A child of c, spawned at resume index `site`, is outstanding from now
 * on, counted in its region's count (join for region 0); returns the
 * region, and the child's position among c's children (in serial order:
 * children are linked in the order of their spawns) in *pos. Caller: the
 * one who links the child to c, before c can sync. */
int closure_count_child(struct closure *c, int site, long *pos);
/* The child of c spawned at `site` makes its result in place. */
static inline int closure_site_in_place(const struct closure *c, int site)
{
    return c->desc->sites[site].in_place;
}
/* c is linked to a parent that takes its sret result in place or not
 * (cilk-abi.h: CILK_ABI_RESULT_ADDR). Until now c made its result at its
 * caller's address; if the parent does not take it there, what was made
 * so far moves into c's result field. Caller: the caller's memory is
 * still alive (the caller has not returned) and nothing else writes it. */
void closure_place_result(struct closure *c, int in_place);
/* True if no child of c is outstanding, of any region (SYNCHED). */
bool closure_all_synced(struct closure *c);

/* A child of p, of p's region `region`, finished: one decrement of that
 * region's count. Caller: the worker that finished it, after its views
 * were deposited and its result applied. If it was the last one p waited
 * for at its sync, w resumes p next. */
void closure_join(struct worker *w, struct closure *p, int region);

/* c's slow clone returned normally: deliver its result (or the exception
 * it ended with), free it, join. */
void closure_complete(struct worker *w, struct closure *c);

/* C++ exceptions. Exception handle h of p's child at position pos,
 * spawned in p's region `region`, waits in p for a sync of that region;
 * of two of one region, the one first in serial order stays and the other
 * is destroyed. Takes p's lock. */
void closure_deposit_exn(struct closure *p, void *h, long pos, int region);
/* p's own code threw h (a landing pad): h waits in p for the sync after
 * the pad. Caller holds p's lock. */
void closure_keep_own_exn_locked(struct closure *p, void *h);
/* The exception a sync of c's region `region` throws, or NULL: the first
 * in serial order of c's own and its children's of that region and
 * deeper, which it takes from c. Those it passes over are destroyed: the
 * caller holds c's lock and hands *drop to closure_free_exns after giving
 * it back. The children's of shallower regions wait for their syncs. */
void *closure_take_exn_locked(struct closure *c, int region,
                              struct exn_rec **drop);
/* True if a sync of c's region `region` would throw. Caller holds c's
 * lock. */
bool closure_exn_pending_locked(const struct closure *c, int region);
/* What c ended with: closure_take_exn_locked for every region, once c
 * is done (no child of c is outstanding, its code has returned: no one
 * else looks at c; the lock of an atomic procedure's code may be held
 * still). */
void *closure_take_exn(struct closure *c);
/* Destroys the exceptions closure_take_exn_locked passed over. */
void closure_free_exns(struct exn_rec *drop);
/* What holds handles (except.cpp fills it when it is linked: only a
 * program that caught an exception has a handle). */
struct exn_hooks {
    void (*drop)(void *h);
    void (*rethrow)(void *h) __attribute__((__noreturn__));
};
extern const struct exn_hooks *exn_hooks;

/* ---- Distributed runs (dist.c) ----
 *
 * A closure shipped to another process stays behind as its shadow: the
 * frame's memory, with join CLOSURE_SHADOW (or below: children that
 * joined since) and flags the rank it went to. Results and joins of its
 * children that arrive here travel on to that rank (closure_apply,
 * closure_join); its own result comes back and completes it here.
 *
 * The copy that arrived in the other process has for parent the sentinel
 * closure_remote_parent (no descriptor, like a root's) and for dst the
 * record of where it came from; closure_complete sends its result home.
 *
 * A null worker in closure_apply, closure_join, closure_complete: the
 * caller is the communicator, which makes a closure that becomes ready
 * ready for the workers (dist.c). */
#define CLOSURE_SHADOW (LONG_MIN / 2)
extern struct closure closure_remote_parent;

#endif
