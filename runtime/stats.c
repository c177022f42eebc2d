/* stats.c - printing the statistics of --stats. */
#include "stats.h"
#include "worker.h"

#include <stdio.h>

void stats_print(struct worker **workers, int n, double wall, const char *mode)
{
    struct worker_stats total = {0};
    fprintf(stderr, "cilk: mode %s, workers %d, wall time %.6f s\n", mode, n,
            wall);
    fprintf(stderr, "cilk: %-6s %14s %10s %10s %12s\n", "worker",
            "steal-requests", "steals", "closures", "suspensions");
    for (int i = 0; i < n; i++) {
        const struct worker_stats *s = &workers[i]->stats;
        fprintf(stderr, "cilk: %-6d %14lu %10lu %10lu %12lu\n", i,
                s->steal_attempts, s->steals, s->closures, s->suspensions);
        total.steal_attempts += s->steal_attempts;
        total.steals += s->steals;
        total.closures += s->closures;
        total.suspensions += s->suspensions;
    }
    fprintf(stderr, "cilk: %-6s %14lu %10lu %10lu %12lu\n", "total",
            total.steal_attempts, total.steals, total.closures,
            total.suspensions);
}
