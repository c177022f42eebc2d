// The profile build (-fcilktool=cilkscale) knows a spawn as a call: an
// exception that leaves a spawned function stops the program with a
// message there, instead of leaving the profile's records of frames
// behind; one caught inside the child is fine. (The serial elision, the
// race build and the parallel modes carry it to the parent's sync:
// Execution/cxx-exceptions-carried.cpp, Tools/race-cxx-exception.cpp.)
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fcilktool=cilkscale -O1 %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=INSIDE
// RUN: not --crash %t leave 2>&1 | FileCheck %s
// INSIDE: caught inside 3
// CHECK: cilk: an exception left a spawned function; a profile build does not carry it to the parent's cilk_sync
#include <cilk/cilk.h>

#include <cstdio>
#include <stdexcept>

static long bad(int k) {
  if (k == 3)
    throw std::runtime_error("bad");
  return k;
}

static long careful(int k) {
  try {
    return bad(k);
  } catch (const std::exception &) {
    std::printf("caught inside %d\n", k);
    return 0;
  }
}

int main(int argc, char **argv) {
  long a = cilk_spawn careful(3);
  cilk_sync;
  if (argc > 1) {
    try {
      a = cilk_spawn bad(3);
      cilk_sync;
    } catch (const std::exception &e) {
      std::printf("caught %s\n", e.what());
    }
  }
  return (int)a;
}
