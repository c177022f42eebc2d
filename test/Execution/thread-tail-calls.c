// Checks that tail_call runs in constant stack space at -O0 and -O2, in
// every mode, worker count and under stress: chains of 3,000,000 tail calls
// (with a frame per call they need far more than a worker's 64 MiB stack)
// through both lowerings (Transforms/thread-tail-calls.ll): a thread that
// calls itself with a local array only indexed (a musttail call), and by
// the trampoline a local array whose address escapes, two threads of
// different prototypes calling each other, a struct by value and a vector
// (each closure gets its own copy); started from a Cilk procedure and from
// a thread whose children thieves may take. Also a tail_call that is not
// the last statement, two tail calls in one thread (the first is posted),
// and a tail call whose argument points into its caller's closure.
// RUN: %run-vs-elision --reference serial --nproc 1,2,4 %s 3000000 | FileCheck %s
// CHECK: count 22500000 escapes 3000000 ping 5000000 big 1000175 vec 3000010
// CHECK: fan 34500185 later 225000 30000 twice 225000 30000 holder 12
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

// A local array only indexed, and the caller's own prototype: a musttail
// call. Sends the sum of n % 16 over n, n-1, ..., 1.
thread count(cont long k, long n, long acc)
{
    long a[16];
    for (int i = 0; i < 16; i++)
        a[i] = n + i;
    if (n == 0)
        send_argument(k, acc);
    else
        tail_call count(k, n - 1, acc + a[n % 16] - n);
}

static void fill(long *a, long n)
{
    for (int i = 0; i < 16; i++)
        a[i] = (n + i) % 2;
}

// A local array whose address escapes: the trampoline. Sends n.
thread escapes(cont long k, long n, long acc)
{
    long a[16];
    fill(a, n);
    if (n == 0)
        send_argument(k, acc);
    else
        tail_call escapes(k, n - 1, acc + a[0] + a[1]);
}

// Two prototypes calling each other: the trampoline both ways. Sends the
// number of pings plus twice the number of pongs plus the pongs whose flip
// is set (n a multiple of 3 in ping).
thread pong(cont long k, long n, long acc, int flip);

thread ping(cont long k, long n, long acc)
{
    if (n == 0)
        send_argument(k, acc);
    else
        tail_call pong(k, n - 1, acc + 1, n % 3 == 0);
}

thread pong(cont long k, long n, long acc, int flip)
{
    char tags[32];
    for (int i = 0; i < 32; i++)
        tags[i] = (char)(i + flip);
    if (n == 0)
        send_argument(k, acc);
    else
        tail_call ping(k, n - 1, acc + tags[0] + 2);
}

// A struct too large for registers, by value: copied into each closure.
struct big {
    long v[10];
    char tag;
};

thread big(cont long k, long n, struct big b)
{
    long a[8];
    for (int i = 0; i < 8; i++)
        a[i] = i;
    if (n == 0) {
        long s = b.tag;
        for (int i = 0; i < 10; i++)
            s += b.v[i];
        send_argument(k, s);
    } else {
        b.v[n % 10] += a[n % 3] % 2;
        tail_call big(k, n - 1, b);
    }
}

// A vector: each closure has its own copy, which the thread changes
// before it passes it on.
thread vec(cont long k, long n, int v[4])
{
    if (n == 0) {
        send_argument(k, v[0] + v[1] + v[2] + v[3]);
    } else {
        v[n % 4] += 1;
        tail_call vec(k, n - 1, v);
    }
}

thread add5(cont long k, long a, long b, long c, long d, long e)
{
    send_argument(k, a + b + c + d + e);
}

// Each chain started by a thread: thieves may take them (in stress mode
// they do), so they run on other workers.
thread fan(cont long k, long n)
{
    cont long a, b, c, d, e;
    spawn_next add5(k, ?a, ?b, ?c, ?d, ?e);
    struct big s = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 'x'};
    int w[4] = {1, 2, 3, 4};
    spawn count(a, n, 0);
    spawn escapes(b, n, 0);
    spawn ping(c, n, 0);
    spawn big(d, n, s);
    spawn vec(e, n, w);
}

// What follows a tail_call runs before the thread it calls.
thread later(cont long k, cont long k2, long n)
{
    tail_call count(k, n, 0);
    send_argument(k2, n);
}

// Two tail calls in one thread: both threads run.
thread twice(cont long k, cont long k2, long n)
{
    tail_call count(k, n, 0);
    tail_call escapes(k2, n, 0);
}

// A tail call's argument may point into its caller's closure: holder's
// vector is there until reader has returned.
thread reader(cont long k, long n, const int *p)
{
    send_argument(k, n + p[0] + p[3]);
}

thread holder(cont long k, long n, int v[4])
{
    tail_call reader(k, n, v);
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    long c, e, p, b, v;
    struct big s = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 'x'};
    int w[4] = {1, 2, 3, 4};
    spawn count(&c, n, 0);
    spawn escapes(&e, n, 0);
    spawn ping(&p, n, 0);
    spawn big(&b, n, s);
    spawn vec(&v, n, w);
    sync;
    printf("count %ld escapes %ld ping %ld big %ld vec %ld\n", c, e, p, b, v);
    long all, l1, l2, t1, t2, h;
    spawn fan(&all, n);
    spawn later(&l1, &l2, n / 100);
    spawn twice(&t1, &t2, n / 100);
    spawn holder(&h, 7, w);
    sync;
    printf("fan %ld later %ld %ld twice %ld %ld holder %ld\n", all, l1, l2, t1,
           t2, h);
    return 0;
}
