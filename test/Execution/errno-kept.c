// errno is the program's: the first call of a function that spawns from a
// plain main starts the pool without changing it, and a thread that waited
// (parked) in the runtime, for a steal or for a nested computation, does
// not hand the wait's errno to the code it runs next; against the serial
// projection, in every mode, P = 1, 2, 4, 8, with and without stress.
// RUN: %run-vs-elision --reference projection %s 15 | FileCheck %s
// CHECK: first 610 errno 42
// CHECK: again 610 errno 43
// CHECK: nested 610 errno 77
#include <cilk/cilk.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(long n)
{
    if (n < 2)
        return n;
    long a = cilk_spawn fib(n - 1);
    long b = fib(n - 2);
    cilk_sync;
    return a + b;
}

static long (*volatile fib_ptr)(long) = fib;

/* Plain C: the call is a computation nested on this worker. */
static long through_c(long n)
{
    errno = 77;
    long r = fib_ptr(n);
    int e = errno;
    printf("nested %ld errno %d\n", r, e);
    return r;
}

static long (*volatile through_ptr)(long) = through_c;

static long outer(long n)
{
    long x = cilk_spawn through_ptr(n);
    cilk_sync;
    return x;
}

int main(int argc, char *argv[])
{
    long n = argc > 1 ? atol(argv[1]) : 15;
    errno = 42;
    long r = fib(n);
    int e = errno;
    printf("first %ld errno %d\n", r, e);
    errno = 43;
    r = fib(n);
    e = errno;
    printf("again %ld errno %d\n", r, e);
    return outer(n) == r ? 0 : 1;
}
