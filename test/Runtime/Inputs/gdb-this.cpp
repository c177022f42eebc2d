// A member function that spawns, for gdb-cxx-this.test: under stress its
// frame is stolen, so gdb stops in its slow clone.
#include <cilk/cilk.h>
#include <cstdio>

struct S {
  int v = 7;
  int f(int d) {
    if (d == 0)
      return v;
    int a = cilk_spawn f(d - 1);
    int b = f(d - 1);
    cilk_sync;
    return a + b;
  }
};

int main() {
  S s;
  std::printf("%d\n", s.f(3));
  return 0;
}
