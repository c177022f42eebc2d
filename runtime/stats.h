/* stats.h - per-worker scheduler statistics (--stats, CILK_STATS=1).
 *
 * The scheduler's counters are bumped outside the fast clone's path (in
 * steals, promotions, releases, suspensions, frame allocation), so counting
 * is always on and costs nothing on a spawn that nobody steals. Spawns,
 * threads and work are counted by the profile hooks only (profile.c): a
 * program compiled without -fplugin-arg-cilk-profile reports them as not
 * counted. */
#ifndef CILKRT_STATS_H
#define CILKRT_STATS_H

struct worker_stats {
    unsigned long spawns;         /* spawns executed (profile builds) */
    unsigned long threads;        /* Cilk threads (strands) executed (profile) */
    long long work;               /* their total length in ticks (profile) */
    long live, max_live;          /* runtime frames (closures and heap
                                     frames) allocated here minus freed
                                     here: now, and the most at any time */
    unsigned long steal_attempts; /* steal requests sent to a victim */
    unsigned long steals;         /* successful ones */
    unsigned long empty;          /* requests that found the deque empty */
    unsigned long closures;       /* frames made closures by a steal */
    unsigned long releases;       /* releases this worker went through */
    unsigned long released;       /* frames it saved into closures */
    unsigned long waited;         /* of those, the ones that waited for
                                     their child unpushed (release.c) */
    unsigned long suspensions;    /* slow clones suspended at a sync */
    unsigned long aborts;         /* `abort;` executed (after a steal) */
    unsigned long discarded;      /* closures dropped as aborted */
    unsigned long cp_threads;     /* continuation-passing threads run */
    unsigned long cp_closures;    /* their closures made here */
    unsigned long fences;         /* eager: steals from this deque that
                                     needed fence_remote() (written by
                                     thieves, under the deque's lock) */
};

#define STAT_INC(w, field) ((w)->stats.field++)

struct worker;
/* The table of --stats for workers[0..n-1]: the pool's workers, then the
 * guest slots (rows g0, g1, ...), which "workers N" does not count. */
void stats_print(struct worker **workers, int n, double wall, const char *mode,
                 int profiled);

#endif
