// C++: a procedure's class result made by a constructor that spawns
// (`return S();`, a named return value) is made in the caller's memory,
// never copied by its bytes: the object may point into itself (`self =
// this`, a short std::string's buffer). Before, the constructor's call,
// a spawn and a sync (CilkCalls.cpp), did not count as making the result
// (CilkPrepare.cpp: localizeSRet), so the result was made in a local and
// copied out at the return: `self` pointed at the old place, and the
// string's destructor freed a pointer into it (invalid pointer, abort).
// The output is the serial projection's in every mode, P = 1, 2, 4, 8,
// with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: self 1 1 1 tags r:1 t:1 sum 67
#include <cilk/cilk.h>

#include <cstdio>
#include <string>

static long work(long n) {
  if (n < 2)
    return n;
  long a = cilk_spawn work(n - 1);
  long b = work(n - 2);
  cilk_sync;
  return a + b;
}

struct S {
  S *self;
  long v;
  S() : self(this), v(0) {
    v = cilk_spawn work(10);
    cilk_sync;
  }
  S(const S &) : self(this), v(-1) {}
};

static S make() {
  long w = cilk_spawn work(5);
  cilk_sync;
  if (w != 5)
    return S();
  return S();
}

static S named() {
  S r;
  cilk_spawn work(6);
  cilk_sync;
  return r;
}

struct Tagged {
  std::string tag; // short: its characters are inside the object
  long sum = 0;
  explicit Tagged(std::string t) : tag(std::move(t)) {
    long a = cilk_spawn work(8);
    long b = work(7);
    cilk_sync;
    sum = a + b;
  }
  ~Tagged() {
    cilk_spawn work(3);
    cilk_sync;
  }
};

static Tagged make_tagged(const char *t) {
  cilk_spawn work(4);
  cilk_sync;
  return Tagged(t);
}

static Tagged named_tagged() {
  Tagged r("t");
  cilk_spawn work(4);
  cilk_sync;
  return r;
}

int main() {
  S a = make();
  S b = named();
  S c = make();
  Tagged r = make_tagged("r");
  Tagged t = named_tagged();
  std::printf("self %d %d %d tags %s:%d %s:%d sum %ld\n", a.self == &a,
              b.self == &b, c.self == &c && c.v == 55, r.tag.c_str(),
              r.tag == "r", t.tag.c_str(), t.tag == "t", r.sum + t.sum - 1);
  return 0;
}
