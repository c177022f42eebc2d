// Checks that abort stops children already running on other workers, in
// every mode: a search of a tree with 5^15 leaves, far too many to visit,
// ends only if each abort stops the subtrees thieves are exploring (those
// of the running children of the aborting procedure, and of procedures
// stolen from their workers). Each inlet checks the value it receives, so a
// dropped child's stale result reaching an inlet fails the test.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: found leaf 200000 after checking every child result
// CHECK: exit status 0
#include <alloca.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

enum { FANOUT = 5, LEVELS = 15, TARGET = 200000, FOUND = -2 };

static int seed_lock;
static unsigned long seed = 12345;

/* A shared generator: workers contend for its lock, as programs do. */
static int next_tag(void)
{
    int r;
    while (__atomic_exchange_n(&seed_lock, 1, __ATOMIC_ACQUIRE))
        sched_yield(); /* workers may outnumber cores */
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    r = (int)(seed >> 49);
    __atomic_store_n(&seed_lock, 0, __ATOMIC_RELEASE);
    return r;
}

/* Returns FOUND if the subtree holds the target leaf, else tag. */
cilk int search(int level, long node, int tag)
{
    int k, found = 0;
    /* alloca in a procedure that spawns lives until it returns. */
    int *expect = alloca(FANOUT * sizeof(int));
    int *pending = alloca(FANOUT * sizeof(int));

    inlet void collect(int result, int child)
    {
        if (!pending[child]) {
            printf("child %d of node %ld returned twice\n", child, node);
            exit(3);
        }
        pending[child] = 0;
        if (result == FOUND) {
            found = 1;
            for (child = 0; child < FANOUT; child++)
                pending[child] = 0;
            abort;
        } else if (result != expect[child]) {
            printf("child %d of node %ld returned %d, not %d\n", child, node,
                   result, expect[child]);
            exit(4);
        }
    }

    for (k = 0; k < FANOUT; k++)
        pending[k] = 0;
    if (level == LEVELS)
        return node == TARGET ? FOUND : tag;
    for (k = 0; k < FANOUT && !found; k++) {
        pending[k] = 1;
        expect[k] = next_tag();
        collect(spawn search(level + 1, node * FANOUT + k, expect[k]), k);
    }
    sync;
    for (k = 0; k < FANOUT; k++)
        if (pending[k]) {
            printf("child %d of node %ld never returned\n", k, node);
            exit(5);
        }
    return found ? FOUND : tag;
}

cilk int main(void)
{
    int r;
    r = spawn search(0, 0, 0);
    sync;
    if (r != FOUND)
        return 1;
    printf("found leaf %d after checking every child result\n", TARGET);
    return 0;
}
