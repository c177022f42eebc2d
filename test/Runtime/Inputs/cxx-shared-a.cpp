#include "cxx-shared.h"
long in_a() { std::vector<long> v(1000, 1); W w{5}; return tsum(v.data(), (long)v.size()) + ifib(15) + w.run(10); }
