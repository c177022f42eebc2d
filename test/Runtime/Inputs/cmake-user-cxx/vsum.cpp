#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static long total(const std::vector<long> &v, size_t lo, size_t hi) {
  if (hi - lo < 64) {
    long s = 0;
    for (size_t i = lo; i < hi; ++i)
      s += v[i];
    return s;
  }
  size_t mid = lo + (hi - lo) / 2;
  long a = cilk_spawn total(v, lo, mid);
  long b = total(v, mid, hi);
  cilk_sync;
  return a + b;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 100;
  std::vector<long> v(n);
  cilk_for (long i = 0; i < n; ++i)
    v[i] = i;
  cilk::opadd_reducer<long> r = 0;
  cilk_for (auto it = v.begin(); it != v.end(); ++it)
    r += *it;
  std::string s = "sum " + std::to_string(total(v, 0, v.size()));
  std::printf("%s, reducer %ld\n", s.c_str(), (long)r);
  return 0;
}
