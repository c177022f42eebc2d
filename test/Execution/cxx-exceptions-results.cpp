// C++ exceptions from children that make their results in place:
// `T x = cilk_spawn f();` where f may throw. When f throws, x was never
// made (f's own unwinding destroyed what it had made of it); the parent's
// landing pads, which a later sync may reach in the parallel modes,
// destroy x only if f returned (the made flag of
// llvm-pass/CilkExceptions.cpp: guardSpawnedResults). Before, they
// destroyed it anyway: a double free. Results of a plain function and of
// a procedure that spawns, two declarations of which the first throws,
// and declarations in a loop; counted objects must come back to 0. The
// output is the serial projection's in every mode, P = 1, 2, 4, 8, with
// and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: plain 1445 spawning 1223 two 843 loop 559 live 0
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

static long fib(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

// Throws after making its named result in the caller's storage.
static std::string text(long k) {
  std::string s(30 + k % 5, 't');
  if (k % 3 == 0)
    throw std::runtime_error("text");
  return s;
}

// A procedure that spawns, and throws after its sync.
static Counted counted(long k) {
  Counted c(k);
  long f = cilk_spawn fib(8);
  long g = fib(7);
  cilk_sync;
  if (k % 4 == 1)
    throw std::runtime_error("counted");
  c.s.resize(c.s.size() + (size_t)(f + g) % 3);
  return c;
}

static long plain(long k) {
  std::string s = cilk_spawn text(k);
  long x = fib(12);
  cilk_sync;
  return (long)s.size() + x;
}

static long spawning(long k) {
  Counted c = cilk_spawn counted(k);
  long x = fib(11);
  cilk_sync;
  return (long)c.s.size() + x;
}

static long two(long k) {
  std::string s = cilk_spawn text(k);  // throws for k % 3 == 0
  Counted c = cilk_spawn counted(k + 1); // made then, destroyed at the pad
  long x = fib(10);
  cilk_sync;
  return (long)(s.size() + c.s.size()) + x;
}

static long loop(long k) {
  long t = 0;
  for (long i = 0; i < 3; ++i) {
    Counted c = cilk_spawn counted(k + i);
    t += fib(6);
    cilk_sync;
    t += (long)c.s.size();
  }
  return t;
}

static long run(long (*f)(long)) {
  long t = 0;
  for (long k = 0; k < 12; ++k) {
    try {
      t += f(k);
    } catch (const std::exception &e) {
      t += 10;
    }
  }
  return t;
}

int main() {
  long p = run(plain), s = run(spawning), t = run(two), l = run(loop);
  std::printf("plain %ld spawning %ld two %ld loop %ld live %ld\n", p, s, t,
              l, (long)live);
  return 0;
}
