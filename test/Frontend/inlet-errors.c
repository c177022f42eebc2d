// Checks the diagnostics for misused inlets, abort and SYNCHED, and that
// the words stay ordinary names and calls where C code uses them.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <stdlib.h>

cilk int f(int n);
cilk void g(int n);

cilk int misuse(int n)
{
    int x = 0;
    inlet void nests(int r)
    {
        inlet void inner(int q) { x += q; } // expected-error {{an inlet cannot be defined inside another inlet}}
        x += r;
    }
    inlet void spawns(int r)
    {
        x += r;
        spawn g(r); // expected-error {{'spawn' cannot be used in an inlet: an inlet runs as one piece when its child returns}}
        sync;       // expected-error {{'sync' cannot be used in an inlet}}
    }
    inlet void leaves(int r)
    {
        while (r > 0) {
            if (r == 3)
                break;
            r--;
        }
        if (r)
            break;    // expected-error {{'break' cannot leave an inlet: use 'return;' to end it}}
        if (r > 1)
            continue; // expected-error {{'continue' cannot leave an inlet: use 'return;' to end it}}
        x += r;
    }
    inlet void two(int r, int k)
    {
        x += r * k;
    }
    nests(spawn f(1));
    spawns(spawn f(2));
    for (int i = 0; i < n; i++)
        leaves(spawn f(i));
    two(spawn f(4));          // expected-error {{inlet 'two' takes 2 arguments (the spawned procedure's result first, unless it returns void), but 1 was given}}
    two(f(5), 2);             // expected-error {{the first argument of inlet 'two' must be a spawn: 'two(spawn f(args), ...)'}}
    x = abort;                // expected-error {{'abort' must be a statement of its own: 'abort;' (or a call of the C library's 'abort()')}} expected-warning {{incompatible pointer to integer conversion}}
    sync;
    return x;
}

int file_scope = SYNCHED;     // expected-error {{'SYNCHED' used outside a function: it may only appear in a Cilk procedure or an inlet}} expected-error {{initializer element is not a compile-time constant}}

cilk int unnamed(int n)
{
    int x = 0;
    inlet void bad(int, int k) // expected-error {{inlet parameter 1 must be named}}
    {
        x += k;
    }
    x = spawn f(n);
    sync;
    return x;
}

int c_function(int inlet)
{
    int abort_after = inlet;
    if (abort_after > 3)
        abort();              // the C library's abort()
    if (SYNCHED)              // expected-error {{'SYNCHED' used in C function 'c_function': it may only appear in a Cilk procedure or an inlet}}
        abort;                // expected-error {{'abort' statement used in C function 'c_function'}}
    return inlet;
}

cilk int fine(int n)
{
    int sum = 0, last = -1;
    inlet void add(int r, int at)
    {
        if (r < 0)
            return;
        sum += r;
        last = at;
        if (SYNCHED)
            abort;
    }
    add(spawn f(n), 1);
    add(spawn f(n + 1), 2);
    sync;
    return sum + last;
}
