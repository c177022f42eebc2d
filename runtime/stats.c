/* stats.c - printing the statistics of --stats. */
#include "stats.h"
#include "worker.h"

#include <stdio.h>

static void print_row(const char *who, const struct worker_stats *s)
{
    fprintf(stderr, "cilk: %-6s %14lu %10lu %10lu %10lu %10lu %10lu %12lu\n",
            who, s->steal_attempts, s->steals, s->empty, s->closures,
            s->releases, s->released, s->suspensions);
}

void stats_print(struct worker **workers, int n, double wall, const char *mode)
{
    struct worker_stats total = {0};
    fprintf(stderr, "cilk: mode %s, workers %d, wall time %.6f s\n", mode, n,
            wall);
    fprintf(stderr, "cilk: %-6s %14s %10s %10s %10s %10s %10s %12s\n",
            "worker", "steal-requests", "steals", "empty", "closures",
            "releases", "released", "suspensions");
    for (int i = 0; i < n; i++) {
        const struct worker_stats *s = &workers[i]->stats;
        char who[16];
        snprintf(who, sizeof who, "%d", i);
        print_row(who, s);
        total.steal_attempts += s->steal_attempts;
        total.steals += s->steals;
        total.empty += s->empty;
        total.closures += s->closures;
        total.releases += s->releases;
        total.released += s->released;
        total.suspensions += s->suspensions;
    }
    print_row("total", &total);
}
