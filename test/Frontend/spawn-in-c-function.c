// Checks that spawn in a C function, or outside any function, is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

int c_function(int n)
{
    int x;
    x = spawn f(n);   // expected-error {{'spawn' used in C function 'c_function': spawn may only appear in the body of a Cilk procedure}}
    spawn f(n);       // expected-error {{'spawn' used in C function 'c_function'}}
    return x;
}

int global = spawn f(1); // expected-error {{'spawn' used outside a function}} expected-error {{initializer element is not a compile-time constant}}
