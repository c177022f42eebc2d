// Class results of procedures that spawn are made in place, never copied
// to another address: a std::string with a short text, or any object that
// points into itself, breaks if its bytes move. Spawned into a variable, a
// member or through the assignment operator, called from C++ code that is
// not Cilk (the C entry point hands its caller's memory to the
// computation), named return values made before a spawn or by one (`T r =
// cilk_spawn f(); cilk_sync; return r;`, also when the child throws, so
// that r was never made), and children that finish in their slow clones
// after a steal: every mode, every worker count, under stress, as the
// serial projection prints, and with no object destroyed twice. Also a
// class that keeps its own address but has a trivial destructor (Pinned),
// whose spawned declaration nothing but the plugin's annotation keeps in
// place: before, its result was made in a temporary and copied into the
// variable by its bytes, in every mode and the serial elision.
// RUN: %run-vs-elision --reference projection --repeat 2 %s | FileCheck %s
// CHECK: tree 64 xxxxx 64 ok
// CHECK: self 1 1 1
// CHECK: named 8 aaaaaaaa
// CHECK: members 81 8
// CHECK: spawned named 64 1 2646700
// CHECK: thrown 6 of 12, live 0
// CHECK: pinned 0
// CHECK: live 0
#include <cilk/cilk.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <vector>

static std::atomic<int> live;

// Points into itself, as a short std::string does.
struct Self {
  Self *self;
  int v;
  explicit Self(int v) : self(this), v(v) { ++live; }
  Self(const Self &o) : self(this), v(o.v) { ++live; }
  ~Self() {
    if (self != this)
      std::printf("moved by copying its bytes\n");
    --live;
  }
};

static void work(int) {}

struct Pinned {
  Pinned *self;
  long v;
  explicit Pinned(long v) : self(this), v(v) {}
  Pinned(const Pinned &o) : self(this), v(o.v) {}
};

static Pinned pinned(long n) {
  long s = 0;
  for (long i = 0; i < n * 100; ++i)
    s += i % 3;
  return Pinned(s);
}

static int pinned_spawns() {
  int bad = 0;
  for (int i = 0; i < 50; ++i) {
    Pinned x = cilk_spawn pinned(i);
    Pinned y = pinned(i + 1);
    cilk_sync;
    x.v += 1;
    bad += x.self != &x || x.self->v != x.v || y.self != &y;
  }
  return bad;
}

// Short and long strings, halves spawned into declarations, assigned, and
// the second half called (a spawn and a sync of its own).
static std::string tree(int n) {
  if (n == 0)
    return "x";
  std::string a = cilk_spawn tree(n - 1);
  std::string b;
  b = cilk_spawn tree(n - 1);
  std::string c = tree(n - 1);
  cilk_sync;
  return a.size() > 40 ? a.substr(0, 16) + b.substr(0, 16) + c.substr(0, 16) +
                             c.substr(0, 16)
                       : a + b + c.substr(0, c.size() / 2) +
                             c.substr(c.size() / 2);
}

static Self make(int v) {
  cilk_spawn work(v);
  cilk_sync;
  return Self(v);
}

// A named return value, made before the spawn.
static Self named_self(int v) {
  Self s(v);
  cilk_spawn work(v);
  cilk_sync;
  return s;
}

static std::string named(int n) {
  std::string s(n, 'a');
  cilk_spawn work(n);
  cilk_sync;
  return s;
}

struct Holder {
  std::string first, second;
};

static void members(Holder &h) {
  h.first = cilk_spawn tree(4);
  h.second = cilk_spawn named(8);
  cilk_sync;
}

static int spawned_self() {
  Self c = cilk_spawn make(3);
  cilk_sync;
  return c.self == &c;
}

// Named return values made by a spawn: in the caller's memory.
static std::string spawned_named(int n) {
  if (n == 0)
    return "y";
  std::string r = cilk_spawn spawned_named(n - 1);
  std::string s = spawned_named(n - 1);
  cilk_sync;
  r += s;
  return r;
}

static Self spawned_named_self(int v) {
  Self r = cilk_spawn make(v);
  cilk_spawn work(v);
  cilk_sync;
  return r;
}

static std::vector<int> range(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

static std::vector<int> ranges(int n) {
  std::vector<int> r = cilk_spawn range(n);
  std::vector<int> s = range(n + 1);
  cilk_sync;
  r.insert(r.end(), s.begin(), s.end());
  return r;
}

static Self maybe(int v) {
  cilk_spawn work(v);
  if (v % 2)
    throw v;
  cilk_sync;
  return Self(v);
}

// The child throws: r was never made, and is not destroyed.
static Self spawned_named_thrown(int v) {
  Self r = cilk_spawn maybe(v);
  Self s(v);
  cilk_sync;
  return r;
}

// Called from main, which is not Cilk: through the C entry points.
int main() {
  std::string t = tree(6);
  std::string u = tree(5);
  std::printf("tree %zu %s %zu %s\n", t.size(), t.substr(0, 5).c_str(),
              u.size(), t == tree(6) ? "ok" : "differs");
  {
    Self a = make(1);
    Self b = named_self(2);
    std::printf("self %d %d %d\n", a.self == &a, b.self == &b,
                spawned_self());
  }
  std::string n = named(8);
  std::printf("named %zu %s\n", n.size(), n.c_str());
  Holder h;
  members(h);
  std::printf("members %zu %zu\n", h.first.size(), h.second.size());
  long sum = 0;
  for (int k = 0; k < 200; ++k)
    for (int x : ranges(k))
      sum += x;
  {
    Self r = spawned_named_self(5);
    std::printf("spawned named %zu %d %ld\n", spawned_named(6).size(),
                r.self == &r, sum);
  }
  int thrown = 0;
  for (int k = 0; k < 12; ++k)
    try {
      Self r = spawned_named_thrown(k);
      if (r.v != k || r.self != &r)
        std::printf("wrong %d\n", k);
    } catch (int e) {
      thrown += e == k;
    }
  std::printf("thrown %d of 12, live %d\n", thrown, live.load());
  std::printf("pinned %d\n", pinned_spawns());
  std::printf("live %d\n", live.load());
  return 0;
}
