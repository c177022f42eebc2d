/* profile.c - work and span of a profiled program (-fplugin-arg-cilk-profile).
 *
 * The hooks run at every strand boundary of every Cilk procedure (see
 * CILK_ABI_PROF_* in cilk-abi.h). Each strand is timed with the timestamp
 * counter: its length goes to the worker's work total and to the span of its
 * procedure instance. The span follows the Cilk paper (section 4): a
 * strand's earliest start is its procedure's span so far; a child spawned
 * at span `at` that ends with span s makes its parent's span at least at + s
 * once the parent syncs; Cilk main's span at return is T_inf. The burdened
 * span is the same with `burden` added to each child's path (Cilkview's
 * measure of what stealing the continuation costs). Only the hooks pay for
 * this: a program compiled without profiling never calls them.
 *
 * Contract: p belongs to the procedure whose strand calls the hook; that
 * strand runs on the calling worker. Between a spawn hook and the child's
 * enter hook the worker runs nothing else Cilk, so the worker carries the
 * parent's identity across (w->prof_pending). */
#include "profile.h"
#include "hyper.h"
#include "options.h"
#include "units.h"
#include "frame.h"
#include "worker.h"

#define CILKSCALE_RUNTIME
#include <cilkscale.h>

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(sizeof(struct __cilk_prof) == CILK_ABI_PROF_SIZE,
               "profile record size is part of the ABI");

/* The work, span and burdened span of the computations that ended (Cilk
 * main's, or each C call's run by a guest), summed: a plain C main that
 * calls parallel code several times runs them one after the other, so
 * their spans add up as their work does. */
static _Atomic long long root_work, root_span, root_bspan;
/* Ticks (or strands) charged to each spawned child's path in the burdened
 * span: CILK_BURDEN, else 15,000 ticks (Cilkview's default, in cycles), 0
 * in strands. */
static long long burden;
static atomic_bool profiled;
/* Set before any worker starts: a strand weighs 1 (if it is a thread), not
 * its duration. */
static bool unit_strands;
/* The timestamp counter at sched start and end, to convert ticks against
 * the wall time main() measures over the same interval. */
static unsigned long long tsc_start, tsc_end;
static struct timespec wall_start, wall_end;
/* The ticks profiling surely adds to a strand between two boundaries
 * (calibrate). */
static long long hook_cost;
/* A child whose subtree is expected to run shorter than this many ticks
 * runs quiet (quiet_child); 0: every procedure is profiled. */
static long long grain;
#define CILK_PROFILE_GRAIN_NS 2000

/* A serial build whose main() is plain C (OpenCilk's spelling) starts no
 * pool, so no worker runs its Cilk code: a thread that enters profiled code
 * then gets a worker of the profile's own (solo: only the hooks use it, for
 * its strands' clock, its work and counts, and the procedure entered
 * next), and the profile reports at exit, as entry.c does for a pool. */
static bool session; /* profile_start ran */
static _Thread_local struct worker *solo;
static struct worker **solos;
static int nsolos;
static pthread_mutex_t solo_mu = PTHREAD_MUTEX_INITIALIZER;

/* The worker that runs the calling hook's strand, or null: a procedure
 * that a C thread called outside any computation. */
static inline struct worker *me(void)
{
    struct worker *w = __cilkrt_tls_worker;
    return w ? w : solo;
}

static inline unsigned long long now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull +
           (unsigned long long)ts.tv_nsec;
#endif
}

/* Reads the clock at a strand boundary on w: the read ends the strand
 * before the boundary, and the strand after it starts there if it starts on
 * w (strand_start). One read per boundary instead of two halves what the
 * profile costs; what the hooks themselves take is then inside the strands,
 * and strand_end takes it off again (hook_cost). */
static inline unsigned long long boundary(struct worker *w)
{
    unsigned long long t = now();
    w->prof_last = t;
    w->prof_last_ok = true;
    return t;
}

/* When a strand that starts on w now started: at the last boundary, unless
 * the scheduler ran something else since (it clears prof_last_ok before
 * running a closure or a root: a stolen continuation, a resumed sync). */
static inline unsigned long long strand_start(struct worker *w)
{
    return w->prof_last_ok ? w->prof_last : boundary(w);
}

/* A strand measured `raw` ticks from boundary to boundary, less what
 * profiling surely added to it. Clock jitter may leave a very short strand
 * a few ticks below zero; it stays so, that sums over many strands (work,
 * paths) are not biased upward. */
static inline long long net(unsigned long long raw)
{
    return (long long)raw - hook_cost;
}

/* Adds a strand of d ticks (or strands) to p's path and w's work; `thread`:
 * it counts as a Cilk thread. */
static void add_strand(struct worker *w, struct __cilk_prof *p,
                       long long d, int thread)
{
    w->stats.work += d;
    w->stats.threads += (unsigned long)thread;
    p->span += d;
    p->bspan += d;
    p->work += d;
}

/* Ends p's current strand on w. */
static void strand_end(struct worker *w, struct __cilk_prof *p, int thread)
{
    add_strand(w, p,
               unit_strands ? (long long)thread
                            : net(boundary(w) - p->start),
               thread);
}

/* *c = max(*c, v), atomically. */
static void raise_to(_Atomic long long *c, long long v)
{
    long long old = atomic_load_explicit(c, memory_order_relaxed);
    while (old < v &&
           !atomic_compare_exchange_weak_explicit(c, &old, v,
                                                  memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

/* A sync region open in a procedure instance: the paths through the
 * children spawned in it, apart from those of the children spawned before
 * it, which a sync of the region does not wait for (cilk-abi.h). */
struct __cilk_prof_region {
    long long children, bchildren; /* (atomic) as in struct __cilk_prof */
    struct __cilk_prof_region *outer;
};

/* Where p's children of its current region raise their paths. */
static _Atomic long long *children_of(struct __cilk_prof *p)
{
    return (_Atomic long long *)(p->region ? &p->region->children
                                           : &p->children);
}
static _Atomic long long *bchildren_of(struct __cilk_prof *p)
{
    return (_Atomic long long *)(p->region ? &p->region->bchildren
                                           : &p->bchildren);
}

/* A child of parent finished, spawned in parent's region `into` (null: in
 * none): its work joins parent's children's, and its paths, path and bpath
 * (with the steal burden added), the longest of theirs. */
static void child_finished(struct __cilk_prof *parent,
                           struct __cilk_prof_region *into, long long path,
                           long long bpath, long long work)
{
    atomic_fetch_add_explicit((_Atomic long long *)&parent->children_work,
                              work, memory_order_relaxed);
    raise_to((_Atomic long long *)(into ? &into->children : &parent->children),
             path);
    raise_to((_Atomic long long *)(into ? &into->bchildren
                                        : &parent->bchildren),
             bpath + burden);
}

/* No child of p's current region has finished since its last sync: a path
 * through a child always counts (spans may be below zero, see net). */
static void no_children(struct __cilk_prof *p)
{
    atomic_store_explicit(children_of(p), LLONG_MIN, memory_order_relaxed);
    atomic_store_explicit(bchildren_of(p), LLONG_MIN, memory_order_relaxed);
}

/* The paths through the children that raised c and bc join p's, and none
 * is left there. The join protocol ordered their updates before this. */
static void join_paths(struct __cilk_prof *p, _Atomic long long *c,
                       _Atomic long long *bc)
{
    long long v = atomic_load_explicit(c, memory_order_relaxed);
    if (v > p->span)
        p->span = v;
    v = atomic_load_explicit(bc, memory_order_relaxed);
    if (v > p->bspan)
        p->bspan = v;
    atomic_store_explicit(c, LLONG_MIN, memory_order_relaxed);
    atomic_store_explicit(bc, LLONG_MIN, memory_order_relaxed);
}

/* The paths through p's children of its current region join p's. */
static void join_children(struct __cilk_prof *p)
{
    join_paths(p, children_of(p), bchildren_of(p));
}

/* p is a procedure that C code called inside some strand, whose time is
 * that strand's, or outside any computation (__cilkrt_prof_enter): its
 * hooks count nothing, and its children are the same. */
static inline bool muted(const struct __cilk_prof *p)
{
    return !p->parent && !p->at;
}

__attribute__((noinline)) void
__cilkrt_prof_region_begin(struct __cilk_prof *p)
{
    if (muted(p))
        return;
    struct __cilk_prof_region *r = malloc(sizeof *r);
    if (!r)
        abort();
    r->outer = p->region;
    p->region = r;
    no_children(p);
}

/* After the region's sync: nothing of it is left to join. */
__attribute__((noinline)) void __cilkrt_prof_region_end(struct __cilk_prof *p)
{
    struct __cilk_prof_region *r = p->region;
    if (!r)
        return;
    p->region = r->outer;
    free(r);
}

static void solo_report(void);

/* Starts the profile of a serial build that no pool profiles (solo). */
static bool solo_on;
static void solo_start(void)
{
    if (session || units_check() != CILK_MODE_SERIAL)
        return;
    struct cilk_options opts;
    char *argv[] = {"", NULL};
    int argc = 1;
    if (cilk_parse_options(&argc, argv, &opts)) /* CILK_PROFILE's errors */
        exit(2);
    profile_calibrate(false);
    profile_start(opts.profile_strands);
    atexit(solo_report);
    solo_on = true;
}

/* The calling thread's solo worker, made on its first entry into profiled
 * code of a solo session; null in a parallel build or under a pool's
 * profile. */
static struct worker *solo_enter(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, solo_start);
    if (!solo_on)
        return NULL;
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        abort();
    w->prof_top = true; /* outside profiled code */
    pthread_mutex_lock(&solo_mu);
    struct worker **more = realloc(solos, (nsolos + 1) * sizeof *solos);
    if (!more)
        abort();
    solos = more;
    solos[nsolos++] = w;
    pthread_mutex_unlock(&solo_mu);
    return solo = w;
}

/* At exit, unless a pool that started since reported (entry.c). */
static void solo_report(void)
{
    profile_stop();
    fflush(stdout);
    profile_print(NULL, 0);
}

/* The hooks are noinline: calibrate calls each as the program does. */
__attribute__((noinline)) void __cilkrt_prof_enter(struct __cilk_prof *p)
{
    struct worker *w = me();
    p->region = NULL;
    if (!w && !(w = solo_enter())) {
        /* A procedure without spawns that a C thread called. */
        p->parent = NULL;
        p->at = 0;
        return;
    }
    p->parent = w->prof_pending;
    p->at = w->prof_pending_at;
    p->bat = w->prof_pending_bat;
    w->prof_pending = NULL;
    if (!p->parent) {
        /* A computation's top frame, or a procedure that C code called
         * inside some strand (at 0): its time is that strand's. (In the
         * parallel modes such a procedure has no spawns: one that spawns
         * runs its serial clone, which has no hooks.) */
        p->at = w->prof_top;
        w->prof_top = false;
        if (p->at)
            atomic_store_explicit(&profiled, true, memory_order_relaxed);
    }
    p->into = w->prof_pending_region;
    p->depth = p->parent ? p->parent->depth + 1 : 0;
    p->site = p->parent ? w->prof_pending_site : NULL;
    p->span = 0;
    p->bspan = 0;
    p->work = 0;
    no_children(p);
    atomic_store_explicit((_Atomic long long *)&p->children_work, 0,
                          memory_order_relaxed);
    p->spawning = 0;
    p->spawned = 0;
    p->start = strand_start(w);
}

/* w's guess for the subtrees that the spawn hook returning to `site`
 * makes at depth d. */
static inline struct prof_guess *guess(struct worker *w, const void *site,
                                       int d)
{
    enum { SLOTS = sizeof w->prof_guess / sizeof w->prof_guess[0] };
    uint64_t h = ((uint64_t)(uintptr_t)site ^ (uint64_t)(unsigned)d << 48) *
                 0x9e3779b97f4a7c15u;
    return &w->prof_guess[(h >> 56) % SLOTS];
}

/* A subtree spawned at site, at depth d, took `work` on w: the largest of
 * the latest ones, decaying by 1/64 a subtree, is the guess for the next
 * (quiet_child). A slot that held another spawn's starts over. */
static void learn(struct worker *w, const void *site, int d, long long work)
{
    struct prof_guess *g = guess(w, site, d);
    long long v = work > 0 ? work : 1;
    if (g->site != site || g->depth != d)
        *g = (struct prof_guess){site, d, 0, 0};
    g->samples++;
    g->work = v >= g->work - (g->work >> 6) ? v : g->work - (g->work >> 6);
}

/* Whether p's next child, spawned at site, runs quiet: its whole subtree
 * then runs the plain build's code, with no hook to pay for, and is timed
 * as one strand, from the spawn hook to the resume hook (quiet_child_done).
 * That the child is short is a guess from the subtrees that this spawn
 * made lately at the same depth on this worker, two at least; one
 * candidate in 64 is profiled anyway to keep the guess fresh. Only the
 * span can suffer: a quiet subtree's own parallelism is not seen, so its
 * work counts as its span. */
static bool quiet_child(struct worker *w, const struct __cilk_prof *p,
                        const void *site)
{
    const struct prof_guess *g = guess(w, site, p->depth + 1);
    return grain && g->site == site && g->depth == p->depth + 1 &&
           g->samples >= 2 && g->work <= grain &&
           ++w->prof_candidates % 64;
}

/* p's quiet child is done (resume, or catch if it threw): its one strand,
 * since the spawn hook's read (p->start), is a child's path and work, and
 * p's continuation starts now. If a thief resumed the continuation, the
 * strand ends where the thief resumes, and what the child ran after the
 * steal, like what thieves run of a quiet subtree, is nobody's (quiet code
 * has no hooks): at most a grain's time, once per such steal. */
static void quiet_child_done(struct worker *w, struct __cilk_prof *p)
{
    bool here = w->prof_last_ok; /* no steal or release since the spawn */
    unsigned long long t = boundary(w);
    long long d = unit_strands ? 1 : net(t - p->start);
    w->stats.work += d;
    w->stats.threads++;
    child_finished(p, p->region, p->span + d, p->bspan + d, d);
    if (here) /* a strand cut short by a steal guesses nothing */
        learn(w, w->prof_quiet_site, p->depth + 1, d);
    p->start = t;
    p->spawning = 0;
    __cilkrt_prof_quiet = 0; /* if the child was no profiled procedure */
}

/* A spawn hook of p returning to site; quietable: the child may run quiet
 * (it has a quiet entry). */
static inline void spawn(struct __cilk_prof *p, const void *site,
                         bool quietable)
{
    if (muted(p))
        return;
    struct worker *w = me();
    if (!p->spawning) {
        strand_end(w, p, 1);
        STAT_INC(w, spawns);
        p->spawning = quietable && quiet_child(w, p, site) ? 2 : 1;
        p->spawned = 1;
        if (p->spawning == 2) {
            w->prof_quiet++;
            w->prof_quiet_site = site;
            p->start = w->prof_last; /* the child's strand starts here */
        }
    }
    if (p->spawning == 2) { /* (again after a release: it was cleared) */
        w->prof_pending = NULL; /* quiet code enters nothing profiled */
        __cilkrt_prof_quiet = 1;
        return;
    }
    w->prof_pending = p;
    w->prof_pending_at = p->span;
    w->prof_pending_bat = p->bspan;
    w->prof_pending_region = p->region;
    w->prof_pending_site = site;
}

__attribute__((noinline)) void __cilkrt_prof_spawn(struct __cilk_prof *p)
{
    spawn(p, __builtin_return_address(0), false);
}

__attribute__((noinline)) void
__cilkrt_prof_spawn_quietable(struct __cilk_prof *p)
{
    spawn(p, __builtin_return_address(0), true);
}

__attribute__((noinline)) void __cilkrt_prof_resume(struct __cilk_prof *p)
{
    if (muted(p))
        return;
    if (p->spawning == 2) {
        quiet_child_done(me(), p);
        return;
    }
    p->spawning = 0;
    p->start = strand_start(me());
}

void __cilkrt_prof_sync(struct __cilk_prof *p)
{
    if (muted(p))
        return;
    /* A sync with no child since the last one ends no thread. */
    strand_end(me(), p, p->spawned);
}

__attribute__((noinline)) void __cilkrt_prof_sync_empty(struct __cilk_prof *p)
{
    if (muted(p))
        return;
    /* The strand since the resume holds only the spawn's result assignment,
     * the child's: it weighs nothing, and the few ticks since the child's
     * return go to the strand after the sync (strand_start). */
    add_strand(me(), p, unit_strands ? p->spawned : 0,
               p->spawned);
}

__attribute__((noinline)) void __cilkrt_prof_synced(struct __cilk_prof *p)
{
    if (muted(p))
        return;
    /* Every child of the sync's region has finished. */
    join_children(p);
    p->spawned = 0;
    p->start = strand_start(me());
}

__attribute__((noinline)) void __cilkrt_prof_return(struct __cilk_prof *p)
{
    struct worker *w = me();
    /* Regions left open (markers that did not nest: the return's sync
     * waited for their children too). */
    while (p->region) {
        join_children(p);
        __cilkrt_prof_region_end(p);
    }
    if (muted(p))
        return;
    strand_end(w, p, 1);
    long long work = p->work + atomic_load_explicit(
                                   (_Atomic long long *)&p->children_work,
                                   memory_order_relaxed);
    if (!p->parent) {
        atomic_fetch_add_explicit(&root_work, work, memory_order_relaxed);
        atomic_fetch_add_explicit(&root_span, p->span, memory_order_relaxed);
        atomic_fetch_add_explicit(&root_bspan, p->bspan,
                                  memory_order_relaxed);
        if (w == solo) /* outside profiled code again */
            w->prof_top = true;
        return;
    }
    if (grain)
        learn(w, p->site, p->depth, work);
    child_finished(p->parent, p->into, p->at + p->span, p->bat + p->bspan,
                   work);
}

/* C++: p's landing pad, a sync of every region (cilk-abi.h). A spawned
 * child that threw is done: its unwind hook raised p's paths (a quiet
 * child's strand ends here), and the strand before its spawn ended at the
 * spawn. Otherwise the strand that
 * threw ends here. The regions stay open: their end hooks, or p's return
 * or unwind, close them. */
__attribute__((noinline)) void __cilkrt_prof_catch(struct __cilk_prof *p)
{
    struct worker *w = me();
    if (muted(p))
        return;
    w->prof_pending = NULL; /* a spawned function without a record threw */
    if (p->spawning == 2)
        quiet_child_done(w, p);
    else if (!p->spawning)
        strand_end(w, p, p->spawned);
    p->spawning = 0;
    for (struct __cilk_prof_region *r = p->region; r; r = r->outer)
        join_paths(p, (_Atomic long long *)&r->children,
                   (_Atomic long long *)&r->bchildren);
    join_paths(p, (_Atomic long long *)&p->children,
               (_Atomic long long *)&p->bchildren);
    p->spawned = 0;
    p->start = strand_start(w);
}

/* C++: an exception leaves p, its children all done: its pads' sync, then
 * a return. */
__attribute__((noinline)) void __cilkrt_prof_unwind(struct __cilk_prof *p)
{
    __cilkrt_prof_catch(p);
    __cilkrt_prof_return(p);
}

bool profile_threads;

static long long profile_thread_now(struct worker *w)
{
    return w->cp_ready +
           (unit_strands ? 1 : (long long)(now() - w->cp_begin));
}

void profile_thread_begin(struct worker *w, struct __cilk_prof *owner,
                          long long ready, struct profile_thread *saved)
{
    unsigned long long t = boundary(w);
    *saved = (struct profile_thread){w->cp_owner, w->cp_ready,
                                     t - w->cp_begin};
    w->cp_owner = owner;
    w->cp_ready = ready;
    w->cp_begin = t;
}

void profile_thread_end(struct worker *w, const struct profile_thread *saved)
{
    /* A thread's time holds the clock reads of its own sends: unlike a
     * procedure's strands (net), nothing is taken off, since calibrate
     * measures the procedures' hooks, not these. */
    unsigned long long t = boundary(w);
    long long d = unit_strands ? 1 : (long long)(t - w->cp_begin);
    w->stats.work += d;
    w->stats.threads++;
    if (w->cp_owner)
        atomic_fetch_add_explicit(
            (_Atomic long long *)&w->cp_owner->children_work, d,
            memory_order_relaxed);
    w->cp_owner = saved->owner;
    w->cp_ready = saved->ready;
    w->cp_begin = t - saved->elapsed;
}

void profile_thread_edge(struct worker *w, _Atomic long long *ready)
{
    if (w->cp_owner)
        raise_to(ready, profile_thread_now(w));
}

long long profile_pause(struct worker *w, struct __cilk_prof *p)
{
    strand_end(w, p, 1);
    return p->span;
}

void profile_continue(struct worker *w, struct __cilk_prof *p,
                      long long arrived)
{
    if (arrived > p->span) {
        p->bspan += arrived - p->span;
        p->span = arrived;
    }
    p->start = strand_start(w);
}

/* Ticks (or strands) as Cilk_time, microseconds: the tick rate measured
 * against the monotonic clock since profile_start. */
static long long to_cilk_time(long long ticks)
{
    if (unit_strands)
        return ticks;
    if (ticks < 0) /* see net */
        return 0;
    unsigned long long dt = now() - tsc_start;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double dns = (double)(ts.tv_sec - wall_start.tv_sec) * 1e9 +
                 (double)(ts.tv_nsec - wall_start.tv_nsec);
    return dt ? (long long)((double)ticks * dns / (double)dt / 1e3) : 0;
}

/* p's current strand so far (none between a spawn and its resume). */
static long long strand_so_far(const struct __cilk_prof *p)
{
    return p->spawning || unit_strands ? 0 : net(now() - p->start);
}

void __cilkrt_prof_workspan(struct __cilk_prof *p, wsp_t *out)
{
    /* The work of p's finished strands and children, and the paths through
     * p's current strand: p's span so far, from where each ancestor
     * spawned the next ('at' and 'bat' are fixed at entry). */
    long long now_in = strand_so_far(p);
    long long span = p->span + now_in, bspan = p->bspan + now_in;
    for (const struct __cilk_prof *q = p; q->parent; q = q->parent) {
        span += q->at;
        bspan += q->bat;
    }
    out->work = p->work + now_in +
                atomic_load_explicit((_Atomic long long *)&p->children_work,
                                     memory_order_relaxed);
    out->span = span;
    out->bspan = bspan;
}

/* wsp_getworkspan() outside a profiled Cilk procedure (a plain C main
 * around calls of parallel code, cilkscale.h): the computations that
 * ended so far, as if one after the other; all 0 in other builds. */
void __cilkrt_workspan(wsp_t *out)
{
    out->work = atomic_load_explicit(&root_work, memory_order_relaxed);
    out->span = atomic_load_explicit(&root_span, memory_order_relaxed);
    out->bspan = atomic_load_explicit(&root_bspan, memory_order_relaxed);
}

long long __cilkrt_prof_user_work(struct __cilk_prof *p)
{
    wsp_t w;
    __cilkrt_prof_workspan(p, &w);
    return to_cilk_time(w.work);
}

long long __cilkrt_prof_user_critical_path(struct __cilk_prof *p)
{
    wsp_t w;
    __cilkrt_prof_workspan(p, &w);
    return to_cilk_time(w.span);
}

/* The rows wsp_dump added, for the CSV written at exit. */
struct row {
    char *tag;
    wsp_t wsp;
};
static struct row *rows;
static size_t nrows, rows_cap;
static pthread_mutex_t rows_lock = PTHREAD_MUTEX_INITIALIZER;

void wsp_dump(wsp_t wsp, const char *tag)
{
    pthread_mutex_lock(&rows_lock);
    if (nrows == rows_cap) {
        size_t cap = rows_cap ? 2 * rows_cap : 16;
        struct row *r = realloc(rows, cap * sizeof *r);
        if (!r) {
            pthread_mutex_unlock(&rows_lock);
            return;
        }
        rows = r;
        rows_cap = cap;
    }
    rows[nrows].tag = strdup(tag ? tag : "");
    rows[nrows++].wsp = wsp;
    pthread_mutex_unlock(&rows_lock);
}

/* One CSV row; unit: seconds per tick (1: counts, in strands). */
static void csv_row(FILE *f, const char *tag, double work, double span,
                    double bspan, double unit)
{
    fputc('"', f);
    for (const char *c = tag; *c; c++) /* CSV quoting: "" for " */
        fputs(*c == '"' ? "\"\"" : (char[]){*c, 0}, f);
    fprintf(f, "\",%.9g,%.9g,%.6g,%.9g,%.6g\n", work * unit, span * unit,
            span > 0 ? work / span : 0.0, bspan * unit,
            bspan > 0 ? work / bspan : 0.0);
}

/* The whole program's row, then wsp_dump's, to CILKSCALE_OUT or stderr. */
static void write_csv(double work, double span, double bspan, double unit)
{
    const char *path = getenv("CILKSCALE_OUT");
    FILE *f = path && *path ? fopen(path, "w") : stderr;
    if (!f) {
        fprintf(stderr, "cilk: profile: cannot write %s\n", path);
        return;
    }
    const char *u = unit_strands ? "threads" : "seconds";
    fprintf(f, "tag,work (%s),span (%s),parallelism,burdened_span (%s),"
               "burdened_parallelism\n",
            u, u, u);
    csv_row(f, "", work, span, bspan, unit);
    for (size_t i = 0; i < nrows; i++)
        csv_row(f, rows[i].tag, (double)rows[i].wsp.work,
                (double)rows[i].wsp.span, (double)rows[i].wsp.bspan, unit);
    if (f != stderr)
        fclose(f);
}

/* What profiling surely adds to every timed strand (hook_cost): the least
 * time between two consecutive clock reads when the program runs nothing
 * between them. The hooks of fib's shape (G spawns P, which spawns two
 * leaves and syncs; where the build keeps frames on the heap, with the
 * frame allocations the records cost) run on a scratch worker, and every
 * read ends a strand of pure profiling time. The least of thousands, not
 * their mean: a program's strands take longer paths through the hooks than
 * the cheapest one, and how much longer varies with the process's memory
 * layout and the machine's state (a mean measured here came out below what
 * fib's strands took in some runs, far above in others), so only the least
 * is sure never to take off the program's own time. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) ||    \
    __has_feature(memory_sanitizer)
#define CILK_SANITIZED_RUNTIME 1
#endif
#endif

static long long calibrate(bool heap_frames)
{
#ifdef CILK_SANITIZED_RUNTIME
    /* A runtime built with a sanitizer (the ThreadSanitizer suite's) takes
     * nothing off: there each memory access of the hooks and of the program
     * costs what the sanitizer's shadow state makes it, which moves with the
     * process's layout by a factor of three from run to run, so the cheapest
     * calibrated strand may outweigh the program's average one and the work
     * come out as zero. Such a build's times are the sanitizer's anyway;
     * its counts, work and span must still be consistent. */
    (void)heap_frames;
    return 0;
#endif
    enum { ROUNDS = 1024 };
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return 0;
    struct worker *saved = __cilkrt_tls_worker;
    __cilkrt_tls_worker = w;
    const struct __cilk_desc desc = {.size = 256};
    struct __cilk_prof g, p, c;
    unsigned long long last = 0, least = ~0ull;
    /* After a hook that read the clock: the strand it ended. */
#define ENDED()                                                            \
    do {                                                                   \
        if (last && w->prof_last - last < least)                           \
            least = w->prof_last - last;                                   \
        last = w->prof_last;                                               \
    } while (0)
    /* A frame of P's or of a leaf's lifetime, where the build has one. */
#define FRAME(body)                                                        \
    do {                                                                   \
        struct __cilk_frame *f =                                           \
            heap_frames ? __cilkrt_frame_alloc(w, &desc) : 0;              \
        if (f)                                                             \
            f->desc = &desc;                                               \
        body;                                                              \
        if (f)                                                             \
            __cilkrt_frame_free(w, f);                                     \
    } while (0)
#define LEAF()                                                             \
    do {                                                                   \
        __cilkrt_prof_spawn(&p);                                           \
        ENDED();                                                           \
        FRAME(__cilkrt_prof_enter(&c); __cilkrt_prof_return(&c); ENDED()); \
        __cilkrt_prof_resume(&p);                                          \
    } while (0)
    /* G has no parent and never returns: it counts nowhere. (Its `at`
     * says it is not muted, as a computation's top frame.) */
    __cilkrt_prof_enter(&g);
    g.at = 1;
    for (int i = 0; i < ROUNDS; i++) {
        __cilkrt_prof_spawn(&g);
        ENDED();
        FRAME(__cilkrt_prof_enter(&p); LEAF(); LEAF();
              __cilkrt_prof_sync_empty(&p); __cilkrt_prof_synced(&p);
              __cilkrt_prof_return(&p); ENDED());
        __cilkrt_prof_resume(&g);
    }
#undef LEAF
#undef FRAME
#undef ENDED
    __cilkrt_tls_worker = saved;
    free(w);
    return (long long)least;
}

/* Clock ticks per nanosecond, against the monotonic clock over 100 us. */
static double ticks_per_ns(void)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    unsigned long long t = now();
    double ns;
    do {
        clock_gettime(CLOCK_MONOTONIC, &b);
        ns = (double)(b.tv_sec - a.tv_sec) * 1e9 +
             (double)(b.tv_nsec - a.tv_nsec);
    } while (ns < 1e5);
    return (double)(now() - t) / ns;
}

void profile_calibrate(bool heap_frames)
{
    if (session) /* a solo session's (then a pool started: entry.c) */
        return;
    const char *c = getenv("CILK_PROFILE_OVERHEAD");
    hook_cost = c && *c ? strtoll(c, NULL, 10) : calibrate(heap_frames);
    /* After calibrate, whose hooks must all run profiled. */
    const char *g = getenv("CILK_PROFILE_GRAIN");
    long long ns = g && *g ? strtoll(g, NULL, 10) : CILK_PROFILE_GRAIN_NS;
    grain = ns > 0 ? (long long)((double)ns * ticks_per_ns()) : 0;
}

void profile_start(bool strands)
{
    if (session)
        return;
    session = true;
    unit_strands = strands;
    if (strands) /* every strand counted, exactly */
        grain = 0;
    profile_threads = units_profiled();
    const char *b = getenv("CILK_BURDEN");
    burden = b && *b ? strtoull(b, NULL, 10) : strands ? 0 : 15000;
    clock_gettime(CLOCK_MONOTONIC, &wall_start);
    tsc_start = now();
}

void profile_stop(void)
{
    tsc_end = now();
    clock_gettime(CLOCK_MONOTONIC, &wall_end);
}

int profile_print(struct worker **workers, int n)
{
    static bool printed;
    if (!atomic_load_explicit(&profiled, memory_order_relaxed))
        return 0;
    if (printed)
        return 1;
    printed = true;
    double wall = (double)(wall_end.tv_sec - wall_start.tv_sec) +
                  (double)(wall_end.tv_nsec - wall_start.tv_nsec) * 1e-9;
    double seconds_per_tick =
        tsc_end > tsc_start ? wall / (double)(tsc_end - tsc_start) : 0;
    long long work = 0;
    unsigned long long threads = 0, spawns = 0, quiet = 0;
    pthread_mutex_lock(&solo_mu);
    for (int i = 0; i < n + nsolos; i++) {
        struct worker *w = i < n ? workers[i] : solos[i - n];
        work += w->stats.work;
        threads += w->stats.threads;
        spawns += w->stats.spawns;
        quiet += w->prof_quiet;
    }
    pthread_mutex_unlock(&solo_mu);
    /* Estimates (see net): a calibration that took off more than profiling
     * added may leave the work below zero, and noise the span above the
     * work, which by definition it never is. */
    if (work < 0)
        work = 0;
    long long span = root_span < 0 ? 0 : root_span < work ? root_span : work;
    long long bspan = root_bspan < span ? span : root_bspan;
    if (nrows || getenv("CILKSCALE_OUT"))
        write_csv((double)work, (double)span, (double)bspan,
                  unit_strands ? 1.0 : seconds_per_tick);
    /* Reducers: a view is made and reduced once per segment a steal
     * started that touched the reducer (hyper.h). */
    if (hyper_views_made())
        fprintf(stderr, "cilk: profile: reducers: %lu views made, %lu "
                        "reduce calls\n",
                hyper_views_made(), hyper_reductions());
    if (unit_strands) {
        fprintf(stderr,
                "cilk: profile: strands: work %lld, span %lld, "
                "parallelism %.2f, threads %llu, spawns %llu\n",
                work, span, span ? (double)work / (double)span : 0.0,
                threads, spawns);
        return 1;
    }
    double t1 = (double)work * seconds_per_tick;
    double tinf = (double)span * seconds_per_tick;
    fprintf(stderr,
            "cilk: profile: work T_1 %.6f s, span T_inf %.6f s, "
            "parallelism %.2f, threads %llu, thread length %.3f us, "
            "spawns %llu\n",
            t1, tinf, tinf > 0 ? t1 / tinf : 0.0, threads,
            threads ? t1 / (double)threads * 1e6 : 0.0, spawns);
    if (quiet)
        fprintf(stderr,
                "cilk: profile: %llu spawned subtrees ran quiet, each timed "
                "as one strand (the spawns and threads inside them are not "
                "counted; CILK_PROFILE_GRAIN=0 times every strand)\n",
                quiet);
    return 1;
}
