/* idle.c - idle thieves.
 *
 * A thief that fails an attempt yields the core (workers may outnumber
 * cores, and a process that wants the core gets it) and tries again, for
 * as long as its spin budget; then it parks: it sleeps on a futex until
 * woken or until a timeout.
 *
 * Spinning is what makes a thief quick: a parked thief's vCPU halts, and
 * waking it took 30 us or more on the 2-core VM, longer than the steps of
 * heat with a small plate (bench/results/2026-11-24-amd-epyc-2core-idle.md).
 * So the budget adapts to the idle periods the thief sees: after a run of
 * failures that ended in work within SPIN_MAX_NS, the next budget is twice
 * that run (at least SPIN_MIN_NS); after a longer one, SPIN_MIN_NS. A
 * program whose workers idle for short gaps keeps its thieves spinning
 * through them; one with long serial phases parks them, and spends at most
 * SPIN_MIN_NS of spinning per phase.
 *
 * What wakes a parked thief:
 *   - a release (lazy modes, release_finish): the thief's last attempt
 *     before parking left a steal request with a random victim, which
 *     releases at its next check, pushes the closures and wakes one parked
 *     thief;
 *   - a successful steal (idle_found): where one thief found work there may
 *     be more, so the parked wake one by one as parallelism grows;
 *   - a computation starting, and the pool stopping (idle_wake_all).
 * A parked thief also looks again at each timeout, which doubles from
 * PARK_MIN_NS while nothing is found: up to PARK_MAX_NS in the lazy modes,
 * where the timeout only bounds what a lost wake-up costs (a request left
 * with a victim that is idle too, or a wake raced with the park), and up
 * to PARK_MAX_EAGER_NS in eager mode, where no spawn wakes anybody (a spawn
 * must stay cheap) and the timeout is the latency after a long idle
 * period. Each look costs a few microseconds of CPU: 2% of a core at
 * 200 us. In a process of a distributed run (idle_park_deep), a thief that
 * parks while every other one is parked too lets its timeout grow to
 * PARK_MAX_IDLE_NS: with no worker running, work can appear only through
 * a message, and the communicator wakes a thief for each that brings work
 * and again at each of its turns while the work waits, so the first thief
 * does not wait for its timeout; the others join as the first one's steals
 * and releases wake them, one by one (a process of many workers in eager
 * mode, whose spawns wake nobody, fills up more slowly than with 1 ms
 * timeouts). The thieves of an idle process then cost about 60 looks a
 * second instead of 1,000 (bench/results/2026-11-28-dist-idle.md).
 *
 * A steal can be fruitless too: the thief takes a continuation that syncs
 * at once and suspends, with nothing to run. Where nearly every steal is
 * such (knary(11,5,4): a parallelism of about 1), the thieves stole
 * millions of them as fast as they could, and each cost its victim a
 * release, a failed pop and a resumption in the slow clone: 2 workers took
 * 3 to 3.7 times as long as the serial elision. So after FRUITLESS_RUN
 * steals in a row that each gave it less than FRUITFUL_NS of work, a
 * thief waits before its next attempt (idle_seek), yielding the core
 * meanwhile: BACKOFF_MIN_NS, twice as long after each further fruitless
 * steal, up to BACKOFF_MAX_NS, or BACKOFF_MAX_EAGER_NS in eager mode,
 * where a steal also interrupts every CPU that runs a worker (fence.h):
 * with 16 us, knary(11,5,4) took 1.7 times as long as before that fence,
 * with 128 us 1.04-1.10 times. One steal that gives it FRUITFUL_NS of work or
 * more, or a park, ends the waits. Fruitless steals that come one at a
 * time between fruitful ones (heat's, at the end of each step) cost no
 * wait (bench/results/2026-11-28-intel-r-xeon-2core-apps.md,
 * 2026-11-28-eager-no-fence.md).
 *
 * Workers' timers have 1 us of slack (worker_main), not Linux's default
 * 50 us, which made each 20 us sleep last 70 us or more.
 *
 * A wake-up is a hint, never synchronization: work is published and taken
 * through the deques and their locks. A wake that misses a thief that is
 * just parking (no fence orders the publication before the check of
 * `parked`) costs that thief one timeout. */
#include "idle.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum {
    FRUITFUL_NS = 2000,
    FRUITLESS_RUN = 16,
    BACKOFF_MIN_NS = 500,
    BACKOFF_MAX_NS = 16000,
    BACKOFF_MAX_EAGER_NS = 128000,
    SPIN_MIN_NS = 50000,
    SPIN_MAX_NS = 1000000,
    PARK_MIN_NS = 20000,
    PARK_MAX_EAGER_NS = 200000,
    PARK_MAX_NS = 1000000,
    PARK_MAX_IDLE_NS = 16000000,
};

static void futex_wake(struct parking *p, int n)
{
    atomic_fetch_add_explicit(&p->epoch, 1, memory_order_relaxed);
    syscall(SYS_futex, &p->epoch, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

void parking_wake(struct parking *p, int n)
{
    if (atomic_load_explicit(&p->parked, memory_order_relaxed) > 0)
        futex_wake(p, n);
}

/* Dekker: the kicker stores kicked then reads parked, the sleeper counts
 * itself parked then takes kicked, both sequentially consistent, so one of
 * them sees the other; a kicker that sees it parked moves the epoch, and
 * the futex wait, compared against the epoch read before, returns. */
void parking_kick(struct parking *p)
{
    atomic_store_explicit(&p->kicked, 1, memory_order_seq_cst);
    if (atomic_load_explicit(&p->parked, memory_order_seq_cst) > 0)
        futex_wake(p, 1);
}

/* errno is the program's: the wait's ETIMEDOUT or EAGAIN must not reach
 * the code this thread runs next (a stolen continuation, or the caller of
 * a nested computation). Kickable: returns at once if kicked since the
 * last such wait (parking_kick). */
static void park(struct parking *p, long ns, bool kickable)
{
    int saved_errno = errno;
    unsigned e = atomic_load_explicit(&p->epoch, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->parked, 1, memory_order_seq_cst);
    if (!kickable ||
        !atomic_exchange_explicit(&p->kicked, 0, memory_order_seq_cst)) {
        struct timespec ts = {0, ns};
        syscall(SYS_futex, &p->epoch, FUTEX_WAIT_PRIVATE, e, &ts, NULL, 0);
    }
    atomic_fetch_sub_explicit(&p->parked, 1, memory_order_relaxed);
    errno = saved_errno;
}

void parking_wait(struct parking *p, long ns)
{
    park(p, ns, false);
}

void parking_wait_kicked(struct parking *p, long ns)
{
    park(p, ns, true);
}

static struct parking thieves;
/* idle_park_deep: how many thieves, all parked, let a parked thief sleep
 * up to PARK_MAX_IDLE_NS (0: none ever does). */
static int deep_when;

void idle_park_deep(int nthieves)
{
    deep_when = nthieves;
}

/* Whether, with `more` thieves parked besides those parked now, all of
 * idle_park_deep's would be. */
static bool all_parked_with(int more)
{
    return deep_when &&
           atomic_load_explicit(&thieves.parked, memory_order_relaxed) +
                   more >=
               deep_when;
}

bool idle_all_parked(void)
{
    return all_parked_with(0);
}

void idle_wake_one(void)
{
    parking_wake(&thieves, 1);
}

void idle_wake_all(void)
{
    parking_wake(&thieves, INT_MAX);
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void idle_seek(struct idle *s, bool eager, bool stress)
{
    if (!s->found || stress)
        return;
    uint64_t now = now_ns();
    if (now - s->found >= FRUITFUL_NS) {
        s->fruitless = 0;
        s->backoff_ns = 0;
    } else if (++s->fruitless >= FRUITLESS_RUN) {
        long b = 2 * s->backoff_ns;
        long most = eager ? BACKOFF_MAX_EAGER_NS : BACKOFF_MAX_NS;
        s->backoff_ns = b < BACKOFF_MIN_NS ? BACKOFF_MIN_NS
                        : b > most         ? most
                                           : b;
        uint64_t until = now + (uint64_t)s->backoff_ns;
        do
            sched_yield(); /* the core goes to whoever wants it */
        while (now_ns() < until);
    }
    s->found = 0;
}

void idle_failed(struct idle *s, bool eager, bool stress)
{
    uint64_t now = now_ns();
    if (!s->since) {
        s->since = now;
        if (s->spin_ns < SPIN_MIN_NS)
            s->spin_ns = SPIN_MIN_NS;
    }
    if (stress || now - s->since < s->spin_ns) {
        sched_yield();
        return;
    }
    long most = eager ? PARK_MAX_EAGER_NS : PARK_MAX_NS;
    if (all_parked_with(1)) /* this thief makes them all parked */
        most = PARK_MAX_IDLE_NS;
    if (s->park_ns < PARK_MIN_NS)
        s->park_ns = PARK_MIN_NS;
    if (s->park_ns > most)
        s->park_ns = most;
    s->fruitless = 0; /* a thief idle this long starts afresh */
    s->backoff_ns = 0;
    parking_wait(&thieves, s->park_ns);
    if (s->park_ns < most)
        s->park_ns *= 2;
}

void idle_found(struct idle *s)
{
    uint64_t now = now_ns();
    s->found = now;
    if (s->since) {
        uint64_t run = now - s->since;
        s->spin_ns = run > SPIN_MAX_NS        ? SPIN_MIN_NS
                     : 2 * run > SPIN_MAX_NS  ? SPIN_MAX_NS
                     : 2 * run < SPIN_MIN_NS  ? SPIN_MIN_NS
                                              : 2 * run;
        s->since = 0;
    }
    s->park_ns = 0;
    idle_wake_one();
}
