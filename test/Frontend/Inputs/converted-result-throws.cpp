#include <cilk/cilk.h>
#include <string>
static const char *name(int k) { return k ? "yes" : "no"; }
int main() {
  std::string s;
  s = cilk_spawn name(1);
  cilk_sync;
  return (int)s.size();
}
