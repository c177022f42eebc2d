// Checks that spawn of something that is not a call is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

cilk int g(int n)
{
    int x = 0;
    x = spawn n;        // expected-error {{'spawn' must be followed by a call of a Cilk procedure}}
    x = spawn (n + 1);  // expected-error {{'spawn' must be followed by a call of a Cilk procedure}}
    spawn f;            // expected-error {{'spawn' must be followed by a call of a Cilk procedure}} expected-warning {{expression result unused}}
    return x;
}
