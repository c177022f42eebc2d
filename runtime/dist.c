/* dist.c - one Cilk computation across the processes of an MPI job
 * (libcilkrt-mpi.a; `mpirun -np R prog`).
 *
 * Every process runs the same program with its own workers. Rank 0 runs
 * Cilk main; the others run dist_serve, which runs whatever work arrives.
 * What travels is a continuation-passing thread's closure that is ready
 * (all its arguments present): the Cilk paper's unit of work, which has no
 * C stack and no parent frame, only values and continuations. A Cilk
 * procedure's frame never leaves its process.
 *
 * Portable closures. The plugin describes each thread's parameters by C
 * type (cilk-abi.h: CILK_ABI_LAYOUT_ANNOTATION) and the pass lists every
 * described thread in section cilk_threads, named by a stable id (FNV-1a
 * of its name). A closure is portable when every parameter is a scalar, a
 * struct or array of scalars, or a continuation of such a value. On the
 * wire (all integers big-endian, fixed widths; floats as their IEEE bits):
 *
 *   WORK  u64 id, u64 hash of the description, then per parameter its
 *         fields in order, or for a continuation u32 rank, u64 slot
 *   SEND  u64 slot, u64 id, u32 parameter, then the value's fields
 *
 * A continuation is named by the rank of the process that holds its slot
 * and the slot's address there, which only that process reads. A closure
 * that arrives gets, for each continuation into another process, a proxy
 * (a slot whose send travels home as SEND); one into this process is the
 * slot itself. So a value always reaches the closure that waits for it,
 * through as many processes as the closure that sends it travelled.
 *
 * Stealing. A process whose workers find no work locally (dist_take sets
 * `hungry`) asks one random other process for work (STEAL); that process
 * takes the oldest ready portable closure from one of its deques, as a
 * thief would, and sends it (WORK), or answers NONE. One request is out
 * per process at a time; after NONE the next waits 20 us, doubling to
 * 1 ms, so idle processes do not flood busy ones.
 *
 * One thread per process, the communicator, makes every MPI call between
 * MPI_Init_thread and MPI_Finalize (MPI_THREAD_SERIALIZED: the main thread
 * makes the first and the last). Workers hand it messages through the
 * outbox; it hands them closures through the ready queue. It is no
 * worker: it takes closures from deques as a thief does (under the
 * victim's lock), allocates with malloc and never runs a thread.
 *
 * Stress (CILK_STRESS): each worker ships every portable closure it
 * posts to the next process (SHIP), so every closure and every value of a
 * computation crosses a process boundary.
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
#include "closure.h"
#include "idle.h"
#include "scheduler.h"
#include "threads.h"
#include "units.h"
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

enum tag { STEAL = 1, WORK, NONE, SHIP, SEND, TERM, EXIT };

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

/* ---- The threads whose closures can travel ---- */

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

struct thread_info {
    const struct __cilk_thread *t;
    uint64_t hash; /* of the description: both ends must agree */
    bool portable;
    struct param *params;
};

extern const struct __cilk_thread *const __start_cilk_threads[]
    __attribute__((weak, visibility("hidden")));
extern const struct __cilk_thread *const __stop_cilk_threads[]
    __attribute__((weak, visibility("hidden")));

static struct thread_info *infos; /* open addressing on id */
static size_t infos_mask;

static uint64_t fnv(const char *s)
{
    uint64_t h = CILK_ABI_FNV_OFFSET;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * CILK_ABI_FNV_PRIME;
    return h;
}

/* Parses FIELD[,FIELD...] at *s, up to ';', ')' or the end. */
static bool parse_fields(const char **s, struct param *p)
{
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

static void describe(struct thread_info *in, const struct __cilk_thread *t)
{
    in->t = t;
    in->hash = fnv(t->layout);
    in->params = calloc((size_t)t->nparams + 1, sizeof *in->params);
    in->portable = true;
    const char *s = t->layout;
    for (int i = 0; i < t->nparams; i++) {
        if (*s == '!')
            in->portable = false, s++;
        else if (!parse_fields(&s, &in->params[i]))
            fatal("the description of thread %s is malformed: %s", t->name,
                  t->layout);
        if (*s == ';')
            s++;
    }
}

static void registry_init(void)
{
    size_t n = __start_cilk_threads
                   ? (size_t)(__stop_cilk_threads - __start_cilk_threads)
                   : 0;
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    infos = calloc(cap, sizeof *infos);
    infos_mask = cap - 1;
    for (size_t i = 0; i < n; i++) {
        const struct __cilk_thread *t = __start_cilk_threads[i];
        size_t k = t->id & infos_mask;
        while (infos[k].t && infos[k].t->id != t->id)
            k = (k + 1) & infos_mask;
        if (!infos[k].t) {
            describe(&infos[k], t);
        } else if (strcmp(infos[k].t->name, t->name) ||
                   strcmp(infos[k].t->layout, t->layout)) {
            /* Two threads of one id (static threads of one name in two
             * files, or a hash collision): neither leaves its process. */
            infos[k].portable = false;
        }
    }
}

static struct thread_info *info_of_id(uint64_t id)
{
    for (size_t k = id & infos_mask; infos[k].t; k = (k + 1) & infos_mask)
        if (infos[k].t->id == id)
            return &infos[k];
    return NULL;
}

/* t's entry if its closures can travel (a descriptor without a
 * description, or of a staged vector, has none). */
static struct thread_info *portable_info(const struct __cilk_thread *t)
{
    if (!t || !t->layout)
        return NULL;
    struct thread_info *in = info_of_id(t->id);
    /* The descriptor registered may be another module's copy of t's. */
    return in && in->portable &&
                   (in->t == t || !strcmp(in->t->layout, t->layout))
               ? in
               : NULL;
}

/* A deque entry that can travel: a thread's closure, portable. */
static bool portable(struct __cilk_frame *e)
{
    return (e->desc->flags & CILK_DESC_THREAD) &&
           portable_info(((struct cp_closure *)e)->thread) != NULL;
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

/* Statistics of this process (the communicator writes all but `shipped`
 * and `forwarded`, which workers add to atomically). */
static struct {
    unsigned long requests, refused, received, served, sends_in;
    atomic_ulong shipped, forwarded;
    unsigned long long bytes_in, bytes_out;
    double wait_s; /* from each STEAL to its answer, summed */
} st;

/* Encodes ready closure c as WORK into b. */
static void encode_work(struct buf *b, struct cp_closure *c)
{
    struct thread_info *in = portable_info(c->thread);
    put(b, in->t->id, 8);
    put(b, in->hash, 8);
    for (int i = 0; i < in->t->nparams; i++) {
        const unsigned char *slot = (unsigned char *)c + c->thread->offsets[i];
        if (in->params[i].cont) {
            put(b, (uint32_t)dist_rank, 4);
            put(b, (uint64_t)(uintptr_t) * (void *const *)slot, 8);
        } else {
            put_fields(b, &in->params[i], slot);
        }
    }
}

/* A closure from WORK in b, with proxies for its continuations into other
 * processes. */
static struct cp_closure *decode_work(struct buf *b)
{
    uint64_t id = get(b, 8), hash = get(b, 8);
    struct thread_info *in = info_of_id(id);
    if (!in || in->hash != hash || !in->portable)
        fatal("received a closure of a thread this program does not have "
              "(id %016llx): every process of the job must run the same "
              "program",
              (unsigned long long)id);
    const struct __cilk_thread *t = in->t;
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
        x->id = id;
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
static struct cp_closure **ready;
static size_t ready_head, ready_len, ready_cap;
static atomic_size_t nready;
static atomic_int hungry;

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
    struct msg *m = new_msg(dest, tag, b);
    pthread_mutex_lock(&queue_mu);
    *outbox_tail = m;
    outbox_tail = &m->next;
    atomic_fetch_add_explicit(&outbox_n, 1, memory_order_release);
    pthread_mutex_unlock(&queue_mu);
}

static void make_ready(struct cp_closure *c)
{
    pthread_mutex_lock(&queue_mu);
    if (ready_len == ready_cap) {
        size_t cap = ready_cap ? 2 * ready_cap : 64;
        struct cp_closure **r = malloc(cap * sizeof *r);
        for (size_t i = 0; i < ready_len; i++)
            r[i] = ready[(ready_head + i) % ready_cap];
        free(ready);
        ready = r;
        ready_cap = cap;
        ready_head = 0;
    }
    ready[(ready_head + ready_len++) % ready_cap] = c;
    atomic_store_explicit(&nready, ready_len, memory_order_release);
    pthread_mutex_unlock(&queue_mu);
    idle_wake_one();
}

struct closure *dist_take(void)
{
    if (!atomic_load_explicit(&nready, memory_order_acquire)) {
        if (!atomic_load_explicit(&hungry, memory_order_relaxed))
            atomic_store_explicit(&hungry, 1, memory_order_relaxed);
        return NULL;
    }
    struct cp_closure *c = NULL;
    pthread_mutex_lock(&queue_mu);
    if (ready_len) {
        c = ready[ready_head];
        ready_head = (ready_head + 1) % ready_cap;
        atomic_store_explicit(&nready, --ready_len, memory_order_relaxed);
    }
    pthread_mutex_unlock(&queue_mu);
    return (struct closure *)c;
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
    if (!portable_info(c->thread))
        return false;
    struct buf b = {0};
    encode_work(&b, c);
    send_later((dist_rank + 1) % dist_ranks, SHIP, b);
    atomic_fetch_add_explicit(&st.shipped, 1, memory_order_relaxed);
    frame_free(w, c, c->size);
    return true;
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
    struct thread_info *in = info_of_id(id);
    if (!in || index >= (uint32_t)in->t->nparams || !in->params[index].cont)
        fatal("received a value for a continuation this program does not "
              "have (thread id %016llx)",
              (unsigned long long)id);
    const struct param *p = &in->params[index];
    unsigned char *slot = (unsigned char *)(uintptr_t)at;
    memset(slot, 0, p->size);
    get_fields(b, p, slot);
    struct cp_closure *c = cp_deliver(slot);
    if (c)
        make_ready(c);
}

static bool outstanding; /* a STEAL of ours awaits its answer */
static struct timespec asked; /* when it left */
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

/* Receives one message if one is there; false if none. */
static bool receive(int *term)
{
    int flag = 0;
    MPI_Status s;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &s);
    if (!flag)
        return false;
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
        struct closure *c =
            sched_take_oldest((unsigned)next_random(), portable);
        struct buf r = {0};
        if (c) {
            encode_work(&r, (struct cp_closure *)c);
            free(c); /* frames come from aligned_alloc (closure.c) */
            st.served++;
        }
        send_now(s.MPI_SOURCE, c ? WORK : NONE, r);
        break;
    }
    case WORK: /* the answer to our STEAL */
        st.wait_s += since(&asked);
        outstanding = false;
        backoff_ns = 0;
        /* fall through */
    case SHIP:
        make_ready(decode_work(&b));
        st.received++;
        break;
    case NONE:
        st.wait_s += since(&asked);
        st.refused++;
        outstanding = false;
        backoff_ns = backoff_ns ? 2 * backoff_ns : 20000;
        if (backoff_ns > 1000000)
            backoff_ns = 1000000;
        now(&next_request);
        next_request.tv_nsec += backoff_ns;
        if (next_request.tv_nsec >= 1000000000)
            next_request.tv_sec++, next_request.tv_nsec -= 1000000000;
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
    return true;
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
            "%lu shipped; %lu steal requests, %lu refused; %lu values sent "
            "home, %lu received; %llu bytes out, %llu in; %.1f us per "
            "request\n",
            dist_rank, dist_ranks, st.received, st.served,
            (unsigned long)atomic_load(&st.shipped), st.requests, st.refused,
            (unsigned long)atomic_load(&st.forwarded), st.sends_in,
            st.bytes_out, st.bytes_in,
            st.requests ? 1e6 * st.wait_s / (double)st.requests : 0.0);
}

static void *comm_main(void *arg)
{
    (void)arg;
    int term = 0;
    unsigned quiet = 0;
    rng ^= (uint64_t)dist_rank * 0x2545f4914f6cdd1dull;
    prctl(PR_SET_TIMERSLACK, 1000UL); /* a 20 us sleep lasts 20 us */
    while (!term) {
        bool worked = flush();
        while (!term && receive(&term))
            worked = true;
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
        int f = atomic_load(&finish_request);
        if (f) { /* rank 0: Cilk main returned */
            job_status = f - 1;
            broadcast_term(job_status, false);
            term = 1;
            break;
        }
        struct timespec t;
        if (atomic_load_explicit(&hungry, memory_order_relaxed) &&
            !outstanding && !atomic_load(&nready) &&
            (now(&t), after(&t, &next_request))) {
            int k = (int)(next_random() % (uint64_t)(dist_ranks - 1));
            send_now(k >= dist_rank ? k + 1 : k, STEAL, (struct buf){0});
            asked = t;
            st.requests++;
            outstanding = true;
            atomic_store_explicit(&hungry, 0, memory_order_relaxed);
            worked = true;
        }
        if (worked) {
            quiet = 0;
        } else if (++quiet < 64) {
            sched_yield();
        } else {
            /* An answer waits at most this long: a steal's latency. */
            struct timespec d = {0, quiet < 1024 ? 20000 : 50000};
            nanosleep(&d, NULL);
        }
    }
    atomic_store(&terminated, 1);
    leave(term);
    if (term == 2) { /* Cilk_exit: the whole job exits now */
        stats_line();
        exit(job_status);
    }
    return NULL;
}

/* ---- Entry points ---- */

void dist_init(int *argc, char ***argv, bool stress)
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
    registry_init();
    dist_active = true;
    dist_stress = stress;
    if (pthread_create(&comm, NULL, comm_main, NULL))
        fatal("cannot start the communicator thread");
}

void dist_serve(void *unused)
{
    (void)unused;
    struct worker *w = __cilkrt_tls_worker;
    unsigned idle = 0;
    while (!atomic_load_explicit(&terminated, memory_order_acquire)) {
        struct closure *c = dist_take();
        if (!c)
            c = sched_steal_thread(w);
        if (c) {
            threads_run(w, c);
            idle = 0;
        } else if (++idle < 64) {
            sched_yield();
        } else {
            struct timespec d = {0, 20000};
            nanosleep(&d, NULL);
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
    pthread_join(comm, NULL);
    stats_line();
    return job_status;
}

void dist_exit(int status)
{
    fflush(stdout);
    atomic_store(&exit_request, status + 1);
    for (;;)
        pause(); /* the communicator exits the process */
}
