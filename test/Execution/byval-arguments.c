// Checks that a spawned child gets its by-value struct argument as it was at
// the spawn, when the parent changes the struct right after the spawn and a
// thief may run that continuation first (eager, and every slow clone): the
// argument must be copied before the frame is published, also where the
// inliner would read a read-only byval argument in place (-O1, -O2).
// RUN: %run-vs-elision --opt=-O0,-O1,-O2 --repeat 3 %s 60 | FileCheck %s
// CHECK: bad 0 sum 1770 small 3540
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

#define N 8192
typedef struct { long v[N]; } big;
typedef struct { char c; short s; long l; } small;

cilk long check(big b, long want)
{
    long bad = 0;
    for (int i = 0; i < N; i += 64)
        bad += b.v[i] != want;
    return bad;
}

cilk long peek(small s, int k, big b) { return s.l * k + (b.v[N - 1] != s.l); }

cilk long walk(int k, long *sum, long *sm)
{
    big b;
    small s = {1, 2, 0};
    long bad = 0, got[64];
    for (int i = 0; i < N; i++)
        b.v[i] = 0;
    for (int j = 1; j <= k; j++) {
        bad += spawn check(b, j - 1);
        got[j % 64] = spawn peek(s, 2, b);
        *sum += j - 1;
        for (int i = 0; i < N; i++)
            b.v[i] = j;
        s.l = j;
        sync;
        *sm += got[j % 64];
    }
    sync;
    return bad;
}

cilk int main(int argc, char *argv[])
{
    long sum = 0, sm = 0, bad;
    bad = spawn walk(argc > 1 ? atoi(argv[1]) : 10, &sum, &sm);
    sync;
    printf("bad %ld sum %ld small %ld\n", bad, sum, sm);
    return 0;
}
