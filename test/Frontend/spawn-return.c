// Checks that `return spawn f();` is an error with a hint.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

cilk int g(int n)
{
    return spawn f(n); // expected-error {{cannot return the result of a spawn directly: write 'x = spawn f(args); sync; return x;'}}
}
