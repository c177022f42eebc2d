// Checks that the race build sees a spawn's temporaries as the parallel
// modes make them: a lambda or an object passed to the child lives until
// the child is done, not just until the call returns (its end of lifetime
// after a spawned invoke, or after one made a call, once looked like a
// write in parallel with the child), and in a loop each spawn's
// temporaries are its own (an argument's copy the next iteration makes
// again in the same local once looked like a write in parallel with the
// previous child's read). A race through memory the temporaries point to
// is still found. At -O0 and -O2 (lifetime markers).
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O2 %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %status %t race 2>&1 | FileCheck %s
// RUN: %cilkc -fsanitize=cilk -O0 %s -o %t0
// RUN: %t0 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN: 4 37 54 26 35 cilk race: no races found
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-cxx-temporaries.cpp:[[@LINE+24]]:{{[0-9]+}} in Sink::put
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-cxx-temporaries.cpp:[[@LINE+22]]:{{[0-9]+}} in Sink::put
// CHECK: cilk race: 1 race found
// CHECK: status 66
#include <cilk/cilk.h>
#include <cstdio>
#include <cstring>
#include <string>

static long lf(long k) { return k * 3; }
static std::string text(long k) { return std::string(k + 20, 'a'); }

struct Obj {
  long v;
  explicit Obj(long v) : v(v) {}
  Obj(const Obj &o) : v(o.v) {}
  ~Obj() {}
};
static long use(Obj o) { return o.v * 7 + 1; }
static long length(std::string s) { return (long)s.size(); }

struct Sink {
  long *to;
  void put(long x) const { *to += x; }
};

int main(int argc, char **argv) {
  long n = argc + 1, s = argc + 5;
  std::string s3 = cilk_spawn text(s);
  long v = cilk_spawn [=](long k) { return lf(k) ^ (s ^ n); }(s % 3);
  cilk_sync;
  long a[3], b[3];
  for (int i = 0; i < 3; ++i)
    a[i] = cilk_spawn use(Obj(i + argc));
  for (int i = 0; i < 3; ++i)
    b[i] = cilk_spawn length(s3 + std::string(i, 'x'));
  cilk_sync;
  long shared = 0;
  bool race = argc > 1 && !std::strcmp(argv[1], "race");
  for (int i = 0; i < 2; ++i)
    if (race)
      cilk_spawn Sink{&shared}.put(i);
  cilk_sync;
  std::printf("%ld %ld %ld %ld %ld ", v, a[1] + a[2], b[0] + b[2],
              (long)s3.size(), a[0] + b[1] + shared);
  std::fflush(stdout);
  return 0;
}
