/* sort.cpp: a parallel sort of std::vector<int> in C++ (cilk_spawn of a
 * template, a lambda and std::sort; divide-and-conquer merges, as in
 * Cilk-5's cilksort), against std::sort on one thread, and against
 * oneTBB's parallel_sort when built with -DWITH_TBB (g++ -ltbb).
 *
 *   build/bin/cilkc -O2 bench/sort.cpp -o sort            # sedative
 *   CILK_NWORKERS=2 ./sort 10000000   # std::sort, then the Cilk sort:
 *                                     # the median of 5 runs of each,
 *                                     # in seconds; checks the result
 *   g++ -O2 -DWITH_TBB -x c++ -Iinclude bench/sort.cpp -ltbb -o sort-tbb
 *   ./sort-tbb 10000000               # std::sort, then TBB's (its own
 *                                     # worker count: all CPUs)
 *
 * bench/results/2026-11-27-cxx-sort.md has the measurements. */
#include <cilk/cilk.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#ifdef WITH_TBB
#include <tbb/parallel_sort.h>
#endif

namespace {

constexpr long Leaf = 2048;  // sorted by std::sort
constexpr long Merge = 4096; // merged by std::merge

/* Merges sorted [a, a_end) and [b, b_end) into out: the larger half is
 * split at its middle, the smaller at the same value (binary search), and
 * the two halves are merged in parallel. */
template <typename T>
void merge(const T *a, const T *a_end, const T *b, const T *b_end, T *out) {
  if (a_end - a < b_end - b) {
    std::swap(a, b);
    std::swap(a_end, b_end);
  }
  if ((a_end - a) + (b_end - b) <= Merge) {
    std::merge(a, a_end, b, b_end, out);
    return;
  }
  const T *a_mid = a + (a_end - a) / 2;
  const T *b_mid = std::lower_bound(b, b_end, *a_mid);
  T *out_mid = out + (a_mid - a) + (b_mid - b);
  cilk_spawn merge(a, a_mid, b, b_mid, out);
  merge(a_mid, a_end, b_mid, b_end, out_mid);
  cilk_sync;
}

/* Sorts [lo, hi), with tmp as large: quarters sorted in parallel, merged
 * pairwise into tmp in parallel, then back. */
template <typename T> void psort(T *lo, T *hi, T *tmp) {
  long n = hi - lo;
  if (n <= Leaf) {
    std::sort(lo, hi);
    return;
  }
  long q = n / 4;
  T *q1 = lo + q, *q2 = q1 + q, *q3 = q2 + q;
  T *t1 = tmp + q, *t2 = t1 + q, *t3 = t2 + q;
  cilk_spawn psort(lo, q1, tmp);
  cilk_spawn psort(q1, q2, t1);
  cilk_spawn psort(q2, q3, t2);
  psort(q3, hi, t3);
  cilk_sync;
  cilk_spawn [&] { merge(lo, q1, q1, q2, tmp); }();
  merge(q2, q3, q3, hi, t2);
  cilk_sync;
  merge(tmp, t2, t2, tmp + n, lo);
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <typename Sort> double median_of_5(const std::vector<int> &input,
                                            Sort sort) {
  std::vector<double> times;
  for (int r = 0; r < 5; ++r) {
    std::vector<int> v = input;
    double t0 = seconds();
    sort(v);
    times.push_back(seconds() - t0);
    if (!std::is_sorted(v.begin(), v.end())) {
      std::fprintf(stderr, "sort: not sorted\n");
      std::exit(1);
    }
  }
  std::sort(times.begin(), times.end());
  return times[2];
}

} // namespace

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  std::mt19937 rng(42);
  std::vector<int> input(n);
  for (int &x : input)
    x = (int)rng();
  double ts = median_of_5(input, [](std::vector<int> &v) {
    std::sort(v.begin(), v.end());
  });
#ifdef WITH_TBB
  double tp = median_of_5(input, [](std::vector<int> &v) {
    tbb::parallel_sort(v.begin(), v.end());
  });
  const char *name = "tbb::parallel_sort";
#else
  double tp = median_of_5(input, [](std::vector<int> &v) {
    std::vector<int> tmp(v.size());
    psort(v.data(), v.data() + v.size(), tmp.data());
  });
  const char *name = "cilk sort";
#endif
  std::printf("n %ld  std::sort %.3f s  %s %.3f s  ratio %.2f\n", n, ts, name,
              tp, ts / tp);
  return 0;
}
