// Checks that sync used other than as a statement of its own is an error.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int g(int n)
{
    for (sync; n > 0; n--) // expected-error {{'sync' must be a statement of its own: 'sync;'}}
        ;
    if (sync)              // expected-error {{'sync' must be a statement of its own}}
        n++;
    return n;
}
