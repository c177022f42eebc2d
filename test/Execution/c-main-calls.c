// Checks that a program whose main() is plain C can call the Cilk
// procedures of another file, declared without `cilk` as a C header would:
// from main and from several threads at once, with results of every shape
// (int, double, a struct returned through memory, void with an output
// array) and a struct argument by value. Each call is a complete
// computation that the calling thread runs with the workers' help (the
// first call starts them), and the program prints what its serial elision
// prints, in every mode and under stress.
// RUN: %run-vs-elision --cflags=-pthread --also %S/Inputs/c-entry-procs.c %s 20 | FileCheck %s
// CHECK: fib 6765
// CHECK: harmonic 7.485471
// CHECK: tree 508 287 1.770
// CHECK: fill 9612288
// CHECK: big 85344
// CHECK: threads 6765 4181 2584 6765 4181 2584
// CHECK: exit status 0
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/c-entry-procs.h"

static void *thread_main(void *p)
{
    int *n = p;
    *n = fib(*n);
    return NULL;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    printf("fib %d\n", fib(n));
    printf("harmonic %.6f\n", harmonic(1000));
    stats s = tree(10);
    printf("tree %ld %ld %.3f\n", s.sum, s.count, s.avg);
    long out[4096], total = 0;
    fill(out, 4096);
    for (int i = 0; i < 4096; i++)
        total += out[i];
    printf("fill %ld\n", total);
    big b;
    for (int i = 0; i < 64; i++)
        b.v[i] = i * i;
    printf("big %ld\n", sum_big(b, 0, 64));

    pthread_t t[6];
    int arg[6];
    for (int i = 0; i < 6; i++) {
        arg[i] = n - i % 3;
        pthread_create(&t[i], NULL, thread_main, &arg[i]);
    }
    for (int i = 0; i < 6; i++)
        pthread_join(t[i], NULL);
    printf("threads %d %d %d %d %d %d\n", arg[0], arg[1], arg[2], arg[3],
           arg[4], arg[5]);
    return 0;
}
