/* race.c - the determinacy-race detector (libcilkrace.a).
 *
 * A race build (-fplugin-arg-cilk-race, cilkc -cilk-race) is the serial
 * elision of the program with clang's ThreadSanitizer instrumentation and
 * the CILK_ABI_RACE_* hooks (llvm-pass/CilkRace.cpp). This file implements
 * both: the __tsan_* entry points (this library replaces TSan's runtime,
 * which is not linked) and the SP-bags algorithm of Feng and Leiserson
 * ("Efficient detection of determinacy races in Cilk programs", SPAA 1997),
 * which decides in one serial, depth-first run whether two accesses are
 * logically in parallel: whatever the schedule would have been, every
 * location written by one strand and read or written by a parallel one is
 * reported, with both places and the spawns that led to them.
 *
 * SP-bags: each procedure instance F has an S-bag (the instances that
 * precede F's current strand) and a P-bag (its children returned since its
 * last sync, with their descendants: in parallel with it). A child's S-bag
 * joins its parent's P-bag when it returns, the P-bag joins the S-bag at a
 * sync. An access races with the previous writer (a write also with the
 * previous reader) if that one is in a P-bag now. A sync region (a
 * cilk_scope, cilk-abi.h) has a P-bag of its own: its sync joins only
 * that one, and the P-bag from before the region is F's again after it.
 * The bags are disjoint sets (union by rank, path halving) over instance
 * nodes; the shadow memory keeps one writer and one reader per byte (per
 * aligned 8 bytes while they agree).
 *
 * A spawn's tail (its result assignment, or inlet) is a node of its own,
 * after the child in its bag. A procedure's strands and its atomic tails
 * (inlets and `x op= spawn`, which the runtime applies under the
 * procedure's lock) hold that implicit lock: they do not race with each
 * other. A plain `x = spawn` holds none.
 *
 * The shadow of a returning function's frame, of a freed block and of a
 * local at the end of its scope is forgotten: the memory may be someone
 * else's next. Atomics and uninstrumented code (libc, the runtime) are not
 * checked; accesses that hold a common lock do not race.
 *
 * One thread is followed: the first to run a Cilk procedure (the serial
 * elision runs the whole computation on one); the Cilk procedures and
 * accesses of other threads are not checked. */
#include "cilk-abi.h"
#include "hyper.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ---- Instance nodes and their bags ---- */

struct node {
    uint32_t uf;     /* union-find parent; itself for a bag's representative */
    uint32_t parent; /* the instance that spawned or called it; 0: a root */
    uint32_t owner;  /* whose implicit lock it holds: a procedure its own,
                        an atomic tail its procedure's; else 0 */
    uint8_t rank;
    uint8_t pbag;    /* representative: the bag is a P-bag */
    uint8_t spawned; /* spawned (else called, or a root) */
    uint8_t tail;    /* 1: a spawn's result assignment, 2: an atomic tail */
    uint8_t cut;     /* its chain was compacted away (parent unknown) */
    uintptr_t site;  /* return address of the spawn or call in the parent */
};

static struct node *nodes; /* nodes[0] is no instance */
static uint32_t nnodes, node_cap;

/* Out of line: the hooks that make nodes stay small. */
static __attribute__((noinline, cold)) void grow_nodes(void)
{
    node_cap = node_cap ? node_cap * 2 : 1 << 16;
    if (node_cap == 0 || !(nodes = realloc(nodes, node_cap * sizeof *nodes))) {
        fputs("cilk race: out of memory for instances\n", stderr);
        abort();
    }
    if (!nnodes)
        nnodes = 1;
}

static uint32_t new_node(uint32_t parent, uintptr_t site)
{
    if (__builtin_expect(nnodes == node_cap, 0))
        grow_nodes();
    uint32_t n = nnodes++;
    nodes[n] = (struct node){.uf = n, .parent = parent, .owner = n,
                             .site = site};
    return n;
}

/* Counts the changes of bags (joins, compactions): answers about them
 * remembered before are stale (parallel). */
static uint64_t bag_epoch = 1;

static inline __attribute__((always_inline)) uint32_t find(uint32_t n)
{
    while (nodes[n].uf != n) {
        nodes[n].uf = nodes[nodes[n].uf].uf;
        n = nodes[n].uf;
    }
    return n;
}

/* Joins the bags of a and b (either may be 0: none) into one tagged pbag;
 * returns a member. */
static inline __attribute__((always_inline)) uint32_t join(uint32_t a,
                                                            uint32_t b,
                                                            int pbag)
{
    bag_epoch++;
    if (!a || !b) {
        uint32_t m = a ? a : b;
        if (m)
            nodes[find(m)].pbag = (uint8_t)pbag;
        return m;
    }
    uint32_t ra = find(a), rb = find(b);
    if (ra != rb) {
        if (nodes[ra].rank < nodes[rb].rank) {
            uint32_t t = ra;
            ra = rb;
            rb = t;
        }
        nodes[rb].uf = ra;
        if (nodes[ra].rank == nodes[rb].rank)
            nodes[ra].rank++;
    }
    nodes[ra].pbag = (uint8_t)pbag;
    return ra;
}

/* A procedure instance's record, in its frame (CILK_ABI_PROF_SIZE bytes). */
struct race_rec {
    struct race_rec *up; /* the procedure below on this thread's stack */
    uint32_t node;       /* this instance */
    uint32_t caller;     /* called, not spawned: the accessor at entry */
    uint32_t pbag;       /* a member of the P-bag; 0: empty */
    uint32_t child;      /* the spawned child between spawn and resume */
    struct epoch *views; /* reducers: this instance's epoch, or null */
};
_Static_assert(sizeof(struct race_rec) <= CILK_ABI_PROF_SIZE,
               "the race record lives in the profile record's slot");

/* ---- Reducer views ----
 *
 * The elision runs each spawned child before its continuation; a parallel
 * run may run them at once, each with views of its own. So that two
 * strands that may run in parallel never share a view (nor what a view
 * owns: a list's cells, a string's buffer), the race build gives every
 * continuation of a spawn a new segment of views, as if a thief had stolen
 * it (runtime/hyper.h), and reduces them at the sync in serial order:
 * the lookups of generated code (CILK_ABI_HYPER_LOOKUP) find the view of
 * the current segment, __cilkrt_tls_views. An instance's epoch lists the
 * maps of its segments since its last sync, the first being the one its
 * strands began in. */
struct epoch {
    struct hmap *first;
    unsigned n, cap;
    struct hmap **rest;
};

/* The continuation of r's spawn starts a segment. (Not while the program
 * has no reducer, hyper.h: one segment or many are alike then, and an
 * epoch begun later takes the segment it begins in as its first.) */
static void views_resume(struct race_rec *r)
{
    struct epoch *e = r->views;
    if (!e && !hyper_on)
        return;
    if (!e) {
        if (!(e = r->views = calloc(1, sizeof *e)))
            abort();
        e->first = __cilkrt_tls_views;
    } else {
        if (e->n == e->cap &&
            !(e->rest = realloc(e->rest,
                                (e->cap = e->cap ? 2 * e->cap : 8) *
                                    sizeof *e->rest)))
            abort();
        e->rest[e->n++] = __cilkrt_tls_views;
    }
    __cilkrt_tls_views = hyper_map_none();
}

/* The number of r's segments before its current one (its mark for a
 * region that begins now). */
static unsigned views_mark(const struct race_rec *r)
{
    return r->views ? r->views->n + 1 : 0;
}

/* r syncs: the views of its segments from the mark-th on (all of them for
 * mark 0: the epoch ends) are reduced left to right into the mark-th (or
 * the first), where r goes on. */
static __attribute__((noinline)) void views_merge(struct race_rec *r,
                                                  unsigned mark);
static inline void views_sync(struct race_rec *r, unsigned mark)
{
    if (r->views) /* (none while the program has no reducer) */
        views_merge(r, mark);
}

static void views_merge(struct race_rec *r, unsigned mark)
{
    struct epoch *e = r->views;
    if (mark) {
        if (mark > e->n)
            return; /* no segment began since */
        struct hmap *m = e->rest[mark - 1];
        for (unsigned i = mark; i < e->n; i++)
            m = hyper_map_merge(m, e->rest[i]);
        __cilkrt_tls_views = hyper_map_merge(m, __cilkrt_tls_views);
        e->n = mark - 1;
        return;
    }
    struct hmap *m = e->first;
    for (unsigned i = 0; i < e->n; i++)
        m = hyper_map_merge(m, e->rest[i]);
    __cilkrt_tls_views = hyper_map_merge(m, __cilkrt_tls_views);
    free(e->rest);
    free(e);
    r->views = NULL;
}

/* This thread's innermost procedure, and the instance whose accesses the
 * hooks see now (the procedure, a spawned child being entered, or a tail);
 * 0 outside a Cilk computation. */
static __thread struct race_rec *top;
static __thread uint32_t current;
static __thread struct race_rec *pending; /* spawned, not entered yet */
static __thread int ignoring; /* __tsan_ignore_thread_begin depth */

static __attribute__((noinline, cold)) void compact(void);
/* The first compaction comes at COMPACT_MIN nodes (32 MiB of them: the
 * node table's pages cost more to fault in than a compaction of a small
 * shadow costs). */
#define COMPACT_MIN (1u << 20)
static uint32_t compact_at = COMPACT_MIN;
static bool compact_fixed; /* CILK_RACE_COMPACT_AT: tests, frequent */

static inline __attribute__((always_inline)) void maybe_compact(void)
{
    if (__builtin_expect(nnodes >= compact_at, 0))
        compact();
}

/* The detector follows the first thread that runs a Cilk procedure; the
 * hooks of any other are no-ops, so its accesses are not checked. */
static atomic_bool claimed;
static __thread int role; /* 0: not known yet, 1: followed, 2: ignored */

static inline int followed(void)
{
    if (!role)
        role = atomic_exchange(&claimed, true) ? 2 : 1;
    return role == 1;
}

/* The sync regions open on the followed thread, innermost last: each
 * saved its procedure's P-bag from before it and the mark of its views
 * (views_mark). The elision runs depth first, so a procedure's regions are
 * the last entries while it runs. */
struct region {
    struct race_rec *r;
    uint32_t pbag;
    unsigned mark;
};
static struct region *regions;
static size_t nregions, regions_cap;

/* r's innermost open region, or null. */
static struct region *region_of(const struct race_rec *r)
{
    return nregions && regions[nregions - 1].r == r ? &regions[nregions - 1]
                                                    : NULL;
}

void __cilkrt_race_region_begin(struct race_rec *r)
{
    if (!followed())
        return;
    if (nregions == regions_cap &&
        !(regions = realloc(regions, (regions_cap = regions_cap
                                                        ? 2 * regions_cap
                                                        : 16) *
                                         sizeof *regions)))
        abort();
    regions[nregions++] = (struct region){r, r->pbag, views_mark(r)};
    r->pbag = 0;
}

void __cilkrt_race_spawn(struct race_rec *r, ...)
{
    if (!followed())
        return;
    maybe_compact();
    r->child = new_node(r->node, (uintptr_t)__builtin_return_address(0));
    nodes[r->child].spawned = 1;
    pending = r;
    current = r->child;
}

/* The procedure runs with frame pointers (CilkRace.cpp): its return
 * address is the call's, whoever called it. */
void __cilkrt_race_enter(struct race_rec *r)
{
    if (!followed())
        return;
    maybe_compact(); /* r is not on the stack yet: nothing of it is live */
    r->up = top;
    r->pbag = 0;
    r->child = 0;
    r->views = NULL;
    if (pending) {
        r->node = pending->child;
        r->caller = 0;
        pending = NULL;
    } else {
        r->caller = current;
        r->node = new_node(current,
                           (uintptr_t)__builtin_return_address(1));
    }
    top = r;
    current = r->node;
}

/* r is left (a return, or an exception: __cilkrt_race_unwind). */
static void leave(struct race_rec *r)
{
    top = r->up;
    /* Spawned: the child stays current through its tail, up to resume (an
     * exception: the parent's catch takes r's instance as its child). */
    if (nodes[r->node].spawned)
        return;
    /* Called inside the caller's strand (or from outside any, caller 0):
     * what it did precedes what the caller does next. */
    if (r->caller)
        join(r->caller, r->node, nodes[find(r->caller)].pbag);
    current = r->caller;
}

void __cilkrt_race_return(struct race_rec *r)
{
    if (!followed())
        return;
    /* Regions left open (a jump the markers missed): the return's sync
     * waited for their children too. */
    if (region_of(r)) {
        for (struct region *g; (g = region_of(r)); nregions--)
            join(r->node, g->pbag, 0);
        views_sync(r, 0);
    }
    leave(r);
}

/* C++: r's landing pad. A spawned child that threw is done (its own
 * unwind hook left it; a spawned function without a record never
 * entered), and the pad waits for every child of r, of every open region,
 * as the parallel modes' landing pads do: r goes on after all of them. */
void __cilkrt_race_catch(struct race_rec *r)
{
    if (!followed())
        return;
    pending = NULL;
    top = r; /* the procedures above were left by the exception */
    if (r->child) {
        r->pbag = join(r->pbag, r->child, 1);
        r->child = 0;
    }
    current = r->node;
    for (size_t i = nregions; i > 0 && regions[i - 1].r == r; i--) {
        join(r->node, regions[i - 1].pbag, 0);
        regions[i - 1].pbag = 0;
        regions[i - 1].mark = 0; /* the views below are reduced now */
    }
    join(r->node, r->pbag, 0);
    r->pbag = 0;
    views_sync(r, 0);
}

/* C++: an exception leaves r (its landing pads' resume, or a call without
 * one): as a return, after the sync of everything. */
void __cilkrt_race_unwind(struct race_rec *r)
{
    if (!followed())
        return;
    __cilkrt_race_catch(r);
    while (region_of(r))
        nregions--;
    leave(r);
}

void __cilkrt_race_tail(struct race_rec *r, int atomic, ...)
{
    if (!followed())
        return;
    maybe_compact();
    uint32_t t = new_node(r->node, nodes[r->child].site);
    nodes[t].tail = atomic ? 2 : 1;
    nodes[t].owner = atomic ? r->node : 0;
    join(r->child, t, 0);
    current = t;
}

void __cilkrt_race_resume(struct race_rec *r)
{
    if (!followed())
        return;
    pending = NULL; /* a spawned C function enters nothing */
    r->pbag = join(r->pbag, r->child, 1);
    r->child = 0;
    current = r->node;
    views_resume(r);
}

/* The sync of r's innermost region (of r itself, if none is open). */
void __cilkrt_race_sync(struct race_rec *r)
{
    if (!followed())
        return;
    join(r->node, r->pbag, 0);
    r->pbag = 0;
    struct region *g = region_of(r);
    views_sync(r, g ? g->mark : 0);
}

/* r's innermost region ends (after its sync): the P-bag from before it is
 * r's again. */
void __cilkrt_race_region_end(struct race_rec *r)
{
    if (!followed())
        return;
    struct region *g = region_of(r);
    if (!g)
        return;
    join(r->node, r->pbag, 0); /* (a sync the pass found empty) */
    r->pbag = g->pbag;
    nregions--;
}

/* ---- Shadow memory: one writer and one reader per byte ---- */

enum { READ, WRITE, SCOPE_END /* a write that ends a local's life */ };
static const char *const access_name[] = {"read", "write",
                                          "end of the local's scope"};

struct cell {
    uint32_t w, r;      /* nodes, 0: none */
    int32_t wpc, rpc;   /* their access's pc, from pc_base */
    uint32_t wl, rl;    /* the locks they held (interned sets) */
};

/* The shadow keeps one cell per aligned 8 bytes (a granule) while its
 * bytes share their history, as the bytes of one access and of an array
 * of words do: an access checks one cell per granule, and a frame or
 * block is forgotten three bytes of shadow a byte. An access or a forget
 * that covers part of a granule, and gives its bytes different
 * histories, splits it: the granule's cell says SPLIT and each byte has
 * its cell in the chunk's byte shadow, mapped when the chunk's first
 * granule splits. An access that covers a split granule whole joins it
 * again if its bytes agree. */
#define GRAIN 8
#define SPLIT UINT32_MAX
#define ADDR_BITS 47
#define CHUNK_BITS 20
#define CHUNK_SIZE (1ul << CHUNK_BITS) /* bytes of memory a chunk covers */
struct chunk {
    struct cell *bytes; /* CHUNK_SIZE cells, or null */
    struct cell grain[CHUNK_SIZE / GRAIN];
};
static _Atomic(struct chunk *) *dir; /* 2^(ADDR_BITS - CHUNK_BITS) chunks */
static struct chunk **chunks; /* those allocated */
static size_t nchunks, chunks_cap;
extern const char __executable_start[];
#define pc_base ((uintptr_t)__executable_start)
#define NO_PC INT32_MIN

static void *map_shadow(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        fputs("cilk race: out of memory for the shadow\n", stderr);
        abort();
    }
    return p;
}

static struct chunk *new_chunk(_Atomic(struct chunk *) *slot);

static inline struct chunk *chunk(uintptr_t a, int create)
{
    _Atomic(struct chunk *) *slot = &dir[a >> CHUNK_BITS];
    struct chunk *c = atomic_load_explicit(slot, memory_order_acquire);
    return c || !create ? c : new_chunk(slot);
}

static __attribute__((noinline)) struct chunk *
new_chunk(_Atomic(struct chunk *) *slot)
{
    struct chunk *c = map_shadow(sizeof *c);
    struct chunk *none = NULL;
    if (!atomic_compare_exchange_strong(slot, &none, c)) {
        munmap(c, sizeof *c);
        return none;
    }
    /* Only the thread of the computation creates chunks. */
    if (nchunks == chunks_cap) {
        chunks_cap = chunks_cap ? chunks_cap * 2 : 64;
        if (!(chunks = realloc(chunks, chunks_cap * sizeof *chunks)))
            abort();
    }
    chunks[nchunks++] = c;
    return c;
}

/* A cell has no padding: its bytes are its fields, compared three words
 * at a time. */
_Static_assert(sizeof(struct cell) == 24, "struct cell has padding");

static inline bool same_cell(const struct cell *a, const struct cell *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* Granule g of ch splits: its bytes get its cell, but for [lo, hi),
 * which get *part. */
static void split(struct chunk *ch, size_t g, size_t lo, size_t hi,
                  const struct cell *part)
{
    if (!ch->bytes)
        ch->bytes = map_shadow(CHUNK_SIZE * sizeof(struct cell));
    struct cell *b = ch->bytes + g * GRAIN;
    for (size_t i = 0; i < GRAIN; i++)
        b[i] = i >= lo && i < hi ? *part : ch->grain[g];
    ch->grain[g] = (struct cell){.w = SPLIT};
}

/* Split granule g of ch joins again if its bytes agree. */
static void join_grain(struct chunk *ch, size_t g)
{
    const struct cell *b = ch->bytes + g * GRAIN;
    for (size_t i = 1; i < GRAIN; i++)
        if (!same_cell(&b[i], b))
            return;
    ch->grain[g] = *b;
}

/* Forgets the accesses to bytes [lo, hi) of granule g of ch. */
static void forget_part(struct chunk *ch, size_t g, size_t lo, size_t hi)
{
    static const struct cell none;
    struct cell *c = &ch->grain[g];
    if (c->w == SPLIT)
        memset(ch->bytes + g * GRAIN + lo, 0, (hi - lo) * sizeof *c);
    else if (!same_cell(c, &none))
        split(ch, g, lo, hi, &none);
}

/* Forgets the accesses to [a, a + n). */
static void forget(uintptr_t a, size_t n)
{
    if (!dir || a >> ADDR_BITS || n > (1ul << ADDR_BITS) - a)
        return;
    while (n) {
        size_t off = a & (CHUNK_SIZE - 1);
        size_t k = CHUNK_SIZE - off < n ? CHUNK_SIZE - off : n;
        struct chunk *ch = chunk(a, 0);
        size_t g = off / GRAIN, end = off + k;
        if (ch && off % GRAIN) { /* a partial first granule */
            size_t hi = end - g * GRAIN < GRAIN ? end - g * GRAIN : GRAIN;
            forget_part(ch, g++, off % GRAIN, hi);
        }
        if (ch && g * GRAIN < end) {
            size_t whole = (end - g * GRAIN) / GRAIN;
            memset(&ch->grain[g], 0, whole * sizeof(struct cell));
            g += whole;
            if (g * GRAIN < end) /* a partial last granule */
                forget_part(ch, g, 0, end - g * GRAIN);
        }
        a += k;
        n -= k;
    }
}

/* ---- Compaction: a run may create billions of instances ----
 *
 * Only the bags reachable from the live frames (their instance, P-bag,
 * pending child, caller) and the current accessor can change or be found
 * in parallel again; every other bag is an S-bag frozen for good. When the
 * node table fills, the shadow is rewritten: a cell keeps its accessor if
 * the accessor is live, else names its bag's representative if the bag is
 * live, else forgets it (nothing can race with it any more). Atomic tails
 * of live procedures stay themselves, for their implicit lock. The kept nodes
 * are renumbered; a chain that lost its parent says so in reports. */

#define KEPT 1u
#define LIVE_FRAME 2u

/* compact's work space, kept from one compaction to the next: memory
 * the process has touched already (fresh pages fault by the thousand). */
static uint32_t *map_space, *uf_space;
static uint8_t *rep_space;
static size_t space_cap;

static void compact(void)
{
    if (space_cap < nnodes) {
        space_cap = node_cap;
        free(map_space);
        free(uf_space);
        free(rep_space);
        map_space = malloc(space_cap * sizeof *map_space);
        uf_space = malloc(space_cap * sizeof *uf_space);
        rep_space = malloc(space_cap);
        if (!map_space || !uf_space || !rep_space)
            abort();
    }
    uint32_t *map = map_space;
    uint8_t *live_rep = rep_space;
    memset(map, 0, nnodes * sizeof *map);
    memset(live_rep, 0, nnodes);
    for (struct race_rec *r = top; r; r = r->up) {
        uint32_t ids[] = {r->node, r->caller, r->pbag, r->child};
        for (unsigned i = 1; i < 4; i++)
            if (ids[i] && !map[ids[i]])
                map[ids[i]] = KEPT;
        map[r->node] = LIVE_FRAME;
    }
    for (size_t i = 0; i < nregions; i++)
        if (regions[i].pbag && !map[regions[i].pbag])
            map[regions[i].pbag] = KEPT;
    if (current && !map[current])
        map[current] = KEPT;
    for (uint32_t n = 1; n < nnodes; n++)
        if (map[n])
            live_rep[find(n)] = 1;
    for (uint32_t n = 1; n < nnodes; n++) {
        uint32_t rep = find(n);
        if (!map[n] &&
            (live_rep[n] || (nodes[n].tail && nodes[n].owner &&
                             map[nodes[n].owner] == LIVE_FRAME &&
                             live_rep[rep])))
            map[n] = KEPT;
    }
    uint32_t next = 1;
    for (uint32_t n = 1; n < nnodes; n++)
        if (map[n])
            map[n] = next++;
    /* The new id of a cell's accessor: itself, its live bag, or none. */
#define RENAME(id)                                                            \
    ((id) ? map[id] ? map[id] : live_rep[find(id)] ? map[find(id)] : 0 : 0)
    for (size_t k = 0; k < nchunks; k++)
        for (size_t g = 0; g < CHUNK_SIZE / GRAIN; g++) {
            struct cell *c = &chunks[k]->grain[g], *e = c + 1;
            if (c->w == SPLIT) /* its byte cells; the others are stale */
                e = (c = chunks[k]->bytes + g * GRAIN) + GRAIN;
            for (; c < e; c++) {
                if (c->w)
                    c->w = RENAME(c->w);
                if (c->r)
                    c->r = RENAME(c->r);
            }
        }
    for (struct race_rec *r = top; r; r = r->up) {
        r->node = map[r->node];
        r->caller = RENAME(r->caller);
        r->pbag = RENAME(r->pbag);
        r->child = RENAME(r->child);
    }
    for (size_t i = 0; i < nregions; i++)
        regions[i].pbag = RENAME(regions[i].pbag);
    current = RENAME(current);
#undef RENAME
    /* In place: a kept node moves down (map[n] <= n), read before it is
     * overwritten; its representative's new id, which the old uf chains
     * give, first. */
    uint32_t *uf = uf_space;
    for (uint32_t n = 1; n < nnodes; n++)
        if (map[n]) {
            uint32_t rep = n;
            while (nodes[rep].uf != rep)
                rep = nodes[rep].uf;
            uf[map[n]] = map[rep];
        }
    for (uint32_t n = 1; n < nnodes; n++) {
        if (!map[n])
            continue;
        struct node d = nodes[n];
        d.uf = uf[map[n]];
        d.cut = d.cut || (d.parent && !map[d.parent]);
        d.parent = d.parent ? map[d.parent] : 0;
        d.owner = d.owner ? map[d.owner] : 0;
        nodes[map[n]] = d;
    }
    nnodes = next;
    bag_epoch++;
    /* Amortized: the next compaction waits at least as long again, and
     * for as many new nodes as a quarter of the shadow's cells, which it
     * reads all of. */
    size_t cells = compact_fixed ? 0 : nchunks * (CHUNK_SIZE / GRAIN) / 4;
    uint64_t at = (uint64_t)nnodes + (cells > nnodes ? cells : nnodes);
    if (compact_at < at)
        compact_at = at > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)at;
}

void __cilkrt_race_forget(void *p, unsigned long n)
{
    forget((uintptr_t)p, n);
}

static void check(uintptr_t a, size_t n, int kind, uintptr_t pc);

void __cilkrt_race_scope_end(void *p, unsigned long n)
{
    check((uintptr_t)p, n, SCOPE_END, (uintptr_t)__builtin_return_address(0));
    forget((uintptr_t)p, n);
}

/* This thread's stack, and the lowest address of it with a shadow since
 * the last function exit forgot what lies below its frame. */
static __thread uintptr_t stack_lo, stack_hi, stack_dirty;

/* An access at a: the lowest address of the stack with a shadow since
 * the last function exit follows it down. */
static inline void note_stack(uintptr_t a)
{
    if (a - stack_lo < stack_hi - stack_lo && a < stack_dirty)
        stack_dirty = a;
}

static void find_stack(void)
{
    pthread_attr_t at;
    void *lo;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &at) == 0) {
        if (pthread_attr_getstack(&at, &lo, &size) == 0) {
            stack_lo = (uintptr_t)lo;
            stack_hi = stack_lo + size;
        }
        pthread_attr_destroy(&at);
    }
    if (!stack_hi)
        stack_lo = stack_hi = 1;
    stack_dirty = stack_hi;
}

/* ---- Reports ---- */

static unsigned long races, reported;
static unsigned long max_reports = 50;
#define SEEN_SIZE 4096
static uint64_t seen[SEEN_SIZE]; /* pc pairs reported, open addressing */

static int first_report(uintptr_t a, uintptr_t b)
{
    uint64_t key = ((uint64_t)a * 0x9e3779b97f4a7c15ull) ^ b;
    if (!key)
        key = 1;
    for (unsigned i = 0; i < SEEN_SIZE; i++) {
        uint64_t *s = &seen[(key + i) & (SEEN_SIZE - 1)];
        if (*s == key)
            return 0;
        if (!*s) {
            *s = key;
            return 1;
        }
    }
    return 1;
}

static const char *symbolizer(void)
{
    static const char *const candidates[] = {
        "/usr/lib/llvm-19/bin/llvm-symbolizer", "/usr/bin/llvm-symbolizer-19",
        "/usr/bin/llvm-symbolizer", "/usr/local/bin/llvm-symbolizer"};
    const char *env = getenv("CILK_SYMBOLIZER");
    if (env && *env)
        return env;
    for (unsigned i = 0; i < sizeof candidates / sizeof *candidates; i++)
        if (access(candidates[i], X_OK) == 0)
            return candidates[i];
    return NULL;
}

#define MAX_PCS 64
#define MAX_INLINED 4
struct place {
    uintptr_t pc; /* a return address or an access's call: the pc after */
    char fn[128], loc[256];
    /* The functions the code at pc was inlined into, innermost first (the
     * library's std::string::size into the user's loop body). */
    int ninlined;
    struct {
        char fn[128], loc[256];
    } inlined[MAX_INLINED];
};

/* The module offset llvm-symbolizer wants for pc: from the load address
 * for a position-independent file, the address itself otherwise. */
static uintptr_t module_address(uintptr_t pc, const char **file)
{
    static char exe[PATH_MAX];
    Dl_info info;
    if (!dladdr((void *)pc, &info) || !info.dli_fbase)
        return 0;
    const Elf64_Ehdr *eh = info.dli_fbase;
    if (info.dli_fbase == (void *)pc_base || !info.dli_fname ||
        !*info.dli_fname) {
        if (!exe[0]) {
            ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
            exe[k > 0 ? k : 0] = 0;
        }
        *file = exe;
    } else {
        *file = info.dli_fname;
    }
    return eh->e_type == ET_DYN ? pc - (uintptr_t)info.dli_fbase : pc;
}

/* Fills in each place's function and file:line:col with llvm-symbolizer
 * (run with posix_spawn: no fork handler of the runtime runs), or the
 * module offset where it cannot. */
static void symbolize(struct place *p, int n)
{
    const char *tool = symbolizer();
    for (int i = 0; i < n; i++) {
        const char *file = "?";
        uintptr_t m = module_address(p[i].pc - 1, &file);
        p[i].ninlined = 0;
        snprintf(p[i].fn, sizeof p[i].fn, "??");
        snprintf(p[i].loc, sizeof p[i].loc, "%s+0x%lx", file,
                 (unsigned long)m);
    }
    if (!tool || !n)
        return;
    const char *file = NULL;
    char *argv[MAX_PCS + 4];
    char args[MAX_PCS][24], obj[PATH_MAX + 8];
    int k = 0;
    argv[k++] = (char *)tool;
    for (int i = 0; i < n; i++) {
        const char *f = NULL;
        uintptr_t m = p[i].pc ? module_address(p[i].pc - 1, &f) : 0;
        if (!file)
            file = f;
        snprintf(args[i], sizeof args[i], "0x%lx", (unsigned long)m);
    }
    if (!file)
        return;
    snprintf(obj, sizeof obj, "--obj=%s", file);
    argv[k++] = obj;
    for (int i = 0; i < n; i++)
        argv[k++] = args[i];
    argv[k] = NULL;
    int fd[2];
    if (pipe(fd))
        return;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int ok = posix_spawn(&pid, tool, &fa, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    FILE *out = fdopen(fd[0], "r");
    if (!out) {
        close(fd[0]);
    } else {
        /* Per address: function and location lines (more pairs for
         * inlined frames: the first is the innermost), then a blank. */
        char line[512];
        int i = 0, at = 0;
        while (i < n && fgets(line, sizeof line, out)) {
            line[strcspn(line, "\n")] = 0;
            if (!line[0]) {
                i++;
                at = 0;
                continue;
            }
            int frame = at / 2, k = frame - 1;
            if (frame == 0 && at % 2 == 0)
                snprintf(p[i].fn, sizeof p[i].fn, "%.127s", line);
            else if (frame == 0 && strncmp(line, "??", 2) != 0)
                snprintf(p[i].loc, sizeof p[i].loc, "%.255s", line);
            else if (k >= 0 && k < MAX_INLINED && at % 2 == 0)
                snprintf(p[i].inlined[k].fn, sizeof p[i].inlined[k].fn,
                         "%.127s", line);
            else if (k >= 0 && k < MAX_INLINED) {
                snprintf(p[i].inlined[k].loc, sizeof p[i].inlined[k].loc,
                         "%.255s", line);
                p[i].ninlined = k + 1;
            }
            at++;
        }
        fclose(out);
    }
    if (ok)
        waitpid(pid, NULL, 0);
}

/* The places of an access and of the spawns and calls that led to it: the
 * instance chain from n to its root. */
static int chain(uint32_t n, uintptr_t pc, struct place *p, int max,
                 uint8_t *tails)
{
    int k = 0;
    p[k].pc = pc;
    tails[k++] = 0;
    for (; n && k < max; n = nodes[n].parent) {
        if (nodes[n].cut) {
            p[k].pc = 0;
            tails[k++] = 5;
            break;
        }
        if (!nodes[n].parent)
            break;
        p[k].pc = nodes[n].site;
        tails[k++] = nodes[n].tail ? nodes[n].tail
                                   : nodes[n].spawned ? 3 : 4;
    }
    return k;
}

/* The procedure's name as its programmer wrote it: the pass's clones and
 * entry points carry suffixes, and Cilk main is __cilk_main. */
static void source_name(char *fn)
{
    static const char *const suffixes[] = {CILK_ABI_FAST_SUFFIX,
                                           CILK_ABI_SERIAL_SUFFIX, ".slow"};
    for (unsigned i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        size_t n = strlen(fn), k = strlen(suffixes[i]);
        if (n > k && strcmp(fn + n - k, suffixes[i]) == 0)
            fn[n - k] = 0;
    }
    if (strcmp(fn, CILK_ABI_MAIN) == 0)
        strcpy(fn, "main");
}

/* The functions place q's code was inlined into, each on a line. */
static void print_inlined(struct place *q)
{
    for (int j = 0; j < q->ninlined; j++) {
        source_name(q->inlined[j].fn);
        fprintf(stderr, "      inlined into %s at %s\n", q->inlined[j].fn,
                q->inlined[j].loc);
    }
}

static void print_chain(struct place *p, const uint8_t *tails, int n)
{
    for (int i = 0; i < n; i++)
        source_name(p[i].fn);
    fprintf(stderr, "  %s in %s\n", p[0].loc, p[0].fn);
    print_inlined(&p[0]);
    static const char *const how[] = {
        "", "    in the result assignment of the spawn at",
        "    in the inlet of the spawn at", "    spawned at", "    called at"};
    for (int i = 1; i < n; i++)
        if (tails[i] == 5) {
            fprintf(stderr, "    ... (the rest of the chain was compacted "
                            "away)\n");
        } else {
            fprintf(stderr, "%s %s in %s\n", how[tails[i]], p[i].loc,
                    p[i].fn);
            print_inlined(&p[i]);
        }
}

static void report(int kind_now, uint32_t now, uintptr_t pc_now,
                   int write_then, uint32_t then, int32_t pc_then,
                   uintptr_t addr)
{
    uintptr_t then_pc = pc_then == NO_PC ? 0 : pc_base + (intptr_t)pc_then;
    if (!first_report(pc_now, then_pc))
        return;
    races++;
    if (reported >= max_reports)
        return;
    reported++;
    /* Reports come from the one thread the detector follows. */
    static struct place p[MAX_PCS];
    static uint8_t tails[MAX_PCS];
    int a = chain(now, pc_now, p, MAX_PCS / 2, tails);
    int b = chain(then, then_pc, p + a, MAX_PCS / 2, tails + a);
    symbolize(p, a + b);
    fprintf(stderr, "cilk race: %s at %p\n", access_name[kind_now],
            (void *)addr);
    print_chain(p, tails, a);
    fprintf(stderr, " is logically parallel with an earlier %s\n",
            write_then ? "write" : "read");
    print_chain(p + a, tails + a, b);
}

/* ---- Locks ----
 *
 * Accesses made holding a common lock do not race (the ALL-SETS idea of
 * the Nondeterminator-2, with one writer and one reader kept per byte). A
 * lock is recognized by its protocol, whichever library implements it: an
 * acquiring exchange or compare-exchange that finds 0 and stores nonzero
 * takes the lock at that address (Cilk_lock, hand-written spin locks), a
 * releasing store of 0 gives it back; pthread mutexes are intercepted. */

#define MAX_HELD 8
struct lockset {
    int n;
    uintptr_t lock[MAX_HELD]; /* sorted */
    uint32_t next;            /* hash chain */
};
static struct lockset *sets; /* sets[0]: no lock */
static uint32_t nsets, sets_cap;
#define SET_BUCKETS 4096
static uint32_t set_bucket[SET_BUCKETS];
static pthread_mutex_t sets_mutex = PTHREAD_MUTEX_INITIALIZER;

static __thread struct lockset held; /* this thread's locks */
static __thread uint32_t held_id;   /* interned */

static uint32_t intern(const struct lockset *h)
{
    if (!h->n)
        return 0;
    uint64_t hash = 0;
    for (int i = 0; i < h->n; i++)
        hash = (hash ^ h->lock[i]) * 0x100000001b3ull;
    uint32_t b = (uint32_t)(hash >> 20) & (SET_BUCKETS - 1);
    pthread_mutex_lock(&sets_mutex);
    uint32_t id = set_bucket[b];
    while (id && !(sets[id].n == h->n &&
                   !memcmp(sets[id].lock, h->lock, h->n * sizeof *h->lock)))
        id = sets[id].next;
    if (!id) {
        if (nsets == sets_cap) {
            sets_cap = sets_cap ? sets_cap * 2 : 64;
            if (!(sets = realloc(sets, sets_cap * sizeof *sets)))
                abort();
            if (!nsets)
                nsets = 1;
        }
        id = nsets++;
        sets[id] = *h;
        sets[id].next = set_bucket[b];
        set_bucket[b] = id;
    }
    pthread_mutex_unlock(&sets_mutex);
    return id;
}

/* True if the sets a and b have no lock in common. */
static int disjoint(uint32_t a, uint32_t b)
{
    if (!a || !b)
        return 1;
    if (a == b)
        return 0;
    const struct lockset *x = &sets[a], *y = &sets[b];
    for (int i = 0, j = 0; i < x->n && j < y->n;) {
        if (x->lock[i] == y->lock[j])
            return 0;
        if (x->lock[i] < y->lock[j])
            i++;
        else
            j++;
    }
    return 1;
}

static void acquire(const volatile void *l)
{
    uintptr_t a = (uintptr_t)l;
    int i = held.n;
    if (i == MAX_HELD)
        return; /* too many to track: the rest count as not held */
    while (i > 0 && held.lock[i - 1] > a) {
        held.lock[i] = held.lock[i - 1];
        i--;
    }
    held.lock[i] = a;
    held.n++;
    held_id = intern(&held);
}

static void release(const volatile void *l)
{
    uintptr_t a = (uintptr_t)l;
    for (int i = 0; i < held.n; i++)
        if (held.lock[i] == a) {
            memmove(&held.lock[i], &held.lock[i + 1],
                    (held.n - i - 1) * sizeof *held.lock);
            held.n--;
            held_id = intern(&held);
            return;
        }
}

/* TSan's memory orders: relaxed, consume, acquire, release, acq_rel,
 * seq_cst. */
#define ACQUIRES(mo) ((mo) == 2 || (mo) == 4 || (mo) == 5)
#define RELEASES(mo) ((mo) >= 3)

typedef int (*mutex_fn)(pthread_mutex_t *);
static mutex_fn real_mutex(const char *name)
{
    mutex_fn f = (mutex_fn)dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "cilk race: no %s to call\n", name);
        abort();
    }
    return f;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
    static mutex_fn real;
    if (!real)
        real = real_mutex("pthread_mutex_lock");
    int r = real(m);
    if (r == 0 && m != &sets_mutex)
        acquire(m);
    return r;
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    static mutex_fn real;
    if (!real)
        real = real_mutex("pthread_mutex_trylock");
    int r = real(m);
    if (r == 0)
        acquire(m);
    return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
    static mutex_fn real;
    if (!real)
        real = real_mutex("pthread_mutex_unlock");
    if (m != &sets_mutex)
        release(m);
    return real(m);
}

/* ---- Checks ---- */

/* True if then, an earlier accessor, may run in parallel with now. The
 * answers are remembered until the bags change (bag_epoch): the accesses
 * of a strand mostly meet the few accessors of the data it walks. */
static struct {
    uint64_t epoch;
    uint32_t then, now;
    int answer;
} answers[64];

static inline int parallel(uint32_t then, uint32_t now)
{
    if (!then || then == now)
        return 0;
    __typeof__(answers[0]) *e = &answers[then % 64];
    if (e->then == then && e->now == now && e->epoch == bag_epoch)
        return e->answer;
    /* A procedure's strands and its atomic tails exclude each other (Cilk-5:
     * its inlets are atomic with respect to it and to each other). */
    int p = nodes[find(then)].pbag &&
            !(nodes[then].owner && nodes[then].owner == nodes[now].owner);
    *e = (__typeof__(*e)){bag_epoch, then, now, p};
    return p;
}

static inline int32_t pc_code(uintptr_t pc)
{
    intptr_t d = (intptr_t)(pc - pc_base);
    return d > INT32_MIN && d <= INT32_MAX ? (int32_t)d : NO_PC;
}

/* The last cell an access checked, before and after: the cells of its
 * next bytes usually share their history, and get the same new cell
 * without a second check. */
struct memo {
    bool valid;
    struct cell before, after;
};

/* Checks and updates cell c, of the byte at addr, for an access of kind
 * by x at pc (code). */
static inline __attribute__((always_inline)) void
access_cell(struct cell *c, int kind, uint32_t x, uintptr_t pc, int32_t code,
            uintptr_t addr)
{
    if (parallel(c->w, x) && disjoint(c->wl, held_id))
        report(kind, x, pc, 1, c->w, c->wpc, addr);
    if (kind != READ) {
        if (parallel(c->r, x) && disjoint(c->rl, held_id))
            report(kind, x, pc, 0, c->r, c->rpc, addr);
        c->w = x;
        c->wpc = code;
        c->wl = held_id;
    } else if (!parallel(c->r, x)) {
        c->r = x;
        c->rpc = code;
        c->rl = held_id;
    }
}

/* access_cell, remembered in m. */
static inline __attribute__((always_inline)) void
visit(struct cell *c, struct memo *m, int kind, uint32_t x, uintptr_t pc,
      int32_t code, uintptr_t addr)
{
    if (m->valid && same_cell(c, &m->before)) {
        *c = m->after;
        return;
    }
    m->valid = true;
    m->before = *c;
    access_cell(c, kind, x, pc, code, addr);
    m->after = *c;
}

static void check(uintptr_t a, size_t n, int kind, uintptr_t pc)
{
    uint32_t x = current;
    if (!x || ignoring || !n || a >> ADDR_BITS ||
        n > (1ul << ADDR_BITS) - a)
        return;
    if (!stack_hi)
        find_stack();
    note_stack(a);
    int32_t code = pc_code(pc);
    /* Most accesses: whole granules that are not split, or part of one. */
    size_t first = a & (CHUNK_SIZE - 1);
    if (first % GRAIN + n <= GRAIN) {
        struct chunk *ch = chunk(a, 1);
        struct cell *c = &ch->grain[first / GRAIN];
        if (c->w != SPLIT && n == GRAIN) {
            access_cell(c, kind, x, pc, code, a);
            return;
        }
        if (c->w != SPLIT) {
            struct cell part = *c;
            access_cell(&part, kind, x, pc, code, a);
            if (!same_cell(&part, c))
                split(ch, first / GRAIN, first % GRAIN, first % GRAIN + n,
                      &part);
            return;
        }
        /* Part of a split granule (an int of an array that was read
         * whole): its bytes mostly share their history, checked once. */
        struct cell *b = ch->bytes + first, before = *b;
        access_cell(b, kind, x, pc, code, a);
        for (size_t i = 1; i < n; i++) {
            if (same_cell(&b[i], &before))
                b[i] = *b;
            else
                access_cell(&b[i], kind, x, pc, code, a + i);
        }
        return;
    } else if (!(first % GRAIN) && !(n % GRAIN) && n <= CHUNK_SIZE - first) {
        /* Whole granules of one chunk, none split: visit's memo, without
         * its flag (5% of heat's race build in instructions). */
        struct chunk *ch = chunk(a, 1);
        struct cell *c = &ch->grain[first / GRAIN], *e = c + n / GRAIN;
        struct cell *s = c;
        while (s < e && s->w != SPLIT)
            s++;
        if (s == e) {
            struct cell before = *c;
            access_cell(c, kind, x, pc, code, a);
            struct cell after = *c;
            while (++c < e) {
                a += GRAIN;
                if (same_cell(c, &before)) {
                    *c = after;
                } else {
                    before = *c;
                    access_cell(c, kind, x, pc, code, a);
                    after = *c;
                }
            }
            return;
        }
    }
    struct memo m;
    m.valid = false;
    while (n) {
        size_t off = a & (CHUNK_SIZE - 1);
        size_t k = CHUNK_SIZE - off < n ? CHUNK_SIZE - off : n;
        struct chunk *ch = chunk(a, 1);
        uintptr_t base = a - off;
        for (size_t end = off + k; off < end;) {
            size_t g = off / GRAIN, lo = off % GRAIN;
            size_t hi = end - g * GRAIN < GRAIN ? end - g * GRAIN : GRAIN;
            struct cell *c = &ch->grain[g];
            if (c->w == SPLIT) {
                for (size_t i = lo; i < hi; i++)
                    visit(ch->bytes + g * GRAIN + i, &m, kind, x, pc, code,
                          base + g * GRAIN + i);
                if (hi - lo == GRAIN)
                    join_grain(ch, g);
            } else if (hi - lo == GRAIN) {
                visit(c, &m, kind, x, pc, code, base + off);
            } else {
                struct cell part = *c;
                visit(&part, &m, kind, x, pc, code, base + off);
                if (!same_cell(&part, c))
                    split(ch, g, lo, hi, &part);
            }
            off = g * GRAIN + hi;
        }
        a += k;
        n -= k;
    }
}

#define CALLER ((uintptr_t)__builtin_return_address(0))

/* ---- ThreadSanitizer's entry points ---- */

void __tsan_init(void)
{
    if (dir)
        return;
    dir = mmap(NULL, (sizeof *dir) << (ADDR_BITS - CHUNK_BITS),
               PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (dir == MAP_FAILED) {
        fputs("cilk race: cannot map the shadow directory\n", stderr);
        abort();
    }
    const char *max = getenv("CILK_RACE_MAX_REPORTS");
    if (max && *max)
        max_reports = strtoul(max, NULL, 10);
    /* (Tests make the compaction frequent.) */
    const char *at = getenv("CILK_RACE_COMPACT_AT");
    if (at && *at && strtoul(at, NULL, 10) > 0) {
        compact_at = (uint32_t)strtoul(at, NULL, 10);
        compact_fixed = true;
    }
}

void __tsan_func_entry(void *caller) { (void)caller; }

/* The function returning has frame pointers (CilkRace.cpp): everything
 * below the end of its frame is dead. */
void __tsan_func_exit(void)
{
    uintptr_t end = (uintptr_t)__builtin_frame_address(1) + 16;
    if (stack_dirty < end) {
        /* (Whole granules: what lies below the lowest access is dead too.) */
        uintptr_t lo = stack_dirty & ~(uintptr_t)(GRAIN - 1);
        forget(lo, end - lo);
        stack_dirty = end;
    }
}

void __tsan_ignore_thread_begin(void) { ignoring++; }
void __tsan_ignore_thread_end(void) { ignoring--; }

/* OpenCilk's <cilk/cilksan.h>. */
void __cilksan_disable_checking(void) { ignoring++; }
void __cilksan_enable_checking(void)
{
    if (ignoring > 0)
        ignoring--;
}
bool __cilksan_is_checking_enabled(void) { return !ignoring; }
void __cilksan_acquire_lock(const void *mutex) { acquire(mutex); }
void __cilksan_release_lock(const void *mutex) { release(mutex); }

/* Every flavour of an access of `size` bytes: TSan's plain, unaligned,
 * volatile and compound (read-modify-write: checked as the write) ones. */
/* The most common access, an aligned word's: a whole granule whose cell
 * is not split, in a chunk already mapped. check's own work without its
 * cases, in a function small enough that its prologue costs little (a
 * third of cilksort's race build went into check's). False: check it. */
static inline __attribute__((always_inline)) bool
check_granule(uintptr_t a, int kind, uintptr_t pc)
{
    uint32_t x = current;
    if (!x || ignoring || (a & (GRAIN - 1)) || a >> ADDR_BITS || !stack_hi)
        return false;
    struct chunk *ch = chunk(a, 0);
    if (!ch)
        return false;
    struct cell *c = &ch->grain[(a & (CHUNK_SIZE - 1)) / GRAIN];
    if (c->w == SPLIT)
        return false;
    note_stack(a);
    access_cell(c, kind, x, pc, pc_code(pc), a);
    return true;
}

#define HOOK(name, size, kind)                                                \
    void __tsan_##name(void *a)                                               \
    {                                                                         \
        if (size != GRAIN || !check_granule((uintptr_t)a, kind, CALLER))      \
            check((uintptr_t)a, size, kind, CALLER);                          \
    }
#define ACCESS(n)                                                             \
    HOOK(read##n, n, READ)                                                    \
    HOOK(write##n, n, WRITE)                                                  \
    HOOK(unaligned_read##n, n, READ)                                          \
    HOOK(unaligned_write##n, n, WRITE)                                        \
    HOOK(volatile_read##n, n, READ)                                           \
    HOOK(volatile_write##n, n, WRITE)                                         \
    HOOK(unaligned_volatile_read##n, n, READ)                                 \
    HOOK(unaligned_volatile_write##n, n, WRITE)                               \
    HOOK(read_write##n, n, WRITE)                                             \
    HOOK(unaligned_read_write##n, n, WRITE)
ACCESS(1)
ACCESS(2)
ACCESS(4)
ACCESS(8)
ACCESS(16)

void __tsan_read_range(void *a, unsigned long n)
{
    check((uintptr_t)a, n, READ, CALLER);
}
void __tsan_write_range(void *a, unsigned long n)
{
    check((uintptr_t)a, n, WRITE, CALLER);
}

void *__tsan_memcpy(void *d, const void *s, unsigned long n)
{
    check((uintptr_t)s, n, READ, CALLER);
    check((uintptr_t)d, n, WRITE, CALLER);
    return memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, unsigned long n)
{
    check((uintptr_t)s, n, READ, CALLER);
    check((uintptr_t)d, n, WRITE, CALLER);
    return memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, unsigned long n)
{
    check((uintptr_t)d, n, WRITE, CALLER);
    return memset(d, c, n);
}

void __tsan_vptr_update(void **p, void *v)
{
    check((uintptr_t)p, sizeof *p, WRITE, CALLER);
    (void)v;
}
void __tsan_vptr_read(void **p) { check((uintptr_t)p, sizeof *p, READ, CALLER); }

/* Atomic operations are performed, sequentially consistent, and not
 * checked: atomics do not race. Some take or give back a lock. */
void __tsan_atomic_thread_fence(int mo)
{
    (void)mo;
    atomic_thread_fence(memory_order_seq_cst);
}
void __tsan_atomic_signal_fence(int mo)
{
    (void)mo;
    atomic_signal_fence(memory_order_seq_cst);
}

#define ATOMIC_RMW(bits, T, op)                                               \
    T __tsan_atomic##bits##_##op(volatile T *a, T v, int mo)                  \
    {                                                                         \
        (void)mo;                                                             \
        return __atomic_##op(a, v, __ATOMIC_SEQ_CST);                         \
    }
#define ATOMICS(bits, T)                                                      \
    T __tsan_atomic##bits##_load(const volatile T *a, int mo)                 \
    {                                                                         \
        (void)mo;                                                             \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST);                          \
    }                                                                         \
    void __tsan_atomic##bits##_store(volatile T *a, T v, int mo)              \
    {                                                                         \
        if (RELEASES(mo) && !v)                                               \
            release(a);                                                       \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                             \
    }                                                                         \
    T __tsan_atomic##bits##_exchange(volatile T *a, T v, int mo)              \
    {                                                                         \
        T old = __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                  \
        if (ACQUIRES(mo) && !old && v)                                        \
            acquire(a);                                                       \
        return old;                                                           \
    }                                                                         \
    ATOMIC_RMW(bits, T, fetch_add)                                            \
    ATOMIC_RMW(bits, T, fetch_sub)                                            \
    ATOMIC_RMW(bits, T, fetch_and)                                            \
    ATOMIC_RMW(bits, T, fetch_or)                                             \
    ATOMIC_RMW(bits, T, fetch_xor)                                            \
    ATOMIC_RMW(bits, T, fetch_nand)                                           \
    int __tsan_atomic##bits##_compare_exchange_strong(                        \
        volatile T *a, T *c, T v, int mo, int fmo)                            \
    {                                                                         \
        (void)fmo;                                                            \
        T expected = *c;                                                      \
        int ok = __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST,    \
                                             __ATOMIC_SEQ_CST);               \
        if (ok && ACQUIRES(mo) && !expected && v)                             \
            acquire(a);                                                       \
        return ok;                                                            \
    }                                                                         \
    T __tsan_atomic##bits##_compare_exchange_val(volatile T *a, T c, T v,     \
                                                 int mo, int fmo)             \
    {                                                                         \
        __tsan_atomic##bits##_compare_exchange_strong(a, &c, v, mo, fmo);     \
        return c;                                                             \
    }                                                                         \
    int __tsan_atomic##bits##_compare_exchange_weak(                          \
        volatile T *a, T *c, T v, int mo, int fmo)                            \
    {                                                                         \
        return __tsan_atomic##bits##_compare_exchange_strong(a, c, v, mo,     \
                                                             fmo);            \
    }
ATOMICS(8, uint8_t)
ATOMICS(16, uint16_t)
ATOMICS(32, uint32_t)
ATOMICS(64, uint64_t)

/* ---- The heap: a freed block's accesses are forgotten ---- */

extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);

/* The program's free and realloc in a race build (this library is linked
 * before libc). Their C names are their own: the runtime's other files call
 * free as every C file does, not into the race detector, which a library
 * of the plain build does not even have. */
void race_free(void *p) __asm__("free");
void *race_realloc(void *p, size_t n) __asm__("realloc");

void race_free(void *p)
{
    if (p)
        forget((uintptr_t)p, malloc_usable_size(p));
    __libc_free(p);
}

void *race_realloc(void *p, size_t n)
{
    if (p)
        forget((uintptr_t)p, malloc_usable_size(p));
    return __libc_realloc(p, n);
}

/* ---- The verdict ---- */

__attribute__((destructor)) static void race_summary(void)
{
    if (!dir)
        return;
    fflush(stdout);
    if (!races) {
        fputs("cilk race: no races found\n", stderr);
        return;
    }
    fprintf(stderr, "cilk race: %lu race%s found", races,
            races == 1 ? "" : "s");
    if (reported < races)
        fprintf(stderr, " (%lu reported; CILK_RACE_MAX_REPORTS raises the "
                        "limit)",
                reported);
    fputs("\n", stderr);
    const char *code = getenv("CILK_RACE_EXITCODE");
    int status = code && *code ? atoi(code) : 66;
    if (status)
        _exit(status);
}
