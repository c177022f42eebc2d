// Checks the warnings for a spawn's result used before a sync, and for two
// spawns into one variable whose results do not commute (`=` twice, `*=`
// and `+=`; in a loop, `=` races with itself): at the use, with a note at
// the spawn, in every mode; uses after a sync, in a return (which syncs
// first), in sizeof, after a statement that may sync, after a jump, and
// spawns whose results commute (`+=` and `-=`, `*=` twice, `+=` in a loop)
// are not warned about; -fplugin-arg-cilk-Wno-unsynced turns them off.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=serial -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-Wno-unsynced -fsyntax-only -Xclang -verify=off %s
// off-no-diagnostics
#include <stdio.h>

cilk int f(int n) { return n; }

cilk int straight(int n)
{
    int x;
    x = spawn f(n); // expected-note {{the spawn that assigns 'x' is here}}
    printf("%d\n", x); // expected-warning {{'x' is used before a sync while a spawned child may still be assigning it; add 'sync;' before this use}}
    sync;
    return x;
}

cilk int in_loop(int n)
{
    int s = 0, y;
    for (int k = 0; k < n; k++) {
        y = spawn f(k); // expected-note {{the spawn that assigns 'y' is here}}
        s += y; // expected-warning {{'y' is used before a sync}}
    }
    sync;
    return s;
}

cilk int next_iteration(int n)
{
    int s = 0, y = 0;
    for (int k = 0; k < n; k++) {
        s += y; // expected-warning {{'y' is used before a sync}}
        y = spawn f(k); // expected-note {{the spawn that assigns 'y' is here}}
    }
    sync;
    return s + y;
}

cilk int argument(int n)
{
    int x = 1;
    for (int k = 0; k < n; k++)
        x = spawn f(x); // expected-warning {{'x' is assigned by a spawn while another spawn that assigns it may still be out; which result lands last depends on the schedule: add 'sync;' between them}} expected-note {{the spawn that assigns 'x' is here}}
    sync;
    return x;
}

cilk int declared(int n)
{
    int w = spawn f(n); // expected-note {{the spawn that assigns 'w' is here}}
    int *p = &w; // expected-warning {{'w' is used before a sync}}
    sync;
    return *p;
}

cilk int twice(int n)
{
    int x;
    x = spawn f(n); // expected-note {{the spawn that assigns 'x' is here}}
    x = spawn f(2); // expected-warning {{'x' is assigned by a spawn while another spawn}}
    sync;
    return x;
}

cilk int mixed(int n)
{
    int x = 1;
    x *= spawn f(n); // expected-note {{the spawn that assigns 'x' is here}}
    x += spawn f(4); // expected-warning {{'x' is assigned by a spawn while another spawn}}
    sync;
    return x;
}

cilk int commuting(int n)
{
    int s = 0, p = 1;
    s += spawn f(n);
    s -= spawn f(1);
    p *= spawn f(2);
    p *= spawn f(3);
    for (int k = 0; k < n; k++)
        s += spawn f(k);
    sync;
    return s + p;
}

cilk int fine(int n)
{
    int x, s = 0;
    x = spawn f(n);
    s += (int)sizeof x;
    sync;
    s += x;
    for (int k = 0; k < n; k++)
        s += spawn f(k);
    sync;
    x = spawn f(1);
    if (n)
        sync;
    s += x;
    switch (n) {
    case 0:
        x = spawn f(2);
        break;
    default:
        s += x;
    }
    x = spawn f(2);
    return x + s;
}
