/* stack.c - each worker's C stack: its size, the deque sized to match,
 * and the end of a program whose spawns or calls overflow it. Part of the
 * scheduler layer (sched-layer.h); calls nothing above the worker's state. */
#include "sched-layer.h"
#include "worker.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

/* Deep spawn chains recurse on the worker's C stack (--stack, CILK_STACK),
 * and every frame on the deque is a frame on that stack: a frame takes at
 * least 16 bytes (a return address and one saved register), so a deque of
 * stack/16 entries cannot fill before the stack does. Both are reserved,
 * not committed: untouched pages cost nothing. */
static size_t stack_bytes = (size_t)64 << 20;
#define MIN_FRAME_BYTES 16

void sched_set_stack(int mib)
{
    stack_bytes = (size_t)mib << 20;
}

size_t sched_deque_entries(void)
{
    return stack_bytes / MIN_FRAME_BYTES;
}

/* Two below the deque's size: on one worker, a closure of this depth and
 * its ancestors waiting on the deque still leave its last entry free
 * (release_finish). */
int sched_max_depth(void)
{
    size_t n = sched_deque_entries() - 2;
    return n < INT_MAX ? (int)n : INT_MAX - 1;
}

/* ---- Running out of stack ---- */

/* A worker that overflows its C stack faults in the guard below it. The
 * handler runs on an alternate stack, says what happened and how to raise
 * the limit, and ends the program; any other fault goes on to the default
 * action (a core dump, as without the runtime). */
static void fault_handler(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    struct worker *w = __cilkrt_tls_worker;
    char *addr = si->si_addr;
    if (w && w->stack_lo && addr >= w->stack_lo - STACK_GUARD &&
        addr < w->stack_lo + 4096)
        sched_out_of_stack(w);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Async-signal-safe enough for fault_handler: no allocation, no stdio
 * stream, and _exit, not exit (other workers are still running). */
_Noreturn void sched_out_of_stack(const struct worker *w)
{
    char msg[256];
    int n = snprintf(msg, sizeof msg,
                     "cilk: worker %d ran out of its %zu MiB stack "
                     "(spawns or calls nested too deep); raise it with "
                     "--stack MIB or CILK_STACK=MIB\n",
                     w->id, stack_bytes >> 20);
    ssize_t written = write(2, msg, (size_t)n);
    (void)written; /* nothing better to do if stderr is gone */
    _exit(2);
}

/* Gives the calling worker an alternate signal stack and records where its
 * stack ends, for fault_handler. */
void sched_fault_setup(struct worker *w)
{
    stack_t ss;
    ss.ss_size = 64u << 10;
    ss.ss_sp = malloc(ss.ss_size);
    ss.ss_flags = 0;
    if (!ss.ss_sp || sigaltstack(&ss, NULL))
        return; /* no message on overflow, nothing worse */
    w->altstack = ss.ss_sp;
    pthread_attr_t attr;
    void *lo;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        if (pthread_attr_getstack(&attr, &lo, &size) == 0)
            w->stack_lo = lo;
        pthread_attr_destroy(&attr);
    }
}

void sched_fault_teardown(struct worker *w)
{
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    free(w->altstack);
    w->altstack = NULL;
}

size_t sched_stack_bytes(void)
{
    return stack_bytes;
}

void sched_watch_stacks(void)
{
    struct sigaction fault;
    memset(&fault, 0, sizeof fault);
    fault.sa_sigaction = fault_handler;
    fault.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&fault.sa_mask);
    sigaction(SIGSEGV, &fault, NULL);
}
