// fib-tbb.cpp - the peer of examples/fib.cilk in oneTBB: a task_group task
// per call, no cutoff, so each spawn of the Cilk program is one task here.
// Built by bench/run.py with g++ -O2 against Debian's libtbb.
//
//   ./fib-tbb [--nproc N] n
#include "peer.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_group.h>
#include <oneapi/tbb/version.h>

static int fib(int n)
{
    if (n < 2)
        return n;
    int x, y;
    tbb::task_group g;
    g.run([&] { x = fib(n - 1); });
    g.run([&] { y = fib(n - 2); });
    g.wait();
    return x + y;
}

int main(int argc, char *argv[])
{
    int nproc, n;
    if (!peer_args(argc, argv, &nproc, &n))
        return 2;
    // The runtime library actually loaded, next to the headers compiled with.
    if (std::getenv("FIB_TBB_VERSION"))
        std::fprintf(stderr, "oneTBB runtime %s (headers %s)\n",
                     TBB_runtime_version(), TBB_VERSION_STRING);
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                              nproc);
    return peer_check(n, fib(n));
}
