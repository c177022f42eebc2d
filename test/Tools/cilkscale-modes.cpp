// Checks that a profile build measures the same program in every mode, in
// strands (exact counts): C++ procedures that spawn, call procedures that
// spawn (a spawn and a sync, CilkCalls.cpp), run a cilk_for whose body
// calls one, and call a plain member function that calls one (a
// computation nested in main's strand: its time is that strand's). Before,
// a C++ procedure's resume hooks were missing in the parallel modes (its
// profile record was looked for in the entry block only), so its spawns
// after the first and their strands went uncounted (2 spawns for fib(3)
// instead of 4); and a serial build of a plain main crashed in the first
// hook (no pool, no worker: profile.c's solo worker now; its cilk_for is
// divided and its calls are spawns, as in the parallel modes). Serial,
// eager, indolent and sedative on 2 workers: 4 identical reports.
// RUN: sh -c 'for m in serial eager indolent sedative; do \
// RUN:   %cilkcc -x c++ -fplugin-arg-cilk-profile -fplugin-arg-cilk-mode=$m \
// RUN:     -O1 %s %cilkrt -lstdc++ -o %t.$m && \
// RUN:   CILK_PROFILE=strands CILK_NWORKERS=2 %t.$m; done' 2>&1 \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 4 2 44
// CHECK: 4 cilk: profile: strands: work 1133, span 50, parallelism 22.66, threads 1133, spawns 430
#include <cilk/cilk.h>

#include <cstdio>
#include <vector>

static long fib(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

struct Pair {
  long twice(long n) { return fib(n) + fib(n); }
};

int main() {
  std::vector<long> v(64);
  cilk_for (int i = 0; i < 64; i++)
    v[i] = fib(i % 6);
  Pair p;
  long t = p.twice(8) + v[63];
  std::printf("%ld %ld\n", v[3], t);
  return 0;
}
