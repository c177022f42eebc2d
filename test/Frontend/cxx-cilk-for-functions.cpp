// C++: a `return` in a lambda or in a member function of a local class
// inside a cilk_for body returns from that function, not from the body:
// no diagnostic (before, every `return` token in the body was rejected);
// a `return` of the body itself is still an error. A spawn may be the
// unbraced body of a range-based `for`, as of any loop, and `break` and
// `continue` there stay in that loop.
// RUN: %cilkcc -std=c++17 -fsyntax-only -Xclang -verify %s
#include <algorithm>
#include <cilk/cilk.h>
#include <vector>

long h(int i) { return i * 2; }

void lambdas(std::vector<int> &v, int *out) {
  cilk_for (int i = 0; i < 4; ++i) {
    auto sq = [](int x) { return x * x; };
    auto neg = [&](int x) -> int { return -x; };
    auto m = [=]() mutable noexcept { return i; };
    out[i] = sq(i) + neg(i) + m();
    std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
  }
  cilk_for (int i = 0; i < 4; ++i)
    out[i] = [i] { return i + 1; }();
}

void local_class(int *out) {
  cilk_for (int i = 0; i < 4; ++i) {
    struct Local {
      static int f(int x) { return x + 1; }
      int g() const {
        if (true)
          return 2;
        return 3;
      }
    };
    out[i] = Local::f(i) + Local().g();
  }
}

int own_return(int *out) {
  cilk_for (int i = 0; i < 4; ++i) {
    auto f = [] { return 1; };
    if (f())
      return i; // expected-error {{'return' cannot leave a 'cilk_for' body: its iterations run in parallel}} expected-error {{cannot return from default captured statement}}
    out[i] = 0;
  }
  return 0;
}

void range_for(std::vector<long> &w) {
  for (long &x : w)
    x = cilk_spawn h(5);
  for (long &x : w)
    cilk_spawn h((int)x);
  for (long &x : w)
    x += cilk_spawn h(1);
  cilk_sync;
}

void spawned_statement(std::vector<long> &w) {
  cilk_spawn {
    for (long &x : w) {
      if (x < 0)
        break;
      if (x == 0)
        continue;
      x = h((int)x);
    }
  }
  cilk_sync;
}
