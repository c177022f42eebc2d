// Checks that after clang's own error inside a spawn the plugin adds no
// second, misleading error, and that it does not crash on the broken AST.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int f(int n) { return n; }

cilk int g(int n)
{
    int x;
    x = spawn f(undeclared);  // expected-error {{use of undeclared identifier 'undeclared'}}
    x = spawn f(n, 3);        // expected-error {{too many arguments to function call}} expected-note@4 {{'f' declared here}}
    x = spawn nosuch(n);      // expected-warning {{call to undeclared function 'nosuch'}}
    static cilk int inner;    // expected-error {{'cilk' applies only to functions (Cilk procedures) and to pointers to them}}
    sync;
    return x;
}
