// OpenCilk's spelling: what it accepts, warns about and rejects, each at its
// place. Any function may be spawned (no `cilk` anywhere), the function that
// spawns may be called, and Cilk-5's words are names after <cilk/cilk.h>.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int f(int n);
void g(int *p);
int (*fp)(int);
int spawn(int sync) { return sync; } // Cilk-5's words are names here

int fib(int n)
{
    if (n < 2)
        return n;
    int x = cilk_spawn fib(n - 1);
    int y = fib(n - 2); // a call of a function that spawns
    cilk_sync;
    return x + y;
}

void forms(int *a, int i)
{
    int x = cilk_spawn f(i);
    int y;
    y = cilk_spawn f(i++);
    a[0] += cilk_spawn fp(i);
    a[i++] = cilk_spawn f(1);
    cilk_spawn g(a);
    cilk_spawn a[i++] = f(2);   // the whole statement spawned
    cilk_spawn puts("");
    _Cilk_spawn f(i);
    cilk_scope {
        cilk_spawn f(i);
        if (i)
            _Cilk_sync;
    }
    _Cilk_scope cilk_spawn f(i);
    cilk_sync;
    sync();   // the C library's sync(2)
    if (!a)
        abort(); // the C library's abort()
    a[1] = spawn(fib(3)) + x + y;
}

int scoped(int i)
{
    int x;
    cilk_scope {
        x = cilk_spawn f(i);
    }
    i += x; // after the scope's sync: no warning
    int y = cilk_spawn f(i);
    i += y; // expected-warning {{'y' is used before a sync while a spawned child may still be assigning it; add 'cilk_sync;' before this use}}
    return i; // expected-note@-2 {{the spawn that assigns 'y' is here}}
}

int misuses(int i)
{
    int x;
    if (cilk_spawn f(i)) // expected-error {{'cilk_spawn' cannot appear inside an expression: a spawn is a statement of its own, 'cilk_spawn f(args);' or 'lhs op= cilk_spawn f(args);'}}
        x = 1;
    for (int k = cilk_spawn f(i); k < 3; k++) // expected-error {{'cilk_spawn' cannot appear inside an expression}}
        ;
    f(cilk_spawn f(1)); // expected-error {{'cilk_spawn' cannot appear inside an expression}}
    x = f(cilk_spawn f(1)) + cilk_spawn f(2); // expected-error 2 {{'cilk_spawn' cannot appear inside an expression}}
    cilk_spawn x++; // expected-warning {{'cilk_spawn' is followed by something other than a call: it runs in series (spawn a call, as in 'x = cilk_spawn f(args);' or 'cilk_spawn f(args);')}}
    (void)cilk_sync; // expected-error {{'cilk_sync' must be a statement of its own: 'cilk_sync;'}}
    return cilk_spawn f(i); // expected-warning {{'cilk_spawn' in a return statement gives no parallelism: the call runs before the function returns, in series}}
}

int file_scope = cilk_spawn f(1); // expected-error {{initializer element is not a compile-time constant}} expected-error {{'cilk_spawn' used outside a function: a spawn may only appear in the body of a function}}
