// A cilk_for over a range, `cilk_for (auto &x : v)` (C++): an array or a
// range with random-access iterators is accepted; another range gets one
// clear error first (what the loop's arithmetic says after it is the
// rewriting's); a header that is neither form is an error that does not
// read past its `)` (the loop after it is still checked); break and return
// may not leave the body, as in any cilk_for.
// RUN: %cilkcc -std=c++20 -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <cilk/cilk.h>
#include <list>
#include <vector>

namespace geo {
struct Pts { int d[4]; };
int *begin(Pts &p) { return p.d; }
int *end(Pts &p) { return p.d + 4; }
} // namespace geo

template <class C> void fill(C &c) {
  cilk_for (auto &x : c)
    x = 1;
}

void good(std::vector<int> &v, geo::Pts &p) {
  int a[8];
  cilk_for (int &x : a)
    x = 0;
  cilk_for (auto &x : p) // begin(p) and end(p) by argument-dependent lookup
    x = 0;
  cilk_for (int x : {1, 2, 3}) {
    if (x == 2)
      continue;
    v[0] += 0;
  }
  cilk_for (std::vector<int> w(4); int &x : w) // C++20: an init-statement
    x = 0;
  fill(v);
  fill(a);
}

void bad(std::list<int> &l, int *q, int n) {
  // expected-error@+2 {{a 'cilk_for' over a range needs an array or a range with random-access iterators}}
  // expected-error@+1 2 {{invalid operands to binary expression}}
  cilk_for (int &x : l)
    x = 0;
  // expected-error@+2 {{a 'cilk_for' over a range needs an array or a range with random-access iterators}}
  // expected-error@+1 2 {{invalid operands to binary expression}}
  cilk_for (int x : q)
    (void)x;
  cilk_for (int i = 0; i < n) // expected-error {{a 'cilk_for' header is 'T i = a; i < b; ++i', as in 'cilk_for (int i = 0; i < n; ++i)', or in C++ a range, as in 'cilk_for (auto &x : v)'}}
    q[i] = 0;
  cilk_for (int i = 0; i < n; ++i; ) // expected-error {{a 'cilk_for' header is}}
    q[i] = 0;
  cilk_for (int i = 0; i < n; i *= 2) // expected-error {{the increment of a 'cilk_for' must be}}
    q[i] = 0;
}

void leaves(std::vector<int> &v) {
  cilk_for (int &x : v) {
    if (x)
      break; // expected-error {{'break' cannot leave a 'cilk_for' body}}
  }
  cilk_for (int &x : v) {
    if (x)
      return; // expected-error {{'return' cannot leave a 'cilk_for' body}} expected-error {{cannot return from default captured statement}}
  }
}
