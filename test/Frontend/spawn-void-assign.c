// Checks that assigning the result of a void Cilk procedure is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk void v(int n) { }

cilk int g(int n)
{
    int x;
    x = spawn v(n);   // expected-error {{Cilk procedure 'v' returns void; the result of its spawn cannot be assigned}} expected-error {{assigning to 'int' from incompatible type 'void'}}
    x += spawn v(n);  // expected-error {{Cilk procedure 'v' returns void}} expected-error {{invalid operands to binary expression}}
    spawn v(n);       // fine: the result is not used
    return 0;
}
