// Spawned statements: a block, loop, `if`, `while` or `switch` after
// cilk_spawn runs in parallel with what follows it, so no jump may leave
// it (`return`, `break`, `continue` out of it are errors at the jump, and
// clang reports a `goto` to a label outside); jumps inside it are fine.
// The spawn of a non-call expression statement still runs in series, with
// a warning.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

int g(int);

int f(int n)
{
    int x = 0;
    for (int i = 0; i < n; i++) {
        cilk_spawn {
            x = g(i);
            if (x)
                break; // expected-error {{'break' cannot leave a spawned statement: it runs in parallel with what follows it}}
        }
        cilk_spawn {
            if (g(i))
                continue; // expected-error {{'continue' cannot leave a spawned statement: it runs in parallel with what follows it}}
        }
        cilk_spawn {
            if (g(i))
                return 3; // expected-error {{'return' cannot leave a spawned statement: it runs in parallel with what follows it}} expected-error {{cannot return from default captured statement}}
        }
        cilk_spawn {
            goto out; // expected-error {{use of undeclared label 'out'}}
        }
    }
out:
    cilk_spawn while (x) {
        if (g(x))
            continue;
        if (x > 9)
            break;
        x--;
    }
    cilk_spawn switch (n) {
    case 1:
        x = g(1);
        break;
    default:
        break;
    }
    cilk_spawn for (int j = 0; j < n; j++) {
        if (g(j))
            continue;
        cilk_spawn g(j);
    }
    cilk_spawn if (n) {
        x = 1;
    } else {
        x = 2;
    }
    cilk_spawn {
    }
    cilk_spawn n++; // expected-warning {{'cilk_spawn' is followed by something other than a call: it runs in series}}
    cilk_sync;
    return x;
}
