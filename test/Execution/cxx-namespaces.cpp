// C++: procedures defined in a namespace, an anonymous namespace, an
// `extern "C"` block (OpenCilk's bzip2 defines its entry so) and a member
// function defined out of line in a namespace spawn, sync and use local
// reducers as at file scope. Before, the plugin looked at none of them:
// their spawns were errors ("must be followed by a call") and a local
// reducer under cilk_for was a plain variable that every strand updated
// at once (CilkSema.cpp: checkDecl). The output is the serial
// projection's in every mode, P = 1, 2, 4, 8, with and without stress, at
// -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: ns 832040 anon 75025 c 28657 member 10946 sums 499500 499500 499500
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

#include <cstdio>

namespace ns {
long fib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib(n - 1);
  long b = fib(n - 2);
  cilk_sync;
  return a + b;
}
long sum(int n) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
struct Counter {
  long count(int n);
};
} // namespace ns

namespace {
long fib2(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn fib2(n - 1);
  long b = fib2(n - 2);
  cilk_sync;
  return a + b;
}
long sum2(int n) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
} // namespace

extern "C" {
long cfib(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn cfib(n - 1);
  long b = cfib(n - 2);
  cilk_sync;
  return a + b;
}
}

extern "C" long csum(int n) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

namespace ns {
long Counter::count(int n) {
  if (n < 2)
    return n;
  long a = cilk_spawn count(n - 1);
  long b = count(n - 2);
  cilk_sync;
  return a + b;
}
} // namespace ns

int main() {
  ns::Counter c;
  long s1 = 0, s2 = 0, s3 = 0;
  for (int r = 0; r < 10; ++r) {
    s1 = ns::sum(1000);
    s2 = sum2(1000);
    s3 = csum(1000);
    if (s1 != 499500 || s2 != 499500 || s3 != 499500)
      break;
  }
  std::printf("ns %ld anon %ld c %ld member %ld sums %ld %ld %ld\n",
              ns::fib(30), fib2(25), cfib(23), c.count(21), s1, s2, s3);
  return 0;
}
