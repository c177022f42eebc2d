// C++: a reducer data member needs a constructor and a destructor the user
// wrote (not implicit, not defaulted), wherever the class is defined: in a
// namespace, nested in a class, as an instance of a class template. They
// declare the reducer to the runtime and forget it (CilkReducers.cpp:
// declareMembers, unregisterMembers); clang makes no code for a trivial
// constructor or destructor. Every constructor or assignment operator that
// makes or assigns such an object must be the user's too (a defaulted one,
// the implicit copy: an error where it is used, also where an outer
// class's own reaches it through a member object or a base). A union's
// reducer member is an error, as a C structure's is. A reference member to
// a reducer needs none of this (its uses are views).
// RUN: %cilkcc -std=c++17 -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }

namespace ns {
struct A {
  long cilk_reducer(zero, plus) sum; // expected-error {{a class with a reducer member needs a constructor and a destructor of its own (not implicit or defaulted): they declare the reducer to the runtime and forget it}}
};
struct B { // the user's constructor and destructor: fine
  long cilk_reducer(zero, plus) sum;
  B() : sum(0) {}
  ~B() {}
};
} // namespace ns

struct Outer {
  struct Inner {
    cilk::opadd_reducer<long> total; // expected-error {{a class with a reducer member needs a constructor}}
    Inner() = default;
    ~Inner() {}
  };
  int x;
};

template <int K> struct Wrap {
  long cilk_reducer(zero, plus) leftmost; // expected-error {{a class with a reducer member needs a constructor}}
  Wrap() {}
  ~Wrap() = default;
};

template <typename T> struct Sum {
  cilk::opadd_reducer<T> s;
  template <typename... A> Sum(A... a) : s(a...) {}
  ~Sum() {}
};

union U {
  long cilk_reducer(zero, plus) u; // expected-error {{a structure or union member cannot be a reducer}}
  long plain;
};

struct Ref {
  cilk::opadd_reducer<long> &sum;
};

long use(Wrap<0> &w, Sum<int> &s) { return w.leftmost + s.s; }

// A constructor or an assignment the user did not write, where one is
// used: a defaulted default constructor, the implicit copy and move.
struct Copied {
  long cilk_reducer(zero, plus) n;
  Copied() = default;
  explicit Copied(long v) : n(v) {}
  ~Copied() {}
};

long copies() {
  Copied a(1);
  Copied b; // expected-error {{an object with a reducer member made by an implicit or defaulted constructor of 'Copied', which does not declare the reducer to the runtime: write this constructor in the class}}
  Copied c = a; // expected-error {{made by an implicit or defaulted constructor of 'Copied'}}
  b = a; // expected-error {{an object with a reducer member assigned by an implicit or defaulted assignment operator of 'Copied', which copies the reducer's memory, not its current view: write this operator in the class}}
  return a.n + b.n + c.n;
}

// Through a member object or a base: an outer class's implicit copy
// copies the member with the member's own copy, the user's or not.
struct OwnCopy {
  long cilk_reducer(zero, plus) n;
  OwnCopy() : n(0) {}
  OwnCopy(const OwnCopy &o) : n(o.n) {}
  ~OwnCopy() {}
};
struct HoldsOwnCopy { OwnCopy c; int k; };
struct HoldsCopied { Copied c; int k; };
struct DerivedCopied : Copied { int j; DerivedCopied() : Copied(0) {} };

long outer() {
  HoldsOwnCopy a;
  HoldsOwnCopy b = a; // OwnCopy's copy is the user's: fine
  HoldsCopied x{Copied(1), 0};
  HoldsCopied y = x; // expected-error {{made by an implicit or defaulted constructor of 'Copied'}}
  DerivedCopied z;
  DerivedCopied w = z; // expected-error {{made by an implicit or defaulted constructor of 'Copied'}}
  a = b; // expected-error {{assigned by an implicit or defaulted assignment operator of 'OwnCopy'}}
  return a.c.n + b.c.n + y.c.n + w.n;
}
