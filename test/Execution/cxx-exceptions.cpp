// C++ exceptions and spawns. Thrown and caught inside a child, or inside
// the continuation, they behave as in the serial projection in every mode
// (the first RUN line); a `try` block that spawns syncs where it ends, as
// in OpenCilk (its child's result is read after it, without a cilk_sync,
// while the child sleeps). One that leaves a spawned function (`cross`)
// comes out of the parent's cilk_sync, through the parent's destructors
// into its catch: at once in the serial elision, as C++ does, and in the
// parallel modes maybe after the continuation ran (which destroys one
// more object). Uncaught, it ends the program as C++ does
// (llvm-pass/CilkExceptions.cpp; Execution/cxx-exceptions-carried.cpp
// has the rest, Tools/race-cxx-exception.cpp the race build's stop).
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: inside 38 caught 7 continuation 9 try 5
// RUN: %cilkcc -x c++ -std=c++17 -fplugin-arg-cilk-mode=serial %s -o %t.serial %cilkrt -lstdc++
// RUN: %t.serial cross | FileCheck %s --check-prefix=SERIAL
// SERIAL: caught bad 3 after destroying 2
// RUN: %cilkcc -x c++ -std=c++17 -fplugin-arg-cilk-mode=eager %s -o %t.eager %cilkrt -lstdc++
// RUN: %cilkcc -x c++ -std=c++17 -fplugin-arg-cilk-mode=indolent %s -o %t.indolent %cilkrt -lstdc++
// RUN: %cilkcc -x c++ -std=c++17 -O2 -fplugin-arg-cilk-mode=sedative %s -o %t.sedative %cilkrt -lstdc++
// RUN: env CILK_NWORKERS=2 %t.eager cross | FileCheck %s --check-prefix=PARALLEL
// RUN: env CILK_NWORKERS=1 %t.indolent cross | FileCheck %s --check-prefix=PARALLEL
// RUN: env CILK_NWORKERS=2 CILK_STRESS=1 %t.sedative cross | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: caught bad 3 after destroying {{[23]$}}
// RUN: env CILK_NWORKERS=2 not --crash %t.sedative cross uncaught 2>&1 | FileCheck %s --check-prefix=UNCAUGHT
// UNCAUGHT: terminate called after throwing an instance of 'std::runtime_error'
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

// Atomic: `cross`'s child and continuation may destroy theirs at once.
static std::atomic<int> destroyed;
struct Noisy {
  ~Noisy() { ++destroyed; }
};

static long checked(long n) {
  if (n % 10 == 7)
    throw std::runtime_error("seven");
  return n;
}

// Every exception is caught where it is thrown: inside the child.
static long inside(long n) {
  long s = 0;
  for (long i = n; i < n + 10; ++i) {
    try {
      s += checked(i);
    } catch (const std::exception &) {
      s += 0;
    }
  }
  return s;
}

static long slow_value(long v) {
  usleep(2000);
  return v;
}

static long bad(int k) {
  Noisy n;
  if (k == 3)
    throw std::runtime_error("bad 3");
  return k;
}

static void cross(bool uncaught) {
  if (uncaught) {
    long a = cilk_spawn bad(3);
    cilk_sync;
    std::printf("%ld\n", a);
    return;
  }
  try {
    Noisy guard;
    long a = cilk_spawn bad(3);
    long b = bad(1);
    cilk_sync;
    std::printf("not reached %ld %ld\n", a, b);
  } catch (const std::exception &e) {
    std::printf("caught %s after destroying %d\n", e.what(), destroyed.load());
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "cross")) {
    cross(argc > 2);
    return 0;
  }
  long x = cilk_spawn inside(0);
  int caught = 0;
  try {
    checked(17);
  } catch (const std::runtime_error &e) {
    caught = (int)std::string(e.what()).size() + 2;
  }
  long y = 0;
  try {
    y = checked(9);
  } catch (...) {
    y = -1;
  }
  cilk_sync;
  long z = 0;
  try {
    z = cilk_spawn slow_value(5);
  } catch (...) {
    z = -1;
  }
  std::printf("inside %ld caught %d continuation %ld try %ld\n", x, caught, y,
              z);
  return 0;
}
