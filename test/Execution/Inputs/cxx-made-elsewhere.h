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

// A class whose destructor may throw (so that C++ invokes it).
struct Strict {
  std::string s;
  explicit Strict(std::string s);
  ~Strict() noexcept(false);
};

// Throws k for odd k.
Strict strict_elsewhere(int k);
