// Checks that spawn and sync written inside a user's macros are recognized
// and checked like any other.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#define SPAWN_INTO(x, call) x = spawn call
#define JOIN sync
#define BAD(call) (spawn call + 1)

cilk int f(int n) { return n; }

cilk int g(int n)
{
    int x, y;
    SPAWN_INTO(x, f(n));
    JOIN;
    y = BAD(f(n)); // expected-error {{'spawn' cannot appear inside an expression}}
    return x + y;
}
