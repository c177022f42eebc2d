// cilk_for's rules, each error at its place: a control variable declared in
// the header (a header of another form does not read past its `)`), a
// comparison of it, an increment of it that goes the way the
// comparison needs, no break or return out of the body (continue ends an
// iteration), and #pragma cilk grainsize right before a cilk_for.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

int a[100];

void good(int n, int *p, unsigned u)
{
    cilk_for (int i = 0; i < n; ++i)
        a[i] = i;
    cilk_for (int i = n - 1; i >= 0; i -= 2) {
        if (a[i])
            continue;
        for (int j = 0; j < 3; j++)
            if (j == 1)
                break; // leaves the inner loop only
        switch (i) {
        case 1:
            break;
        }
    }
    cilk_for (int *q = p; q != p + n; q++)
        *q = 0;
    cilk_for (unsigned i = u; 10 > i; i++)
        a[i] = 1;
#pragma cilk grainsize 16
    cilk_for (int i = 0; i < n; i++)
        a[i] = 2;
    _Cilk_for (long i = 0; i < n; i += n / 4 + 1)
        a[i] = 3;
}

void bad(int n)
{
    int k;
    cilk_for (k = 0; k < n; k++) // expected-error {{'cilk_for' needs one control variable declared and initialized in its header, as in 'cilk_for (int i = 0; i < n; ++i)'}}
        a[k] = 0;
    cilk_for (int i = 0, j = 0; i < n; i++) // expected-error {{'cilk_for' needs one control variable declared and initialized in its header}}
        a[i] = j;
    cilk_for (int i = 0; n; i++) // expected-error {{the condition of a 'cilk_for' must compare its control variable with '<', '<=', '>', '>=' or '!=', as in 'i < n'}}
        a[i] = 0;
    cilk_for (int i = 0; k < n; i++) // expected-error {{the condition of a 'cilk_for' must compare its control variable}}
        a[i] = 0;
    cilk_for (int i = 0; i < n; i *= 2) // expected-error {{the increment of a 'cilk_for' must be '++', '--', '+=' or '-=' of its control variable}}
        a[i] = 0;
    cilk_for (int i = 0; i < n; i--) // expected-error {{this 'cilk_for' never ends: its increment goes the other way from its condition}}
        a[i] = 0;
    cilk_for (int i = 0; i < n; i++) {
        if (a[i])
            break; // expected-error {{'break' cannot leave a 'cilk_for' body: its iterations run in parallel ('continue' ends one)}}
        a[i] = 1;
    }
    cilk_for (int x : a) // expected-error {{a 'cilk_for' over a range needs C++}}
        (void)x;
    cilk_for (int i = 0; i < n) // expected-error {{a 'cilk_for' header is 'T i = a; i < b; ++i', as in 'cilk_for (int i = 0; i < n; ++i)', or in C++ a range}}
        a[i] = 0;
#pragma cilk grainsize 8 // expected-warning {{'#pragma cilk grainsize' needs a number and a cilk_for right after it: ignored}}
    for (int i = 0; i < n; i++)
        a[i] = 2;
}

int returns(int n)
{
    cilk_for (int i = 0; i < n; i++)
        if (a[i])
            return i; // expected-error {{'return' cannot leave a 'cilk_for' body: its iterations run in parallel}} expected-error {{cannot return from default captured statement}}
    return 0;
}
