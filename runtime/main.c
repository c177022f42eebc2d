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

/* The records of every file compiled by the pass (cilk-abi.h); the linker
 * defines the bounds when at least one exists. */
extern const struct __cilk_unit __start_cilk_units[] __attribute__((weak));
extern const struct __cilk_unit __stop_cilk_units[] __attribute__((weak));

/* Files compiled in different modes (or some profiled, some not) do not
 * interoperate: their frames, checks and hooks differ. Returns 0 if all
 * agree, else says which two files differ and returns -1. */
static int check_units(void)
{
    const struct __cilk_unit *first = __start_cilk_units;
    for (const struct __cilk_unit *u = first; u && u < __stop_cilk_units;
         u++) {
        if (u->mode != first->mode) {
            fprintf(stderr,
                    "cilk: '%s' was compiled in %s mode and '%s' in %s mode; "
                    "compile every file of a program with the same "
                    "-fplugin-arg-cilk-mode\n",
                    first->file, mode_name(first->mode), u->file,
                    mode_name(u->mode));
            return -1;
        }
        if ((u->flags ^ first->flags) & CILK_UNIT_PROFILE) {
            const struct __cilk_unit *p =
                first->flags & CILK_UNIT_PROFILE ? first : u;
            fprintf(stderr,
                    "cilk: '%s' was compiled with -fplugin-arg-cilk-profile "
                    "and '%s' without; profile all files of a program or "
                    "none\n",
                    p->file, p == first ? u->file : first->file);
            return -1;
        }
    }
    return 0;
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

    if (check_units())
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
    sched_set_stack(opts.stack_mib);
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
