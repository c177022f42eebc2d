/* scheduler.c - workers, work stealing, and the runtime entry points that
 * generated code calls on its rare paths.
 *
 * The protocol (Cilk-5's, with frames on the C stack):
 *   - A frame is on its worker's deque exactly while it is inside a spawn.
 *     Deque order is C-stack order, so a thief that steals the oldest frame
 *     always steals a frame whose parent was stolen before it (or is the
 *     closure at the bottom of the victim's stack).
 *   - Stealing frame E makes it a closure (a heap copy if E was on the C
 *     stack) whose parent and result slot come from the victim's promotion
 *     record; E's running child stays on the victim and counts in E's join.
 *   - When that child returns, E's pop fails (__cilkrt_pop_slow): the victim
 *     delivers the child's result into E's closure, joins, and unwinds: every
 *     frame below on its C stack was stolen too, so each one's pop fails and
 *     it returns at once, down to the scheduler.
 *   - A slow clone that syncs with children outstanding suspends; the last
 *     child to join resumes it (provably good steals). */
#include "closure.h"
#include "scheduler.h"
#include "worker.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

__thread struct worker *__cilkrt_tls_worker
    __attribute__((tls_model("initial-exec")));

#define DEQUE_ENTRIES (1u << 18) /* spawn depth one worker can hold */
#define WORKER_STACK (64u << 20) /* deep spawn chains recurse on it */

static struct worker **workers;
static int nworkers;
static atomic_int done;

/* The root: the parent of Cilk main's frame. Main's result lands in
 * root_result; its join reaching 0 ends the program. */
static int root_result;
static void root_inlet(void *dst, const void *result)
{
    *(int *)dst = *(const int *)result;
}
static struct closure root;
static int (*root_fn)(int, char **, char **);
static int root_argc;
static char **root_argv, **root_envp;

/* ---- Owner side of the deque ---- */

static void deque_reset(struct worker *w)
{
    spin_lock(&w->lock);
    atomic_store(&w->head, w->deque);
    atomic_store(&w->tail, w->deque);
    spin_unlock(&w->lock);
}

/* The inline pop found head > tail (THE protocol: a thief may be taking the
 * frame). Resolve it under the lock. On failure the frame was stolen: give
 * its running child's result (*result, null if none) to the thief's closure
 * and start unwinding. */
int __cilkrt_pop_slow(void *wv, void *result)
{
    struct worker *w = wv;
    spin_lock(&w->lock);
    struct __cilk_frame **t = atomic_load(&w->tail);
    if (atomic_load(&w->head) <= t) {
        spin_unlock(&w->lock);
        return CILK_POP_OK;
    }
    atomic_store(&w->tail, t + 1);
    if (w->unwinding) { /* a younger frame already delivered */
        spin_unlock(&w->lock);
        return CILK_POP_STOLEN;
    }
    struct closure *p = w->last_stolen;
    void *dst = w->last_dst;
    __cilk_inlet_fn inlet = w->last_inlet;
    spin_unlock(&w->lock);
    closure_apply(p, inlet, dst, result);
    w->unwinding = true;
    closure_join(w, p);
    return CILK_POP_STOLEN;
}

void __cilkrt_apply(void *wv, struct __cilk_frame *f, int site, void *result)
{
    (void)wv;
    struct closure *c = (struct closure *)f;
    closure_apply(c, c->desc->sites[site].inlet, closure_site_dst(c, site),
                  result);
}

/* A slow clone's sync: returns 0 to go on, 1 when the clone must return to
 * the scheduler because children are outstanding (the last one resumes it
 * at the sync's resume point, already stored in f->resume). */
int __cilkrt_sync(void *wv, struct __cilk_frame *f)
{
    struct worker *w = wv;
    struct closure *c = (struct closure *)f;
    /* The frame is not on the deque at a sync, so no new child can appear:
     * join only goes down while we look. */
    if (atomic_load_explicit(&c->join, memory_order_acquire) == 1)
        return 0;
    if (atomic_fetch_sub_explicit(&c->join, 1, memory_order_acq_rel) == 1) {
        atomic_store_explicit(&c->join, 1, memory_order_relaxed);
        return 0;
    }
    w->suspended = true;
    STAT_INC(w, suspensions);
    return 1;
}

/* ---- Thief side ---- */

/* Makes the stolen entry e of victim v a closure. Caller holds v->lock. */
static struct closure *promote(struct worker *w, struct worker *v,
                               struct __cilk_frame *e)
{
    struct closure *c;
    if ((struct closure *)e == v->bottom) {
        /* v is running e's slow clone: e already is a closure. */
        c = (struct closure *)e;
        atomic_fetch_add_explicit(&c->join, 1, memory_order_relaxed);
    } else {
        const struct __cilk_desc *d = e->desc;
        if (d->flags & CILK_DESC_HEAP_FRAME) {
            c = (struct closure *)e;
        } else {
            c = frame_alloc(w, d->size);
            memcpy(c, e, (size_t)d->size);
        }
        c->parent = v->last_stolen;
        c->dst = v->last_dst;
        c->inlet = v->last_inlet;
        atomic_init(&c->join, 2); /* its token + the child running on v */
        atomic_init(&c->lock, 0);
        STAT_INC(w, closures);
    }
    v->last_stolen = c;
    v->last_dst = closure_site_dst(c, c->resume);
    v->last_inlet = c->desc->sites[c->resume].inlet;
    return c;
}

static uint64_t next_random(struct worker *w)
{
    uint64_t x = w->rng; /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return w->rng = x;
}

static struct closure *steal(struct worker *w)
{
    if (nworkers < 2)
        return NULL;
    int k = (int)(next_random(w) % (uint64_t)(nworkers - 1));
    struct worker *v = workers[k >= w->id ? k + 1 : k];
    STAT_INC(w, steal_attempts);
    if (atomic_load(&v->head) >= atomic_load(&v->tail))
        return NULL;
    spin_lock(&v->lock);
    struct __cilk_frame **h = atomic_load(&v->head);
    atomic_store(&v->head, h + 1);
    if (h + 1 > atomic_load(&v->tail)) {
        atomic_store(&v->head, h);
        spin_unlock(&v->lock);
        return NULL;
    }
    struct closure *c = promote(w, v, *h);
    spin_unlock(&v->lock);
    STAT_INC(w, steals);
    return c;
}

/* ---- Scheduling ---- */

static void after_unwind(struct worker *w)
{
    w->unwinding = false;
    deque_reset(w);
}

static void run_closure(struct worker *w, struct closure *c)
{
    if (c == &root) { /* Cilk main returned: the program is over */
        atomic_store(&done, 1);
        return;
    }
    w->bottom = c;
    w->suspended = false;
    c->desc->slow((struct __cilk_frame *)c);
    if (w->unwinding)
        after_unwind(w);
    else if (!w->suspended)
        closure_complete(w, c);
    w->bottom = NULL;
}

static void scheduler(struct worker *w)
{
    unsigned failures = 0;
    while (!atomic_load_explicit(&done, memory_order_acquire)) {
        struct closure *c = w->next;
        w->next = NULL;
        if (!c)
            c = steal(w);
        if (c) {
            failures = 0;
            run_closure(w, c);
            continue;
        }
        /* Workers may outnumber cores: let the busy ones run. */
        if (++failures < 64) {
            sched_yield();
        } else {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
    }
}

static void run_root(struct worker *w)
{
    w->last_stolen = &root;
    w->last_dst = &root_result;
    w->last_inlet = root_inlet;
    int r = root_fn(root_argc, root_argv, root_envp);
    if (w->unwinding) {
        after_unwind(w); /* main was stolen; it finishes elsewhere */
        return;
    }
    root_result = r;
    atomic_store(&done, 1);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    __cilkrt_tls_worker = w;
    if (w->id == 0)
        run_root(w);
    scheduler(w);
    return NULL;
}

static struct worker *worker_new(int id)
{
    struct worker *w = aligned_alloc(64, (sizeof *w + 63) & ~(size_t)63);
    if (!w)
        abort();
    memset(w, 0, sizeof *w);
    /* A guard page after the deque turns an overflow into a fault. */
    size_t bytes = DEQUE_ENTRIES * sizeof(void *);
    char *mem = mmap(NULL, bytes + 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
        perror("cilk: deque");
        exit(2);
    }
    mprotect(mem + bytes, 4096, PROT_NONE);
    w->deque = (struct __cilk_frame **)mem;
    atomic_init(&w->head, w->deque);
    atomic_init(&w->tail, w->deque);
    w->id = id;
    w->rng = 0x9e3779b97f4a7c15ull * (uint64_t)(id + 1);
    return w;
}

int sched_run(int nproc, int (*fn)(int, char **, char **), int argc,
              char **argv, char **envp)
{
    root.desc = NULL;
    atomic_init(&root.join, 1); /* main's frame, running */
    root_fn = fn;
    root_argc = argc;
    root_argv = argv;
    root_envp = envp;
    nworkers = nproc;
    workers = calloc((size_t)nproc, sizeof *workers);
    pthread_t *threads = calloc((size_t)nproc, sizeof *threads);
    if (!workers || !threads)
        abort();
    for (int i = 0; i < nproc; i++)
        workers[i] = worker_new(i);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, WORKER_STACK);
    for (int i = 0; i < nproc; i++) {
        int err = pthread_create(&threads[i], &attr, worker_main, workers[i]);
        if (err) {
            fprintf(stderr, "cilk: cannot start worker %d: %s\n", i,
                    strerror(err));
            exit(2);
        }
    }
    pthread_attr_destroy(&attr);
    for (int i = 0; i < nproc; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    return root_result;
}

struct worker **sched_workers(void)
{
    return workers;
}
