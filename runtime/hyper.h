/* hyper.h - reducers (OpenCilk's `T cilk_reducer(identity, reduce) x;`):
 * views made only where a steal makes them necessary, reduced in the serial
 * order.
 *
 * Segments. Steals cut a computation's serial order into segments: a
 * steal of closure X, at its spawn of child c, starts a segment for X's
 * continuation, which the thief runs; the victim goes on with c in the
 * segment it was in. A worker runs in one segment at a time (worker.h:
 * seg) and keeps that segment's views in __cilkrt_tls_views while it runs:
 *   - null: the leftmost segment of the computation, where the view of
 *     every reducer is the variable itself (nothing to make, nothing to
 *     reduce: a computation that no thief split pays one load per access);
 *   - hmap_none: a segment that has made no view yet;
 *   - a map from a reducer's address (its key) to this segment's view,
 *     made by the identity callback at the segment's first access.
 *
 * Epochs. X's record (closure.h: hyper) lists, in serial order, the
 * segments of X's current epoch (since its last sync): `first`, where X's
 * strands ran before the epoch's first steal, then one per steal of X. The
 * segment of the child running when X was stolen ends when that child
 * returns to X: its worker stores its views into the segment (deposit)
 * before it joins X. At X's sync every child has joined, so every segment
 * but the syncing worker's own has been deposited: the worker that goes on
 * past the sync merges the chain left to right into `first`, calling
 * reduce(left view, right view) in the serial order, and goes on in
 * `first`. The view of a reducer at any strand is therefore the reduction,
 * in serial order, of the strands before it since its segment began, and
 * the variable holds the serial result once the computation has synced.
 *
 * Sync regions (closure.h). A sync of region d > 0 waits for the children
 * of X's spawns of that region only; children spawned before the region
 * began may still run, in segments of their own. So it merges only the
 * region's segments, those the steals of X at its spawns of region d
 * started (the last ones of the epoch: the deeper regions' merged at
 * their syncs already), into the segment before them, where the region
 * began, and goes on there.
 *
 * A segment has one owner at a time: the worker running in it, or nobody
 * once deposited, until a merge hands it to the worker that goes on.
 *
 * Layering: above the closures (closure.h), whose join protocol reaches
 * this file only through closure_completing (hooks.h); the scheduler and
 * releases call the hooks below, and this file calls none of theirs.
 * Everything is off (hyper_on false, closure_completing null) unless a
 * module that uses reducers registered itself, so programs without
 * reducers pay nothing at steals. */
#ifndef CILKRT_HYPER_H
#define CILKRT_HYPER_H

#include <stdbool.h>

struct closure;
struct worker;
struct hmap;

/* A segment: its views, kept here while nobody runs in it. */
struct hseg {
    struct hmap *map;
    struct hseg *next; /* the next segment of the epoch that made this one */
    int region;        /* the sync region of the spawn whose steal made it */
};

/* X's current epoch (closure.h: hyper), from its first steal (or its
 * release) in the epoch to its next sync. */
struct hrec {
    struct hseg *first;
    struct hseg *rest, *last; /* one per steal of X, oldest first */
    /* Whoever runs X next goes on in this segment: a thief's new one, or
     * the victim's own, moved with X by stress (hyper_migrate). */
    struct hseg *adopt;
    /* X suspended at a sync (of region sync_region): whoever resumes it
     * merges. */
    bool suspended;
    int sync_region;
};

extern bool hyper_on;
/* Nonzero while this thread runs a reducer's identity or reduce callback
 * for the runtime (making a view, merging views): a function that spawns,
 * called from the callback, runs as its serial elision there (entry.c),
 * since a computation nested in the merge would steal, merge and free
 * views under the merge that called it. */
extern __thread int hyper_in_callback;
extern __thread struct hmap *__cilkrt_tls_views
    __attribute__((tls_model("initial-exec")));

/* A new segment whose views are `map` (null: a computation's leftmost). */
struct hseg *hyper_seg_new(struct hmap *map);
/* Frees the leftmost segment s of a computation that has ended. */
void hyper_seg_free(struct hseg *s);

/* Thief side: c, taken from victim v's deque, is a closure whose
 * continuation starts a new segment; whoever runs c next runs in it.
 * Caller holds v->lock (v->seg is v's current segment). */
void hyper_steal(struct worker *v, struct closure *c);
/* c waits on w's deque for a child that runs in w's current segment: the
 * segment its strands ran in is w's, whoever steals c later. Caller: w. */
void hyper_waits(struct worker *w, struct closure *c);
/* Stress: c, which w was to resume in its segment, goes to whoever takes
 * it next, its segment with it. Caller: w, holding w->lock, after the
 * closures on its deque each got hyper_waits. */
void hyper_migrate(struct worker *w, struct closure *c);

/* w is about to run closure c: it goes on in the segment c says (a
 * steal's, a migration's, or the merged epoch of a sync c suspended at),
 * or else in its own. */
void hyper_enter(struct worker *w, struct closure *c);
/* w's current segment keeps w's views from now on: w's strand ends here
 * unless what it runs next continues it. Caller: w, before the join that
 * may let another worker merge the segment. */
void hyper_deposit(struct worker *w);
/* w runs c's slow clone at a sync of region `region` where no child of it
 * is outstanding: merge the region's segments of c's epoch (all of them
 * for region 0) and go on in the segment they merged into. */
void hyper_synced(struct worker *w, struct closure *c, int region);
/* ... where children are outstanding: deposit into c's epoch (one made
 * with w's segment if c has none), and have whoever resumes c merge and
 * go on there. Caller: w, before it gives c's token back. */
void hyper_suspend(struct worker *w, struct closure *c, int region);
/* c is dropped (an abort doomed it): its epoch's views are reduced, its
 * record freed. */
void hyper_drop(struct closure *c);
/* A computation's top frame starts on w in segment s; w's views are s's. */
void hyper_root_enter(struct worker *w, struct hseg *s);

/* For the race build (race.c), which runs the serial elision as if every
 * spawn's continuation were stolen, so that strands that may run in
 * parallel update views of their own: the map of a segment that has made
 * no view yet, and right's views reduced into left's (left older; null:
 * the leftmost). */
struct hmap *hyper_map_none(void);
struct hmap *hyper_map_merge(struct hmap *left, struct hmap *right);

/* Totals, for --stats and the profile report. */
unsigned long hyper_views_made(void);
unsigned long hyper_reductions(void);

#endif
