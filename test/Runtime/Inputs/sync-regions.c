/* sync-regions.test: a sync waits for the children of its own region only.
 * In each case a child spawned before a region waits until the code after
 * the region's end has run; if that end waited for the child too, the
 * wait would end only after 10 s (the child then says "waited"). The
 * regions: a cilk_scope, a cilk_sync inside a scope, a call of a function
 * that spawns and a cilk_for. */
#include <cilk/cilk.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static atomic_int after;
static double deadline;

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void nop(void) {}

/* The wait spawns: in the lazy modes a thief's request is answered where
 * a function that spawns polls. */
static void waiter(const char **said)
{
    while (!atomic_load(&after) && seconds() < deadline) {
        cilk_spawn nop();
        cilk_sync;
    }
    *said = atomic_load(&after) ? "overlapped" : "waited";
}

static long fib(int n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}

static void start(void)
{
    atomic_store(&after, 0);
    deadline = seconds() + 10;
}

static const char *scope_case(void)
{
    const char *said;
    long x;
    start();
    cilk_spawn waiter(&said);
    cilk_scope {
        x = cilk_spawn fib(12);
    }
    atomic_store(&after, x == 144);
    cilk_sync;
    return said;
}

static const char *sync_case(void)
{
    const char *said;
    long x;
    start();
    cilk_spawn waiter(&said);
    cilk_scope {
        x = cilk_spawn fib(12);
        cilk_sync;
        atomic_store(&after, x == 144);
    }
    cilk_sync;
    return said;
}

static const char *call_case(void)
{
    const char *said;
    start();
    cilk_spawn waiter(&said);
    long x = fib(12);
    atomic_store(&after, x == 144);
    cilk_sync;
    return said;
}

static const char *for_case(void)
{
    const char *said;
    long v[8];
    start();
    cilk_spawn waiter(&said);
    cilk_for (int i = 0; i < 8; i++)
        v[i] = fib(i + 5);
    atomic_store(&after, v[7] == 144);
    cilk_sync;
    return said;
}

int main(void)
{
    printf("scope %s\n", scope_case());
    printf("sync %s\n", sync_case());
    printf("call %s\n", call_case());
    printf("for %s\n", for_case());
    return 0;
}
