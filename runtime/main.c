/* main.c - the process entry point of a Cilk program.
 *
 * The compiler emits `cilk int main(...)` as __cilk_main; this main() reads
 * the runtime's options, runs Cilk main and returns its value as the exit
 * status. It lives in its own object file so that a C program with its own
 * main() can link libcilkrt without a clash. */
#include "cilk-abi.h"
#include "dist.h"
#include "entry.h"
#include "options.h"
#include "profile.h"
#include "scheduler.h"
#include "units.h"

#include <stdlib.h>

/* Defined by the Cilk pass next to Cilk main; absent when the pass did not
 * run, in which case the program is its serial elision. */

/* Cilk main as a root: its frame may take argc, argv and envp; passing all
 * three to a procedure that declares fewer is harmless in the C calling
 * convention. */
struct main_args {
    int argc;
    char **argv, **envp;
    int status;
};

static void main_thunk(void *p)
{
    struct main_args *a = p;
    int (*cilk_main)(int, char **, char **) =
        (int (*)(int, char **, char **))(void (*)(void))__cilk_main;
    a->status = cilk_main(a->argc, a->argv, a->envp);
}

int main(int argc, char *argv[], char *envp[])
{
    struct cilk_options opts;
    int parsed = cilk_parse_options(&argc, argv, &opts);
    if (parsed)
        return parsed < 0 ? 2 : 0;
    if (cilk_apply_pinning(&opts))
        return 2;
    /* The mode the files were compiled in, from their unit records (none:
     * the pass did not run, and the program is its serial elision). */
    int mode = units_check();
    if (mode < 0)
        return 2;
    /* The serial elision never pushes a frame: one worker is all it uses. */
    if (mode == CILK_MODE_SERIAL)
        opts.nproc = 1;
#if CILK_DIST
    dist_init(&argc, &argv, opts.stress, mode, opts.nproc);
#endif

    double start = entry_prepare(&opts, mode);
    struct main_args args = {argc, argv, envp, 0};
    int status = 0;
    struct root r = {.thunk = main_thunk, .args = &args, .tmp = &args.status,
                     .result = &status, .size = sizeof status,
                     .exits_in_fork_child = true};
#if CILK_DIST
    /* The other processes of a distributed run serve rank 0's. */
    int served;
    if (dist_active && dist_rank)
        r = (struct root){.thunk = dist_serve, .tmp = &served,
                          .result = &served, .size = 0};
#endif
    if (!sched_start(opts.nproc, mode) || !sched_submit(&r))
        abort(); /* nothing stops the pool before main returns */
    /* C++: an exception left main. Thrown again here, where no handler
     * waits, it ends the program as one that leaves a C++ main does. */
    void *exn = closure_take_exn(&r.c);
    if (exn)
        exn_hooks->rethrow(exn);
    sched_stop();
    profile_stop();
#if CILK_DIST
    status = dist_finish(status, opts.stats);
    if (dist_active && dist_rank)
        return status;
#endif
    entry_report(&opts, mode, start);
    return status;
}
