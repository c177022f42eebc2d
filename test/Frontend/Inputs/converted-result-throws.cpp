#include <cilk/cilk.h>
#include <any>
#include <string>
static const char *name(int k) { return k ? "yes" : "no"; }
static std::string text(int k) { return std::string(40, 'a' + k); }
int assigned() {
  std::string s;
  s = cilk_spawn name(1);
  cilk_sync;
  return (int)s.size();
}
int declared() {
  std::string d = cilk_spawn name(0);
  cilk_sync;
  return (int)d.size();
}
int in_memory() {
  std::any a;
  a = cilk_spawn text(2);
  cilk_sync;
  return a.has_value();
}
int main() { return assigned() + declared() + in_memory(); }
