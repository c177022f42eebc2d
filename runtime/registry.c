/* registry.c - the pool's shared state (sched-layer.h: struct sched_pool):
 * which workers and guest slots there are, the computations submitted and
 * running, the options the scheduler runs under, and what a fork() leaves.
 * The bottom of the scheduler layer: the files above it (steal.c,
 * scheduler.c, pool.c) read and change this state; it calls nothing of
 * theirs. */
#include "closure.h"
#include "deque.h"
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

struct sched_pool sched_pool = {
    .mu = PTHREAD_MUTEX_INITIALIZER,
    .work_cv = PTHREAD_COND_INITIALIZER,
    .root_cv = PTHREAD_COND_INITIALIZER,
    .queue_tail = &sched_pool.queue_head,
};

void sched_set_stress(int on)
{
    sched_pool.stress = on;
}

/* ---- fork() (scheduler.h) ---- */

/* The child cannot go on: say why and end it. */
_Noreturn void sched_fork_stop(void)
{
    fprintf(stderr,
            "cilk: this process was forked while Cilk workers ran and now "
            "needs work that another worker ran: only the forking thread "
            "survives fork(). Fork before the first spawn, or call exec or "
            "_exit in the child.\n");
    fflush(NULL);
    _exit(2);
}

/* pool_mu is consistent in the child: no other thread holds it across. */
void sched_fork_prepare(void)
{
    pthread_mutex_lock(&sched_pool.mu);
}

void sched_fork_parent(void)
{
    pthread_mutex_unlock(&sched_pool.mu);
}

void sched_fork_child(void)
{
    pthread_mutex_unlock(&sched_pool.mu);
    if (!sched_pool.started || sched_pool.stopped)
        return;
    sched_pool.forked = true;
    /* No thief survives: none steals from this thread, and a lock one held
     * on a deque is released, with the head it raised while deciding
     * whether it could take the oldest entry (eager mode's fence makes
     * that a few microseconds). Every slot's: this thread may hold
     * several, a guest's and the one whose C code nested it (pool.c). */
    atomic_store(&sched_pool.nvictims, 0);
    for (int i = 0; i < sched_pool.nworkers + sched_pool.nguests; i++) {
        struct worker *v = sched_pool.workers[i];
        if (v->claim_from) {
            deque_set_head(v, v->claim_from);
            v->claim_from = NULL;
        }
        atomic_store(&v->lock, 0);
    }
}

/* r's computation is over: wake its submitter, which may return (and free
 * r) at once. */
void sched_root_finish(struct root *r)
{
    if (sched_pool.forked && !pthread_equal(r->owner, pthread_self())) {
        if (!r->exits_in_fork_child)
            sched_fork_stop();
        fflush(NULL);
        exit(*(const int *)r->result);
    }
    pthread_mutex_lock(&sched_pool.mu);
    atomic_store_explicit(&r->finished, true, memory_order_release);
    atomic_fetch_sub_explicit(&sched_pool.active_roots, 1, memory_order_relaxed);
    bool nested = r->nested; /* r may be gone once the mutex is released */
    pthread_cond_broadcast(&sched_pool.root_cv);
    pthread_mutex_unlock(&sched_pool.mu);
    if (nested)
        idle_wake_all();
}

/* The oldest submitted root, or null. */
struct root *sched_take_root(void)
{
    if (!atomic_load_explicit(&sched_pool.queued_roots, memory_order_relaxed))
        return NULL;
    pthread_mutex_lock(&sched_pool.mu);
    struct root *r = sched_pool.queue_head;
    if (r) {
        sched_pool.queue_head = r->next;
        if (!sched_pool.queue_head)
            sched_pool.queue_tail = &sched_pool.queue_head;
        atomic_fetch_sub_explicit(&sched_pool.queued_roots, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&sched_pool.mu);
    return r;
}

/* No computation is active (a pool that C functions started): sleep until
 * one is submitted instead of polling the other workers. */
void sched_idle_wait(void)
{
    pthread_mutex_lock(&sched_pool.mu);
    while (!atomic_load(&sched_pool.active_roots) && !atomic_load(&sched_pool.done))
        pthread_cond_wait(&sched_pool.work_cv, &sched_pool.mu);
    pthread_mutex_unlock(&sched_pool.mu);
}

/* A computation starts: workers asleep in idle_wait wake to run or steal
 * from it. Caller holds pool_mu. */
void sched_activate_locked(void)
{
    atomic_fetch_add_explicit(&sched_pool.active_roots, 1, memory_order_relaxed);
    pthread_cond_broadcast(&sched_pool.work_cv);
    idle_wake_all();
}

void sched_root_init(struct root *r)
{
    r->owner = pthread_self();
    atomic_init(&r->c.join, 1); /* the top frame, running */
    closure_init_gens(&r->c, 0);
    r->c.desc = NULL;
    atomic_init(&r->finished, false);
    r->nested = false;
    r->next = NULL;
}

bool sched_threads_quiescent(void)
{
    int n = atomic_load_explicit(&sched_pool.nvictims, memory_order_acquire);
    unsigned long ran = 0, posted = 0;
    /* Every run is read before any post: a closure posted and run while
     * the sums are read can only make posted exceed ran, never hide a
     * pending closure behind a run counted against a post not yet read. */
    for (int i = 0; i < n; i++)
        ran += atomic_load(&sched_pool.workers[i]->cp_ran);
    for (int i = 0; i < n; i++)
        posted += atomic_load(&sched_pool.workers[i]->cp_posted);
    return ran == posted;
}

struct worker **sched_workers(int *n)
{
    *n = sched_pool.nworkers;
    return sched_pool.workers;
}

struct worker **sched_workers_and_guests(int *n)
{
    pthread_mutex_lock(&sched_pool.mu);
    *n = sched_pool.nworkers + sched_pool.nguests;
    pthread_mutex_unlock(&sched_pool.mu);
    return sched_pool.workers;
}
