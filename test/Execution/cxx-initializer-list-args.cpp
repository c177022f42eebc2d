// C++: a braced list passed to a spawned function as an
// std::initializer_list (`cilk_spawn sum({a, b, 30})`), whose array is a
// temporary of the spawn statement that the child reads through the
// list. Before, the array's end of lifetime stayed right after the call
// and was moved before it with the statement's other code: at -O2 the
// stores that filled it were dropped and the child summed 0 or garbage
// (CilkTail.cpp: hoistDestination). Also a C++ file's `main` without a
// try or a cleanup is C++ (before, it was taken for C: its calls' pads
// stopped the program on an exception). A declaration whose spawn's
// braced list holds objects with destructors (std::string), whose array is
// destroyed in a loop after the result's store, ends after the
// declaration (CilkSemaCilk5.cpp: holdsInitializerList; before, a compile
// error). The output is the serial
// projection's in every mode, P = 1, 2, 4, 8, with and without stress, at
// -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: sums 60 3 1665 vector 15
// CHECK: strings 2 hello world 13
#include <cilk/cilk.h>

#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

static long sum(std::initializer_list<long> il) {
  long s = 0;
  for (long x : il)
    s += x;
  return s;
}

static long vsum(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += x;
  return s;
}

static std::string joined(std::vector<std::string> words) {
  std::string s;
  for (const std::string &w : words)
    s += (s.empty() ? "" : " ") + w;
  return s;
}

static size_t count(std::initializer_list<std::string> words) {
  return words.size();
}

int main(int argc, char **) {
  long a = argc * 10, b = argc * 20;
  long r1 = cilk_spawn sum({a, b, 30L});
  long r2 = cilk_spawn sum({1L, 2L});
  long loop[10];
  for (int i = 0; i < 10; ++i)
    loop[i] = cilk_spawn sum({(long)i, 10L * i, 100L * i});
  long v = cilk_spawn vsum({1, 2, 3, 4, 5});
  cilk_sync;
  long l = 0;
  for (long x : loop)
    l += x;
  l = l / 3;
  std::printf("sums %ld %ld %ld vector %ld\n", r1, r2, l, v);
  size_t n = cilk_spawn count({std::string("a"), std::string(argc, 'b')});
  std::string j = cilk_spawn joined({std::string("hello"), "world"});
  size_t lengths = 0;
  for (int i = 0; i < 2; ++i) {
    size_t k = cilk_spawn count({std::string(20, 'x'), std::string("y")});
    cilk_sync;
    lengths += k;
  }
  cilk_sync;
  std::printf("strings %zu %s %zu\n", n, j.c_str(), lengths + j.size() - 2);
  return 0;
}
