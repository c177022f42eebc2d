// Checks that calling a Cilk procedure without spawn is an error in a Cilk
// procedure, and a call of its C entry point in a C function (a C main
// calling a Cilk procedure of its own file).
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

cilk int g(int n)
{
    int x;
    x = f(n);                 // expected-error {{Cilk procedure 'f' must be called with 'spawn'}}
    f(n);                     // expected-error {{Cilk procedure 'f' must be called with 'spawn'}}
    x = spawn f(f(n));        // expected-error {{Cilk procedure 'f' must be called with 'spawn'}}
    return x;
}

int c_function(int n)
{
    return f(n) + 1;          // C code: f's C entry point
}
