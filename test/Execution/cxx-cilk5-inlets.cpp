// Cilk-5's inlets (with a class-typed result into a trivially copyable
// parameter), abort, `op= spawn` and SYNCHED in C++, with an
// OpenCilk reducer in the same file and the words used as names where
// they cannot be keywords (`void spawn(int)`, a variable `sync`). A
// procedure with inlets holds its frame's lock while its code runs: a
// child's exception there comes out of the sync as elsewhere (it
// deadlocked on that lock before). An inlet whose body C++ separates from
// the spawn (the statement's unwind anchor, an empty block) runs whole
// when the child returns (before, it ran in the procedure, read the
// argument before a stolen parent's child had stored it, and `longest`
// lost the longest word once in a few runs). A sedative release at a
// spawn runs that spawn's inlet before the frame is linked to its parent:
// `best`, the named return value, is then still at the caller's address
// (before, the inlet assigned the frame's unused result field, and the
// longest word was lost in a few of the 400 calls of most runs at -O2).
// Every mode, P = 1, 2, 4, 8,
// with and without stress, against the plugin's serial mode (g++ has no
// nested functions for an elision's inlets).
// RUN: %run-vs-elision --reference serial --repeat 2 %s | FileCheck %s
// CHECK: first at 7, synched 1
// CHECK: sum 285 of 10, total 285
// CHECK: longest 'zzzzzzzzz', wrong 0
// CHECK: inlet caught 'leaf 12' after 1
// CHECK: names 3 4
#include <cilk/opadd_reducer.h>
#include <cstdio>
#include <stdexcept>
#include <string>

static int spawned_by_name;
static void spawn(int k) { spawned_by_name = k; } // a name, as C++ allows

cilk int square(int i) { return i * i; }

cilk int first_at_least(int n, int bound) {
  int found = -1;
  inlet void note(int r, int i) {
    if (r >= bound && (found < 0 || i < found)) {
      found = i;
      abort;
    }
  }
  for (int i = 0; i < n; i++)
    note(spawn square(i), i);
  sync;
  // Children after the first that reached the bound may have run or not:
  // the smallest index noted is 7 whichever ran.
  return found;
}

cilk long sum_squares(int n, cilk::opadd_reducer<long> &total) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    s += spawn square(i);
    total += i * i;
  }
  sync;
  return SYNCHED ? s : -1;
}

struct Word { // an inlet's parameter: trivially copyable
  char s[16];
};

cilk Word word(int k) {
  Word w{};
  for (int i = 0; i < k; i++)
    w.s[i] = 'z';
  return w;
}

cilk std::string longest(int n) {
  std::string best;
  inlet void keep(Word w) {
    if (std::string(w.s).size() > best.size())
      best = w.s;
  }
  for (int k = 1; k <= n; k++)
    keep(spawn word(k));
  sync;
  return best;
}

cilk int leaf(int i) {
  if (i == 12)
    throw std::runtime_error("leaf " + std::to_string(i));
  return i;
}

cilk int throwing_with_inlet(int n) {
  int count = 0;
  inlet void add(int r) { count += r > 0; }
  try {
    for (int i = 0; i < n; i++)
      add(spawn leaf(i));
    sync;
  } catch (const std::exception &e) {
    std::printf("inlet caught '%s' after %d\n", e.what(), count > 0);
    return -1;
  }
  return count;
}

cilk int main() {
  int f = spawn first_at_least(20, 49);
  sync;
  std::printf("first at %d, synched %d\n", f, SYNCHED);

  cilk::opadd_reducer<long> total = 0;
  long s = spawn sum_squares(10, total);
  sync;
  std::printf("sum %ld of 10, total %ld\n", s, (long)total);

  std::string w;
  int wrong = 0;
  for (int i = 0; i < 400; i++) {
    std::string x = spawn longest(9);
    sync;
    wrong += x.size() != 9;
    w = x;
  }
  std::printf("longest '%s', wrong %d\n", w.c_str(), wrong);

  int r = spawn throwing_with_inlet(16);
  sync;
  (void)r;

  int sync = 4; // a name
  spawn(3);
  std::printf("names %d %d\n", spawned_by_name, sync);
  return 0;
}
