/* profile.h - work and span of a profiled program (profile.c). */
#ifndef CILKRT_PROFILE_H
#define CILKRT_PROFILE_H

struct worker;

/* Bracket the Cilk computation: the timestamp counter is converted to
 * seconds against the wall time of this interval. */
void profile_start(void);
void profile_stop(void);
/* Prints T_1, T_inf, parallelism, threads and thread length to stderr and
 * returns 1 if the program was compiled with profiling; else returns 0.
 * wall: the seconds between profile_start and profile_stop. */
int profile_print(struct worker **workers, int n, double wall);

#endif
