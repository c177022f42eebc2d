/* nested-steals.test: a worker whose C code nested a computation steals
 * that computation's work while it waits for it. Cilk main calls a plain
 * C function that calls work() through a pointer: a computation nested on
 * main's worker (the nester). work() spawns a child that waits until
 * another worker has stolen work()'s continuation; that continuation
 * spawns pieces, and a piece that another worker runs waits until the
 * nester has run a piece too, which it can only do by stealing while it
 * waits for the computation to end (else the waits end after 10 s). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static pthread_t nester;
static atomic_int continued, helped;
static double deadline;
static long sum[64];

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void nop(void) {}

/* The waits spawn: in the lazy modes a thief's request is answered where
 * a procedure that spawns polls, and the waits are all that runs. */
static void child(void)
{
    while (!atomic_load(&continued) && seconds() < deadline) {
        cilk_spawn nop();
        cilk_sync;
    }
}

static void piece(long i)
{
    if (pthread_equal(pthread_self(), nester)) {
        atomic_store(&helped, 1);
    } else {
        while (!atomic_load(&helped) && seconds() < deadline) {
            cilk_spawn nop();
            cilk_sync;
        }
    }
    sum[i] = i * i;
}

static long work(long n)
{
    deadline = seconds() + 10;
    cilk_spawn child();
    atomic_store(&continued, 1);
    for (long i = 0; i < n; i++)
        cilk_spawn piece(i);
    cilk_sync;
    long s = 0;
    for (long i = 0; i < n; i++)
        s += sum[i];
    return s;
}

static long (*volatile fp)(long) = work;

static long helper(long n) /* plain C: a C frame between */
{
    nester = pthread_self();
    return fp(n);
}

cilk int main(int argc, char *argv[])
{
    long s = helper(64);
    printf("sum %ld, %s\n", s,
           atomic_load(&helped) ? "the nesting worker helped"
                                : "the nesting worker only waited");
    return 0;
}
