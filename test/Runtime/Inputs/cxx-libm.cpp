// A C++ program that needs the math library, as clang++ would link it
// (cxx-driver.test).
#include <cilk/cilk.h>
#include <cmath>
#include <cstdio>
static double grow(int c) { return std::exp((double)c); }
int main(int argc, char **) {
  double x = cilk_spawn grow(argc);
  cilk_sync;
  std::printf("%.3f\n", x);
  return 0;
}
