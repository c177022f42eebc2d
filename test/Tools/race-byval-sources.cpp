// Checks the reads of by-value arguments' sources (race-byval-sources.c)
// in C++: a trivially copyable class passed by value goes to a temporary
// (a memcpy, which ThreadSanitizer checks), which the code generator
// copies (byval); at -O2 the optimizer passes the source itself instead
// where nothing else takes the temporary (the plain call), and the code
// generator's copy is the only read. A write to the source after the
// spawn is not a race; the copies made while a sibling writes the source
// are.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 %s -o %t2
// RUN: %status %t2 2>&1 | FileCheck %s
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-sources.cpp:52:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-byval-sources.cpp:36:{{[0-9]+}} in {{(Big::)?}}set
// CHECK-NEXT: spawned at {{.*}}race-byval-sources.cpp:51:{{[0-9]+}} in main
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-byval-sources.cpp:53:{{[0-9]+}} in main
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-byval-sources.cpp:36:{{[0-9]+}} in {{(Big::)?}}set
// CHECK-NEXT: spawned at {{.*}}race-byval-sources.cpp:51:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: values 1 7 9
// CHECK: cilk race: 2 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <cstdio>

// Passed in memory: a copy in the caller's frame (byval).
class Big {
  long v[300] = {1};

public:
  void set(long x) { v[0] = x; }
  long sum() const { return v[0] + v[299]; }
};

long sum(Big b) { return b.sum(); }

// Not inlined: the caller's copy stays at -O2.
__attribute__((noinline)) long total(Big b) { return b.sum() + 2; }

int main() {
  Big bg;
  long x, y, z;
  x = cilk_spawn sum(bg);
  bg.set(1000);
  cilk_sync;
  cilk_spawn bg.set(7);
  y = cilk_spawn sum(bg);
  z = total(bg);
  cilk_sync;
  std::printf("values %ld %ld %ld\n", x, y, z);
  return 0;
}
