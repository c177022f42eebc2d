/* spinlock.h - the short locks of the runtime (deque owner/thief, closure).
 *
 * Critical sections are a few dozen instructions, so a test-and-test-and-set
 * lock beats a mutex; after a while it yields the CPU, because workers may
 * outnumber cores and the holder may be descheduled. */
#ifndef CILKRT_SPINLOCK_H
#define CILKRT_SPINLOCK_H

#include <sched.h>
#include <stdatomic.h>

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static inline void spin_lock(atomic_int *l)
{
    for (unsigned spins = 0;; spins++) {
        if (!atomic_load_explicit(l, memory_order_relaxed) &&
            !atomic_exchange_explicit(l, 1, memory_order_acquire))
            return;
        if (spins < 64)
            cpu_relax();
        else
            sched_yield();
    }
}

static inline void spin_unlock(atomic_int *l)
{
    atomic_store_explicit(l, 0, memory_order_release);
}

#endif
