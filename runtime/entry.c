/* entry.c - a Cilk procedure called as a C function.
 *
 * The Cilk pass gives every Cilk procedure that spawns a C entry point under
 * its own name (the fast clone is f.fast, reached by spawns only), so a call
 * from C code (a header without `cilk`, a function pointer given to qsort, a
 * thread of the program's own) runs a complete computation:
 *
 *   - on a worker, the C frames between the call and the Cilk frames below
 *     it cannot be released or stolen through, so f runs as its serial
 *     elision (f.serial), inside the strand that called it;
 *   - on any other thread, f runs as a computation of its own: the thread
 *     runs it as a guest of the pool (scheduler.h), the workers steal from
 *     it, and the call returns when the computation has finished. A
 *     program whose main() is plain C starts the pool at its first such
 *     call, with the options of the environment (CILK_NWORKERS,
 *     CILK_STACK, CILK_STRESS). */
#include "cilk-abi.h"
#include "options.h"
#include "scheduler.h"
#include "units.h"
#include "worker.h"

#include <stdio.h>
#include <stdlib.h>

/* Starts the pool with the options at the front of argv[1..] (removed
 * there) and the environment's, unless Cilk main or an earlier call did. */
static void start_with_options(int *argc, char **argv)
{
    if (sched_started())
        return;
    struct cilk_options opts;
    int parsed = cilk_parse_options(argc, argv, &opts);
    if (parsed > 0)
        exit(0); /* --help, --version */
    if (parsed < 0 || cilk_apply_pinning(&opts) || units_check() < 0)
        exit(2);
    sched_set_stress(opts.stress);
    sched_set_stack(opts.stack_mib);
    sched_start(opts.nproc);
}

static void start_from_environment(void)
{
    char *argv[] = {"", NULL};
    int argc = 1;
    start_with_options(&argc, argv);
}

/* Cilk-5's library interface (cilk-lib.cilkh): the context stands for the
 * process's one pool. */
struct CilkContext {
    int unused;
};
static struct CilkContext the_context;

struct CilkContext *Cilk_init(int *argc, char *argv[])
{
    start_with_options(argc, argv);
    return &the_context;
}

void Cilk_terminate(struct CilkContext *context)
{
    (void)context; /* the workers serve later calls; they end with us */
}

int __cilkrt_run(void (*thunk)(void *), void *args, const void *tmp,
                 void *result, unsigned long size)
{
    if (__cilkrt_tls_worker)
        return CILK_RUN_SERIAL;
    start_from_environment();
    struct root r = {.thunk = thunk, .args = args, .tmp = tmp,
                     .result = result, .size = size};
    return sched_run_guest(&r) ? CILK_RUN_DONE : CILK_RUN_SERIAL;
}
