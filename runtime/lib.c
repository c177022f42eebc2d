/* lib.c - the Cilk-5 library (include/cilk-lib.cilkh), except Cilk_init and
 * Cilk_terminate (entry.c). */
#include "hooks.h"
#include "cilk-abi.h"
#include "scheduler.h"
#include "worker.h"

#define CILKSCALE_RUNTIME
#include <cilkscale.h>

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef long long Cilk_time;
typedef volatile int Cilk_lockvar[1];

int __cilkrt_active_size(void)
{
    int n;
    sched_workers(&n);
    return n > 0 ? n : 1;
}

/* A guest (a C thread running a Cilk procedure, scheduler.h) is not one of
 * the Cilk_active_size workers: it reports 0, as threads outside do. */
int __cilkrt_self(void)
{
    struct worker *w = __cilkrt_tls_worker;
    return w && w->id < __cilkrt_active_size() ? w->id : 0;
}

static Cilk_time microseconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (Cilk_time)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

Cilk_time Cilk_get_wall_time(void)
{
    return microseconds(CLOCK_MONOTONIC);
}

/* The wall clock, as Cilk-5 on Linux (gettimeofday): a procedure that
 * reads it before and after a spawn may continue on another worker, whose
 * thread CPU time is no later than the first one's. */
Cilk_time Cilk_get_time(void)
{
    return microseconds(CLOCK_MONOTONIC);
}

double Cilk_wall_time_to_sec(Cilk_time t)
{
    return (double)t * 1e-6;
}

double Cilk_time_to_sec(Cilk_time t)
{
    return (double)t * 1e-6;
}

/* Outside a profiled Cilk procedure (a C function, a build without
 * -fplugin-arg-cilk-profile) there is no record to read: 0, as in Cilk-5
 * without -cilk-critical-path. In a profiled procedure the pass calls
 * __cilkrt_prof_user_work/critical_path (profile.c) instead. */
Cilk_time __cilkrt_user_work(void)
{
    return 0;
}

Cilk_time __cilkrt_user_critical_path(void)
{
    return 0;
}

/* The contended path of Cilk_lock: spin on reads (no bus traffic), and give
 * the core away now and then, since workers may outnumber cores and the
 * holder may be waiting for one. */
void __cilkrt_lock_wait(Cilk_lockvar v)
{
    unsigned spins = 0;
    for (;;) {
        while (__atomic_load_n(&v[0], __ATOMIC_RELAXED)) {
            if (++spins % 128 == 0)
                sched_yield();
            else
                __builtin_ia32_pause();
        }
        if (!__atomic_exchange_n(&v[0], 1, __ATOMIC_ACQUIRE))
            return;
    }
}

void *Cilk_malloc(size_t size)
{
    return malloc(size);
}

void *Cilk_malloc_fixed(size_t size)
{
    return malloc(size);
}

void *Cilk_calloc(size_t nmemb, size_t size)
{
    return calloc(nmemb, size);
}

void *Cilk_realloc(void *p, size_t size)
{
    return realloc(p, size);
}

void Cilk_free(void *p)
{
    free(p);
}

void Cilk_exit(int status)
{
    if (dist_hooks)
        dist_hooks->exit(status);
    exit(status);
}

void Cilk_die(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("fatal error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    exit(1);
}

void __cilkrt_assert_failed(const char *expr, int line, const char *file)
{
    fflush(stdout);
    fprintf(stderr, "Assertion failed: %s line %d file %s\n", expr, line,
            file);
    abort();
}
