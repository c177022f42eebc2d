#include "cxx-shared.h"
#include <cstdio>
long in_b() { std::vector<long> v(3000, 2); W w{7}; return tsum(v.data(), (long)v.size()) + ifib(16) + w.run(11); }
int main() { std::printf("%ld %ld\n", in_a(), in_b()); }
