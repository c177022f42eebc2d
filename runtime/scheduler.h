/* scheduler.h - starting the workers. */
#ifndef CILKRT_SCHEDULER_H
#define CILKRT_SCHEDULER_H

struct worker;

/* Runs fn(argc, argv, envp) as Cilk main on nproc workers (the calling
 * thread waits) and returns its result once every worker has stopped. */
int sched_run(int nproc, int (*fn)(int, char **, char **), int argc,
              char **argv, char **envp);

/* The workers of the last sched_run, for statistics. */
struct worker **sched_workers(void);

#endif
