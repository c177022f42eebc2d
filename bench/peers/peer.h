/* peer.h - what the peer fib programs share: the command line
 * ([--nproc N] n, as a Cilk program takes it) and the serial check. */
#ifndef BENCH_PEER_H
#define BENCH_PEER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads [--nproc N] n into *nproc and *n; prints usage and returns 0 on a
 * bad command line. */
static int peer_args(int argc, char **argv, int *nproc, int *n)
{
    const char *name = argv[0];
    *nproc = 1;
    *n = 30;
    if (argc > 2 && strcmp(argv[1], "--nproc") == 0) {
        *nproc = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc > 1)
        *n = atoi(argv[1]);
    if (*nproc < 1 || *n < 0 || *n > 46) {
        fprintf(stderr, "usage: %s [--nproc N] n (0 <= n <= 46)\n", name);
        return 0;
    }
    return 1;
}

/* Prints the result; returns the exit status (1 if it is wrong). */
static int peer_check(int n, int result)
{
    int a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        int t = a + b;
        a = b;
        b = t;
    }
    printf("fib(%d) = %d\n", n, result);
    if (result != a) {
        fprintf(stderr, "fib: WRONG, expected %d\n", a);
        return 1;
    }
    return 0;
}

#endif
