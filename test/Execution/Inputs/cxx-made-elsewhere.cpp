// The other file of cxx-exceptions-destinations.cpp: a counting class and
// a function that makes one, or throws, out of the Cilk file's sight.
#include "cxx-made-elsewhere.h"

std::atomic<int> live;

Counted::Counted(std::string t) : s(std::move(t)) { ++live; }
Counted::Counted(const Counted &o) : s(o.s) { ++live; }
Counted::~Counted() { --live; }

static long spin(long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += i * i % 7;
  return s;
}

Strict::Strict(std::string t) : s(std::move(t)) { ++live; }
Strict::~Strict() noexcept(false) {
  if (--live < 0)
    throw 'd';
}

Strict strict_elsewhere(int k) {
  if (spin(3000 + k) >= 0 && k % 2)
    throw k;
  return Strict(std::string(k, 's'));
}

Counted made_elsewhere(int k) {
  if (spin(3000 + k) >= 0 && k % 2)
    throw k;
  return Counted(std::string(k, 'm'));
}
