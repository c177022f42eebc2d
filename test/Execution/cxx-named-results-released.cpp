// C++: a class result made through its constructor in the caller's
// memory (a named return value), partly before a spawn, where the caller
// does not take it in place (`P x = cilk_spawn make(i)` of a trivially
// destructible class: the spawn's temporary, copied out). A steal of the
// procedure's frame (eager) or a release of it (lazy modes) moved the
// procedure on to its frame's result field without what it had made so
// far: `a` read 0 in thousands of the calls, in every mode. The runtime
// now moves what was made when it links the frame to a parent that does
// not take the result in place (closure.c: closure_place_result).
// The output is the serial projection's in every mode, P = 1, 2, 4, 8,
// with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: wrong 0 of 3000, sum 4498500
#include <cilk/cilk.h>

#include <cstdio>

static long fib(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}

struct P {
  long a, b, c;
  P() : a(0), b(0), c(0) {}
};

static P make(long n) {
  P p;
  p.a = n;                        // made before the spawn
  long t = cilk_spawn fib(10);    // a steal or release comes here
  p.c = fib(6);
  cilk_sync;
  p.b = n + t - 55;
  return p;
}

int main() {
  int wrong = 0;
  long sum = 0;
  for (long i = 0; i < 3000; i++) {
    P x = cilk_spawn make(i);
    cilk_sync;
    wrong += x.a != i || x.b != i || x.c != 8;
    sum += x.a;
  }
  std::printf("wrong %d of 3000, sum %ld\n", wrong, sum);
  return 0;
}
