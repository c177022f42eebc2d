/* dist.c - one Cilk computation across the processes of an MPI job
 * (libcilkrt-mpi.a; `mpirun -np R prog`).
 *
 * Every process runs the same program with its own workers. Rank 0 runs
 * Cilk main; the others run dist_serve, which runs whatever work arrives.
 * That it is the same program each process proves at start-up, before
 * anything moves (check_same_program: its descriptors, their code hashes
 * and its mode, gathered from all); a job of several programs stops
 * there, on every process, with status 2.
 * What travels is what a thief takes: a continuation-passing thread's
 * closure that is ready (the Cilk paper's unit of work: no C stack, no
 * parent frame, only values and continuations), or a Cilk procedure's
 * frame, the oldest entry of a deque, resumed at its continuation.
 *
 * Portable closures. The plugin describes each thread's parameters by C
 * type (cilk-abi.h: CILK_ABI_LAYOUT_ANNOTATION) and the pass lists every
 * described thread in section cilk_threads, named by a stable id (FNV-1a
 * of its name). A closure is portable when every parameter is a scalar, a
 * struct or array of scalars, or a continuation of such a value. On the
 * wire (all integers big-endian, fixed widths; floats as their IEEE bits):
 *
 *   WORK  u8 WORK_THREAD, u64 id, u64 hash of the description, then per
 *         parameter its fields in order, or for a continuation u32 rank,
 *         u64 slot
 *   SEND  u64 slot, u64 id, u32 parameter, then the value's fields
 *
 * A continuation is named by the rank of the process that holds its slot
 * and the slot's address there, which only that process reads. A closure
 * that arrives gets, for each continuation into another process, a proxy
 * (a slot whose send travels home as SEND); one into this process is the
 * slot itself. So a value always reaches the closure that waits for it,
 * through as many processes as the closure that sends it travelled.
 *
 * Procedures' frames. A portable procedure's descriptor describes its
 * frame (cilk-abi.h, llvm-pass/CilkPortable.cpp) and is listed in
 * section cilk_procs. The frame that leaves stays as a shadow (closure.h):
 * its join counter, swapped for CLOSURE_SHADOW under the frame's lock,
 * goes with it, so the copy waits for the children still running here;
 * their results and joins, applied to the shadow, follow it. Messages
 * between two processes arrive in the order sent, and the communicator
 * sends WORK before anything a worker queues after the swap.
 *
 *   WORK    u8 WORK_PROCEDURE, u64 id, u64 hash, u8 mode (CILK_MODE_*),
 *           u32 resume index, u64 join count, u64 handle (the shadow's
 *           address), FRAME fields
 *   RESULT  u64 handle, u32 site, the site's result fields (to the copy)
 *   JOIN    u64 handle (to the copy)
 *   RETURN  u64 handle, RET fields (to the shadow, which completes)
 *
 * The copy's parent is closure_remote_parent and its dst the record of
 * (home, handle), by which RESULT and JOIN find it. A copy can be shipped
 * again: it becomes a shadow in turn, and forwards.
 *
 * Stealing. A process whose workers find no work locally (dist_take sets
 * `hungry`) asks one random other process for work (STEAL); that process
 * takes the oldest portable closure or frame from one of its deques, as a
 * thief would, and sends it (WORK), or answers NONE. An oldest entry that
 * cannot travel is stolen for this process's own workers (take_portable),
 * so that it does not hide the portable ones behind it. One request is out
 * per process at a time; after NONE the next waits 20 us, doubling to
 * 16 ms, so idle processes do not flood busy ones. A process with nothing
 * to do sleeps: its communicator naps on a futex (comm_main) that its
 * workers wake when they want something sent or asked for, and its
 * workers park (idle.c).
 *
 * One thread per process, the communicator, makes every MPI call between
 * MPI_Init_thread and MPI_Finalize (MPI_THREAD_SERIALIZED: the main thread
 * makes the first and the last). Workers hand it messages through the
 * outbox; it hands them closures through the ready queues. It is no
 * worker: it takes closures from deques as a thief does (under the
 * victim's lock), allocates with malloc and never runs a thread or a
 * procedure; it applies results and joins, and makes ready what they
 * complete.
 *
 * Stress (CILK_STRESS): each worker ships every portable closure it
 * posts to the next process (SHIP), so every closure and every value of a
 * computation crosses a process boundary, and the communicator ships the
 * oldest portable frame of its deques at every turn.
 *
 * Ending. Rank 0's main returns: rank 0 sends TERM(status) to all; each
 * process stops its requests, then all meet at a barrier, receive what is
 * left and leave MPI; each exits with the status. Cilk_exit(s) anywhere
 * sends EXIT(s) to rank 0, which sends TERM(s, exit) to all: every process
 * exits with s at once, whatever its workers are doing. A process that
 * dies ends the job: mpirun kills the others and names the rank (MPI's
 * default error handler is fatal, and nothing here waits without
 * probing). */
#include "dist.h"
#include "hooks.h"
#include "closure.h"
#include "idle.h"
#include "scheduler.h"
#include "threads.h"
#include "units.h"
#include "frame.h"
#include "worker.h"

#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

bool dist_active, dist_stress;
int dist_rank, dist_ranks = 1;
static int dist_mode; /* CILK_MODE_*: how this program was compiled */

enum tag { STEAL = 1, WORK, NONE, SHIP, SEND, TERM, EXIT, RESULT, JOIN, RETURN };
enum work_kind { WORK_THREAD, WORK_PROCEDURE }; /* WORK and SHIP's first byte */

static _Noreturn void fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

static _Noreturn void fatal(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "cilk: rank %d: ", dist_rank);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    MPI_Abort(MPI_COMM_WORLD, 2);
    abort();
}

/* ---- The threads and procedures whose closures can travel ---- */

struct field {
    uint32_t offset;
    uint8_t width;
};

struct param {
    bool cont;
    uint32_t size;  /* a continuation: its value's bytes */
    uint32_t nfields;
    struct field *fields; /* the parameter's, or its value's */
};

/* A thread or a procedure, found by its id. */
struct info {
    uint64_t id;
    const char *name, *layout;
    const void *desc; /* its struct __cilk_thread or struct __cilk_desc */
    uint64_t hash;    /* of the description: both ends must agree */
    bool portable;
    /* A thread's parameters; a procedure's frame, result, and the result
     * of each spawn site k at 1 + k (cilk-abi.h: FRAME;RET;SITE1;...). */
    struct param *params;
};

struct table {
    struct info *slots; /* open addressing on id */
    size_t mask;
};

static struct table threads_tab, procs_tab;

extern const struct __cilk_thread *const __start_cilk_threads[]
    __attribute__((weak, visibility("hidden")));
extern const struct __cilk_thread *const __stop_cilk_threads[]
    __attribute__((weak, visibility("hidden")));
extern const struct __cilk_desc *const __start_cilk_procs[]
    __attribute__((weak, visibility("hidden")));
extern const struct __cilk_desc *const __stop_cilk_procs[]
    __attribute__((weak, visibility("hidden")));

/* FNV-1a (CILK_ABI_FNV_*) of n bytes at p, continuing from h. */
static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * CILK_ABI_FNV_PRIME;
    return h;
}

static uint64_t fnv(const char *s)
{
    return fnv_bytes(CILK_ABI_FNV_OFFSET, s, strlen(s));
}

/* Parses FIELD[,FIELD...] at *s, up to ';', ')' or the end (a procedure's
 * lists may be empty). */
static bool parse_fields(const char **s, struct param *p)
{
    if (!**s || **s == ';' || **s == ')')
        return true;
    size_t cap = 0;
    for (;;) {
        char *end;
        unsigned long off = strtoul(*s, &end, 10);
        char kind = *end;
        unsigned long width = strtoul(end + 1, &end, 10);
        if (end == *s || (kind != 'i' && kind != 'u' && kind != 'f' &&
                          kind != 'c'))
            return false;
        if (kind == 'c') {
            if (p->cont || p->nfields || *end != '(')
                return false;
            p->cont = true;
            p->size = (uint32_t)width;
            *s = end + 1;
            if (!parse_fields(s, p) || **s != ')')
                return false;
            ++*s;
            return true;
        }
        if (width != 1 && width != 2 && width != 4 && width != 8)
            return false;
        if (p->nfields == cap)
            p->fields = realloc(p->fields,
                                (cap = cap ? 2 * cap : 4) * sizeof *p->fields);
        p->fields[p->nfields++] = (struct field){(uint32_t)off,
                                                 (uint8_t)width};
        *s = end;
        if (**s != ',')
            return true;
        ++*s;
    }
}

/* Parses the n lists of `layout` (';'-separated; a thread's may be '!':
 * not portable). */
static void describe(struct info *in, int n)
{
    in->hash = fnv(in->layout);
    in->params = calloc((size_t)n + 1, sizeof *in->params);
    in->portable = true;
    const char *s = in->layout;
    for (int i = 0; i < n; i++) {
        if (*s == '!')
            in->portable = false, s++;
        else if (!parse_fields(&s, &in->params[i]))
            fatal("the description of %s is malformed: %s", in->name,
                  in->layout);
        if (*s == ';')
            s++;
    }
}

/* Adds a descriptor; strict: another descriptor of its id makes both stay
 * home, else one of the same name and description is the same one (another
 * module's copy of a thread's). */
static void table_add(struct table *t, uint64_t id, const char *name,
                      const char *layout, const void *desc, int n, bool strict)
{
    size_t k = id & t->mask;
    while (t->slots[k].desc && t->slots[k].id != id)
        k = (k + 1) & t->mask;
    struct info *in = &t->slots[k];
    if (!in->desc) {
        *in = (struct info){.id = id, .name = name, .layout = layout,
                            .desc = desc};
        describe(in, n);
    } else if (in->desc != desc &&
               (strict || strcmp(in->name, name) || strcmp(in->layout, layout))) {
        /* Two of one id (static functions of one name in two files, or a
         * hash collision): neither leaves its process. */
        in->portable = false;
    }
}

static void table_init(struct table *t, size_t n)
{
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    t->slots = calloc(cap, sizeof *t->slots);
    t->mask = cap - 1;
}

static void registry_init(void)
{
    size_t n = __start_cilk_threads
                   ? (size_t)(__stop_cilk_threads - __start_cilk_threads)
                   : 0;
    table_init(&threads_tab, n);
    for (size_t i = 0; i < n; i++) {
        const struct __cilk_thread *t = __start_cilk_threads[i];
        table_add(&threads_tab, t->id, t->name, t->layout, t, t->nparams,
                  false);
    }
    n = __start_cilk_procs ? (size_t)(__stop_cilk_procs - __start_cilk_procs)
                           : 0;
    table_init(&procs_tab, n);
    for (size_t i = 0; i < n; i++) {
        const struct __cilk_desc *d = __start_cilk_procs[i];
        table_add(&procs_tab, d->id, d->name, d->layout, d, d->nsites + 1,
                  true);
    }
}

static struct info *info_of_id(struct table *t, uint64_t id)
{
    for (size_t k = id & t->mask; t->slots[k].desc; k = (k + 1) & t->mask)
        if (t->slots[k].id == id)
            return &t->slots[k];
    return NULL;
}

/* t's entry if its closures can travel (a descriptor without a
 * description, or of a staged vector, has none). */
static struct info *thread_info(const struct __cilk_thread *t)
{
    if (!t || !t->layout)
        return NULL;
    struct info *in = info_of_id(&threads_tab, t->id);
    /* The descriptor registered may be another module's copy of t's. */
    return in && in->portable &&
                   (in->desc == t || !strcmp(in->layout, t->layout))
               ? in
               : NULL;
}

/* d's entry if its frames can travel. */
static struct info *proc_info(const struct __cilk_desc *d)
{
    if (!d->layout)
        return NULL;
    struct info *in = info_of_id(&procs_tab, d->id);
    return in && in->portable && in->desc == d ? in : NULL;
}

/* A deque entry that can travel: a portable thread's closure, or a
 * portable procedure's frame. */
static bool portable_procedure(struct __cilk_frame *e)
{
    return !(e->desc->flags & CILK_DESC_THREAD) && proc_info(e->desc);
}

static bool portable(struct __cilk_frame *e)
{
    if (e->desc->flags & CILK_DESC_THREAD)
        return thread_info(((struct cp_closure *)e)->thread) != NULL;
    return proc_info(e->desc) != NULL;
}

/* ---- Encoding ---- */

struct buf {
    unsigned char *p;
    size_t len, cap, at; /* at: the reader's position */
};

static void put(struct buf *b, uint64_t v, unsigned width)
{
    if (b->len + width > b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->p = realloc(b->p, b->cap);
    }
    for (unsigned i = 0; i < width; i++)
        b->p[b->len++] = (unsigned char)(v >> 8 * (width - 1 - i));
}

static uint64_t get(struct buf *b, unsigned width)
{
    if (b->at + width > b->len)
        fatal("a message ended early (%zu bytes)", b->len);
    uint64_t v = 0;
    for (unsigned i = 0; i < width; i++)
        v = v << 8 | b->p[b->at++];
    return v;
}

static uint64_t load(const unsigned char *at, unsigned width)
{
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (width) {
    case 1: memcpy(&u8, at, 1); return u8;
    case 2: memcpy(&u16, at, 2); return u16;
    case 4: memcpy(&u32, at, 4); return u32;
    default: memcpy(&u64, at, 8); return u64;
    }
}

static void store(unsigned char *at, uint64_t v, unsigned width)
{
    uint8_t u8 = (uint8_t)v;
    uint16_t u16 = (uint16_t)v;
    uint32_t u32 = (uint32_t)v;
    switch (width) {
    case 1: memcpy(at, &u8, 1); break;
    case 2: memcpy(at, &u16, 2); break;
    case 4: memcpy(at, &u32, 4); break;
    default: memcpy(at, &v, 8); break;
    }
}

static void put_fields(struct buf *b, const struct param *p,
                       const unsigned char *base)
{
    for (uint32_t i = 0; i < p->nfields; i++)
        put(b, load(base + p->fields[i].offset, p->fields[i].width),
            p->fields[i].width);
}

static void get_fields(struct buf *b, const struct param *p,
                       unsigned char *base)
{
    for (uint32_t i = 0; i < p->nfields; i++)
        store(base + p->fields[i].offset, get(b, p->fields[i].width),
              p->fields[i].width);
}

/* A slot of this process that stands for a slot in another (threads.h:
 * cp_remote). The link word comes right before the value, as in a thread's
 * closure, so a continuation to it is a continuation like any other. */
struct proxy {
    struct cp_closure h;
    const struct param *param; /* the value's fields */
    uint64_t id;               /* the thread the parameter belongs to */
    uint64_t slot;             /* in process `home` */
    int32_t home;
    uint32_t index; /* the parameter */
    uint64_t pad;   /* the link word ends where the aligned value starts */
    _Atomic uintptr_t link;
    _Alignas(16) unsigned char value[];
};

_Static_assert(offsetof(struct proxy, link) + sizeof(uintptr_t) ==
                   offsetof(struct proxy, value),
               "a proxy's link word comes right before its value");

/* Statistics of this process (the communicator writes all but the atomic
 * ones, which workers add to too). replies: results, joins and returns of
 * procedures' frames in other processes. */
static struct {
    unsigned long requests, refused, received, served, sends_in, replies_in;
    unsigned long kept; /* taken for this process's workers (take_portable) */
    atomic_ulong shipped, forwarded, replies_out;
    unsigned long long bytes_in, bytes_out;
    double wait_s; /* from each STEAL to its answer, summed */
} st;

/* What messages this process awaits from others, besides answers to its
 * own requests: the RETURN of each shadow, the RESULTs and JOINs for each
 * copy here, the SEND to each continuation of a thread shipped from here
 * (one each, to this process, which forwards those of proxies). While it
 * is 0 and every worker here is parked, the communicator naps longer
 * (comm_main). A count that stays too high (a continuation never sent)
 * costs only those naps. */
static atomic_long awaited;

/* Encodes ready thread closure c as WORK into b. */
static void encode_thread(struct buf *b, struct cp_closure *c)
{
    struct info *in = thread_info(c->thread);
    const struct __cilk_thread *t = in->desc;
    put(b, WORK_THREAD, 1);
    put(b, in->id, 8);
    put(b, in->hash, 8);
    for (int i = 0; i < t->nparams; i++) {
        const unsigned char *slot = (unsigned char *)c + c->thread->offsets[i];
        if (in->params[i].cont) {
            put(b, (uint32_t)dist_rank, 4);
            put(b, (uint64_t)(uintptr_t) * (void *const *)slot, 8);
            atomic_fetch_add_explicit(&awaited, 1, memory_order_relaxed);
        } else {
            put_fields(b, &in->params[i], slot);
        }
    }
}

/* The portable thread or procedure of table t that WORK from process
 * home in b names by id and description hash (and a procedure by the mode
 * its sender was compiled in). Anything else stops the job, naming what
 * differs. The start-up check (check_same_program) refuses a job of
 * several programs, so only a collision of its hashes gets this far. */
static struct info *read_info(struct buf *b, struct table *t, int home)
{
    bool proc = t == &procs_tab;
    const char *what = proc ? "the frame of" : "a closure of";
    const char *kind = proc ? "procedure" : "thread";
    uint64_t id = get(b, 8), hash = get(b, 8);
    int mode = proc ? (int)get(b, 1) : dist_mode;
    struct info *in = info_of_id(t, id);
    if (!in)
        fatal("received %s a %s from rank %d that this program does not "
              "have (id %016llx): every process of the job must run the "
              "same program",
              what, kind, home, (unsigned long long)id);
    if (mode != dist_mode)
        fatal("received %s %s '%s' from rank %d compiled in %s mode, and "
              "this process runs %s mode: every process of the job must run "
              "the same program",
              what, kind, in->name, home, units_mode_name(mode),
              units_mode_name(dist_mode));
    if (in->hash != hash)
        fatal("received %s %s '%s' from rank %d whose layout differs from "
              "its layout here (%s): every process of the job must run the "
              "same program",
              what, kind, in->name, home, in->layout);
    if (!in->portable)
        fatal("received %s %s '%s' from rank %d, which cannot move here: "
              "another %s of this program has its id (static functions of "
              "one name in two files)",
              what, kind, in->name, home, kind);
    return in;
}

/* A thread's closure from WORK in b, sent by process home, with proxies
 * for its continuations into other processes. */
static struct cp_closure *decode_thread(struct buf *b, int home)
{
    struct info *in = read_info(b, &threads_tab, home);
    const struct __cilk_thread *t = in->desc;
    struct cp_closure *c = cp_alloc(t, (unsigned long)t->size);
    memset(c + 1, 0, (size_t)t->size - sizeof *c);
    for (int i = 0; i < t->nparams; i++) {
        unsigned char *slot = (unsigned char *)c + t->offsets[i];
        atomic_init((_Atomic uintptr_t *)slot - 1, (uintptr_t)c);
        const struct param *p = &in->params[i];
        if (!p->cont) {
            get_fields(b, p, slot);
            continue;
        }
        int32_t home = (int32_t)get(b, 4);
        uint64_t at = get(b, 8);
        if (home == dist_rank) {
            *(void **)slot = (void *)(uintptr_t)at;
            continue;
        }
        size_t bytes = (sizeof(struct proxy) + p->size + 15) & ~(size_t)15;
        struct proxy *x = aligned_alloc(16, bytes);
        if (!x)
            abort();
        memset(x, 0, bytes);
        x->h.thread = &cp_remote;
        x->param = p;
        x->id = in->id;
        x->slot = at;
        x->home = home;
        x->index = (uint32_t)i;
        atomic_init(&x->link, (uintptr_t)x);
        *(void **)slot = x->value;
    }
    return c;
}

/* ---- Queues between the workers and the communicator ---- */

struct msg {
    struct msg *next;
    int dest, tag;
    struct buf b;
};

static pthread_mutex_t queue_mu = PTHREAD_MUTEX_INITIALIZER;
static struct msg *outbox, **outbox_tail = &outbox;
static atomic_int outbox_n;
/* Closures ready to run that arrived or became ready here: threads',
 * and procedures' (and roots whose result arrived), apart, since a worker
 * that waits inside a procedure runs threads only. */
struct fifo {
    struct closure **q;
    size_t head, len, cap;
    atomic_size_t n;
};
static struct fifo threads_q, work_q;
static atomic_int hungry;
/* Where the communicator sleeps while nothing happens; a worker that
 * queues a message or turns hungry wakes it. */
static struct parking comm_parking;

static struct msg *new_msg(int dest, int tag, struct buf b)
{
    struct msg *m = malloc(sizeof *m);
    if (!m)
        abort();
    *m = (struct msg){NULL, dest, tag, b};
    return m;
}

/* Any thread: the communicator sends it at its next turn. */
static void send_later(int dest, int tag, struct buf b)
{
    if (dest < 0 || dest >= dist_ranks || dest == dist_rank)
        fatal("internal error: a message of kind %d to rank %d", tag, dest);
    struct msg *m = new_msg(dest, tag, b);
    pthread_mutex_lock(&queue_mu);
    *outbox_tail = m;
    outbox_tail = &m->next;
    atomic_fetch_add_explicit(&outbox_n, 1, memory_order_release);
    pthread_mutex_unlock(&queue_mu);
    parking_kick(&comm_parking);
}

static void make_ready(struct fifo *f, struct closure *c)
{
    pthread_mutex_lock(&queue_mu);
    if (f->len == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 64;
        struct closure **q = malloc(cap * sizeof *q);
        if (!q)
            abort();
        for (size_t i = 0; i < f->len; i++)
            q[i] = f->q[(f->head + i) % f->cap];
        free(f->q);
        f->q = q;
        f->cap = cap;
        f->head = 0;
    }
    f->q[(f->head + f->len++) % f->cap] = c;
    atomic_store_explicit(&f->n, f->len, memory_order_release);
    pthread_mutex_unlock(&queue_mu);
    idle_wake_one();
}

static struct closure *take(struct fifo *f)
{
    if (!atomic_load_explicit(&f->n, memory_order_acquire))
        return NULL;
    struct closure *c = NULL;
    pthread_mutex_lock(&queue_mu);
    if (f->len) {
        c = f->q[f->head];
        f->head = (f->head + 1) % f->cap;
        atomic_store_explicit(&f->n, --f->len, memory_order_relaxed);
    }
    pthread_mutex_unlock(&queue_mu);
    return c;
}

static bool nothing_ready(void)
{
    return !atomic_load_explicit(&threads_q.n, memory_order_acquire) &&
           !atomic_load_explicit(&work_q.n, memory_order_acquire);
}

struct closure *dist_take(bool threads_only)
{
    struct closure *c = take(&threads_q);
    if (!c && !threads_only)
        c = take(&work_q);
    if (!c && !atomic_load_explicit(&hungry, memory_order_relaxed)) {
        atomic_store_explicit(&hungry, 1, memory_order_relaxed);
        parking_kick(&comm_parking);
    }
    return c;
}

void dist_forward(struct cp_closure *proxy)
{
    struct proxy *x = (struct proxy *)proxy;
    struct buf b = {0};
    put(&b, x->slot, 8);
    put(&b, x->id, 8);
    put(&b, x->index, 4);
    put_fields(&b, x->param, x->value);
    send_later(x->home, SEND, b);
    atomic_fetch_add_explicit(&st.forwarded, 1, memory_order_relaxed);
    free(x);
}

bool dist_ship(struct worker *w, struct cp_closure *c)
{
    if (!thread_info(c->thread))
        return false;
    struct buf b = {0};
    encode_thread(&b, c);
    send_later((dist_rank + 1) % dist_ranks, SHIP, b);
    atomic_fetch_add_explicit(&st.shipped, 1, memory_order_relaxed);
    frame_free(w, c, c->size);
    return true;
}

/* ---- Procedures' frames in other processes ---- */

/* Where a copy came from (its dst): the shadow `handle` in process
 * `home`. Found by (home, handle) when the shadow's children's results and
 * joins arrive; the communicator adds records, whoever completes the copy
 * removes its record. */
struct remote {
    struct remote *next;
    int home;
    uint64_t handle;
    struct closure *copy;
};

#define REMOTE_BUCKETS 1024
static pthread_mutex_t remote_mu = PTHREAD_MUTEX_INITIALIZER;
static struct remote *remotes[REMOTE_BUCKETS];

static struct remote **remote_bucket(int home, uint64_t handle)
{
    uint64_t h = (handle >> 6) * 0x9e3779b97f4a7c15ull ^ (uint64_t)home;
    return &remotes[(h >> 32) % REMOTE_BUCKETS];
}

static struct closure *remote_copy(int home, uint64_t handle)
{
    pthread_mutex_lock(&remote_mu);
    struct remote *r = *remote_bucket(home, handle);
    while (r && (r->home != home || r->handle != handle))
        r = r->next;
    pthread_mutex_unlock(&remote_mu);
    if (!r)
        fatal("received a result for a frame that rank %d never sent here",
              home);
    return r->copy;
}

/* Ships closure c, which the communicator took as a thief takes it, to
 * process dest: encodes it as WORK into b and makes it a shadow, under its
 * lock (closure_apply: a result applied before goes in the frame, one
 * applied after follows it). Its join count, the token and its children
 * out, goes with it: the copy waits for the same children. */
static void ship_procedure(struct buf *b, struct closure *c, int dest)
{
    struct info *in = proc_info(c->desc);
    spin_lock(&c->lock);
    long join = atomic_exchange_explicit(&c->join, CLOSURE_SHADOW,
                                         memory_order_acq_rel);
    c->flags = dest;
    put(b, WORK_PROCEDURE, 1);
    put(b, in->id, 8);
    put(b, in->hash, 8);
    put(b, (uint8_t)dist_mode, 1);
    put(b, (uint32_t)c->resume, 4);
    put(b, (uint64_t)join, 8);
    put(b, (uint64_t)(uintptr_t)c, 8);
    put_fields(b, &in->params[0], (unsigned char *)c);
    spin_unlock(&c->lock);
    atomic_fetch_add_explicit(&awaited, 1, memory_order_relaxed);
}

/* The copy of a procedure's frame from WORK in b, sent by process home. */
static struct closure *decode_procedure(struct buf *b, int home)
{
    struct info *in = read_info(b, &procs_tab, home);
    const struct __cilk_desc *d = in->desc;
    int resume = (int)get(b, 4);
    long join = (long)get(b, 8);
    uint64_t handle = get(b, 8);
    if (resume < 1 || resume >= d->nsites || join < 1)
        fatal("received a malformed frame of %s", d->name);
    struct closure *c = frame_alloc_heap(frame_size_class(d->size));
    memset(c, 0, (size_t)d->size);
    get_fields(b, &in->params[0], (unsigned char *)c);
    struct remote *r = malloc(sizeof *r);
    if (!r)
        abort();
    *r = (struct remote){NULL, home, handle, c};
    c->desc = d;
    c->resume = resume;
    c->parent = &closure_remote_parent;
    c->dst = r;
    atomic_init(&c->join, join);
    closure_init_gens(c, 0);
    pthread_mutex_lock(&remote_mu);
    struct remote **at = remote_bucket(home, handle);
    r->next = *at;
    *at = r;
    pthread_mutex_unlock(&remote_mu);
    atomic_fetch_add_explicit(&awaited, 1, memory_order_relaxed);
    return c;
}

/* The site of shadow p whose inlet and destination these are (one inlet
 * per site; a portable frame's destinations are its fields). */
static int site_of(struct closure *p, __cilk_inlet_fn inlet, void *dst)
{
    const struct __cilk_desc *d = p->desc;
    long off = (char *)dst - (char *)p;
    for (int i = 1; i < d->nsites; i++)
        if (d->sites[i].inlet == inlet && d->sites[i].dst_offset == off)
            return i;
    fatal("a result for %s arrived at no spawn site of it", d->name);
}

void dist_result(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                 const void *result)
{
    struct info *in = proc_info(p->desc);
    int site = site_of(p, inlet, dst);
    struct buf b = {0};
    put(&b, (uint64_t)(uintptr_t)p, 8);
    put(&b, (uint32_t)site, 4);
    put_fields(&b, &in->params[1 + site], result);
    send_later(p->flags, RESULT, b);
    atomic_fetch_add_explicit(&st.replies_out, 1, memory_order_relaxed);
}

void dist_join(struct closure *p)
{
    struct buf b = {0};
    put(&b, (uint64_t)(uintptr_t)p, 8);
    send_later(p->flags, JOIN, b);
    atomic_fetch_add_explicit(&st.replies_out, 1, memory_order_relaxed);
}

/* The copy came from the heap (decode_procedure), not a free list. */
void dist_return(struct closure *c)
{
    struct remote *r = c->dst;
    struct info *in = proc_info(c->desc);
    struct buf b = {0};
    put(&b, r->handle, 8);
    put_fields(&b, &in->params[1],
               (unsigned char *)c + c->desc->retval_offset);
    send_later(r->home, RETURN, b);
    atomic_fetch_add_explicit(&st.replies_out, 1, memory_order_relaxed);
    pthread_mutex_lock(&remote_mu);
    struct remote **at = remote_bucket(r->home, r->handle);
    while (*at != r)
        at = &(*at)->next;
    *at = r->next;
    pthread_mutex_unlock(&remote_mu);
    atomic_fetch_sub_explicit(&awaited, 1, memory_order_relaxed);
    free(r);
    free(c);
}

/* RESULT from process home: a child's result for the copy of its shadow. */
static void receive_result(struct buf *b, int home)
{
    struct closure *c = remote_copy(home, get(b, 8));
    int site = (int)get(b, 4);
    if (site < 1 || site >= c->desc->nsites)
        fatal("received a result for %s at no spawn site of it",
              c->desc->name);
    const struct param *p = &proc_info(c->desc)->params[1 + site];
    size_t size = 0;
    for (uint32_t i = 0; i < p->nfields; i++)
        if (p->fields[i].offset + p->fields[i].width > size)
            size = p->fields[i].offset + p->fields[i].width;
    _Alignas(64) unsigned char value[256];
    unsigned char *v = value;
    if (size > sizeof value && !(v = aligned_alloc(64, (size + 63) & ~63ul)))
        abort();
    memset(v, 0, size);
    get_fields(b, p, v);
    closure_apply(c, c->desc->sites[site].inlet, closure_site_dst(c, site), v,
                  atomic_load_explicit(&c->abort_gen, memory_order_relaxed));
    if (v != value)
        free(v);
}

/* RETURN: the copy of shadow c ended; c completes here with its result. */
static void receive_return(struct buf *b)
{
    struct closure *c = (struct closure *)(uintptr_t)get(b, 8);
    if (atomic_load_explicit(&c->join, memory_order_relaxed) >= 0)
        fatal("received the result of a frame this process never sent");
    get_fields(b, &proc_info(c->desc)->params[1],
               (unsigned char *)c + c->desc->retval_offset);
    atomic_fetch_sub_explicit(&awaited, 1, memory_order_relaxed);
    closure_complete(NULL, c);
}

void dist_ready(struct closure *p)
{
    make_ready(&work_q, p);
}

/* The oldest entry of some deque that ok() accepts, taken as a thief
 * takes it, or null. Deques are taken from the oldest end only: an oldest
 * entry that cannot travel (main's frame, a frame with pointers) would
 * hide the portable ones behind it for good, so the communicator steals
 * it for this process's workers, as a thief of theirs would (a few per
 * call), and looks again. */
static uint64_t next_random(void); /* the communicator's */

static struct closure *take_portable(bool (*ok)(struct __cilk_frame *))
{
    for (int tries = 0; tries < 4; tries++) {
        struct closure *c = sched_take_oldest((unsigned)next_random(), NULL);
        if (!c || ok((struct __cilk_frame *)c))
            return c;
        make_ready(c->desc->flags & CILK_DESC_THREAD ? &threads_q : &work_q,
                   c);
        st.kept++;
    }
    return NULL;
}

/* Encodes c, which the communicator took as a thief, as WORK for process
 * dest into b. */
static void encode(struct buf *b, struct closure *c, int dest)
{
    if (c->desc->flags & CILK_DESC_THREAD) {
        encode_thread(b, (struct cp_closure *)c);
        free(c); /* frames come from aligned_alloc (closure.c) */
    } else {
        ship_procedure(b, c, dest);
    }
}

/* ---- The communicator ---- */

static pthread_t comm;
static uint64_t rng = 0x9e3779b97f4a7c15ull; /* the communicator's */

static uint64_t next_random(void)
{
    rng = rng * 6364136223846793005ull + 1;
    return rng >> 33;
}
static atomic_int terminated; /* the job is ending: dist_serve returns */
static atomic_int finish_request; /* rank 0: main returned (status + 1) */
static atomic_int exit_request;   /* Cilk_exit here (status + 1) */
static int job_status;

/* Isends under way, with their buffers. */
static struct pending {
    MPI_Request req;
    struct msg *m;
} *pend;
static int npend, cap_pend;

static void isend(struct msg *m)
{
    if (npend == cap_pend) {
        cap_pend = cap_pend ? 2 * cap_pend : 64;
        pend = realloc(pend, (size_t)cap_pend * sizeof *pend);
    }
    /* MPI needs a buffer even for an empty message. */
    if (!m->b.len)
        put(&m->b, 0, 1);
    st.bytes_out += m->b.len;
    MPI_Isend(m->b.p, (int)m->b.len, MPI_BYTE, m->dest, m->tag,
              MPI_COMM_WORLD, &pend[npend].req);
    pend[npend++].m = m;
}

/* The communicator only. */
static void send_now(int dest, int tag, struct buf b)
{
    isend(new_msg(dest, tag, b));
}

static void free_msg(struct msg *m)
{
    free(m->b.p);
    free(m);
}

/* Starts the outbox's messages and retires finished sends. */
static bool flush(void)
{
    bool worked = false;
    if (atomic_load_explicit(&outbox_n, memory_order_acquire)) {
        pthread_mutex_lock(&queue_mu);
        struct msg *m = outbox;
        outbox = NULL;
        outbox_tail = &outbox;
        atomic_store_explicit(&outbox_n, 0, memory_order_relaxed);
        pthread_mutex_unlock(&queue_mu);
        for (struct msg *next; m; m = next) {
            next = m->next;
            isend(m);
        }
        worked = true;
    }
    for (int i = 0; i < npend;) {
        int done = 0;
        MPI_Test(&pend[i].req, &done, MPI_STATUS_IGNORE);
        if (done) {
            free_msg(pend[i].m);
            pend[i] = pend[--npend];
        } else {
            i++;
        }
    }
    return worked;
}

static void deliver(struct buf *b)
{
    uint64_t at = get(b, 8), id = get(b, 8);
    uint32_t index = (uint32_t)get(b, 4);
    struct info *in = info_of_id(&threads_tab, id);
    if (!in || index >= (uint32_t)((const struct __cilk_thread *)in->desc)->nparams ||
        !in->params[index].cont)
        fatal("received a value for a continuation this program does not "
              "have (thread id %016llx)",
              (unsigned long long)id);
    const struct param *p = &in->params[index];
    unsigned char *slot = (unsigned char *)(uintptr_t)at;
    memset(slot, 0, p->size);
    get_fields(b, p, slot);
    atomic_fetch_sub_explicit(&awaited, 1, memory_order_relaxed);
    struct cp_closure *c = cp_deliver(slot);
    if (c)
        make_ready(&threads_q, (struct closure *)c);
}

static bool outstanding; /* a STEAL of ours awaits its answer */
static struct timespec asked; /* when it left */
/* The communicator's naps while nothing happens (comm_main): up to
 * NAP_MAX_IDLE_NS while this process is idle and awaits nothing; and the
 * waits before asking again after NONE (doubling from BACKOFF_MIN_NS). */
enum {
    NAP_MIN_NS = 20000,
    NAP_MAX_NS = 1000000,
    NAP_MAX_IDLE_NS = 8000000,
    BACKOFF_MIN_NS = 20000,
    BACKOFF_MAX_NS = 16000000,
};

static long backoff_ns;
static struct timespec next_request;

static void now(struct timespec *t)
{
    clock_gettime(CLOCK_MONOTONIC, t);
}

static double since(const struct timespec *a)
{
    struct timespec t;
    now(&t);
    return (double)(t.tv_sec - a->tv_sec) + 1e-9 * (double)(t.tv_nsec - a->tv_nsec);
}

static bool after(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec != b->tv_sec ? a->tv_sec > b->tv_sec
                                  : a->tv_nsec >= b->tv_nsec;
}

/* What receive() found: no message, a STEAL it refused, NONE (the answer
 * to this process's STEAL), or anything else. */
enum received { NOTHING, REFUSED, NONE_BACK, NEWS };

/* Receives one message if one is there. */
static enum received receive(int *term)
{
    int flag = 0;
    MPI_Status s;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &s);
    if (!flag)
        return NOTHING;
    enum received got = NEWS;
    int n;
    MPI_Get_count(&s, MPI_BYTE, &n);
    struct buf b = {malloc(n ? (size_t)n : 1), (size_t)n, (size_t)n, 0};
    MPI_Recv(b.p, n, MPI_BYTE, s.MPI_SOURCE, s.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    st.bytes_in += (unsigned long long)n;
    switch (s.MPI_TAG) {
    case STEAL: {
        if (*term) /* the job is ending: the asker no longer waits */
            break;
        struct closure *c = take_portable(portable);
        struct buf r = {0};
        if (c) {
            encode(&r, c, s.MPI_SOURCE);
            st.served++;
        }
        send_now(s.MPI_SOURCE, c ? WORK : NONE, r);
        if (!c)
            got = REFUSED;
        break;
    }
    case WORK: /* the answer to our STEAL */
        st.wait_s += since(&asked);
        outstanding = false;
        backoff_ns = 0;
        /* fall through */
    case SHIP:
        if (get(&b, 1) == WORK_THREAD)
            make_ready(&threads_q,
                       (struct closure *)decode_thread(&b, s.MPI_SOURCE));
        else
            make_ready(&work_q, decode_procedure(&b, s.MPI_SOURCE));
        st.received++;
        break;
    case RESULT:
        receive_result(&b, s.MPI_SOURCE);
        st.replies_in++;
        break;
    case JOIN:
        closure_join(NULL, remote_copy(s.MPI_SOURCE, get(&b, 8)), 0);
        st.replies_in++;
        break;
    case RETURN:
        receive_return(&b);
        st.replies_in++;
        break;
    case NONE:
        st.wait_s += since(&asked);
        st.refused++;
        outstanding = false;
        backoff_ns = backoff_ns ? 2 * backoff_ns : BACKOFF_MIN_NS;
        if (backoff_ns > BACKOFF_MAX_NS)
            backoff_ns = BACKOFF_MAX_NS;
        now(&next_request);
        next_request.tv_nsec += backoff_ns;
        if (next_request.tv_nsec >= 1000000000)
            next_request.tv_sec++, next_request.tv_nsec -= 1000000000;
        got = NONE_BACK;
        break;
    case SEND:
        deliver(&b);
        st.sends_in++;
        break;
    case TERM: {
        int32_t status = (int32_t)get(&b, 4);
        *term = get(&b, 1) ? 2 : 1; /* 2: exit at once */
        job_status = status;
        break;
    }
    case EXIT: /* rank 0 only: someone called Cilk_exit */
        if (!*term) {
            int32_t status = (int32_t)get(&b, 4);
            atomic_store(&exit_request, status + 1);
        }
        break;
    default:
        fatal("received a message of unknown kind %d", s.MPI_TAG);
    }
    free(b.p);
    return got;
}

static void broadcast_term(int status, bool exiting)
{
    for (int r = 0; r < dist_ranks; r++) {
        if (r == dist_rank)
            continue;
        struct buf b = {0};
        put(&b, (uint32_t)status, 4);
        put(&b, exiting, 1);
        send_now(r, TERM, b);
    }
}

/* Every process stopped asking: meet, take what is left, leave MPI. */
static void leave(int term)
{
    flush();
    MPI_Barrier(MPI_COMM_WORLD);
    int dummy = term;
    while (receive(&dummy))
        ;
    for (int i = 0; i < npend; i++) {
        MPI_Request_free(&pend[i].req);
        free_msg(pend[i].m);
    }
    npend = 0;
    MPI_Finalize();
}

static bool print_stats;

static void stats_line(void)
{
    if (!print_stats)
        return;
    fprintf(stderr,
            "cilk dist: rank %d of %d: %lu closures received, %lu served, "
            "%lu shipped, %lu kept for workers here; %lu steal requests, "
            "%lu refused; %lu values sent "
            "home, %lu received; %lu results and joins sent, %lu received; "
            "%llu bytes out, %llu in; %.1f us per request\n",
            dist_rank, dist_ranks, st.received, st.served,
            (unsigned long)atomic_load(&st.shipped), st.kept, st.requests,
            st.refused, (unsigned long)atomic_load(&st.forwarded), st.sends_in,
            (unsigned long)atomic_load(&st.replies_out), st.replies_in,
            st.bytes_out, st.bytes_in,
            st.requests ? 1e6 * st.wait_s / (double)st.requests : 0.0);
}

static void *comm_main(void *arg)
{
    (void)arg;
    int term = 0;
    unsigned quiet = 0;
    long nap_ns = 0;
    rng ^= (uint64_t)dist_rank * 0x2545f4914f6cdd1dull;
    prctl(PR_SET_TIMERSLACK, 1000UL); /* a 20 us sleep lasts 20 us */
    while (!term) {
        bool worked = flush();
        /* Idle here: all parked, nothing awaited (see the nap below). */
        bool idle = !atomic_load_explicit(&awaited, memory_order_relaxed) &&
                    idle_all_parked();
        enum received got;
        while (!term && (got = receive(&term)))
            worked |= got == NEWS || (got == REFUSED && !idle);
        if (term)
            break;
        int e = atomic_load(&exit_request);
        if (e) {
            if (dist_rank) { /* rank 0 ends the job */
                struct buf b = {0};
                put(&b, (uint32_t)(e - 1), 4);
                send_now(0, EXIT, b);
                atomic_store(&exit_request, 0);
            } else {
                job_status = e - 1;
                broadcast_term(job_status, true);
                term = 2;
                break;
            }
        }
        if (dist_stress) {
            /* Stress: the oldest portable frame here goes to the next
             * process, one per turn. */
            struct closure *c = take_portable(portable_procedure);
            if (c) {
                int next = (dist_rank + 1) % dist_ranks;
                struct buf b = {0};
                ship_procedure(&b, c, next);
                send_now(next, SHIP, b);
                atomic_fetch_add_explicit(&st.shipped, 1,
                                          memory_order_relaxed);
                worked = true;
            }
        }
        /* A wake-up (make_ready's) may miss a worker that was just
         * parking, which then sleeps deep (idle_park_deep): while work
         * waits, each turn wakes one more. */
        if (!nothing_ready())
            idle_wake_one();
        int f = atomic_load(&finish_request);
        if (f) { /* rank 0: Cilk main returned */
            job_status = f - 1;
            broadcast_term(job_status, false);
            term = 1;
            break;
        }
        struct timespec t;
        if (atomic_load_explicit(&hungry, memory_order_relaxed) &&
            !outstanding && nothing_ready() &&
            (now(&t), after(&t, &next_request))) {
            int k = (int)(next_random() % (uint64_t)(dist_ranks - 1));
            send_now(k >= dist_rank ? k + 1 : k, STEAL, (struct buf){0});
            asked = t;
            st.requests++;
            outstanding = true;
            /* Workers that want work again say so (dist_take); workers
             * all parked want it still, and need not wake to say it. */
            if (!idle_all_parked())
                atomic_store_explicit(&hungry, 0, memory_order_relaxed);
        }
        if (worked) {
            /* Busy: it goes straight to its next turn. One message does
             * not end a nap but halves it: a refused asker asks again
             * soon, and in the lazy modes finds the frames the refusal
             * had released.
             * This process's own requests and their refusals, and
             * requests an idle process refuses, change nothing here. */
            quiet = 0;
            nap_ns = nap_ns / 2 < NAP_MIN_NS ? 0 : nap_ns / 2;
        } else if (!nap_ns && ++quiet < 64) {
            sched_yield();
        } else {
            /* Asleep, the communicator answers other processes at its
             * next turn: the longer nothing happened, the later, up to
             * NAP_MAX_NS; the answer to its own request within
             * NAP_MAX_NS, as it may be work; the next request is not put
             * off, and what this process's workers want wakes it. A
             * process whose workers are all parked and that awaits
             * nothing (awaited) has only refusals to give: it answers
             * them, and learns that the job ends, within NAP_MAX_IDLE_NS,
             * and idles at under 1% of a core (bench/results/
             * 2026-11-28-dist-idle.md). */
            long most = idle ? NAP_MAX_IDLE_NS : NAP_MAX_NS;
            nap_ns = nap_ns ? 2 * nap_ns : NAP_MIN_NS;
            if (nap_ns > most)
                nap_ns = most;
            long ns = nap_ns;
            if (outstanding) {
                if (ns > NAP_MAX_NS)
                    ns = NAP_MAX_NS;
            } else if (atomic_load_explicit(&hungry, memory_order_relaxed)) {
                long due = (long)(-1e9 * since(&next_request));
                if (due < ns)
                    ns = due > 1000 ? due : 1000;
            }
            parking_wait_kicked(&comm_parking, ns);
        }
    }
    atomic_store(&terminated, 1);
    /* dist_serve returns. A thief that misses the wake-up (it was just
     * parking) sleeps its timeout: no deep one from now on. */
    idle_park_deep(0);
    idle_wake_all();
    leave(term);
    if (term == 2) { /* Cilk_exit: the whole job exits now */
        stats_line();
        exit(job_status);
    }
    return NULL;
}

/* ---- The same program everywhere ----
 *
 * Before any work moves, every process proves that it runs the program
 * the others run: a frame or a closure of another program may have the
 * same name and layout and still compute something else (`s += 2` where
 * the other has `s++`). What can move is what the sections list, so each
 * process sums over those descriptors (the order the linker put them in
 * does not count) a hash of all a descriptor says but addresses, and
 * apart from it the code hashes the pass put in them (cilk-abi.h: the code
 * hash), and gathers these sums and its mode from every process. */

enum { SUM_MODE, SUM_DESCRIPTORS, SUM_CODE, SUM_WORDS };

/* The program names that the refusal quotes, cut to this many bytes. */
#define NAME_BYTES 256

static uint64_t fnv_string(uint64_t h, const char *s)
{
    return fnv_bytes(h, s, strlen(s) + 1); /* "ab","c" is not "a","bc" */
}

static uint64_t fnv_int(uint64_t h, long long v)
{
    return fnv_bytes(h, &v, sizeof v);
}

/* splitmix64's finalizer: each descriptor's hash, mixed before the sum,
 * so that sums of different sets rarely agree. */
static uint64_t mix(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

/* This process's sums (SUM_*), of a program compiled in `mode`. */
static void summarize(uint64_t sum[SUM_WORDS], int mode)
{
    sum[SUM_MODE] = (uint64_t)mode;
    sum[SUM_DESCRIPTORS] = sum[SUM_CODE] = 0;
    size_t n = __start_cilk_threads
                   ? (size_t)(__stop_cilk_threads - __start_cilk_threads)
                   : 0;
    for (size_t i = 0; i < n; i++) {
        const struct __cilk_thread *t = __start_cilk_threads[i];
        uint64_t h = fnv_string(CILK_ABI_FNV_OFFSET, t->name);
        h = fnv_string(h, t->layout);
        h = fnv_int(fnv_int(h, t->size), t->nparams);
        for (int k = 0; k < t->nparams; k++)
            h = fnv_int(h, t->offsets[k]);
        sum[SUM_DESCRIPTORS] += mix(h);
        sum[SUM_CODE] += mix(t->code ^ t->id);
    }
    n = __start_cilk_procs ? (size_t)(__stop_cilk_procs - __start_cilk_procs)
                           : 0;
    for (size_t i = 0; i < n; i++) {
        const struct __cilk_desc *d = __start_cilk_procs[i];
        uint64_t h = fnv_string(~CILK_ABI_FNV_OFFSET, d->name);
        h = fnv_string(h, d->layout);
        h = fnv_int(fnv_int(h, d->size), d->flags);
        h = fnv_int(fnv_int(h, d->retval_offset), d->nsites);
        for (int k = 0; k < d->nsites; k++) {
            const struct __cilk_site *site = &d->sites[k];
            h = fnv_int(h, site->inlet != NULL);
            h = fnv_int(fnv_int(h, site->dst_kind), site->dst_offset);
            h = fnv_int(h, site->args_size);
        }
        sum[SUM_DESCRIPTORS] += mix(h);
        sum[SUM_CODE] += mix(d->code ^ d->id);
    }
}

/* Appends "rank R" or "ranks R-S, T and U" for the n ranks in list
 * (ascending) to out. */
static void name_ranks(char *out, size_t size, const int *list, int n)
{
    size_t at = strlen(out);
    at += (size_t)snprintf(out + at, size - at, n > 1 ? "ranks " : "rank ");
    for (int i = 0; i < n && at < size; i++) {
        int j = i;
        while (j + 1 < n && list[j + 1] == list[j] + 1)
            j++;
        const char *sep = i == 0 ? "" : j == n - 1 ? " and " : ", ";
        if (j > i)
            at += (size_t)snprintf(out + at, size - at, "%s%d-%d", sep,
                                   list[i], list[j]);
        else
            at += (size_t)snprintf(out + at, size - at, "%s%d", sep, list[i]);
        i = j;
    }
}

/* How rank r's sums differ from rank 0's: 0 not at all, else the first of
 * SUM_* (in that order) that differs, plus one. */
static int difference(const uint64_t *sums, int r)
{
    for (int k = 0; k < SUM_WORDS; k++)
        if (sums[r * SUM_WORDS + k] != sums[k])
            return k + 1;
    return 0;
}

/* Rank 0: says which ranks differ from it, and how: ranks of one program
 * name that differ in the same way (for a mode, to the same mode) are
 * named together. */
static void refuse(const uint64_t *sums, const char *names)
{
    int *list = malloc((size_t)dist_ranks * sizeof *list);
    bool *told = calloc((size_t)dist_ranks, sizeof *told);
    if (!list || !told)
        abort();
    fflush(stdout);
    fprintf(stderr, "cilk: the processes of this distributed job do not "
                    "run the same program:\n");
    for (int r = 1; r < dist_ranks; r++) {
        int how = difference(sums, r);
        if (!how || told[r])
            continue;
        const char *name = names + (size_t)r * NAME_BYTES;
        int n = 0;
        for (int q = r; q < dist_ranks; q++)
            if (!told[q] && difference(sums, q) == how &&
                !strcmp(names + (size_t)q * NAME_BYTES, name) &&
                (how != SUM_MODE + 1 ||
                 sums[q * SUM_WORDS + SUM_MODE] ==
                     sums[r * SUM_WORDS + SUM_MODE]))
                list[n++] = q, told[q] = true;
        char who[256] = "";
        name_ranks(who, sizeof who, list, n);
        if (how == SUM_MODE + 1)
            fprintf(stderr,
                    "cilk:   %s (%s) %s compiled in %s mode, rank 0 (%s) in "
                    "%s mode\n",
                    who, name, n > 1 ? "were" : "was",
                    units_mode_name((int)sums[r * SUM_WORDS + SUM_MODE]),
                    names, units_mode_name((int)sums[SUM_MODE]));
        else
            fprintf(stderr,
                    "cilk:   %s (%s) %s from rank 0 (%s) in %s of the Cilk "
                    "procedures and threads that may move between "
                    "processes\n",
                    who, name, n > 1 ? "differ" : "differs", names,
                    how == SUM_DESCRIPTORS + 1 ? "the frames and closures"
                                               : "the code");
    }
    fprintf(stderr, "cilk: every rank must run the same program (one "
                    "executable, or builds of the same sources with the "
                    "same options); the job stops before it starts\n");
    free(list);
    free(told);
}

/* Collective, before the communicator starts: every process returns if
 * all run the same program as rank 0; otherwise rank 0 says which do not
 * and every process leaves MPI and exits with status 2. */
static void check_same_program(int mode, const char *program)
{
    uint64_t mine[SUM_WORDS];
    summarize(mine, mode);
    uint64_t *sums = malloc((size_t)dist_ranks * sizeof mine);
    char *names = malloc((size_t)dist_ranks * NAME_BYTES);
    if (!sums || !names)
        abort();
    MPI_Allgather(mine, SUM_WORDS, MPI_UINT64_T, sums, SUM_WORDS,
                  MPI_UINT64_T, MPI_COMM_WORLD);
    char name[NAME_BYTES];
    snprintf(name, sizeof name, "%s", program ? program : "?");
    MPI_Allgather(name, NAME_BYTES, MPI_CHAR, names, NAME_BYTES, MPI_CHAR,
                  MPI_COMM_WORLD);
    bool same = true;
    for (int r = 1; r < dist_ranks; r++)
        same &= !difference(sums, r);
    if (!same && dist_rank == 0)
        refuse(sums, names);
    free(sums);
    free(names);
    if (same)
        return;
    /* No process ends before rank 0 has said why: mpirun may kill the
     * others when the first one exits. */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    exit(2);
}

/* ---- Entry points ---- */

void dist_init(int *argc, char ***argv, bool stress, int mode, int nproc)
{
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) !=
            MPI_SUCCESS ||
        provided < MPI_THREAD_SERIALIZED) {
        fprintf(stderr, "cilk: MPI provides no MPI_THREAD_SERIALIZED\n");
        exit(2);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &dist_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &dist_ranks);
    if (dist_ranks < 2)
        return;
    if (units_profiled()) {
        if (dist_rank == 0)
            fprintf(stderr, "cilk: a profile build runs in one process; "
                            "run it without mpirun\n");
        MPI_Finalize();
        exit(2);
    }
    dist_mode = mode;
    check_same_program(mode, *argc > 0 ? (*argv)[0] : NULL);
    registry_init();
    dist_active = true;
    dist_stress = stress;
    /* With every worker parked, only a message brings work here, and the
     * communicator wakes a worker for it (make_ready, comm_main). */
    idle_park_deep(nproc);
    /* The core reaches this layer only through its hooks (hooks.h). */
    static struct dist_hooks hooks = {
        .result = dist_result, .join = dist_join, .ret = dist_return,
        .ready = dist_ready, .take = dist_take, .forward = dist_forward,
        .exit = dist_exit};
    if (stress)
        hooks.ship = dist_ship;
    dist_hooks = &hooks;
    if (pthread_create(&comm, NULL, comm_main, NULL))
        fatal("cannot start the communicator thread");
}

void dist_serve(void *unused)
{
    (void)unused;
    struct worker *w = __cilkrt_tls_worker;
    /* Idle as a thief is (idle.c): what arrives (make_ready) and what the
     * workers here release wake it. */
    struct idle idle = {0};
    while (!atomic_load_explicit(&terminated, memory_order_acquire)) {
        struct closure *c = dist_take(false);
        if (!c)
            c = sched_steal(w);
        if (c) {
            idle_found(&idle);
            sched_run(w, c);
        } else {
            idle_failed(&idle, dist_mode == CILK_MODE_EAGER, dist_stress);
        }
    }
}

int dist_finish(int status, bool stats)
{
    print_stats = stats;
    if (!dist_active) {
        MPI_Finalize();
        return status;
    }
    if (dist_rank == 0)
        atomic_store(&finish_request, status + 1);
    parking_kick(&comm_parking);
    pthread_join(comm, NULL);
    stats_line();
    return job_status;
}

void dist_exit(int status)
{
    fflush(stdout);
    atomic_store(&exit_request, status + 1);
    parking_kick(&comm_parking);
    for (;;)
        pause(); /* the communicator exits the process */
}
