// C++ in OpenCilk's spelling: spawns of member functions, lambdas,
// templates and class-typed results are accepted (no diagnostic); misuse
// gets the same errors as in C, also in a lambda's body and in a template's
// instantiation, and an uninstantiated template's spawns are no stray
// keywords.
// RUN: %cilkcc -std=c++17 -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>
#include <string>

struct S {
  int v = 0;
  int get() const { return v; }
  int spawns() {
    int a = cilk_spawn get();
    cilk_sync;
    return a;
  }
};
std::string name(int);

template <class T> T twice(T x) {
  T a = cilk_spawn twice(x);
  cilk_sync;
  return a + a;
}
template <class T> T never_used(T x) {
  T a = cilk_spawn never_used(x);
  cilk_sync;
  return a;
}
template <class T> T bad_in_instance(T x) {
  return cilk_spawn twice(x) + 1; // expected-error {{'cilk_spawn' cannot appear inside an expression}}
}
int use_bad = bad_in_instance(1);

int f(S &s, S *p) {
  int a = cilk_spawn s.get();
  int b = cilk_spawn p->get();
  std::string n = cilk_spawn name(3);
  std::string m;
  m = cilk_spawn name(4);
  int c = 0;
  cilk_spawn [&] { c = 1; }();
  auto l = [](int k) {
    int r = cilk_spawn [k] { return k; }() + 1; // expected-error {{'cilk_spawn' cannot appear inside an expression}}
    return r;
  };
  cilk_sync;
  return a + b + c + l(1) + twice(2) + (int)(n.size() + m.size());
}
