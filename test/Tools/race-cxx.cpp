// Checks the race build on C++ (-fsanitize=cilk): a race between a lambda
// spawned in the scope of an object with a destructor (an invoke) and the
// continuation, both through a member function, is found and named with
// C++'s names; a member function spawned on one object while the
// continuation uses another, a std::mutex held around both updates, and a
// cilk_for writing each element of a std::vector once are not races. The
// race-free run (`clean`) reports none.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// RUN: %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-cxx.cpp:[[@LINE+15]]:{{[0-9]+}} in {{(Counter::)?}}bump
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-cxx.cpp:[[@LINE+13]]:{{[0-9]+}} in {{(Counter::)?}}bump
// CHECK: spawned at {{.*}}race-cxx.cpp:{{[0-9]+}}:{{[0-9]+}} in main
// CHECK: cilk race: 1 race found
// CHECK: status 66
// CLEAN: cilk race: no races found
#include <cilk/cilk.h>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

struct Counter {
  long n = 0;
  void bump() { n++; }
};

int main(int argc, char **argv) {
  bool clean = argc > 1 && !std::strcmp(argv[1], "clean");
  std::vector<long> v(100);
  Counter a, b;
  std::mutex m;
  cilk_spawn a.bump();
  b.bump();
  cilk_spawn [&] {
    std::lock_guard<std::mutex> g(m);
    v[0]++;
  }();
  {
    std::lock_guard<std::mutex> g(m);
    v[0]++;
  }
  cilk_sync;
  cilk_for (int i = 0; i < 100; ++i)
    v[i] += i;
  if (!clean) {
    cilk_spawn [&] { a.bump(); }();
    a.bump();
    cilk_sync;
  }
  std::printf("%ld %ld %ld\n", a.n + b.n, v[0], v[99]);
  return 0;
}
