// A C++ program with a plain main, for cilkscale-plot.test: it stops
// (status 3) unless its only argument is the one given after `--`, and
// logs its worker count to $CILKSCALE_TEST_LOG, one line a run.
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  if (argc != 2 || std::strcmp(argv[1], "18") != 0)
    return 3;
  if (const char *log = std::getenv("CILKSCALE_TEST_LOG"))
    if (FILE *f = std::fopen(log, "a")) {
      std::fprintf(f, "workers %u\n", __cilkrts_get_nworkers());
      std::fclose(f);
    }
  return fib(std::atoi(argv[1])) == 2584 ? 0 : 1;
}
