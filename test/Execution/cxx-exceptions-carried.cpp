// C++ exceptions that leave spawned functions, carried to the parent's
// sync in every mode, as OpenCilk does: the first in serial order wins,
// the others are destroyed, and cleanups run after the children are done.
// What each case prints does not depend on whether the continuation ran
// before the exception came out (it may, when the parent was stolen), so
// every mode at every worker count, under stress too, prints what the
// serial projection prints. Objects count themselves: none is leaked or
// destroyed twice.
// RUN: %run-vs-elision --reference projection --repeat 3 %s | FileCheck %s
// CHECK: sync: caught 'bad 3'
// CHECK: first: caught 'leaf 40'
// CHECK: loop: caught 'item 3'
// CHECK: continuation: caught 'mine' after 1 child done
// CHECK: scope: caught 'bad 3' after 2
// CHECK: nested: caught 'again 7' in 2 catches
// CHECK: value: 0 of 100 values caught, sum 4950
// CHECK: entry: caught 'through C 5'
// CHECK: for: caught 'iteration 5'
// CHECK: thread: caught 'thrower 3'
// CHECK: handler: rethrown 40 of 40
// CHECK: live objects 0
// An exception that no handler catches ends the program as in C++. (With
// -g at -O2: clang's assignment tracking, which the plugin turns off,
// linked debug records across the functions the pass makes: invalid IR.)
// RUN: %cilkcc -x c++ -std=c++17 -fplugin-arg-cilk-mode=eager %s -o %t.eager %cilkrt -lstdc++
// RUN: %cilkcc -x c++ -std=c++17 -g -O2 -fplugin-arg-cilk-mode=sedative %s -o %t.sedative %cilkrt -lstdc++
// RUN: env CILK_NWORKERS=2 CILK_STRESS=1 not --crash %t.eager uncaught 2>&1 | FileCheck %s --check-prefix=UNCAUGHT
// RUN: env CILK_NWORKERS=2 not --crash %t.sedative uncaught 2>&1 | FileCheck %s --check-prefix=UNCAUGHT
// UNCAUGHT: terminate called after throwing an instance of 'std::runtime_error'
// UNCAUGHT-NEXT: what(): leaf 40
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

static std::atomic<int> live;
struct Counted {
  std::string name;
  explicit Counted(std::string n) : name(std::move(n)) { ++live; }
  Counted(const Counted &o) : name(o.name) { ++live; }
  ~Counted() { --live; }
};

static long bad(int k) {
  Counted c("bad");
  if (k == 3)
    throw std::runtime_error("bad " + std::to_string(k));
  return k;
}

// A child's exception comes out of the sync, through the parent's objects.
static void at_sync() {
  try {
    Counted guard("guard");
    long a = cilk_spawn bad(3);
    long b = bad(1);
    cilk_sync;
    std::printf("sync: not reached %ld %ld\n", a, b);
  } catch (const std::exception &e) {
    std::printf("sync: caught '%s'\n", e.what());
  }
}

// A recursion whose leaves 40, 70 and 90 throw: 40 comes first in serial
// order, whichever leaf throws first in time.
static long walk(int lo, int hi) {
  if (hi - lo == 1) {
    Counted c("leaf");
    if (lo == 40 || lo == 70 || lo == 90) {
      usleep(lo == 40 ? 3000 : 0); // the later ones throw first in time
      throw std::runtime_error("leaf " + std::to_string(lo));
    }
    return lo;
  }
  int mid = lo + (hi - lo) / 2;
  Counted c("node");
  long x = cilk_spawn walk(lo, mid);
  long y = walk(mid, hi);
  cilk_sync;
  return x + y;
}

static void first_in_serial_order() {
  try {
    walk(0, 100);
  } catch (const std::runtime_error &e) {
    std::printf("first: caught '%s'\n", e.what());
  }
}

static void item(int i, std::atomic<int> *seen) {
  ++*seen;
  if (i % 7 == 3)
    throw std::runtime_error("item " + std::to_string(i));
}

// Many children of one frame throw, each with a temporary of its own
// (its lambda and by-value argument, destroyed after it, also when the
// parent was stolen: the spawn's unwind inlet). How many ran depends on
// when the parent stopped: the serial program stops at the first.
static void loop() {
  std::atomic<int> seen{0};
  try {
    for (int i = 0; i < 100; ++i) {
      Counted tmp("loop");
      cilk_spawn [&seen](int j, Counted) { item(j, &seen); }(i, tmp);
    }
    cilk_sync;
  } catch (const std::runtime_error &e) {
    std::printf("loop: caught '%s'%s\n", e.what(),
                seen.load() >= 4 ? "" : " too early");
  }
}

static void slow_child(std::atomic<int> *done) {
  usleep(2000);
  ++*done;
}

// The continuation throws while a child runs: the handler runs after it.
// (A cilk_scope's child throws first in serial order in `scope`.)
static void continuation() {
  std::atomic<int> done{0};
  try {
    Counted guard("guard");
    cilk_spawn slow_child(&done);
    throw std::runtime_error("mine");
  } catch (const std::runtime_error &e) {
    std::printf("continuation: caught '%s' after %d child done\n", e.what(),
                done.load());
  }
}

static void scope() {
  std::atomic<int> done{0};
  try {
    cilk_spawn slow_child(&done);
    cilk_scope {
      Counted c("scope");
      cilk_spawn slow_child(&done);
      cilk_spawn bad(3);
      throw std::logic_error("in scope");
    }
  } catch (const std::logic_error &e) {
    std::printf("scope: caught '%s' after %d\n", e.what(), done.load());
  } catch (const std::runtime_error &e) {
    std::printf("scope: caught '%s' after %d\n", e.what(), done.load());
  }
}

static int catches;
static void rethrower(int k) {
  try {
    Counted c("rethrower");
    throw std::runtime_error("again " + std::to_string(k));
  } catch (...) {
    ++catches;
    throw;
  }
}

static void nested() {
  try {
    cilk_spawn rethrower(7);
    cilk_sync;
  } catch (const std::exception &e) {
    ++catches;
    std::printf("nested: caught '%s' in %d catches\n", e.what(), catches);
  }
}

static long square_or_throw(long i, bool t) {
  if (t)
    throw std::runtime_error("never");
  return i;
}

// Children that do not throw: results as usual, nothing pending.
static void values() {
  long v[100];
  int caught = 0;
  for (int i = 0; i < 100; ++i) {
    try {
      v[i] = cilk_spawn square_or_throw(i, false);
    } catch (...) {
      ++caught;
    }
  }
  cilk_sync;
  long sum = 0;
  for (long x : v)
    sum += x;
  std::printf("value: %d of 100 values caught, sum %ld\n", caught, sum);
}

// A Cilk function called through a pointer from C++ code that is not
// Cilk: the computation's exception reaches the caller's handler.
static long through_c(long k) {
  long a = cilk_spawn bad((int)k);
  long b = bad(1);
  cilk_sync;
  if (k == 5)
    throw std::runtime_error("through C " + std::to_string(k));
  return a + b;
}

static long (*volatile through_c_ptr)(long) = through_c;

__attribute__((noinline)) static void entry() {
  try {
    through_c_ptr(5);
  } catch (const std::exception &e) {
    std::printf("entry: caught '%s'\n", e.what());
  }
}

// A cilk_for in a try block: its body's exception unwinds through the
// divide and conquer of its iterations; the first in serial order wins.
static void loop_for() {
  try {
    cilk_for (int i = 0; i < 64; ++i) {
      Counted c("for");
      if (i % 8 == 5)
        throw std::runtime_error("iteration " + std::to_string(i));
    }
  } catch (const std::exception &e) {
    std::printf("for: caught '%s'\n", e.what());
  }
}

static void thrower(int i) {
  usleep(i == 3 ? 1000 : 0);
  if (i >= 3)
    throw std::runtime_error("thrower " + std::to_string(i));
}

// No landing pad of its own (no object to destroy, no try): the pass
// gives it C++'s personality routine, so the children's exception is
// carried through it all the same.
static void spawn_throwers() {
  for (int i = 0; i < 8; ++i)
    cilk_spawn thrower(i);
  cilk_sync;
}

// A computation started from a std::thread of the program's own.
static void from_thread() {
  std::string got;
  std::thread t([&] {
    try {
      spawn_throwers();
    } catch (const std::exception &e) {
      got = e.what();
    }
  });
  t.join();
  std::printf("thread: caught '%s'\n", got.c_str());
}

static long pfib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn pfib(n - 1);
  long b = pfib(n - 2);
  cilk_sync;
  return a + b;
}

// A catch handler that spawns, syncs, runs a cilk_for and a nested try,
// then rethrows: the exception being handled is the thread's (the C++
// library's), so the handler stays on its thread. Its spawns run as
// calls, each a computation parallel inside; before, the frame went on
// after the sync on another worker and `throw;` found no exception.
static int handle_in_parallel(int i) {
  try {
    try {
      Counted guard("try");
      long x = cilk_spawn bad(3);
      cilk_sync;
      return (int)x;
    } catch (const std::runtime_error &e) {
      Counted in("handler");
      long a = cilk_spawn pfib(12 + i % 4);
      long b = cilk_spawn [&] { return pfib(11) + (long)in.name.size(); }();
      long c = pfib(10);
      cilk_sync;
      long d[16];
      cilk_for (int k = 0; k < 16; ++k)
        d[k] = pfib(k % 8);
      try {
        cilk_spawn thrower(3 + i % 2);
        cilk_sync;
      } catch (const std::runtime_error &inner) {
        if (std::string(inner.what()).rfind("thrower", 0) != 0)
          return 1000;
      }
      if (a + b + c + d[15] <= 0 || !std::current_exception())
        return 100;
      throw;
    }
  } catch (const std::runtime_error &e) {
    return std::string(e.what()) == "bad 3" ? 1 : 10;
  }
}

static void handler() {
  int sum = 0;
  for (int i = 0; i < 40; ++i)
    sum += handle_in_parallel(i);
  std::printf("handler: rethrown %d of 40\n", sum);
}

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "uncaught")) {
    walk(0, 100);
    return 0;
  }
  at_sync();
  first_in_serial_order();
  loop();
  continuation();
  scope();
  nested();
  values();
  entry();
  loop_for();
  from_thread();
  handler();
  std::printf("live objects %d\n", live.load());
  return 0;
}
