/* Frames for a debugger. work's continuation after `spawn waiter()` runs
 * only in a thief: the waiter spins until the continuation says so (eager:
 * a thief steals work's frame; lazy: the waiter's checks release it and a
 * thief takes it), so work.slow always runs, on another worker, with n and
 * local in the closure. fib's frame is on the heap in its fast clone (a
 * child writes into a[]). Run it on at least 2 workers. */
#include <stdatomic.h>
#include <stdio.h>

static atomic_int stolen;

cilk void nop(void) {}

cilk void waiter(void)
{
    while (!atomic_load(&stolen)) {
        spawn nop();
        sync;
    }
}

cilk void fill(int *slot, int v) { *slot = v; }

cilk int fib(int n)
{
    int x, y, a[2];
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    spawn fill(&a[0], n);
    sync;
    return x + y + a[0] - n;
}

cilk int work(int n)
{
    int local = n * 10, r;
    spawn waiter();
    atomic_store(&stolen, 1);
    r = spawn fib(n);
    sync;
    return r + local - n * 10;
}

cilk int main(void)
{
    int r;
    r = spawn work(18);
    sync;
    printf("%d\n", r);
    return 0;
}
