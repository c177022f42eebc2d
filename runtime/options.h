/* options.h - the runtime's command-line options and environment.
 *
 * The runtime reads its options from the front of argv, before the
 * program's own arguments (as MIT Cilk-5 did):
 *
 *   ./prog [--nproc N] [--stack MIB] [--stats [LEVEL]] [--] program-args...
 *
 * and Cilk-5's other options (--help lists them; options.c says what each
 * does here). As in Cilk-5, `-name` is `--name`, --nproc 0 means one worker
 * per core, and a digit after --stats is its level (0: off), as in
 * Cilk-5's `--stats 1`.
 *
 * CILK_NWORKERS=N sets the default worker count; --nproc overrides it.
 * CILK_STACK=MIB sets each worker's C stack (default 64 MiB), which bounds
 * the spawn depth; --stack overrides it.
 * CILK_STATS=1 is --stats; CILK_STRESS=1 turns on stress mode (scheduler.h).
 * CILK_PROFILE=strands makes a profile build weigh every strand 1 instead of
 * its duration (profile.h); CILK_PROFILE=time is the default. */
#ifndef CILKRT_OPTIONS_H
#define CILKRT_OPTIONS_H

#include <stdbool.h>

struct cilk_options {
    int nproc;  /* number of workers, >= 1 */
    int stack_mib; /* each worker's C stack, in MiB */
    bool stats; /* print statistics at exit */
    bool stress; /* CILK_STRESS=1 */
    bool profile_strands; /* CILK_PROFILE=strands */
    unsigned long pin_mask; /* --pin-proc: the CPUs to run on; 0: any */
};

/* Fills *opts from the environment and the runtime options at the front of
 * argv[1..], then removes those options from argv (argv[0] stays). Returns 0
 * on success; 1 after --help or --version printed what was asked (the
 * program then exits with status 0); on a bad option or value prints a
 * message naming it to stderr and returns -1. */
int cilk_parse_options(int *argc, char **argv, struct cilk_options *opts);

/* Restricts the process to opts->pin_mask, if set, before the workers
 * start. Returns -1, after a message, if the system refuses. */
int cilk_apply_pinning(const struct cilk_options *opts);

#endif
