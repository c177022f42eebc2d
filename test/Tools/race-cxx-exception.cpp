// The race build knows a spawn as a call: an exception that leaves a
// spawned function stops the program with a message there, instead of
// leaving the detector's records of frames behind (the serial elision and
// the parallel modes carry it: Execution/cxx-exceptions-carried.cpp).
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: cilk: an exception left a spawned function; race and profile builds do not carry it to the parent's cilk_sync
#include <cilk/cilk.h>

#include <cstdio>
#include <stdexcept>

static long bad(int k) {
  if (k == 3)
    throw std::runtime_error("bad");
  return k;
}

int main() {
  try {
    long a = cilk_spawn bad(3);
    cilk_sync;
    std::printf("%ld\n", a);
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }
  return 0;
}
