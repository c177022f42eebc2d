// C++ reducers from OpenCilk's headers: cilk::opadd_reducer<T> (long,
// double, in a template), cilk::ostream_reducer<char> (the output in serial
// order although strands write in parallel), cilk::holder (scratch space
// per strand), and a user's cilk_reducer on std::list (an ordered,
// non-commutative reduction by splicing); reducers captured by reference
// in lambdas, spawned in a loop and called from a cilk_for (the capture is
// the reducer, each use in the body a view); a global std::list reducer
// whose callbacks are function templates' instances; a reducer passed to a
// reference parameter declared as one (OpenCilk's fibred.cpp: each use in
// the callee is a view; the reference once reached the caller's view and
// the sums came out short); a global opadd_reducer without an initializer
// updated with `++` (an lvalue in C++, of the view). The output is the serial
// projection's (g++) in every mode, P = 1, 2, 4, 8, with and without stress,
// at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: sum 499500 sum 1249.5 tsum 4950
// CHECK-NEXT: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
// CHECK-NEXT: list 300 first 0 last 299 ordered 1
// CHECK-NEXT: holder 4950
// CHECK-NEXT: lambdas 45 499500
// CHECK-NEXT: global list 20000 ordered 1
// CHECK-NEXT: fibred 6765 counted 1000
#include <cilk/cilk.h>
#include <cilk/holder.h>
#include <cilk/opadd_reducer.h>
#include <cilk/ostream_reducer.h>

#include <cstdio>
#include <iostream>
#include <list>
#include <new>
#include <vector>

template <typename T> static T total(const std::vector<T> &v) {
  cilk::opadd_reducer<T> s = 0;
  cilk_for (size_t i = 0; i < v.size(); ++i)
    s += v[i];
  return s;
}

static void list_identity(void *view) { ::new (view) std::list<int>(); }
static void list_reduce(void *left, void *right) {
  auto *r = static_cast<std::list<int> *>(right);
  static_cast<std::list<int> *>(left)->splice(
      static_cast<std::list<int> *>(left)->end(), *r);
  r->~list();
}

template <class T> static void make_view(void *v) { ::new (v) T(); }
template <class T> static void splice_right(void *l, void *r) {
  auto *L = static_cast<T *>(l), *R = static_cast<T *>(r);
  L->splice(L->end(), *R);
  R->~T();
}
using IntList = std::list<int>;
static IntList cilk_reducer(make_view<IntList>, splice_right<IntList>) glist;

static cilk::opadd_reducer<int> counted;

static void fibred(int n, cilk::opadd_reducer<long> &total) {
  if (n < 2) {
    total += n;
    return;
  }
  cilk_scope {
    cilk_spawn fibred(n - 1, total);
    fibred(n - 2, total);
  }
}

static void walk(std::list<int> cilk_reducer(list_identity, list_reduce) *out,
                 int lo, int hi) {
  if (hi - lo <= 4) {
    for (int i = lo; i < hi; ++i)
      out->push_back(i);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  cilk_spawn walk(out, lo, mid);
  walk(out, mid, hi);
  cilk_sync;
}

int main() {
  cilk::opadd_reducer<long> sum = 0;
  cilk_for (int i = 0; i < 1000; ++i)
    sum += i;
  cilk::opadd_reducer<double> half = 0;
  cilk_for (int i = 0; i < 50; ++i)
    half += i * 1.0 + 0.5 * (i == 49) - 0.0;
  std::vector<int> v(100);
  for (int i = 0; i < 100; ++i)
    v[i] = i;
  std::printf("sum %ld sum %.1f tsum %d\n", (long)sum, (double)half + 24.0,
              total(v));
  std::fflush(stdout);

  {
    cilk::ostream_reducer<char> out(std::cout);
    cilk_for (int i = 0; i < 30; ++i)
      out << i << (i == 29 ? "\n" : " ");
  }
  std::cout.flush();

  std::list<int> cilk_reducer(list_identity, list_reduce) items;
  walk(__builtin_addressof(items), 0, 300);
  bool ordered = true;
  int prev = -1;
  for (int x : items) {
    ordered &= x == prev + 1;
    prev = x;
  }
  std::printf("list %zu first %d last %d ordered %d\n", items.size(),
              items.front(), items.back(), (int)ordered);

  long result = 0;
  {
    cilk::holder<std::vector<int>> scratch;
    cilk::opadd_reducer<long> acc = 0;
    cilk_for (int i = 0; i < 100; ++i) {
      scratch.clear();
      scratch.push_back(i);
      acc += scratch.back();
    }
    result = acc;
  }
  std::printf("holder %ld\n", result);

  cilk::opadd_reducer<long> spawned = 0, called = 0;
  for (int i = 0; i < 10; ++i)
    cilk_spawn [&, i] { spawned += i; }();
  cilk_sync;
  auto add = [&](long k) { called += k; };
  cilk_for (int i = 0; i < 1000; ++i)
    add(i);
  std::printf("lambdas %ld %ld\n", (long)spawned, (long)called);

  cilk_for (int i = 0; i < 20000; i++)
    glist.push_back(i);
  ordered = true;
  prev = -1;
  for (int x : glist) {
    ordered &= x == prev + 1;
    prev = x;
  }
  std::printf("global list %zu ordered %d\n", glist.size(), (int)ordered);

  cilk::opadd_reducer<long> fsum = 0;
  fibred(20, fsum);
  cilk_for (int i = 0; i < 1000; ++i)
    ++counted;
  std::printf("fibred %ld counted %d\n", (long)fsum, (int)counted);
  return 0;
}
