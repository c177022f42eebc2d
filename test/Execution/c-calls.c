// Checks that a Cilk procedure called as a C function (through a function
// pointer, as a qsort comparator that spawns, from a callback table, from a
// thread the program starts itself) computes the same as its serial elision:
// the call runs a complete computation of its own, wherever a release or a
// steal of the Cilk frames around it happens.
// RUN: %run-vs-elision --cflags=-pthread --repeat 2 %s 22 | FileCheck %s
// CHECK: pointer 35422 35422
// CHECK: sorted 1 6765
// CHECK: table 10946 17711 610
// CHECK: threads 17711 17711 17711 17711 17711
// CHECK: exit status 0
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

cilk int fib(int n)
{
    int a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    sync;
    return a + b;
}

cilk int plus(int n, int k)
{
    int x;
    x = spawn fib(n);
    sync;
    return x + k - k;
}

/* A comparator that spawns: qsort calls it through a C pointer. */
cilk int by_fib(const void *p, const void *q)
{
    int a, b;
    a = spawn fib(*(const int *)p % 12);
    b = spawn fib(*(const int *)q % 12);
    sync;
    return a != b ? (a < b ? -1 : 1)
                  : (*(const int *)p > *(const int *)q) -
                        (*(const int *)p < *(const int *)q);
}

typedef int (*unary)(int);
static unary table[] = {fib, fib};
static int (*binary)(int, int) = plus;

static void *thread_main(void *arg)
{
    unary f = fib;
    *(int *)arg = f(*(int *)arg);
    return NULL;
}

/* A C function in the middle: the Cilk frames below it may be released or
 * stolen while it runs. */
static int twice(unary f, int n)
{
    return 2 * f(n);
}

static int key(int v)
{
    static const int fibs[12] = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
    return fibs[v % 12];
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 22;
    int x, y, i, sorted = 1;
    x = spawn fib(n);
    y = twice(fib, n);
    sync;
    printf("pointer %d %d\n", 2 * x, y);

    int v[300];
    for (i = 0; i < 300; i++)
        v[i] = (i * 7919) % 1000;
    x = spawn fib(n - 2);
    qsort(v, 300, sizeof v[0], by_fib);
    sync;
    for (i = 1; i < 300; i++)
        sorted &= key(v[i - 1]) < key(v[i]) ||
                  (key(v[i - 1]) == key(v[i]) && v[i - 1] <= v[i]);
    printf("sorted %d %d\n", sorted, x);

    printf("table %d %d %d\n", table[0](n - 1), table[1](n), binary(n - 7, 3));

    pthread_t t[4];
    int arg[4];
    for (i = 0; i < 4; i++) {
        arg[i] = n;
        pthread_create(&t[i], NULL, thread_main, &arg[i]);
    }
    x = spawn fib(n);
    for (i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    sync;
    printf("threads %d %d %d %d %d\n", arg[0], arg[1], arg[2], arg[3], x);
    return 0;
}
