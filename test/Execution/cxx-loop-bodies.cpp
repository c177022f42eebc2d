// C++ loop bodies the frontend once rejected: lambdas and local classes
// with `return` inside a cilk_for body (a comparator to std::sort, a
// helper), a spawn as the unbraced body of a range-based `for`
// (`for (long &x : w) x = cilk_spawn h(x);`, `+=`, a plain spawn), and
// `break`/`continue` in a range-based `for` inside a spawned statement.
// The output is the serial projection's in every mode, P = 1, 2, 4, 8,
// with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: sorted 4950 first 10000 local 5050 range 920 plain 1840 spawned 52
#include <cilk/cilk.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <vector>

static long h(long i) {
  volatile long s = 0;
  for (long k = 0; k < 2000; ++k)
    s = s + k;
  return i * 2 + (s & 0);
}

static std::atomic<long> plain{0};
static void add(long i) { plain += h(i); }

int main() {
  std::vector<std::vector<int>> rows(100, std::vector<int>(10));
  cilk_for (int i = 0; i < 100; ++i) {
    for (int j = 0; j < 10; ++j)
      rows[i][j] = (i * 7 + j * 3) % 10;
    std::sort(rows[i].begin(), rows[i].end(),
              [](int a, int b) { return a > b; });
  }
  long first = 0;
  for (auto &r : rows)
    first += r[0] * 11 + (r[9] == 0);
  long sorted = 0;
  cilk_for (int i = 0; i < 100; ++i) {
    auto id = [i]() -> int { return i; };
    __atomic_add_fetch(&sorted, id(), __ATOMIC_RELAXED);
  }

  long local = 0;
  cilk_for (int i = 1; i <= 100; ++i) {
    struct Local {
      static long f(long x) {
        if (x < 0)
          return 0;
        return x;
      }
    };
    __atomic_add_fetch(&local, Local::f(i), __ATOMIC_RELAXED);
  }

  std::vector<long> w(10);
  for (int i = 0; i < 10; ++i)
    w[i] = i * 10;
  for (long &x : w)
    x = cilk_spawn h(x);
  cilk_sync;
  for (long &x : w)
    x += cilk_spawn h(1);
  cilk_sync;
  for (long &x : w)
    cilk_spawn add(x);
  cilk_sync;
  long range = 0;
  for (long x : w)
    range += x;

  std::vector<long> v{5, 0, 7, 0, 9, -1, 11};
  long spawned = 0;
  cilk_spawn {
    for (long &x : v) {
      if (x < 0)
        break;
      if (x == 0)
        continue;
      x = h(x);
    }
  }
  cilk_sync;
  for (long x : v)
    spawned += x;

  std::printf("sorted %ld first %ld local %ld range %ld plain %ld spawned "
              "%ld\n",
              sorted, first, local, range, (long)plain, spawned);
  return 0;
}
