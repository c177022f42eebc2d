// Checks that the race detector does not report parallel updates that
// hold a common lock (Cilk_lock, a pthread mutex, a hand-written spin lock
// of atomics), does report one made without the lock, and ignores atomic
// operations.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 -pthread %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-locks.c:44:{{[0-9]+}} in unlocked
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-locks.c:32:{{[0-9]+}} in locked
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-locks.c:32:{{[0-9]+}} in locked
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-locks.c:44:{{[0-9]+}} in unlocked
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: counter 33 mutexed 32 spun 32 atomic 32
// CHECK: cilk race: 2 races found
// CHECK: status 66
#include <cilk-lib.cilkh>
#include <pthread.h>
#include <stdio.h>

static Cilk_lockvar lock;
static long counter, mutexed, spun, atomic;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int spin;

cilk void locked(void)
{
    Cilk_lock(lock);
    counter++; /* L */
    Cilk_unlock(lock);
    pthread_mutex_lock(&mutex);
    mutexed++;
    pthread_mutex_unlock(&mutex);
    while (__atomic_exchange_n(&spin, 1, __ATOMIC_ACQUIRE))
        ;
    spun++;
    __atomic_store_n(&spin, 0, __ATOMIC_RELEASE);
    __atomic_fetch_add(&atomic, 1, __ATOMIC_RELAXED);
}

cilk void unlocked(void) { counter++; /* U */ }

cilk int main(void)
{
    Cilk_lock_init(lock);
    for (int i = 0; i < 16; i++)
        spawn locked();
    spawn unlocked();
    for (int i = 0; i < 16; i++)
        spawn locked();
    sync;
    printf("counter %ld mutexed %ld spun %ld atomic %ld\n", counter, mutexed,
           spun, atomic);
    return 0;
}
