/* hand-fib.c - fib compiled by hand the way the Cilk pass compiles it in
 * eager mode, so the runtime's ABI is tested without the compiler: a fast
 * clone with its frame on the C stack, a slow clone with a jump on the
 * resume index, inlets and descriptors, and Cilk main with a heap frame.
 * Spawn sites: 1 and 2 (x and y), sync point 3, implicit sync 4. */
#include "cilk-abi.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

extern __thread char __cilkrt_tls_worker[] __attribute__((tls_model("initial-exec")));
/* __cilkrt_tls_worker holds a pointer; read it as one. */
#define WORKER() (*(void **)__cilkrt_tls_worker)

/* CILK_ABI_TLS_TAIL: the tail of this thread's deque. */
extern __thread _Atomic(struct __cilk_frame **) __cilkrt_tls_tail
    __attribute__((tls_model("initial-exec")));
#define HEAD(w) ((_Atomic(struct __cilk_frame **) *)((char *)(w) + CILK_ABI_WORKER_HEAD_OFFSET))
/* CILK_ABI_TLS_POP_LIMIT: head, or above any tail while the fast clone's
 * pops are to fence themselves in the runtime. */
extern __thread _Atomic(struct __cilk_frame **) __cilkrt_tls_pop_limit
    __attribute__((tls_model("initial-exec")));

static inline void push(void *w, struct __cilk_frame *f)
{
    (void)w;
    struct __cilk_frame **t =
        atomic_load_explicit(&__cilkrt_tls_tail, memory_order_relaxed);
    *t = f;
    atomic_store_explicit(&__cilkrt_tls_tail, t + 1, memory_order_release);
}

/* THE: 1 if the frame is still ours; otherwise the runtime decides. The
 * fast clone's pop has no fence of its own (a thief fences for it, or
 * raises the pop limit so that the runtime fences), the slow clone's has
 * one: the locked decrement. */
static inline int pop(void *w, void *result, int fenced)
{
    struct __cilk_frame **t;
    if (fenced) {
        t = atomic_fetch_sub(&__cilkrt_tls_tail, 1) - 1;
        if (atomic_load(HEAD(w)) <= t)
            return 1;
    } else {
        t = atomic_load_explicit(&__cilkrt_tls_tail, memory_order_relaxed) - 1;
        atomic_store_explicit(&__cilkrt_tls_tail, t, memory_order_relaxed);
        atomic_signal_fence(memory_order_seq_cst);
        if (atomic_load_explicit(&__cilkrt_tls_pop_limit,
                                 memory_order_acquire) <= t)
            return 1;
    }
    return __cilkrt_pop_slow(w, result) == CILK_POP_OK;
}

static void copy_int(void *dst, const void *res, void *frame)
{
    (void)frame;
    *(int *)dst = *(const int *)res;
}

struct fib_frame {
    struct __cilk_frame h;
    int n, x, y, ret;
};
static void fib_slow(struct __cilk_frame *);
static const struct __cilk_site fib_sites[] = {
    {0, 0, 0},
    {copy_int, CILK_DST_FIELD, offsetof(struct fib_frame, x)},
    {copy_int, CILK_DST_FIELD, offsetof(struct fib_frame, y)},
    {0, 0, 0},
    {0, 0, 0},
};
static const struct __cilk_desc fib_desc = {
    fib_slow, sizeof(struct fib_frame), 0, offsetof(struct fib_frame, ret),
    5, fib_sites, "fib"};

static int fib(int n)
{
    if (n < 2)
        return n;
    void *w = WORKER();
    struct fib_frame f;
    f.h.desc = &fib_desc;
    f.n = n;
    f.h.resume = 1;
    push(w, &f.h);
    int x = fib(n - 1);
    if (!pop(w, &x, 0))
        return 0;
    f.x = x;
    f.h.resume = 2;
    push(w, &f.h);
    int y = fib(n - 2);
    if (!pop(w, &y, 0))
        return 0;
    return x + y;
}

static void fib_slow(struct __cilk_frame *fr)
{
    struct fib_frame *f = (struct fib_frame *)fr;
    void *w = WORKER();
    int r;
    switch (fr->resume) {
    case 1: goto resume1;
    case 2: goto resume2;
    case 3: goto resume3;
    case 4: goto resume4;
    default: abort();
    }
resume1:
    fr->resume = 2;
    push(w, fr);
    r = fib(f->n - 2);
    if (!pop(w, &r, 1))
        return;
    __cilkrt_apply(w, fr, 2, &r);
resume2:
    fr->resume = 3;
    if (__cilkrt_sync(w, fr))
        return;
resume3:
    r = f->x + f->y;
    fr->resume = 4;
    if (__cilkrt_sync(w, fr))
        return;
resume4:
    f->ret = r; /* r is not live across sync 4: nothing can spawn there */
}

/* cilk int main(argc, argv): r = spawn fib(n); sync; print. A heap frame. */
struct main_frame {
    struct __cilk_frame h;
    int n, r, ret;
};
static void main_slow(struct __cilk_frame *);
static const struct __cilk_site main_sites[] = {
    {0, 0, 0},
    {copy_int, CILK_DST_FIELD, offsetof(struct main_frame, r)},
    {0, 0, 0},
    {0, 0, 0},
};
static const struct __cilk_desc main_desc = {
    main_slow, sizeof(struct main_frame), CILK_DESC_HEAP_FRAME,
    offsetof(struct main_frame, ret), 4, main_sites, "main"};

static int finish(struct main_frame *f)
{
    printf("fib(%d) = %d\n", f->n, f->r);
    return 0;
}

int __cilk_main(int argc, char **argv)
{
    void *w = WORKER();
    struct main_frame *f = (struct main_frame *)__cilkrt_frame_alloc(w, &main_desc);
    f->h.desc = &main_desc;
    f->n = argc > 1 ? atoi(argv[1]) : 20;
    f->h.resume = 1;
    push(w, &f->h);
    int r = fib(f->n);
    if (!pop(w, &r, 0))
        return 0;
    f->r = r;
    int ret = finish(f);
    __cilkrt_frame_free(w, &f->h);
    return ret;
}

static void main_slow(struct __cilk_frame *fr)
{
    struct main_frame *f = (struct main_frame *)fr;
    void *w = WORKER();
    switch (fr->resume) {
    case 1: goto resume1;
    case 2: goto resume2;
    case 3: goto resume3;
    default: abort();
    }
resume1:
    fr->resume = 2;
    if (__cilkrt_sync(w, fr))
        return;
resume2:
    f->ret = finish(f);
    fr->resume = 3;
    if (__cilkrt_sync(w, fr))
        return;
resume3:;
}

/* The record the pass leaves in every module it compiles: the mode (the
 * runtime reads it from here), and the symbol whose name is the linker's
 * advice. */
extern const char cilk_runtime_hint[] __asm__(CILK_ABI_RUNTIME_HINT);
__attribute__((section(CILK_ABI_UNITS_SECTION), used)) static const struct
    __cilk_unit unit = {CILK_MODE_EAGER, CILK_ABI_VERSION << CILK_UNIT_ABI_SHIFT,
                       __FILE__, cilk_runtime_hint};
