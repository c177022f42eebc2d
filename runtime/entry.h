/* entry.h - what the two ways into the runtime share: Cilk main (main.c)
 * and a Cilk procedure called from C code (entry.c) start a pool with the
 * program's options and report on it at the end alike. */
#ifndef CILKRT_ENTRY_H
#define CILKRT_ENTRY_H

struct cilk_options;

/* Before sched_start: the stress switch, the workers' stacks and, in a
 * profile build, the clock of work and span. Returns the start time (s) for
 * entry_report. */
double entry_prepare(const struct cilk_options *opts, int mode);

/* After sched_stop and profile_stop: a profile build's work and span, and
 * --stats (CILK_STATS), of every worker and guest slot since start, to
 * stderr. */
void entry_report(const struct cilk_options *opts, int mode, double start);

#endif
