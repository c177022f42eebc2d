// Checks Cilk main: it receives the program's own arguments (the runtime's
// options before them are removed, `--` ends them), and its return value is
// the exit status.
// RUN: %cilkcc %s %cilkrt -o %t
// RUN: %status %t alpha beta | FileCheck --check-prefix=PLAIN %s
// RUN: %status %t --nproc 3 --stats alpha 2>/dev/null | FileCheck --check-prefix=OPTS %s
// RUN: %status %t --nproc=2 -- --nproc x | FileCheck --check-prefix=DASHDASH %s
// RUN: env CILK_NWORKERS=5 %status %t --stats one 2>&1 >/dev/null | FileCheck --check-prefix=ENV %s
// RUN: %status %t --stats 2>&1 | FileCheck --check-prefix=STATS %s
// RUN: %run-vs-elision %s 1 2 3 | FileCheck --check-prefix=ELISION %s
// PLAIN: argc=3 [alpha] [beta]
// PLAIN: status 3
// OPTS: argc=2 [alpha]
// OPTS: status 2
// DASHDASH: argc=3 [--nproc] [x]
// DASHDASH: status 3
// ENV: cilk: mode sedative, workers 5, wall time
// STATS: argc=1
// STATS: cilk: mode sedative, workers {{[0-9]+}}, wall time
// STATS: status 1
// ELISION: argc=4 [1] [2] [3]
// ELISION: exit status 4
#include <stdio.h>

cilk int count(int n) { return n; }

cilk int main(int argc, char *argv[])
{
    int r;
    printf("argc=%d", argc);
    for (int i = 1; i < argc; i++)
        printf(" [%s]", argv[i]);
    printf("\n");
    r = spawn count(argc);
    sync;
    return r;
}
