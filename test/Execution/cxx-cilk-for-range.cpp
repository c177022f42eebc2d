// C++: cilk_for over a range, as OpenCilk writes it (`cilk_for (auto &x :
// v)`): an array, std::array, std::vector (of pairs, through a structured
// binding), nested loops over a vector of vectors, a class whose begin and
// end are found by argument-dependent lookup, a braced list, a temporary
// range (lives through the loop), an init-statement (C++20), a string, a
// const range in a template, `continue`. Before, the header's `:` made the
// plugin read past the loop and report errors about the code after it.
// RUN: %run-vs-elision --reference projection --cflags=-std=c++20 %s | FileCheck %s
// CHECK: array 300 200
// CHECK: pairs 192
// CHECK: grid 3000
// CHECK: adl 48
// CHECK: odd 16
// CHECK: temporary 20
// CHECK: init 84
// CHECK: string HELLO
// CHECK: squares 338350
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace geo {
struct Pts {
  int d[8];
};
int *begin(Pts &p) { return p.d; }
int *end(Pts &p) { return p.d + 8; }
} // namespace geo

template <class C> long total(const C &c) {
  cilk::opadd_reducer<long> s = 0;
  cilk_for (const auto &x : c)
    s += x;
  return s;
}

std::vector<int> twos(int n) { return std::vector<int>(n, 2); }

int main() {
  int a[100];
  cilk_for (int &x : a)
    x = 3;
  std::array<int, 50> ar{};
  cilk_for (auto &x : ar)
    x = 4;
  printf("array %ld %ld\n", total(a), total(ar));

  std::vector<std::pair<int, int>> pv(64);
  cilk_for (auto &[k, v] : pv) {
    k = 1;
    v = 2;
  }
  long pk = 0;
  for (auto &[k, v] : pv)
    pk += k + v;
  printf("pairs %ld\n", pk);

  std::vector<std::vector<int>> grid(20, std::vector<int>(30));
  cilk_for (auto &row : grid)
    cilk_for (auto &c : row)
      c = 5;
  long g = 0;
  for (auto &r : grid)
    g += total(r);
  printf("grid %ld\n", g);

  geo::Pts p{};
  cilk_for (int &x : p)
    x = 6;
  printf("adl %ld\n", total(p.d));

  cilk::opadd_reducer<long> odd = 0;
  cilk_for (int x : {1, 2, 3, 4, 5, 6, 7}) {
    if (x % 2 == 0)
      continue;
    odd += x;
  }
  printf("odd %ld\n", (long)odd);

  cilk::opadd_reducer<long> temp = 0;
  cilk_for (int x : twos(10))
    temp += x;
  printf("temporary %ld\n", (long)temp);

  cilk::opadd_reducer<long> init = 0;
  cilk_for (std::vector<int> w(12, 7); int x : w)
    init += x;
  printf("init %ld\n", (long)init);

  std::string s = "hello";
  cilk_for (char &ch : s)
    ch -= 'a' - 'A';
  printf("string %s\n", s.c_str());

  std::vector<long> sq(100);
  cilk_for (long &x : sq)
    x = (&x - sq.data() + 1) * (&x - sq.data() + 1);
  printf("squares %ld\n", total(sq));
}
