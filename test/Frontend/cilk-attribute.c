// Checks misuse of the `cilk` keyword itself.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int x;                    // expected-error {{'cilk' applies only to functions (Cilk procedures) and to pointers to them}}

int f(int n);                  // expected-note {{previous declaration is here}}
cilk int f(int n) { return n; } // expected-error {{'f' was first declared as a C function; a Cilk procedure must be declared 'cilk' on its first declaration}}

cilk int g(int n);
int g(int n) { return n; }     // still a Cilk procedure: cilk is inherited

int __attribute__((__cilk__(3))) h(void); // expected-error {{'__cilk__' attribute takes no arguments}}

int c(void)
{
    return g(1);               // a C function calls g's C entry point
}
