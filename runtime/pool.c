/* pool.c - starting and stopping the workers (and the stress thread),
 * submitting a computation to them, and running one as a guest. The top
 * of the scheduler layer (sched-layer.h): the runtime's entry points (main.c,
 * entry.c) call it, and it runs the scheduling loop (scheduler.c) on each
 * worker. */
#include "closure.h"
#include "deque.h"
#include "fence.h"
#include "hyper.h"
#include "idle.h"
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

static pthread_t *threads;
static pthread_barrier_t exit_barrier;

/* Stress mode: a thread of the runtime's own, every 50-100 microseconds
 * of wall time, makes an unsuccessful steal attempt against every worker
 * and guest, wherever each is, and steals one to four of the oldest
 * entries of every worker's deque (sched_stress_steal): releases start at random
 * depths, on any number of workers, and eager frames are stolen, hundreds
 * of times even in a test of a few milliseconds. It writes the flags and
 * takes the deques' entries as a thief does and sends no signal, so the
 * program's own system calls (nanosleep, poll, ...) are never
 * interrupted. It stops with the workers and waits at their exit barrier,
 * since the flags it writes live in their thread-local storage. */
static pthread_t stress_thread;

static void *sched_stress_main(void *arg)
{
    (void)arg;
    prctl(PR_SET_TIMERSLACK, 1000UL); /* sleep 50-100 us, not 100-150 */
    uint64_t rng = 0x2545f4914f6cdd1dull;
    while (!atomic_load_explicit(&sched_pool.done, memory_order_acquire)) {
        int n = atomic_load_explicit(&sched_pool.nvictims, memory_order_acquire);
        for (int i = 0; i < n; i++) {
            sched_request_release(sched_pool.workers[i], false);
            sched_stress_steal(sched_pool.workers[i], 1 + (unsigned)(sched_xorshift(&rng) % 4));
        }
        struct timespec ts = {0, 50000 + (long)(sched_xorshift(&rng) % 50000)};
        nanosleep(&ts, NULL);
    }
    pthread_barrier_wait(&exit_barrier);
    return NULL;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    __cilkrt_tls_worker = w;
    deque_attach(w);
    prctl(PR_SET_TIMERSLACK, 1000UL); /* a park of 20 us lasts 20 us (idle.c) */
    atomic_store_explicit(&w->cf, &__cilkrt_tls_cf, memory_order_release);
    sched_fault_setup(w);
    sched_loop(w);
    spin_lock(&w->lock); /* sched_request_release(w, true): no word now */
    atomic_store_explicit(&w->cf, NULL, memory_order_relaxed);
    spin_unlock(&w->lock);
    deque_detach(w);
    /* Thieves write other workers' control-flow words, and read their
     * tails, which live in thread-local storage: no worker exits before
     * all have stopped. */
    pthread_barrier_wait(&exit_barrier);
    sched_fault_teardown(w);
    return NULL;
}

static struct worker *worker_new(int id)
{
    struct worker *w = aligned_alloc(64, (sizeof *w + 63) & ~(size_t)63);
    if (!w)
        abort();
    memset(w, 0, sizeof *w);
    /* A guard page after the deque turns an overflow into a fault. */
    size_t bytes = sched_deque_entries() * sizeof(void *);
    char *mem = mmap(NULL, bytes + 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
        perror("cilk: deque");
        exit(2);
    }
    mprotect(mem + bytes, 4096, PROT_NONE);
    w->deque = (struct __cilk_frame **)mem;
    w->deque_last = w->deque + sched_deque_entries() - 1;
    atomic_init(&w->head, w->deque);
    atomic_init(&w->tail_home, w->deque);
    atomic_init(&w->tailp, &w->tail_home);
    atomic_init(&w->limit_home, w->deque);
    atomic_init(&w->limitp, &w->limit_home);
    atomic_init(&w->fenced_pops, 0);
    w->id = id;
    w->rng = 0x9e3779b97f4a7c15ull * (uint64_t)(id + 1);
    return w;
}

/* Caller holds pool_mu. */
static void start_locked(int nproc, int mode)
{
    sched_pool.nworkers = nproc;
    sched_pool.eager = mode == CILK_MODE_EAGER;
    if (sched_pool.eager)
        fence_init();
    sched_pool.workers = calloc((size_t)nproc + MAX_GUESTS, sizeof *sched_pool.workers);
    threads = calloc((size_t)nproc, sizeof *threads);
    if (!sched_pool.workers || !threads)
        abort();
    for (int i = 0; i < nproc; i++)
        sched_pool.workers[i] = worker_new(i);
    /* Release: a thread already running (dist.c's communicator) that sees
     * the victims sees them made. */
    atomic_store_explicit(&sched_pool.nvictims, nproc, memory_order_release);

    pthread_barrier_init(&exit_barrier, NULL, (unsigned)nproc + (sched_pool.stress != 0));
    sched_watch_stacks();

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, sched_stack_bytes());
    pthread_attr_setguardsize(&attr, STACK_GUARD);
    for (int i = 0; i < nproc; i++) {
        int err = pthread_create(&threads[i], &attr, worker_main, sched_pool.workers[i]);
        if (err) {
            fprintf(stderr, "cilk: cannot start worker %d: %s\n", i,
                    strerror(err));
            exit(2);
        }
    }
    if (sched_pool.stress) {
        int err = pthread_create(&stress_thread, NULL, sched_stress_main, NULL);
        if (err) {
            fprintf(stderr, "cilk: cannot start the stress thread: %s\n",
                    strerror(err));
            exit(2);
        }
    }
    pthread_attr_destroy(&attr);
    pthread_atfork(sched_fork_prepare, sched_fork_parent, sched_fork_child);
    sched_pool.started = true;
}

bool sched_start(int nproc, int mode)
{
    pthread_mutex_lock(&sched_pool.mu);
    if (!sched_pool.started && !sched_pool.stopped)
        start_locked(nproc, mode);
    bool running = !sched_pool.stopped;
    pthread_mutex_unlock(&sched_pool.mu);
    return running;
}

bool sched_started(void)
{
    pthread_mutex_lock(&sched_pool.mu);
    bool s = sched_pool.started;
    pthread_mutex_unlock(&sched_pool.mu);
    return s;
}

bool sched_submit(struct root *r)
{
    sched_root_init(r);
    /* A computation of its own: its leftmost segment is new. */
    r->hseg = hyper_on ? hyper_seg_new(NULL) : NULL;
    pthread_mutex_lock(&sched_pool.mu);
    if (sched_pool.stopped || !sched_pool.started) {
        pthread_mutex_unlock(&sched_pool.mu);
        return false;
    }
    if (sched_pool.forked)
        sched_fork_stop(); /* no worker would run it */
    *sched_pool.queue_tail = r;
    sched_pool.queue_tail = &r->next;
    atomic_fetch_add_explicit(&sched_pool.queued_roots, 1, memory_order_relaxed);
    sched_activate_locked();
    while (!r->finished)
        pthread_cond_wait(&sched_pool.root_cv, &sched_pool.mu);
    pthread_mutex_unlock(&sched_pool.mu);
    hyper_seg_free(r->hseg);
    return true;
}

/* Makes or reuses a guest slot for the calling thread; null if all are
 * taken. The thread's slot until then (none, or the worker or guest slot
 * whose C code calls: a C frame lies between) is *prev. */
static struct worker *guest_enter(struct worker **prev)
{
    pthread_mutex_lock(&sched_pool.mu);
    int i = 0;
    while (i < sched_pool.nguests && sched_pool.guest_busy[i])
        i++;
    struct worker *w = NULL;
    if (i < MAX_GUESTS) {
        sched_pool.guest_busy[i] = true;
        if (i == sched_pool.nguests) {
            sched_pool.workers[sched_pool.nworkers + i] = worker_new(sched_pool.nworkers + i);
            sched_pool.workers[sched_pool.nworkers + i]->guest = true;
            sched_pool.nguests++;
            /* The slot is complete before a thief can pick it. */
            atomic_store_explicit(&sched_pool.nvictims, sched_pool.nworkers + sched_pool.nguests,
                                  memory_order_release);
        }
        w = sched_pool.workers[sched_pool.nworkers + i];
    }
    pthread_mutex_unlock(&sched_pool.mu);
    if (w) {
        *prev = __cilkrt_tls_worker;
        if (*prev)
            deque_detach(*prev); /* its frames wait below the guest's */
        __cilkrt_tls_worker = w;
        deque_attach(w);
        /* The thread's word is shared with *prev, if any: a steal attempted
         * against it is a request the nested computation answers (its
         * frames are the thread's youngest). */
        if (!*prev)
            atomic_store_explicit(&__cilkrt_tls_cf, CILK_CF_NORMAL,
                                  memory_order_relaxed);
        atomic_store_explicit(&w->cf, &__cilkrt_tls_cf, memory_order_release);
    }
    return w;
}

/* The guest's computation is over and its deque empty: no thief may reach
 * this thread's control-flow word after the slot's lock is released. */
static void guest_leave(struct worker *w, struct worker *prev)
{
    spin_lock(&w->lock);
    atomic_store_explicit(&w->cf, NULL, memory_order_relaxed);
    spin_unlock(&w->lock);
    deque_reset_if_empty(w);
    deque_detach(w);
    __cilkrt_tls_worker = prev;
    if (prev)
        deque_attach(prev);
    pthread_mutex_lock(&sched_pool.mu);
    sched_pool.guest_busy[w->id - sched_pool.nworkers] = false;
    pthread_mutex_unlock(&sched_pool.mu);
}

bool sched_run_guest(struct root *r)
{
    sched_root_init(r);
    struct worker *prev;
    struct worker *w = guest_enter(&prev);
    if (!w)
        return !__cilkrt_tls_worker && sched_submit(r);
    r->nested = prev != NULL;
    /* Reducers: a computation nested in the strand of a worker's C code
     * (prev) goes on in that strand's segment, and leaves its views
     * there; one started by a thread outside the pool is leftmost. */
    struct hmap *views = __cilkrt_tls_views;
    bool own_seg = false;
    r->hseg = NULL;
    if (hyper_on) {
        if (prev && prev->seg) {
            hyper_deposit(prev);
            r->hseg = prev->seg;
        } else {
            r->hseg = hyper_seg_new(NULL);
            own_seg = true;
        }
    }
    pthread_mutex_lock(&sched_pool.mu);
    sched_activate_locked();
    pthread_mutex_unlock(&sched_pool.mu);

    sched_run_root(w, r);
    struct idle idle = {0};
    for (;;) {
        /* What a release left to this worker, and the parents on its
         * deque that no thief took. A guest runs its own computation
         * only. */
        while (w->next) {
            struct closure *c = w->next;
            w->next = NULL;
            sched_run_closure(w, c);
        }
        /* Stress took these from it (sched_stress_steal): if no thief has, the
         * guest runs them, the youngest first, as a worker would. */
        if (sched_pool.stress) {
            struct closure *c = sched_take_held(w, w, true, NULL, NULL);
            if (c) {
                STAT_INC(w, steal_attempts); /* as steal() counts it */
                sched_run_closure(w, c);
                continue;
            }
        }
        /* A worker (or a guest) whose C code nested the computation
         * would idle while it waits: it steals the work the computation
         * waits for, which keeps the workers that run the computation P
         * (leapfrogging: whatever it takes ends before the computation
         * does, so the nested computations still end innermost first). A
         * thread from outside the pool only waits: it would be a thread
         * more than the workers. A finished computation is left below,
         * under the pool's mutex: sched_root_finish reads r until it
         * releases it. */
        if (prev && !sched_pool.forked &&
            !atomic_load_explicit(&r->finished, memory_order_acquire)) {
            struct closure *c = sched_steal_within(w, &r->c);
            if (c) {
                idle_found(&idle);
                sched_run_closure(w, c);
                continue;
            }
            if (!atomic_load_explicit(&r->finished, memory_order_acquire)) {
                idle_failed(&idle, sched_pool.eager, sched_pool.stress);
                continue;
            }
        }
        pthread_mutex_lock(&sched_pool.mu);
        bool finished = r->finished;
        bool held = atomic_load_explicit(&w->nheld, memory_order_relaxed);
        if (!finished && !w->next && !held && sched_pool.forked)
            sched_fork_stop();
        if (!finished && !w->next && !held)
            pthread_cond_wait(&sched_pool.root_cv, &sched_pool.mu);
        pthread_mutex_unlock(&sched_pool.mu);
        if (finished)
            break;
    }
    if (r->hseg) {
        __cilkrt_tls_views = own_seg ? views : r->hseg->map;
        if (own_seg)
            hyper_seg_free(r->hseg);
    }
    w->seg = NULL;
    guest_leave(w, prev);
    return true;
}

void sched_stop(void)
{
    pthread_mutex_lock(&sched_pool.mu);
    if (!sched_pool.started || sched_pool.stopped) {
        pthread_mutex_unlock(&sched_pool.mu);
        return;
    }
    sched_pool.stopped = true;
    atomic_store(&sched_pool.done, 1);
    pthread_cond_broadcast(&sched_pool.work_cv);
    idle_wake_all();
    pthread_mutex_unlock(&sched_pool.mu);
    for (int i = 0; i < sched_pool.nworkers; i++)
        pthread_join(threads[i], NULL);
    if (sched_pool.stress)
        pthread_join(stress_thread, NULL);
    pthread_barrier_destroy(&exit_barrier);
    free(threads);
}

