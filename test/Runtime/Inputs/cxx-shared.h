// Inline functions, a template and a member function that spawn, defined
// in both files that include this (cxx-driver.test): each file emits their
// clones and entry points, and the linker keeps one copy.
#include <cilk/cilk.h>
#include <vector>
template <typename T> T tsum(const T *a, long n) {
  if (n < 64) { T s = 0; for (long i = 0; i < n; ++i) s += a[i]; return s; }
  T x = cilk_spawn tsum(a, n / 2);
  T y = tsum(a + n / 2, n - n / 2);
  cilk_sync;
  return x + y;
}
inline long ifib(long n) { if (n < 2) return n; long x = cilk_spawn ifib(n - 1); long y = ifib(n - 2); cilk_sync; return x + y; }
struct W { long k; long run(long n) { long a = cilk_spawn ifib(n); long b = tsum<long>(&k, 1); cilk_sync; return a + b; } };
long in_a(); long in_b();
