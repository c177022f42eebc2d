// Checks that a `spawn` that did not become a spawn operator is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

cilk int g(int n)
{
    spawn int z;      // expected-error {{'spawn' must be followed by a call of a Cilk procedure}}
    z = n;
    return z;
}

spawn int global;     // expected-error {{'spawn' must be followed by a call of a Cilk procedure}}
