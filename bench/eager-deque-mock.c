/* eager-deque-mock.c - what eager mode's deque costs fib, by protocol
 * (issue 39, item 3): hand-written models of the push and pop that the
 * pass would generate around each spawn, on one worker with no thieves,
 * against the two-call serial fib. Only the owner's side is modelled (no
 * thief runs, so the slow path is never taken and the variants without a
 * fence are not safe as they stand); the question is what the common path
 * costs. One variant per -DVARIANT=N:
 *
 *   0  serial: two real calls, the baseline (T_S2)
 *   1  eager until 2026-11-28: worker from TLS, frame fields stored, THE
 *      pop with a locked decrement of worker->tail
 *   2  1 without the lock prefix (unsafe; 1 less 2 is the fence's cost)
 *   3  split deque, tail and split in TLS (%fs:const addresses): push
 *      stores the entry and the tail, each pop compares the frame's slot
 *      with the split and stores the tail back (4 tail stores per node)
 *   4  3 with the pop-push pair between fib's two spawns elided (the entry
 *      stays; 2 tail stores per node)
 *   5  4 with the split and tail in a worker struct reached through a
 *      TLS pointer, as worker->tail was until variant 7
 *   6  Lace's way: the tail passed down as an argument, never stored
 *   7  THE without the owner's fence (a thief's membarrier stands for
 *      it: runtime/fence.h): the tail thread-local, head in the worker
 *      struct, a compiler barrier between the tail's store and head's
 *      load; what the pass generated on 2026-11-28
 *   8  7 with the step (docs/internals.md, "Steps"): no pop and push
 *      between fib's two spawns, the second's resume index published and
 *      the slot compared with the pop limit (split here) instead; what the
 *      pass generates since 2026-11-29
 *   9  8 with the slot passed down as an argument (no load of the tail),
 *      the tail still stored at the push and the pop for thieves
 *  10  9 with the entry itself as the tail: the pop clears it instead of
 *      storing the tail (thieves would read the entry)
 *  11  9 without the pop's store (unsafe with THE: a thief could take an
 *      entry the owner has popped; only a split deque, as Lace's, does
 *      without it)
 *
 *   clang-19 -O2 -fno-optimize-sibling-calls -DVARIANT=N \
 *       bench/eager-deque-mock.c -o mockN && ./mockN 40
 *
 * Results: bench/results/2026-11-28-eager-deque-mock.md (0-7) and
 * bench/results/2026-11-29-eager-mock-steps.md (8-11). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct frame {
    const void *desc;
    int resume, n, x;
};

static struct frame *deque[1024];
static const char desc[1] __attribute__((unused));

__thread _Atomic(struct frame **) tls_tail
    __attribute__((tls_model("initial-exec")));
__thread _Atomic(struct frame **) tls_split
    __attribute__((tls_model("initial-exec")));

struct worker {
    _Atomic(struct frame **) tail;
    char pad[56];
    _Atomic(struct frame **) head; /* variant 1: THE; variant 5: split */
};
static struct worker the_worker;
__thread struct worker *tls_worker
    __attribute__((tls_model("initial-exec")));

/* The pop's rare path, opaque to the optimizer. */
__attribute__((noinline, cold, unused)) static int pop_slow(void *t)
{
    int r;
    __asm__ volatile("xor %0, %0" : "=r"(r) : "r"(t) : "memory");
    return r;
}

#define LOAD(p) atomic_load_explicit(&(p), memory_order_relaxed)
#define STORE(p, v) atomic_store_explicit(&(p), (v), memory_order_relaxed)
#define BARRIER() __asm__ volatile("" ::: "memory")
/* The frame's descriptor is stored once, its resume index at each spawn. */
#define ENTER(f, i) ((f).desc = desc, (f).resume = (i))
#define RESUME(f, i) ((f).resume = (i))

#if VARIANT == 0
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    int x = fib(n - 1);
    BARRIER();
    int y = fib(n - 2);
    BARRIER();
    return x + y;
}
#elif VARIANT == 1 || VARIANT == 2
static int pop(void)
{
    struct worker *w = tls_worker;
#if VARIANT == 1
    /* GNU semantics: the operand is in bytes, with clang and gcc alike. */
    __atomic_fetch_sub((struct frame ***)&w->tail, sizeof(struct frame *),
                       __ATOMIC_SEQ_CST);
#else
    STORE(w->tail, LOAD(w->tail) - 1);
#endif
    struct frame **t = LOAD(w->tail);
    if (__builtin_expect(atomic_load(&w->head) > t, 0))
        return pop_slow(t);
    return 0;
}

__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    struct frame f;
    f.n = n;
    ENTER(f, 1);
    struct worker *w = tls_worker;
    struct frame **t = LOAD(w->tail);
    *t = &f;
    atomic_store_explicit(&w->tail, t + 1, memory_order_release);
    int x = fib(n - 1);
    if (pop())
        return 0;
    f.x = x;
    RESUME(f, 2);
    w = tls_worker;
    t = LOAD(w->tail);
    atomic_store_explicit(&w->tail, t + 1, memory_order_release);
    int y = fib(n - 2);
    if (pop())
        return 0;
    return x + y;
}
#elif VARIANT >= 3 && VARIANT <= 5
/* The split deque's two words: thread-local (3, 4), or in the worker
 * struct, through the thread-local pointer, read again at each use (5). */
#if VARIANT == 5
#define TAIL (tls_worker->tail)
#define SPLIT (tls_worker->head)
#else
#define TAIL tls_tail
#define SPLIT tls_split
#endif
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    struct frame f;
    f.n = n;
    ENTER(f, 1);
    BARRIER();
    struct frame **t = LOAD(TAIL);
    *t = &f;
    STORE(TAIL, t + 1);
    BARRIER();
    int x = fib(n - 1);
    BARRIER();
    if (__builtin_expect(t < LOAD(SPLIT), 0) && pop_slow(t))
        return 0;
#if VARIANT == 3
    STORE(TAIL, t);
#endif
    BARRIER();
    f.x = x;
    RESUME(f, 2);
#if VARIANT == 3
    STORE(TAIL, t + 1);
#endif
    BARRIER();
    int y = fib(n - 2);
    BARRIER();
    if (__builtin_expect(t < LOAD(SPLIT), 0) && pop_slow(t))
        return 0;
    STORE(TAIL, t);
    BARRIER();
    return x + y;
}
#elif VARIANT == 7
/* The pop's head load is an acquire: a plain load on x86. */
#define HEAD_ACQ() atomic_load_explicit(&tls_worker->head, memory_order_acquire)
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    struct frame f;
    f.n = n;
    ENTER(f, 1);
    BARRIER();
    struct frame **t = LOAD(tls_tail);
    *t = &f;
    atomic_store_explicit(&tls_tail, t + 1, memory_order_release);
    BARRIER();
    int x = fib(n - 1);
    BARRIER();
    STORE(tls_tail, t);
    BARRIER();
    if (__builtin_expect(t < HEAD_ACQ(), 0) && pop_slow(t))
        return 0;
    f.x = x;
    RESUME(f, 2);
    atomic_store_explicit(&tls_tail, t + 1, memory_order_release);
    BARRIER();
    int y = fib(n - 2);
    BARRIER();
    STORE(tls_tail, t);
    BARRIER();
    if (__builtin_expect(t < HEAD_ACQ(), 0) && pop_slow(t))
        return 0;
    return x + y;
}
#elif VARIANT >= 8 && VARIANT <= 11
/* The frame's slot: loaded from the tail (8) or the caller's argument. */
#if VARIANT == 8
#define SLOT_PARAM
#define SLOT_ARG(x)
#else
#define SLOT_PARAM , struct frame **t
#define SLOT_ARG(x) , (x)
#endif
#define ENTRY(t) (*(_Atomic(struct frame *) *)(t))
__attribute__((noinline)) static int fib_at(int n SLOT_PARAM)
{
    if (n < 2)
        return n;
    struct frame f;
    f.n = n;
    ENTER(f, 1);
    BARRIER();
#if VARIANT == 8
    struct frame **t = LOAD(tls_tail);
#endif
    atomic_store_explicit(&ENTRY(t), &f, memory_order_relaxed);
#if VARIANT != 10
    atomic_store_explicit(&tls_tail, t + 1, memory_order_release);
#endif
    BARRIER();
    int x = fib_at(n - 1 SLOT_ARG(t + 1));
    BARRIER();
    f.x = x; /* the step: save, publish, compare */
    RESUME(f, 2);
    BARRIER();
    if (__builtin_expect(t < LOAD(tls_split), 0) && pop_slow(t))
        return 0;
    int y = fib_at(n - 2 SLOT_ARG(t + 1));
    BARRIER();
#if VARIANT == 8 || VARIANT == 9
    STORE(tls_tail, t);
#elif VARIANT == 10
    STORE(ENTRY(t), NULL);
#endif
    BARRIER();
    if (__builtin_expect(t < LOAD(tls_split), 0) && pop_slow(t))
        return 0;
    return x + y;
}

static int fib(int n)
{
    return fib_at(n SLOT_ARG(LOAD(tls_tail)));
}
#elif VARIANT == 6
__attribute__((noinline)) static int fib_at(int n, struct frame **t)
{
    if (n < 2)
        return n;
    struct frame f;
    f.n = n;
    ENTER(f, 1);
    *t = &f;
    BARRIER();
    int x = fib_at(n - 1, t + 1);
    BARRIER();
    if (__builtin_expect(t < LOAD(tls_split), 0) && pop_slow(t))
        return 0;
    BARRIER();
    f.x = x;
    RESUME(f, 2);
    int y = fib_at(n - 2, t + 1);
    BARRIER();
    if (__builtin_expect(t < LOAD(tls_split), 0) && pop_slow(t))
        return 0;
    BARRIER();
    return x + y;
}

static int fib(int n)
{
    return fib_at(n, LOAD(tls_tail));
}
#endif

int main(int argc, char **argv)
{
    tls_worker = &the_worker;
    STORE(the_worker.tail, deque);
    STORE(the_worker.head, deque);
    STORE(tls_tail, deque);
    STORE(tls_split, deque);
    int n = argc > 1 ? atoi(argv[1]) : 30;
    printf("fib(%d) = %d\n", n, fib(n));
    return 0;
}
