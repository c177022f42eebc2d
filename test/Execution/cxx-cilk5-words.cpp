// Cilk-5's words in C++: `cilk` procedures (free functions, members,
// static members, templates, class results, `cilk int main`), `spawn`,
// `sync`, exceptions out of children, beside the C++ library's own uses
// of the words as names (std::thread, a stream's sync(), std::abort),
// which stay names. Every mode, P = 1, 2, 4, 8, with and without stress,
// against the serial elision compiled by g++.
// RUN: %run-vs-elision --repeat 2 %s | FileCheck %s
// CHECK: fib 6765
// CHECK: members 610 89 total 699, static 110
// CHECK: templates 110 2.5
// CHECK: strings 'xxx!' 'yyyy!'
// CHECK: caught 'leaf 7'
// CHECK: thread ran, stream synced
// CHECK: live 0
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

static std::atomic<int> live;
struct Counted {
  Counted() { ++live; }
  Counted(const Counted &) { ++live; }
  ~Counted() { --live; }
};

cilk long fib(int n) {
  if (n < 2)
    return n;
  long x, y;
  x = spawn fib(n - 1);
  y = spawn fib(n - 2);
  sync;
  return x + y;
}

struct Acc {
  long total = 0;
  std::mutex m;
  cilk long add(int n);
  static cilk long twice(int n);
};

cilk long Acc::add(int n) {
  Counted c;
  long a = spawn fib(n);
  sync;
  std::lock_guard<std::mutex> g(m);
  total += a;
  return a;
}

cilk long Acc::twice(int n) {
  long a = spawn fib(n);
  long b = spawn fib(n);
  sync;
  return a + b;
}

template <typename T> cilk T scaled(T k, int n) {
  T a = spawn fib(n);
  sync;
  return a * k;
}

cilk std::string repeat_leaf(int k, char ch);

cilk std::string repeat(int k, char ch) {
  Counted c;
  std::string s = spawn repeat_leaf(k, ch);
  sync;
  return s + "!";
}

cilk std::string repeat_leaf(int k, char ch) { return std::string(k, ch); }

cilk long leaf(int i) {
  Counted c;
  if (i == 7 || i == 9)
    throw std::runtime_error("leaf " + std::to_string(i));
  return i;
}

cilk long walk(int lo, int hi) {
  if (hi - lo == 1) {
    long r = spawn leaf(lo);
    sync;
    return r;
  }
  int mid = (lo + hi) / 2;
  Counted c;
  long a = spawn walk(lo, mid);
  long b = spawn walk(mid, hi);
  sync;
  return a + b;
}

cilk int main(int argc, char **argv) {
  long f = spawn fib(20);
  sync;
  std::printf("fib %ld\n", f);

  Acc acc;
  long a = spawn acc.add(15);
  long b = spawn Acc::twice(10);
  Acc *p = &acc;
  long c = spawn p->add(11);
  sync;
  std::printf("members %ld %ld total %ld, static %ld\n", a, c, acc.total, b);

  long t = spawn scaled<long>(2L, 10);
  double d = spawn scaled<double>(0.5, 5);
  sync;
  std::printf("templates %ld %g\n", t, d);

  std::string s1 = spawn repeat(3, 'x');
  std::string s2;
  s2 = spawn repeat(4, 'y');
  sync;
  std::printf("strings '%s' '%s'\n", s1.c_str(), s2.c_str());

  try {
    long w = spawn walk(0, 16);
    sync;
    std::printf("not reached %ld\n", w);
  } catch (const std::exception &e) {
    std::printf("caught '%s'\n", e.what());
  }

  std::ostringstream os;
  os << "stream";
  os.rdbuf()->pubsync();
  std::thread th([&] { os << " synced"; });
  th.join();
  std::printf("thread ran, %s\n", os.str().c_str());
  if (argc > 99)
    std::abort();
  std::printf("live %d\n", live.load());
  return 0;
}
