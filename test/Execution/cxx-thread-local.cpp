// C++: a thread_local object with a constructor (each thread's own, made
// on its first use), used before and after spawns and syncs in a Cilk
// procedure: a continuation that a thief resumes uses the thief's object,
// never an address computed on the victim's thread before the spawn (the
// slow clone computes it again). Every mode, P = 1, 2, 4, 8, with and
// without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: work 65536 other threads' objects 0
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <pthread.h>
#include <string>

static std::atomic<long> foreign{0};

struct Counter {
  pthread_t owner;
  std::string name;
  long n = 0;
  Counter() : owner(pthread_self()), name("counter") {}
};

thread_local Counter tc;

static void touch() {
  if (!pthread_equal(tc.owner, pthread_self()) || tc.name != "counter")
    foreign++;
  tc.n++;
}

static long work(int d) {
  touch();
  if (d == 0)
    return 1;
  long a = cilk_spawn work(d - 1);
  touch();
  long b = cilk_spawn work(d - 1);
  touch();
  cilk_sync;
  touch();
  return a + b;
}

int main() {
  long r = work(16);
  std::printf("work %ld other threads' objects %ld\n", r, foreign.load());
  return 0;
}
