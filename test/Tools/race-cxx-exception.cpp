// Checks the race build on C++ exceptions (-fsanitize=cilk): it runs the
// serial elision, so a child's exception unwinds into the parent at once,
// and its hooks follow: each frame the exception leaves is done, and a
// landing pad waits for every child, as the parallel modes' pads do
// (CilkRace.cpp). So a child that writes and then throws does not race
// with the handler that reads what it wrote, nor do the children of a
// recursion that throws from a leaf, a cilk_scope left by an exception,
// a procedure called (not spawned) that throws, or a reducer updated
// around them; and a race after all of that is still found and named.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %status %t race 2>&1 | FileCheck %s
// CLEAN: caught 'bad 3' after the child wrote 7
// CLEAN: caught 'leaf 40' after 40 leaves
// CLEAN: caught 'in scope' with 2 children done
// CLEAN: caught 'called 5'
// CLEAN: sum 4950
// CLEAN: cilk race: no races found
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-cxx-exception.cpp:[[@LINE+12]]:{{[0-9]+}} in {{.*}}bump
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

static long shared;
static void bump() { shared++; }

static long wrote;
static long bad(int k) {
  wrote = 7;
  if (k == 3)
    throw std::runtime_error("bad " + std::to_string(k));
  return k;
}

static long leaves[100];
static long walk(int lo, int hi) {
  if (hi - lo == 1) {
    if (lo == 40 || lo == 70)
      throw std::runtime_error("leaf " + std::to_string(lo));
    leaves[lo] = 1;
    return lo;
  }
  int mid = lo + (hi - lo) / 2;
  long x = cilk_spawn walk(lo, mid);
  long y = walk(mid, hi);
  cilk_sync;
  return x + y;
}

static long done_children;
static void child(long *slot) { *slot = 1; }

static long called(int k) {
  long a = cilk_spawn bad(k + 1);
  cilk_sync;
  if (k == 5)
    throw std::runtime_error("called " + std::to_string(k));
  return a;
}

int main(int argc, char **argv) {
  try {
    long a = cilk_spawn bad(3);
    cilk_sync;
    std::printf("not reached %ld\n", a);
  } catch (const std::exception &e) {
    std::printf("caught '%s' after the child wrote %ld\n", e.what(), wrote);
  }

  try {
    walk(0, 100);
  } catch (const std::exception &e) {
    long n = 0;
    for (long l : leaves)
      n += l;
    std::printf("caught '%s' after %ld leaves\n", e.what(), n);
  }

  long slots[2] = {0, 0};
  try {
    cilk_scope {
      cilk_spawn child(&slots[0]);
      cilk_spawn child(&slots[1]);
      throw std::logic_error("in scope");
    }
  } catch (const std::exception &e) {
    std::printf("caught '%s' with %ld children done\n", e.what(),
                slots[0] + slots[1]);
  }

  cilk::opadd_reducer<long> sum = 0;
  for (int k = 0; k < 100; ++k) {
    try {
      cilk_spawn [&sum](int i) { sum += i; }(k);
      called(k);
    } catch (const std::exception &e) {
      std::printf("caught '%s'\n", e.what());
    }
  }
  cilk_sync;
  std::printf("sum %ld\n", (long)sum);

  if (argc > 1 && !std::strcmp(argv[1], "race")) {
    cilk_spawn bump();
    bump();
    cilk_sync;
  }
  return 0;
}
