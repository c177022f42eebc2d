// C++ exceptions and nested try statements: a handler catches only what
// was thrown after its try statement began. An exception of a child
// spawned before the statement comes first in serial order and belongs to
// an outer statement's handler, even when the inner handler's type
// matches it and the inner block threw too (OpenCilk decides this at run
// time as well). Before, a landing pad chose statically, by the outermost
// handler that might catch, and in the parallel modes the inner handler
// caught the older child's exception (`same`, `other`, `derived`, `both`
// printed "inner" where the serial projection prints "outer ..."; the
// outer handler then caught nothing). Where no inner handler matches,
// the older child's exception wins and goes to the outer handler that
// matches its own type: a base class (`derived`), not the type of the
// exception in flight (llvm-pass/CilkRegions.cpp: exceptionRegions;
// CilkExceptions.cpp: leaveHandlers). Counted objects come back to 0.
// The output is the serial projection's in every mode, P = 1, 2, 4, 8,
// with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: same outer 9 other outer 9 derived outer D.9 both outer 9 rethrown outer 9 loop 45 live 0
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <string>

static std::atomic<long> live{0};

struct Counted {
  std::string s; // longer than the small-string buffer: freed when destroyed
  explicit Counted(long k) : s(std::string(40 + k % 7, 'c')) { ++live; }
  Counted(const Counted &o) : s(o.s) { ++live; }
  ~Counted() { --live; }
};

struct Base {
  long n;
  explicit Base(long n) : n(n) {}
  virtual ~Base() {}
  virtual std::string name() const { return "B." + std::to_string(n); }
};
struct D : Base {
  using Base::Base;
  std::string name() const override { return "D." + std::to_string(n); }
};
struct E : Base {
  using Base::Base;
  std::string name() const override { return "E." + std::to_string(n); }
};

// Work long enough that the parent's continuation is stolen meanwhile.
static long slow(long n) {
  volatile long s = 0;
  for (long i = 0; i < n * 20000; i++)
    s = s + i % 7;
  return s + n;
}

template <class T> static void slow_throw(long n) {
  Counted c(n);
  if (slow(n) > 0)
    throw T(n);
}

template <class T> static void throw_now(long n) {
  Counted c(n);
  if (n > 0)
    throw T(n);
}

// Both handlers take an int: the inner one must not take the older one's.
static std::string same(long n) {
  std::string out = "none";
  try {
    Counted keep(n);
    cilk_spawn slow_throw<int>(n);
    try {
      throw_now<int>(n + 100);
    } catch (int x) {
      if (x != n + 100)
        out = "inner " + std::to_string(x);
    }
    cilk_sync;
  } catch (int x) {
    out = "outer " + std::to_string(x);
  }
  return out;
}

// The inner handler does not match what its block threw: the older
// child's exception wins.
static std::string other(long n) {
  std::string out = "none";
  try {
    cilk_spawn slow_throw<int>(n);
    try {
      Counted inside(n);
      throw_now<double>(n);
    } catch (int x) {
      out = "inner " + std::to_string(x);
    }
    cilk_sync;
  } catch (int x) {
    out = "outer " + std::to_string(x);
  } catch (double) {
    out = "outer double";
  }
  return out;
}

// The outer handler takes the older child's D as a Base; the inner one
// would take a D, but its block threw an E.
static std::string derived(long n) {
  std::string out = "none";
  try {
    cilk_spawn slow_throw<D>(n);
    try {
      throw_now<E>(n);
    } catch (D &d) {
      out = "inner " + d.name();
    }
    cilk_sync;
  } catch (Base &b) {
    out = "outer " + b.name();
  }
  return out;
}

// Both blocks spawn; the inner block's child throws a double.
static std::string both(long n) {
  std::string out = "none";
  try {
    cilk_spawn slow_throw<int>(n);
    try {
      cilk_spawn throw_now<double>(n);
      slow(1);
    } catch (int x) {
      out = "inner " + std::to_string(x);
    }
    cilk_sync;
  } catch (int x) {
    out = "outer " + std::to_string(x);
  } catch (double) {
    out = "outer double";
  }
  return out;
}

// The inner handler throws its exception again: the older child's wins
// at the outer handler.
static std::string rethrown(long n) {
  std::string out = "none";
  try {
    cilk_spawn slow_throw<int>(n);
    try {
      throw_now<int>(n + 100);
    } catch (int) {
      throw;
    }
    cilk_sync;
  } catch (int x) {
    out = "outer " + std::to_string(x);
  }
  return out;
}

// In a loop, each iteration's inner handler catches its own block's
// exception while the children of the iterations before run; none of
// them throws.
static long loop(long n) {
  long sum = 0, got[10] = {0};
  try {
    for (long i = 0; i < n; i++) {
      cilk_spawn [&got, i] { got[i] = slow(1) > 0 ? i : -1; }();
      try {
        throw_now<long>(i);
      } catch (long x) {
        sum += x;
      }
    }
    cilk_sync;
  } catch (...) {
    sum = -1;
  }
  for (long i = 0; i < n; i++)
    sum += got[i];
  return sum / 2;
}

int main() {
  std::string out;
  for (long i = 1; i <= 9; i++)
    out = "same " + same(i) + " other " + other(i) + " derived " + derived(i) +
          " both " + both(i) + " rethrown " + rethrown(i);
  printf("%s loop %ld live %ld\n", out.c_str(), loop(10), live.load());
  return 0;
}
