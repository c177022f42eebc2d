// C++: a declaration whose variable a constructor or a conversion function
// makes from the spawned result (`std::optional<int> o = cilk_spawn f();`,
// an optional vector moved in, a class converted by `operator double`, a
// constructor with a default argument). The conversion is the spawn
// statement's tail, which runs when the result arrives: the plugin ends the
// statement after the declaration, moving the rest of its block into a
// block of its own (CilkSemaRewrite.cpp: endDeclaration). Also a
// declaration that ends its block, one in an `if`'s block, one whose block
// declares more variables after it, one with a label after it that a
// goto reaches backwards, in a loop with `continue` after it, in a lambda
// and in a function template. Before, each was an error ("cannot appear
// inside an expression"); ending the statement at the first store of the
// result ran the conversion in the continuation, before a stolen child's
// result arrived. The output is the serial projection's in every mode,
// P = 1, 2, 4, 8, with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: sum 32160
// CHECK: goto 99 loop 85
// CHECK: lambda 13 template 39
#include <cilk/cilk.h>

#include <cstdio>
#include <optional>
#include <vector>

static long spin(long n) {
  volatile long s = 0;
  for (long i = 0; i < n * 200; i++)
    s += i % 5;
  return s;
}

static int twice(int i) {
  spin(i);
  return i * 2;
}

static std::vector<int> ones(int n) {
  spin(n);
  return std::vector<int>(n % 7 + 1, n);
}

struct Meters {
  double m;
  operator double() const noexcept { return m; }
};

static Meters meters(int i) {
  spin(i);
  return Meters{i * 1.5};
}

struct Scaled {
  long v;
  Scaled(int x, int k = 3) noexcept : v((long)x * k) {}
};

static long run(int k) {
  std::optional<int> o = cilk_spawn twice(k);
  std::optional<std::vector<int>> ov = cilk_spawn ones(k + 3);
  double d = cilk_spawn meters(k);
  Scaled s = cilk_spawn twice(k + 1);
  long before = k * 3; // the continuation runs on
  std::vector<int> local(5, k);
  cilk_sync;
  long t = *o + (long)ov->size() + (*ov)[0] + (long)d + s.v + before +
           local[4];
  if (k % 2) {
    std::optional<long> inner = cilk_spawn twice(k + 1);
    cilk_sync;
    t += *inner;
  }
  {
    std::optional<int> last = cilk_spawn twice(k); // ends its block
  }
  return t;
}

static long jumps(int k) {
  long t = 0;
  std::optional<int> a = cilk_spawn twice(k);
  int b = 0;
again: // a label after the declaration, reached backwards
  b += 1;
  if (b < 3)
    goto again;
  cilk_sync;
  t += *a + b;
  return t;
}

static long loop(int n) {
  long t = 0;
  for (int i = 0; i < n; ++i) {
    std::optional<int> a = cilk_spawn twice(i);
    t += i; // the continuation, in the block moved after the marker
    cilk_sync; // (a's life ends with the iteration: a child may not outlive it)
    if (i % 2)
      continue;
    t += *a;
  }
  return t;
}

template <class T> static T templated(int k) {
  std::optional<T> x = cilk_spawn twice(k);
  T y = cilk_spawn twice(k + 1);
  cilk_sync;
  return *x + y + 1;
}

int main() {
  std::vector<long> r(64);
  for (int k = 0; k < 64; k++)
    r[k] = cilk_spawn run(k);
  cilk_sync;
  long sum = 0;
  for (long x : r)
    sum += x;
  std::printf("sum %ld\n", sum);
  long j = 0;
  for (int k = 0; k < 9; k++)
    j += jumps(k);
  std::printf("goto %ld loop %ld\n", j, loop(10));
  auto lam = [](int k) -> long {
    std::optional<long> a = cilk_spawn twice(k);
    cilk_sync;
    return *a + 1;
  };
  std::printf("lambda %ld template %ld\n", lam(6), templated<long>(9));
  return 0;
}
