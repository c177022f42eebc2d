// Checks <cilk/cilkscale.h> from C++: its functions have C linkage, so a
// C++ profile build that measures a region links and writes the region's
// row (before: undefined references to __cilkrt_workspan(__cilk_wsp*) and
// wsp_dump(...)); and without the plugin (g++, the serial projection) the
// header's functions do nothing, as OpenCilk's do without Cilkscale,
// instead of needing the runtime. In strands (exact): fib(10)'s 441 work
// and 20 span.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-profile -O1 %s -o %t
// RUN: env CILK_PROFILE=strands CILKSCALE_OUT=%t.csv CILK_NWORKERS=2 %t | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --input-file=%t.csv %s
// RUN: g++ -std=gnu++17 -I%cilk_include %s -o %t.gxx
// RUN: %t.gxx | FileCheck --check-prefix=GXX %s
// CHECK: "fib(10)",441,20,22.05,20,22.05
// OUT: fib 55
// GXX: fib 55 work 0
#include <cilk/cilk.h>
#include <cilk/cilkscale.h>

#include <cstdio>

static long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

int main() {
  wsp_t start = wsp_getworkspan();
  long r = fib(10);
  wsp_t end = wsp_getworkspan();
  wsp_t d = wsp_sub(end, start);
  wsp_dump(d, "fib(10)");
#ifdef __cilk
  std::printf("fib %ld\n", r);
#else
  std::printf("fib %ld work %lld\n", r, d.work);
#endif
  return 0;
}
