/* main.c - the process entry point of a Cilk program.
 *
 * The compiler emits `cilk int main(...)` as __cilk_main; this main() reads
 * the runtime's options, runs Cilk main and returns its value as the exit
 * status. It lives in its own object file so that a C program with its own
 * main() can link libcilkrt without a clash. */
#include "cilk-abi.h"
#include "options.h"
#include "profile.h"
#include "scheduler.h"
#include "stats.h"

#include <stdio.h>
#include <time.h>

/* Defined by the Cilk pass next to Cilk main; absent when the pass did not
 * run, in which case the program is its serial elision. */
extern const int __cilk_main_mode __attribute__((weak));

static const char *mode_name(int mode)
{
    switch (mode) {
    case CILK_MODE_SERIAL: return "serial";
    case CILK_MODE_EAGER: return "eager";
    case CILK_MODE_INDOLENT: return "indolent";
    case CILK_MODE_SEDATIVE: return "sedative";
    }
    return "unknown";
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char *argv[], char *envp[])
{
    struct cilk_options opts;
    if (cilk_parse_options(&argc, argv, &opts))
        return 2;

    int mode = &__cilk_main_mode ? __cilk_main_mode : CILK_MODE_SERIAL;
    /* The serial elision never pushes a frame: one worker is all it uses. */
    if (mode == CILK_MODE_SERIAL)
        opts.nproc = 1;

    /* Cilk main's frame may take argc, argv and envp; passing all three to a
     * procedure that declares fewer is harmless in the C calling convention. */
    int (*cilk_main)(int, char **, char **) =
        (int (*)(int, char **, char **))(void (*)(void))__cilk_main;
    sched_set_stress(opts.stress);
    double start = now_seconds();
    profile_start(opts.profile_strands);
    int status = sched_run(opts.nproc, cilk_main, argc, argv, envp);
    profile_stop();
    double elapsed = now_seconds() - start;

    fflush(stdout);
    int profiled = profile_print(sched_workers(), opts.nproc, elapsed);
    if (opts.stats)
        stats_print(sched_workers(), opts.nproc, elapsed, mode_name(mode),
                    profiled);
    return status;
}
