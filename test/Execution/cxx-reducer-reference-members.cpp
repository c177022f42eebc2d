// C++: a reducer reached through a data member declared as a reference to
// one (`struct Counter { cilk::opadd_reducer<long> &sum; }`, a logger
// holding `cilk::ostream_reducer<char> &os`, a member of a lambda's
// captured object) is the reducer: each use is the current view, as for a
// reference parameter. Before, such a use was the reducer's leftmost view
// itself, updated by every strand at once: lost counts and garbled,
// reordered lines (clang-plugin/CilkReducers.cpp: referenceMemberReducer).
// The output is the serial projection's in every mode, P = 1, 2, 4, 8,
// with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: count 832040 loop 200000 log 1275 lines 157 hash 3911ff6af28f55e5 first [enter 50] last [leave 50]
#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cilk/ostream_reducer.h>

#include <cstdio>
#include <sstream>
#include <string>

struct Counter {
  cilk::opadd_reducer<long> &sum;
  void count(int n) {
    if (n < 2) {
      sum += n;
      return;
    }
    cilk_spawn count(n - 1);
    count(n - 2);
    cilk_sync;
  }
};

struct Ctx {
  cilk::opadd_reducer<long> &r;
};

struct Logger {
  cilk::ostream_reducer<char> &os;
  void log(int depth, const std::string &what) {
    os << std::string(depth, ' ') << what << '\n';
  }
  void tree(int depth, int n) {
    log(depth, "enter " + std::to_string(n));
    if (n > 1) {
      cilk_spawn tree(depth + 1, n / 2);
      log(depth, "mid " + std::to_string(n));
      tree(depth + 1, n - n / 2 - 1);
      cilk_sync;
    }
    log(depth, "leave " + std::to_string(n));
  }
};

int main() {
  cilk::opadd_reducer<long> total = 0;
  Counter c{total};
  c.count(30);

  cilk::opadd_reducer<long> loop = 0;
  Ctx ctx{loop};
  cilk_for (int i = 0; i < 100000; ++i)
    ctx.r += 2;

  std::ostringstream text;
  cilk::ostream_reducer<char> out(text);
  Logger logger{out};
  logger.tree(0, 50);
  cilk::opadd_reducer<long> sizes = 0;
  Ctx sized{sizes};
  cilk_for (int i = 0; i < 50; ++i)
    [&] { sized.r += i + 1; }();
  std::string s = text.str();
  long lines = 0;
  unsigned long hash = 14695981039346656037ul; // FNV-1a of the whole log
  for (char ch : s) {
    lines += ch == '\n';
    hash = (hash ^ (unsigned char)ch) * 1099511628211ul;
  }
  std::string first = s.substr(0, s.find('\n'));
  std::string last = s.substr(s.rfind('\n', s.size() - 2) + 1);
  last.pop_back();
  std::printf("count %ld loop %ld log %ld lines %ld hash %lx first [%s] "
              "last [%s]\n",
              (long)total, (long)loop, (long)sizes, lines, hash, first.c_str(),
              last.c_str());
  return 0;
}
