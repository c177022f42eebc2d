// A jump into a cilk_scope from outside it (a goto to a label inside, a
// case of a switch outside) is an error at the jump, with a note at the
// scope: it would enter the scope's sync region without its start. Jumps
// inside a scope and out of one are fine.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

void w(int);

void into(int n)
{
    if (n)
        goto in; // expected-error {{cannot jump into a 'cilk_scope' from outside it: the goto would skip the start of the scope's sync region}}
    cilk_scope { // expected-note {{the 'cilk_scope' begins here}}
        cilk_spawn w(1);
    in:
        w(2);
    }
}

void cases(int n)
{
    switch (n) {
    case 0:
        cilk_scope { // expected-note {{the 'cilk_scope' begins here}}
            cilk_spawn w(1);
        case 1: // expected-error {{cannot jump into a 'cilk_scope' from outside it: the switch would skip the start of the scope's sync region}}
            w(2);
        }
    }
}

void fine(int n)
{
    cilk_scope {
    again:
        cilk_spawn w(n);
        if (--n > 0)
            goto again;
        switch (n) {
        case 0:
            goto out;
        default:
            break;
        }
    }
out:
    cilk_scope {
        cilk_spawn w(0);
    }
}
