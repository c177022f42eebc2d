/* main.c - the process entry point of a Cilk program.
 *
 * The compiler emits `cilk int main(...)` as __cilk_main; this main() reads
 * the runtime's options, runs Cilk main and returns its value as the exit
 * status. It lives in its own object file so that a C program with its own
 * main() can link libcilkrt without a clash. */
#include "cilk-abi.h"
#include "options.h"

#include <stdio.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char *argv[])
{
    struct cilk_options opts;
    if (cilk_parse_options(&argc, argv, &opts))
        return 2;

    double start = now_seconds();
    int status = __cilk_main(argc, argv);
    double elapsed = now_seconds() - start;

    if (opts.stats) {
        fflush(stdout);
        fprintf(stderr, "cilk: workers %d, wall time %.6f s\n", opts.nproc,
                elapsed);
    }
    return status;
}
