// Checks that spawning a C function (not declared cilk) is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <stdlib.h>
int plain(int n) { return n; }

cilk int g(int n)
{
    int x;
    x = spawn plain(n);   // expected-error {{cannot spawn C function 'plain': only procedures declared 'cilk' can be spawned}}
    x = spawn abs(n);     // expected-error {{cannot spawn C function 'abs'}}
    return x;
}

cilk int h(int (*fp)(int))
{
    int x;
    x = spawn fp(1);      // expected-error {{cannot spawn through a pointer that is not declared 'cilk'}}
    return x;
}
