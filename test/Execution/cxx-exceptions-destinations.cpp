// A spawn's destination when its child throws: the assignment never
// happens. A handler (or a cleanup) that reads the destination sees its
// value from before the spawn, in every mode, also when the parent was
// stolen or released and its handler runs in the slow clone: `x =
// cilk_spawn f();` of an int; `T x = cilk_spawn f();` of a class, which a
// child that threw never made, so that no cleanup destroys it, where f is
// defined in another file or called through a virtual function (the
// parent records that x was made when the child returns); and a named
// return value made by such a spawn; and a class whose destructor may
// throw (C++ invokes it). Objects count themselves: none is leaked or
// destroyed twice.
// RUN: %run-vs-elision --reference projection --also %S/Inputs/cxx-made-elsewhere.cpp %s | FileCheck %s
// CHECK: int: 10609000
// CHECK: declared: caught 24 sum 600
// CHECK: virtual: caught 16 sum 768
// CHECK: named: caught 24 sum 552
// CHECK: strict: caught 24 sum 600
// CHECK: live 0
#include <cilk/cilk.h>

#include <cstdio>

#include "Inputs/cxx-made-elsewhere.h"

static long spin(long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += i * i % 7;
  return s;
}

static volatile long sink;

static int thrower(int k) {
  if (spin(3000 + k) >= 0 && k % 2)
    throw k;
  return k * 10;
}

// The handler reads x, which the child that threw never assigned.
static int assigned(int k) {
  int x = 5 + k;
  try {
    x = cilk_spawn thrower(k);
    sink = spin(3000);
    cilk_sync;
  } catch (int e) {
    return x * 1000 + e;
  }
  return x;
}

static size_t declared(int k) {
  Counted x = cilk_spawn made_elsewhere(k);
  Counted y(std::string(2, 'y'));
  sink = spin(3000);
  cilk_sync;
  return x.s.size() + y.s.size();
}

struct Base {
  virtual Counted get(int k) = 0;
  virtual ~Base() {}
};

struct Maker : Base {
  Counted get(int k) override {
    if (spin(3000 + k) >= 0 && k % 3 == 0)
      throw k;
    return Counted(std::string(k, 'v'));
  }
};

static size_t through_virtual(Base &b, int k) {
  Counted x = cilk_spawn b.get(k);
  sink = spin(3000);
  cilk_sync;
  return x.s.size();
}

static size_t strict(int k) {
  Strict x = cilk_spawn strict_elsewhere(k);
  Counted y(std::string(2, 'y'));
  sink = spin(3000);
  cilk_sync;
  return x.s.size() + y.s.size();
}

static Counted named(int k) {
  Counted r = cilk_spawn made_elsewhere(k);
  sink = spin(3000);
  cilk_sync;
  return r;
}

// Runs body(k) for k < 48 and prints how many threw k and the sum of the
// others' results.
template <typename Body> static void tally(const char *what, Body body) {
  int caught = 0;
  size_t total = 0;
  for (int k = 0; k < 48; ++k)
    try {
      total += body(k);
    } catch (int e) {
      caught += e == k;
    }
  std::printf("%s: caught %d sum %zu\n", what, caught, total);
}

int main() {
  long sum = 0;
  for (int k = 0; k < 200; ++k)
    sum += assigned(k);
  std::printf("int: %ld\n", sum);
  tally("declared", declared);
  Maker m;
  tally("virtual", [&](int k) { return through_virtual(m, k); });
  tally("named", [](int k) {
    Counted c = named(k);
    return c.s.size();
  });
  tally("strict", strict);
  std::printf("live %d\n", live.load());
  return 0;
}
