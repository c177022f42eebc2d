// C++ spawns (OpenCilk's spelling, any function): member functions through
// an object, a reference, a pointer, a base class and a virtual call; a
// static member; lambdas capturing by reference and by copy, a generic
// lambda and one that spawns itself; a function object; function templates
// and members of class templates; results of class type (std::string,
// std::vector) into variables, members and through an assignment
// operator; objects with destructors alive across spawns and syncs (a
// live count that must come back to 0); an argument's temporary, which a
// slow child still reads, destroyed after the child; an argument passed
// by value (a std::vector copied before the spawn, destroyed after the
// child, while the continuation changes the original); constructors and
// destructors that spawn (a derived class's too); in a loop, lambdas that
// read their captured copies late, by-value std::string arguments and
// std::string results assigned to array elements (each spawn's temporaries
// its own while the next iteration makes new ones; they shared one local
// once), and a local made before the loop that every spawn's member call
// shares; cilk_for over std::vector iterators and pointers; a mutex in the
// children. The output is the serial projection's (g++) in every mode,
// P = 1, 2, 4, 8, with and without stress, at -O0 and -O2.
// RUN: %run-vs-elision --reference projection %s | FileCheck %s
// CHECK: members 42 43 15 10 12
// CHECK: lambdas 11 12 8 3 55
// CHECK: templates 4950 4950 84
// CHECK: objects aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 2090 7 live 0
// CHECK: loops 3000 2500 2550 mutex 200
// CHECK: ctors 610 987 55 144 by-value 300 1000 dtor 5
// CHECK: loop temporaries 45 45 results 1180
// CHECK: shared object 0,6,12,18,0,6,12,18,
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

static int live; // Counted objects alive now (one strand at a time).
static std::mutex live_lock;

struct Counted {
  int v;
  explicit Counted(int v) : v(v) {
    std::lock_guard<std::mutex> g(live_lock);
    ++live;
  }
  Counted(const Counted &o) : Counted(o.v) {}
  ~Counted() {
    std::lock_guard<std::mutex> g(live_lock);
    --live;
  }
};

struct Base {
  long k = 1;
  virtual long scaled(long n) const { return n * k; }
  virtual ~Base() = default;
  long plus(long n) const { return n + k; }
};
struct Derived : Base {
  long scaled(long n) const override { return n * 5; }
};
struct Acc {
  long base = 40;
  long add(long n) {
    usleep(200);
    return base + n;
  }
  static long twice(long n) { return 2 * n; }
};

static long fib(long n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

static void members() {
  Acc a;
  Acc &r = a;
  Acc *p = &a;
  Derived d;
  Base *b = &d;
  long m1 = cilk_spawn a.add(2);
  long m2 = cilk_spawn r.add(3);
  long m3 = cilk_spawn b->scaled(3);
  long m4 = cilk_spawn d.plus(9);
  long m5 = cilk_spawn Acc::twice(6);
  long m6 = cilk_spawn p->add(-40);
  cilk_sync;
  std::printf("members %ld %ld %ld %ld %ld\n", m1, m2 + m6, m3, m4, m5);
}

struct Square {
  long operator()(long n) const { return n * n; }
};

static void lambdas() {
  long x = 0, y = 0;
  int k = 10;
  cilk_spawn [&] { x = fib(k) - 44; }();
  long z = cilk_spawn [k] { return k + 2; }();
  auto generic = [](auto v) {
    auto w = cilk_spawn [v] { return v * 2; }();
    cilk_sync;
    return w;
  };
  long g = cilk_spawn generic(4);
  long s = cilk_spawn Square{}(k / 5 + 0 * (int)y);
  std::vector<long> fibs(11);
  auto rec = [&](auto &&self, int n) -> void {
    if (n < 0)
      return;
    cilk_spawn self(self, n - 1);
    fibs[n] = fib(n);
  };
  rec(rec, 10);
  cilk_sync;
  std::printf("lambdas %ld %ld %ld %ld %ld\n", x, z, g, s - 1, fibs[10]);
}

template <typename T> static T sum(const std::vector<T> &v, size_t lo, size_t hi) {
  if (hi - lo <= 8) {
    T s = 0;
    for (size_t i = lo; i < hi; ++i)
      s += v[i];
    return s;
  }
  size_t mid = lo + (hi - lo) / 2;
  T a = cilk_spawn sum(v, lo, mid);
  T b = sum(v, mid, hi);
  cilk_sync;
  return a + b;
}

template <typename T> struct Pair {
  T first, second;
  T total() {
    T a = cilk_spawn get(first);
    T b = get(second);
    cilk_sync;
    return a + b;
  }
  static T get(T v) { return v; }
};

static void templates() {
  std::vector<long> v(100);
  std::vector<double> w(100);
  for (int i = 0; i < 100; ++i)
    v[i] = i, w[i] = i;
  long a = sum(v, 0, v.size());
  double b = sum(w, 0, w.size());
  Pair<int> p{40, 44};
  std::printf("templates %ld %.0f %d\n", a, b, p.total());
}

static std::string letters(int n) {
  usleep(300);
  return std::string(n, 'a');
}
static std::vector<long> range(long n) {
  std::vector<long> v;
  for (long i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}
static long slow_length(const std::string &s) {
  usleep(500);
  return (long)s.size();
}
struct Holder {
  std::string name;
  std::vector<long> nums;
};

static long counted_sum(int n) {
  Counted c(n); // destroyed at return, after the implicit sync
  if (n == 0)
    return 0;
  Counted d(1);
  long r = cilk_spawn counted_sum(n - 1);
  cilk_sync;
  return r + c.v * d.v;
}

static void objects() {
  Counted guard(0);
  std::string s1 = cilk_spawn letters(20);
  Holder h;
  h.name = cilk_spawn letters(24);
  h.nums = cilk_spawn range(20);
  long len = 0;
  len = cilk_spawn slow_length(std::string(7, 'x')); // the temporary outlives
  long cs = cilk_spawn counted_sum(19);              // the child
  cilk_sync;
  long t = 0;
  for (long x : h.nums)
    t += x;
  std::printf("objects %s%s %ld %ld", s1.c_str(), h.name.c_str(), t * 10 + cs,
              len);
}

static void loops() {
  std::vector<int> v(1000);
  cilk_for (auto it = v.begin(); it != v.end(); ++it)
    *it = 3;
  long t = 0;
  for (int x : v)
    t += x;
  std::vector<int> w(500, 1);
  cilk_for (int *p = w.data(); p < w.data() + w.size(); p++)
    *p += 4;
  long u = 0;
  for (int x : w)
    u += x;
  std::vector<long> z(100);
  cilk_for (std::vector<long>::iterator it = z.begin(); it < z.end(); it += 2)
    *it = 51;
  long q = 0;
  for (long x : z)
    q += x;
  long hits = 0;
  std::mutex m;
  cilk_for (int i = 0; i < 200; ++i) {
    std::lock_guard<std::mutex> g(m);
    ++hits;
  }
  std::printf("loops %ld %ld %ld mutex %ld\n", t, u, q, hits);
}

static long vsum(std::vector<long> v) {
  usleep(300);
  long s = 0;
  for (long x : v)
    s += x;
  v.clear();
  return s;
}
static long dtor_fib = 0;
struct Built {
  long a, b;
  explicit Built(long n) {
    a = cilk_spawn fib(n);
    b = fib(n + 1);
    cilk_sync;
  }
  ~Built() {
    long t = cilk_spawn fib(5);
    cilk_sync;
    dtor_fib = t;
  }
};
struct MoreBuilt : Built {
  long c;
  explicit MoreBuilt(long n) : Built(n) {
    c = cilk_spawn fib(n + 2);
    cilk_sync;
  }
};

static void ctors() {
  long by_value, first;
  {
    Built b(15);
    MoreBuilt d(10);
    std::vector<long> v(100, 3);
    by_value = cilk_spawn vsum(v); // the copy is the child's
    v[0] = 1000;
    first = v[0];
    cilk_sync;
    std::printf("ctors %ld %ld %ld %ld ", b.a, b.b, d.a, d.c);
  }
  std::printf("by-value %ld %ld dtor %ld\n", by_value, first, dtor_fib);
}

static std::atomic<long> late_sum, late_len;
static void take(std::string s) {
  usleep(200);
  late_len += (long)s.size();
}

static void loop_temporaries() {
  for (int i = 0; i < 10; ++i)
    cilk_spawn [&, i] {
      usleep(200);
      late_sum += i;
    }();
  for (int i = 0; i < 10; ++i)
    cilk_spawn take(std::string(i, 'x'));
  std::string made[40];
  for (int i = 0; i < 40; ++i)
    made[i] = cilk_spawn letters(i % 20 + 20); // results longer than SSO
  cilk_sync;
  long total = 0;
  for (const std::string &m : made)
    total += (long)m.size();
  std::printf("loop temporaries %ld %ld results %ld\n", (long)late_sum,
              (long)late_len, total);
}

// A local made before a loop, whose member each spawn of the loop calls:
// the spawns share it. In a function with many blocks after the loop
// (where LLVM's reachability search gives up) the tail once took it for a
// spawn's own temporary and freed it after the first child.
struct Scale {
  long k;
  long times(long x) const { return k * x; }
};
static void shared_object() {
  Scale by{3};
  long out[8];
  for (int i = 0; i < 8; ++i)
    out[i] = cilk_spawn by.times(i);
  cilk_sync;
  std::string s;
#define SHOW(i) if (out[i] % 2 == 0) s += std::to_string(out[i]) + ",";
  SHOW(0) SHOW(1) SHOW(2) SHOW(3) SHOW(4) SHOW(5) SHOW(6) SHOW(7)
  SHOW(0) SHOW(1) SHOW(2) SHOW(3) SHOW(4) SHOW(5) SHOW(6) SHOW(7)
#undef SHOW
  std::printf("shared object %s\n", s.c_str());
}

int main() {
  members();
  lambdas();
  templates();
  objects();
  std::printf(" live %d\n", live);
  loops();
  ctors();
  loop_temporaries();
  shared_object();
  return 0;
}
