// C++98: <cilk/cilk.h> and the plugin's injected headers compile (the
// range cilk_for's helpers are C++11 only), spawns and cilk_for over
// integers work, and a cilk_for over a range is an error that says it
// needs C++11 (a range-based for is C++11).
// RUN: %cilkcc -std=c++98 -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>
#include <vector>

int fib(int n) {
  if (n < 2)
    return n;
  int a = cilk_spawn fib(n - 1);
  int b = fib(n - 2);
  cilk_sync;
  return a + b;
}

void fill(std::vector<int> &v) {
  cilk_for (int i = 0; i < (int)v.size(); ++i)
    v[i] = fib(i % 10);
  cilk_for (int x : v) // expected-error {{a 'cilk_for' over a range needs C++11}}
    (void)x;
}
