// Cilk-5's words in C++ (clang-plugin/CilkCxxWords.cpp): keywords where
// their construct stands (`cilk` before a declaration, `spawn` before a
// callee's name, `sync;`, `abort;`), names everywhere else and in system
// headers (<thread>, <fstream>, <cstdlib> use `thread`, `sync` and
// `abort`; OpenCilk's headers namespace `cilk`), and misuse gets C's
// errors.
// RUN: %cilkcc -std=c++17 -fsyntax-only -Xclang -verify %s
#include <cilk/opadd_reducer.h>
#include <cstdlib>
#include <string>
#include <fstream>
#include <thread>
#include <unistd.h>

// The words as names.
struct Pool {
  void spawn(int n);
  int sync();
  int abort = 0;
};
static int spawn(int k) { return k; }
namespace cilk { int answer = 42; }

int plain(int n) {
  Pool p;
  p.spawn(n);
  int sync = p.sync() + spawn(2) + cilk::answer + p.abort;
  std::thread t([] {});
  t.join();
  std::ofstream out("/dev/null");
  out.rdbuf()->pubsync();
  if (n < 0)
    std::abort();
  ::sync();
  return sync;
}

// The words as keywords.
cilk int fib(int n) {
  if (n < 2)
    return n;
  int x = spawn fib(n - 1);
  int y = spawn fib(n - 2);
  if (n > 100)
    sync;
  else {
    switch (n) {
    case 3:
      sync;
    }
  }
  sync;
  return x + y;
}

struct Tree {
  cilk long size() const;
  Tree *kid = nullptr;
};

cilk long Tree::size() const {
  long k = 0;
  if (kid)
    k = spawn kid->size();
  sync;
  return k + 1;
}

cilk int first(int n) {
  int found = -1;
  inlet void note(int r) {
    found = r;
    abort;
  }
  for (int i = 0; i < n; i++)
    note(spawn fib(i));
  sync;
  cilk::opadd_reducer<int> sum = 0;
  sum += found;
  return sum;
}

// Misuse, as in C, and an inlet's parameter that C++ would construct and
// destroy (every outstanding child's result would be made in it).
cilk Tree grow(int n) { return Tree(); }
cilk std::string name(int n) { return "x"; }
cilk int inlets(int n) {
  int k = 0;
  inlet void count(std::string s) { k += (int)s.size(); } // expected-error {{an inlet's parameter of type 'std::string' (aka 'basic_string<char>') is not supported}}
  inlet void fine(Tree t) { k += t.kid == nullptr; }
  for (int i = 0; i < n; i++) {
    count(spawn name(i));
    fine(spawn grow(i));
  }
  sync;
  return k;
}

cilk int misuse(int n) {
  int x = spawn plain(n); // expected-error {{cannot spawn C function 'plain': only procedures declared 'cilk' can be spawned}}
  sync;
  return x;
}

void c_function() {
  sync; // expected-error {{'sync' used in C function 'c_function': sync may only appear in the body of a Cilk procedure}}
}
