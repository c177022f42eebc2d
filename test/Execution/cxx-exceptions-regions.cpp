// C++ exceptions and sync regions: a `try` block that spawns is a sync
// region of its own, whose end waits for its own children only, as a
// cilk_scope's does. So an exception of a child spawned before the block
// passes the block's handlers by, to the sync that waits for that child;
// and one of a child spawned in the block is caught by the block's
// handlers, while the older child's waits for its own sync (OpenCilk's
// rule, which the serial projection's output matches: the older child's
// exception leaves the procedure either way). Before, a try block whose
// handler joined the code after it made the whole procedure one region,
// and a stolen continuation's handler caught the older child's exception
// (llvm-pass/CilkRegions.cpp: closeRegionsOnUnwindPaths; runtime: the
// held exceptions of closure.h, one per region). Counted objects across
// the blocks, in their handlers' cleanups and in cilk_scopes must come
// back to 0. The output is the serial projection's in every mode,
// P = 1, 2, 4, 8, with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: bypass A.3 both A.4 own 1000000 nested 12 loop 1005 scope 9031 return 77 call 6000 thrown T.7 live 0
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

static std::atomic<long> live{0};

struct Counted {
  std::string s; // longer than the small-string buffer: freed when destroyed
  explicit Counted(long k) : s(std::string(40 + k % 7, 'c')) { ++live; }
  Counted(const Counted &o) : s(o.s) { ++live; }
  ~Counted() { --live; }
};

struct Err : std::runtime_error {
  long code;
  Err(const std::string &w, long c) : std::runtime_error(w), code(c) {}
};

// Work long enough that the parent's continuation is stolen meanwhile.
static long slow(long n) {
  volatile long s = 0;
  for (long i = 0; i < n * 2000; i++)
    s = s + i % 7;
  return s + n;
}

static long slow_throw(const char *what, long n) {
  Counted c(n);
  if (slow(n) > 0)
    throw Err(std::string(what) + "." + std::to_string(n), n);
  return n;
}

// The older child throws; the block's children do not.
static long bypass(long n) {
  Counted keep(n);
  long x = 0, y = 0, h = 0;
  x = cilk_spawn slow_throw("A", n);
  try {
    Counted inside(n + 1);
    y = cilk_spawn slow(n);
  } catch (...) {
    h = 999;
  }
  cilk_sync;
  return x + y + h;
}

// Both throw: the block's handler takes the block's child's exception, the
// older child's leaves the procedure.
static long both(long n) {
  long x = 0, y = 0, h = 0;
  x = cilk_spawn slow_throw("A", n);
  try {
    y = cilk_spawn slow_throw("B", n + 1);
  } catch (const Err &e) {
    h = e.code;
  }
  cilk_sync;
  return x + y + h;
}

// The block's own code throws while an older child that does not throw is
// out: the handler takes it, the older child's result arrives.
static long own(long n) {
  long x = 0, h = 0;
  x = cilk_spawn slow(n);
  try {
    Counted inside(n);
    long y = cilk_spawn slow(n + 1);
    cilk_sync; // the block's region: not x
    if (y > 0)
      throw Err("own", 1000000);
  } catch (const Err &e) {
    h = e.code;
  }
  cilk_sync;
  return x % 100 + h;
}

// Nested blocks: the inner handler does not match; the outer one, after
// the outer block's children, does. The older child of the outer region
// does not throw.
static long nested(long n) {
  long x = 0, h = 0;
  x = cilk_spawn slow(n);
  try {
    long a = cilk_spawn slow(n);
    try {
      Counted inside(n);
      long b = cilk_spawn slow_throw("D", 12);
      cilk_sync;
      h += b;
    } catch (const std::logic_error &) {
      h += 100;
    }
    cilk_sync;
    h += a;
  } catch (const Err &e) {
    h = e.code;
  }
  cilk_sync;
  return h + x * 0;
}

// A block per iteration, its handler going on to the next one, while a
// child of the loop's region is out the whole time.
static long loop(long n) {
  long x = 0, sum = 0;
  x = cilk_spawn slow(n);
  for (long i = 0; i < 6; i++) {
    try {
      Counted c(i);
      long y = cilk_spawn slow_throw("L", i % 3 ? i : 1000);
      cilk_sync;
      sum += y;
    } catch (const Err &e) {
      sum += e.code / 2;
    }
  }
  cilk_sync;
  return sum + x * 0;
}

// Blocks in scopes and scopes in blocks.
static long scope(long n) {
  long h = 0;
  cilk_scope {
    Counted s(n);
    long a = cilk_spawn slow(n);
    try {
      cilk_scope {
        Counted t(n);
        long b = cilk_spawn slow_throw("S", 9000);
        cilk_sync;
        h += b;
      }
    } catch (const Err &e) {
      h += e.code;
    }
    cilk_sync;
    h += a % 10 + 30;
  }
  return h;
}

// A procedure that spawns and throws after its sync.
static long spawning_throw(long n) {
  long a = cilk_spawn slow(n);
  long b = slow(n + 1);
  cilk_sync;
  if (a + b > 0)
    throw Err("P." + std::to_string(n), n);
  return a + b;
}

// A call of a procedure that spawns inside a block is a spawn and a sync of
// a region of its own (CilkCalls.cpp): its exception comes out of that
// sync, deeper than the block, and the block's older child's, first in
// serial order, wins all the same.
static long call(long n) {
  long h = 0;
  try {
    long x = cilk_spawn slow_throw("C", n);
    long y = spawning_throw(n + 1);
    cilk_sync;
    h = x + y;
  } catch (const Err &e) {
    h = e.code * 1000;
  }
  return h;
}

// Throw statements inside the block and outside it (clang sends both to
// one `unreachable` block, which made the procedure one region): the
// older child's exception passes the block by and beats the procedure's
// own.
static long thrown(long n) {
  long x = cilk_spawn slow_throw("T", n);
  try {
    long y = cilk_spawn slow(n);
    cilk_sync;
    if (y < 0)
      throw Err("never", 0);
  } catch (...) {
    return -1;
  }
  if (n >= 0)
    throw Err("own", 1);
  cilk_sync;
  return x;
}

// A handler that returns from inside a scope.
static long ret(long n) {
  long a = 0;
  cilk_scope {
    a = cilk_spawn slow(n);
    try {
      long b = cilk_spawn slow_throw("R", 77);
      cilk_sync;
      a += b;
    } catch (const Err &e) {
      return e.code;
    }
  }
  return a;
}

template <class F> static void report(const char *name, F f) {
  try {
    long r = f();
    printf(" %s %ld", name, r);
  } catch (const Err &e) {
    printf(" %s %s", name, e.what());
  }
}

int main() {
  report("bypass", [] { return bypass(3); });
  report("both", [] { return both(4); });
  report("own", [] { return own(3); });
  report("nested", [] { return nested(5); });
  report("loop", [] { return loop(4); });
  report("scope", [] { return scope(4); });
  report("return", [] { return ret(4); });
  report("call", [] { return call(6); });
  report("thrown", [] { return thrown(7); });
  printf(" live %ld\n", live.load());
  return 0;
}
