// C++: reducers as data members, as OpenCilk's reducer/test.cpp and bzip2
// declare them: a class template wrapping a view class (a template
// constructor, static callbacks of the template), a class with a `long`
// member updated as `n`, `this->n`, `c.n` and `p->n` (an object made with
// `new`), an ordered member (a string, appended in serial order), an
// object made in a spawned child (its constructor declares the member
// where a steal may have made other views), a destructor that returns
// early. Each constructor declares its reducer members to the runtime and
// each destructor forgets them (CilkReducers.cpp: declareMembers,
// unregisterMembers); before, a reducer member was an error. The output
// is the serial projection's in every mode, P = 1, 2, 4, 8, with and
// without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: wrapped 20100
// CHECK: counter 30000 30000 30000
// CHECK: heap 5050
// CHECK: text 0123456789012345678901234567890123456789
// CHECK: children 100000
// CHECK: destroyed 1
#include <cilk/cilk.h>

#include <cstdio>
#include <new>
#include <string>

template <typename View> struct wrapped_reducer {
  template <typename... Args> wrapped_reducer(Args... args) : leftmost(args...) {}
  ~wrapped_reducer() {}
  View &view() { return leftmost; }

private:
  static void identity(void *v) { new (v) View(); }
  static void reduce(void *l, void *r) {
    static_cast<View *>(l)->reduce(static_cast<View *>(r));
    static_cast<View *>(r)->~View();
  }
  View cilk_reducer(identity, reduce) leftmost;
};

struct Long {
  long value = 0;
  Long() {}
  Long(long v) : value(v) {}
  void reduce(Long *r) { value += r->value; }
};

static void zero(void *v) { *static_cast<long *>(v) = 0; }
static void plus(void *l, void *r) {
  *static_cast<long *>(l) += *static_cast<long *>(r);
}

struct Counter {
  long cilk_reducer(zero, plus) n;
  Counter() : n(0) {}
  ~Counter() {}
  void add(long k) { n += k; }
  void add_this(long k) { this->n += k; }
};

static void empty(void *v) { new (v) std::string(); }
static void cat(void *l, void *r) {
  *static_cast<std::string *>(l) += *static_cast<std::string *>(r);
  static_cast<std::string *>(r)->~basic_string();
}

struct Log {
  std::string cilk_reducer(empty, cat) text;
  Log() {}
  ~Log() {}
};

static int destroyed;

struct Early {
  long cilk_reducer(zero, plus) n;
  explicit Early(long v) : n(v) {}
  ~Early() {
    if (n > 0) {
      destroyed++;
      return; // the reducer is forgotten here too
    }
    destroyed += 100;
  }
};

static long count_in_child(int k) {
  Counter c; // made where a steal may have made views already
  cilk_for (int i = 0; i < 1000 * k; i++)
    c.add(1);
  return c.n;
}

int main() {
  wrapped_reducer<Long> w(100);
  cilk_for (long i = 0; i < 20000; ++i)
    ++w.view().value;
  std::printf("wrapped %ld\n", w.view().value);

  Counter c;
  cilk_for (int i = 0; i < 10000; i++) {
    c.add(1);
    c.add_this(1);
    c.n += 1;
  }
  long a = c.n;
  long b = cilk_spawn count_in_child(30);
  cilk_sync;
  std::printf("counter %ld %ld %ld\n", a, b, c.n);

  Counter *p = new Counter();
  cilk_for (int i = 1; i <= 100; i++)
    p->n += i;
  std::printf("heap %ld\n", p->n);
  delete p;

  Log log;
  cilk_for (int i = 0; i < 40; i++)
    log.text += static_cast<char>('0' + i % 10);
  std::printf("text %s\n", log.text.c_str());

  long sum = 0;
  for (int k = 1; k <= 10; k++) {
    long r = cilk_spawn count_in_child(k);
    sum += cilk_spawn count_in_child(k - 1);
    cilk_sync;
    sum += r;
  }
  std::printf("children %ld\n", sum);

  {
    Early e(0);
    cilk_for (int i = 0; i < 100; i++)
      e.n += 1;
  }
  std::printf("destroyed %d\n", destroyed);
  return 0;
}
