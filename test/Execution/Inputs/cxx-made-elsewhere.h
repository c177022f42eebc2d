#include <atomic>
#include <string>

extern std::atomic<int> live;

struct Counted {
  std::string s;
  explicit Counted(std::string s);
  Counted(const Counted &o);
  ~Counted();
};

// Throws k for odd k.
Counted made_elsewhere(int k);
