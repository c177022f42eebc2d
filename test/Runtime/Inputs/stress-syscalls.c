// Blocking system calls in Cilk procedures while other work runs: under
// CILK_STRESS=1 none of them may return EINTR (the stress mode sends no
// signals).
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <time.h>

cilk long fib(long n)
{
    long a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    sync;
    return a + b;
}

cilk int sleeper(int rounds)
{
    int eintr = 0;
    for (int i = 0; i < rounds; i++) {
        struct timespec ts = {0, 1000000};
        if (nanosleep(&ts, NULL) == -1 && errno == EINTR)
            eintr++;
        if (poll(NULL, 0, 1) == -1 && errno == EINTR)
            eintr++;
    }
    return eintr;
}

cilk int main(void)
{
    long f;
    int e1, e2;
    e1 = spawn sleeper(40);
    f = spawn fib(24);
    e2 = spawn sleeper(40);
    sync;
    printf("fib %ld, interrupted calls %d\n", f, e1 + e2);
    return 0;
}
