// C++14's dynamic exception specifications and noexcept on procedures
// that spawn, in try statements nested so that an exception leaves the
// inner statement's handlers for the outer one's
// (llvm-pass/CilkExceptions.cpp: leaveHandlers). The landing pad made on
// that edge carries the function's filter as clang's pads do; before, it
// had only catch clauses, so in a slow clone an exception outside
// `throw(E)` passed the filter by and left the procedure, where the
// serial program calls the unexpected handler (it did under CILK_STRESS
// in every parallel mode). An E passes the filter on to the caller; one
// caught inside never reaches it. The output is the serial projection's
// in every mode, P = 1, 2, 4, 8, with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection --cflags="-std=c++14 -Wno-deprecated" %s | FileCheck %s
// CHECK: spec 82736 noexcept 2117 unexpected X.107
#include <cilk/cilk.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <initializer_list>

struct E { long v; };
struct X { long v; };

// Work long enough that the parent's continuation is stolen meanwhile.
static long slow(long n) {
  volatile long s = 0;
  for (long i = 0; i < 20000; ++i)
    s = s + (i ^ n);
  return n + (s & 0);
}

static long leaf(long n) {
  slow(n);
  if (n == 107)
    throw X{n};
  if (n % 10 == 5)
    throw E{n};
  if (n % 10 == 3)
    throw 3;
  return n;
}

// The outer statement catches long (never thrown), the inner one int; an
// E leaves both and passes the filter, an X leaves both and does not.
// What a handler returns does not depend on the continuation of the
// spawn that threw, which may run in parallel.
static long spec(long n) throw(E) {
  try {
    long c = cilk_spawn leaf(n + 1);
    long ab;
    try {
      long a = cilk_spawn leaf(n);
      long b = cilk_spawn leaf(n + 2);
      cilk_sync;
      ab = a + b;
    } catch (int k) {
      ab = 100 * k;
    }
    cilk_sync;
    return ab + c;
  } catch (long) {
    return -1;
  }
}

static long quiet(long n) noexcept {
  try {
    long a = cilk_spawn leaf(n);
    long b;
    try {
      b = cilk_spawn leaf(n + 1);
      cilk_sync;
    } catch (int k) {
      b = 10 * k;
    }
    cilk_sync;
    return a + b;
  } catch (const E &e) {
    return 1000 + e.v;
  } catch (...) {
    return 7;
  }
}

int main() {
  long s = 0;
  for (long i = 0; i < 40; i += 10)
    for (long j : {0, 1, 3, 4}) {
      try {
        s += spec(i + j);
      } catch (const E &e) {
        s += 1000 * e.v;
      }
    }
  printf("spec %ld", s);
  s = 0;
  for (long i = 0; i < 10; ++i)
    s += quiet(i);
  printf(" noexcept %ld", s);
  fflush(stdout);
  std::set_unexpected([] {
    printf(" unexpected X.107\n");
    fflush(stdout);
    _Exit(0);
  });
  try {
    spec(107); // leaf(107) throws an X in the inner statement
  } catch (...) {
    printf(" caught\n");
  }
  return 1;
}
