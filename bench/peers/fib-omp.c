/* fib-omp.c - the peer of examples/fib.cilk in OpenMP tasks: a task per
 * call, no cutoff, so each spawn of the Cilk program is one task here.
 * Built by bench/run.py with gcc -fopenmp (libgomp) and with
 * clang-19 -fopenmp=libomp (LLVM's libomp).
 *
 *   ./fib-omp [--nproc N] n
 */
#include "peer.h"

#include <omp.h>

static int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(int argc, char *argv[])
{
    int nproc, n, result = 0;
    if (!peer_args(argc, argv, &nproc, &n))
        return 2;
    omp_set_dynamic(0);
#pragma omp parallel num_threads(nproc)
#pragma omp single
    result = fib(n);
    return peer_check(n, result);
}
