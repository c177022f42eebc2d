// C++: a reducer as a data member is an error wherever the class is
// defined: in a namespace, nested in a class, as an instance of a class
// template (OpenCilk's reducer/test.cpp and bzip2 declare such members;
// before, only a class at file scope drew the error, and a template's
// member was silently a plain variable that every strand updated at once:
// CilkSema.cpp, HandleTagDeclDefinition). A reference member to a reducer
// is fine (its uses are views).
// RUN: %cilkcc -std=c++17 -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }

namespace ns {
struct A {
  long cilk_reducer(zero, plus) sum; // expected-error {{a structure or union member cannot be a reducer}}
};
} // namespace ns

struct Outer {
  struct Inner {
    cilk::opadd_reducer<long> total; // expected-error {{a structure or union member cannot be a reducer}}
  };
  int x;
};

template <int K> struct Wrap {
  long cilk_reducer(zero, plus) leftmost; // expected-error {{a structure or union member cannot be a reducer}}
};

template <typename T> struct Sum {
  cilk::opadd_reducer<T> s; // expected-error {{a structure or union member cannot be a reducer}}
};

struct Ref {
  cilk::opadd_reducer<long> &sum;
};

long use(Wrap<0> &w, Sum<int> &s) { return w.leftmost + s.s; }
