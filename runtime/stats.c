/* stats.c - printing the statistics of --stats. */
#include "stats.h"
#include "hyper.h"
#include "worker.h"

#include <stdio.h>

/* Columns, in order; see the README's table of --stats. */
static const char *const heads[] = {
    "spawns", "threads", "closures", "space", "requests", "steals",
    "failed", "empty", "releases", "released", "waited", "suspensions",
    "aborts", "discarded", "cp-threads", "fences"};
enum { NCOLS = sizeof heads / sizeof heads[0], COL_SPACE = 3 };

static void row(const struct worker_stats *s, unsigned long v[NCOLS])
{
    unsigned long r[NCOLS] = {
        s->spawns, s->threads, s->closures + s->released + s->cp_closures,
        (unsigned long)(s->max_live > 0 ? s->max_live : 0), s->steal_attempts,
        s->steals,
        s->steal_attempts > s->steals ? s->steal_attempts - s->steals : 0,
        s->empty, s->releases,
        s->released, s->waited, s->suspensions, s->aborts, s->discarded,
        s->cp_threads, s->fences};
    for (int i = 0; i < NCOLS; i++)
        v[i] = r[i];
}

static void print_row(const char *who, const unsigned long v[NCOLS],
                      int profiled)
{
    fprintf(stderr, "cilk: %-6s", who);
    for (int i = 0; i < NCOLS; i++) {
        /* Spawns and threads are counted by the profile hooks only. */
        if (i < 2 && !profiled)
            fprintf(stderr, " %*s", 11, "-");
        else
            fprintf(stderr, " %11lu", v[i]);
    }
    fputc('\n', stderr);
}

void stats_print(struct worker **workers, int n, double wall, const char *mode,
                 int profiled)
{
    unsigned long total[NCOLS] = {0}, v[NCOLS];
    int pool = 0;
    for (int i = 0; i < n; i++)
        pool += !workers[i]->guest;
    fprintf(stderr, "cilk: mode %s, workers %d, wall time %.6f s\n", mode,
            pool, wall);
    if (!profiled)
        fprintf(stderr, "cilk: spawns and threads are counted in profile "
                        "builds (-fplugin-arg-cilk-profile)\n");
    fprintf(stderr, "cilk: %-6s", "worker");
    for (int i = 0; i < NCOLS; i++)
        fprintf(stderr, " %11s", heads[i]);
    fputc('\n', stderr);
    for (int i = 0; i < n; i++) {
        char who[16];
        row(&workers[i]->stats, v);
        /* A guest: a thread (or a worker, for a nested computation) that
         * ran a Cilk function called from C (scheduler.h). */
        if (workers[i]->guest)
            snprintf(who, sizeof who, "g%d", i - pool);
        else
            snprintf(who, sizeof who, "%d", i);
        print_row(who, v, profiled);
        for (int j = 0; j < NCOLS; j++)
            total[j] = j == COL_SPACE ? (v[j] > total[j] ? v[j] : total[j])
                                      : total[j] + v[j];
    }
    print_row("total", total, profiled);
    if (hyper_views_made())
        fprintf(stderr, "cilk: reducers: %lu views made, %lu reduce calls\n",
                hyper_views_made(), hyper_reductions());
}
