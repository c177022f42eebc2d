/* stats.h - per-worker scheduler statistics (--stats).
 *
 * Every counter is bumped outside the fast clone's path (in steals,
 * promotions, releases, suspensions), so counting is always on and costs nothing on a
 * spawn that nobody steals. */
#ifndef CILKRT_STATS_H
#define CILKRT_STATS_H

struct worker_stats {
    unsigned long steal_attempts; /* steal requests sent to a victim */
    unsigned long steals;         /* successful ones */
    unsigned long empty;          /* requests that found the deque empty */
    unsigned long closures;       /* frames made closures by a steal */
    unsigned long releases;       /* releases this worker went through */
    unsigned long released;       /* frames it saved into closures */
    unsigned long suspensions;    /* slow clones suspended at a sync */
};

#define STAT_INC(w, field) ((w)->stats.field++)

struct worker;
void stats_print(struct worker **workers, int n, double wall, const char *mode);

#endif
