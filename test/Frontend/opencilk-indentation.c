// clang's -Wmisleading-indentation around the keywords the plugin rewrites
// (cilk_for, a spawned block): a keyword that starts its line after an
// `if`, `else` or `while` body is no part of it (no warning, as for a
// plain `for`), one written on the body's line still draws the warning.
// RUN: %cilkcc -fsyntax-only -Wmisleading-indentation -Xclang -verify %s
#include <cilk/cilk.h>

void g(int);

void f(int n, int r)
{
    if (r == 2)
        g(0);
    else
        g(1);
    cilk_for (int k = 0; k < n; k++) {
        g(k);
    }
    if (r == 3)
        g(0);
    cilk_spawn {
        g(3);
    }
    while (r--)
        g(0);
    cilk_for (int k = 0; k < n; k++) g(k);
    if (r == 4) // expected-note {{previous statement is here}}
        g(0); cilk_for (int k = 0; k < n; k++) g(k); // expected-warning {{misleading indentation; statement is not part of the previous 'if'}}
    cilk_sync;
}
