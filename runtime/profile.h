/* profile.h - work and span of a profiled program (profile.c). */
#ifndef CILKRT_PROFILE_H
#define CILKRT_PROFILE_H

struct worker;

#include <stdbool.h>

/* Measures what profiling adds to each timed strand, which the profile
 * then takes off every strand (CILK_PROFILE_OVERHEAD=ticks sets it
 * instead); before profile_start, in a profile build timed in ticks.
 * heap_frames: the program's procedures keep their frames (and profile
 * records) on the heap, as every mode but the serial elision does. */
void profile_calibrate(bool heap_frames);
/* Bracket the Cilk computation: the timestamp counter is converted to
 * seconds against the wall time of this interval.  strands: weigh every
 * strand 1 instead of its duration, so that work is the thread count and
 * span the number of threads on the longest path, exact quantities that
 * do not depend on the machine or the schedule (CILK_PROFILE=strands). */
void profile_start(bool strands);
void profile_stop(void);
/* Prints T_1, T_inf, parallelism, threads and thread length to stderr (in
 * strands: work, span and parallelism in threads) and returns 1 if the
 * program was compiled with profiling; else returns 0.
 * wall: the seconds between profile_start and profile_stop. */
int profile_print(struct worker **workers, int n, double wall);

#endif
