// The profile build (-fcilktool=cilkscale) carries C++ exceptions as the
// parallel modes do, its hooks told at each landing pad and wherever an
// exception leaves a procedure: a child that throws beside other children
// (a guard destroyed on the way), a procedure without a landing pad of its
// own whose children throw, one whose implicit sync at return rethrows,
// exceptions caught inside cilk_for bodies, and one caught inside the
// child. The output is the serial projection's in every parallel mode,
// P = 1, 2, with and without stress, at -O0 and -O2; the profile is
// reported, its span within its work. (Before, such an exception stopped
// the program.)
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %run-vs-elision --reference projection --modes eager,indolent,sedative --cflags=-fplugin-arg-cilk-profile --nproc 1,2 %s | FileCheck %s
// RUN: %cilkc -fcilktool=cilkscale -O1 %s -o %t
// RUN: %t 2>&1 >/dev/null | FileCheck --check-prefix=PROFILE %s
// CHECK: caught bad 0
// CHECK: plain bad 0
// CHECK: implicit bad 0
// CHECK: caught inside 3
// CHECK: total 6496 fib 6765
// PROFILE: cilk: profile: work T_1 {{[0-9.]+}} s, span T_inf {{[0-9.]+}} s, parallelism {{[1-9][0-9.]*}},
#include <cilk/cilk.h>

#include <cstdio>
#include <stdexcept>
#include <string>

static long bad(int k) {
  if (k % 3 == 0)
    throw std::runtime_error("bad " + std::to_string(k));
  return k;
}

static long fib(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

struct Guard {
  std::string s;
  ~Guard() {}
};

static long middle(int k) {
  Guard g{"guard"};
  long a = cilk_spawn fib(12);
  long b = cilk_spawn bad(k);
  long c = fib(10);
  cilk_sync;
  return a + b + c + (long)g.s.size();
}

static long plain(int k) { // no landing pad of its own
  long a = cilk_spawn bad(k);
  long b = cilk_spawn bad(k + 1);
  cilk_sync;
  return a + b;
}

static long implicit(int k) { // the implicit sync rethrows
  long x = 0;
  cilk_spawn [&] { x = bad(k); }();
  return 7;
}

static long careful(int k) {
  try {
    return bad(k);
  } catch (const std::exception &) {
    std::printf("caught inside %d\n", k);
    return 0;
  }
}

int main() {
  long total = 0;
  for (int k = 0; k < 12; ++k) {
    try {
      long m = cilk_spawn middle(k);
      long f = fib(8);
      cilk_sync;
      total += m + f;
    } catch (const std::exception &e) {
      std::printf("caught %s\n", e.what());
      total += 1000;
    }
    try {
      total += plain(k);
    } catch (const std::exception &e) {
      std::printf("plain %s\n", e.what());
    }
    try {
      total += implicit(k);
    } catch (const std::exception &e) {
      std::printf("implicit %s\n", e.what());
    }
    long part[8];
    cilk_for (int i = 0; i < 8; ++i) {
      try {
        part[i] = bad(i + k);
      } catch (const std::exception &) {
        part[i] = -1;
      }
    }
    for (long p : part)
      total += p;
  }
  long a = cilk_spawn careful(3);
  cilk_sync;
  total += a;
  std::printf("total %ld fib %ld\n", total, fib(20));
  return 0;
}
