/* entry.c - a Cilk procedure called as a C function.
 *
 * The Cilk pass gives every Cilk procedure that spawns a C entry point under
 * its own name (the fast clone is f.fast, reached by spawns only), so a call
 * from C code (a header without `cilk`, a function pointer given to qsort, a
 * thread of the program's own) runs a complete computation:
 *
 *   f runs as a computation of its own: the thread runs it as a guest of
 *   the pool (scheduler.h), the workers steal from it, and the call returns
 *   when the computation has finished. On a worker (or a guest), the C
 *   frames between the call and the Cilk frames below it cannot be
 *   released or stolen through: the computation is nested, in a slot of
 *   its own, while thieves may still take the frames below. In a profile
 *   build, in a reducer's callback the runtime called (hyper.h), and when
 *   no guest slot is left, f runs as its serial elision (f.serial) there
 *   instead, inside the strand that called it (a strand's clock cannot
 *   leave out a nested computation). A program whose main()
 *   is plain C starts the pool at its first such call, with the options of
 *   the environment (CILK_NWORKERS, CILK_STACK, CILK_STRESS). */
#include "entry.h"
#include "cilk-abi.h"
#include "cilk/cilk_api.h"
#include "hyper.h"
#include "options.h"
#include "profile.h"
#include "scheduler.h"
#include "stats.h"
#include "units.h"
#include "worker.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double entry_prepare(const struct cilk_options *opts, int mode)
{
    units_sanitizer_hint();
    sched_set_stress(opts->stress);
    sched_set_stack(opts->stack_mib);
    if (units_profiled() && !opts->profile_strands)
        profile_calibrate(mode != CILK_MODE_SERIAL);
    double start = now_seconds();
    profile_start(opts->profile_strands);
    return start;
}

void entry_report(const struct cilk_options *opts, int mode, double start)
{
    double elapsed = now_seconds() - start;
    fflush(stdout);
    int n;
    struct worker **workers = sched_workers_and_guests(&n);
    int profiled = profile_print(workers, n);
    if (opts->stats)
        stats_print(workers, n, elapsed, units_mode_name(mode), profiled);
}

/* The options of a pool that C code started, and when: report_at_exit
 * reports on it, as main.c does for Cilk main. */
static struct cilk_options entry_opts;
static int entry_mode;
static double entry_start;
static pid_t entry_pid;

/* At exit from a program whose main() is plain C, when there is something
 * to report (stopping the pool waits for what its workers run). Not from
 * exit() called by Cilk code (the pool would wait for the very thread that
 * calls), nor in a forked child (it has no workers to stop). */
static void report_at_exit(void)
{
    if (!(entry_opts.stats || units_profiled()) || __cilkrt_tls_worker ||
        getpid() != entry_pid)
        return;
    sched_stop();
    profile_stop();
    entry_report(&entry_opts, entry_mode, entry_start);
}

/* Starts the pool with the options at the front of argv[1..] (removed
 * there) and the environment's, unless Cilk main or an earlier call did. */
static void start_with_options(int *argc, char **argv)
{
    if (sched_started())
        return;
    int saved_errno = errno; /* the program's, whatever starting sets */
    struct cilk_options opts;
    int parsed = cilk_parse_options(argc, argv, &opts);
    if (parsed > 0)
        exit(0); /* --help, --version */
    int mode = parsed < 0 || cilk_apply_pinning(&opts) ? -1 : units_check();
    if (mode < 0)
        exit(2);
    entry_opts = opts;
    entry_mode = mode;
    entry_pid = getpid();
    entry_start = entry_prepare(&opts, mode);
    if (sched_start(opts.nproc, mode))
        atexit(report_at_exit);
    errno = saved_errno;
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
    if ((__cilkrt_tls_worker && units_profiled()) || hyper_in_callback)
        return CILK_RUN_SERIAL;
    start_from_environment();
    struct root r = {.thunk = thunk, .args = args, .tmp = tmp,
                     .result = result, .size = size};
    if (!sched_run_guest(&r))
        return CILK_RUN_SERIAL;
    /* C++: the computation threw; the caller's handlers get the exception
     * (the entry point calls this from code that may unwind). */
    void *exn = closure_take_exn(&r.c);
    if (exn)
        exn_hooks->rethrow(exn);
    return CILK_RUN_DONE;
}

int __cilkrt_active_size(void); /* lib.c */
int __cilkrt_self(void);

/* OpenCilk's <cilk/cilk_api.h>. The pool starts, from the environment, when
 * a program asks for its size before any Cilk code ran (OpenCilk's starts
 * with the process). */
unsigned __cilkrts_get_nworkers(void)
{
    start_from_environment();
    return (unsigned)__cilkrt_active_size();
}

unsigned __cilkrts_get_worker_number(void)
{
    return (unsigned)__cilkrt_self();
}

int __cilkrts_is_initialized(void)
{
    return sched_started();
}

int __cilkrts_running_on_workers(void)
{
    return __cilkrt_tls_worker != NULL;
}

long long __cilkrt_for_grain(unsigned long long n)
{
    start_from_environment();
    unsigned long long p8 = 8ull * (unsigned long long)__cilkrt_active_size();
    unsigned long long g = (n + p8 - 1) / p8;
    return g > 2048 ? 2048 : g < 1 ? 1 : (long long)g;
}
