// Checks that Cilk-5 inlets draw no warning under -Wall -Wextra: the
// label an inlet's early `return` jumps to is used also when no inlet
// returns early (it drew -Wunused-label before).
// RUN: %cilkcc -Wall -Wextra -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
cilk int fib(int n) { return n < 2 ? n : n - 1; }

cilk int first(int n)
{
    int found = -1;
    inlet void note(int r, int i)
    {
        if (found < 0 && r > 3) {
            found = i;
            abort;
        }
    }
    inlet void early(int r)
    {
        if (r < 0)
            return;
        found += 0;
    }
    for (int i = 0; i < n; i++)
        note(spawn fib(i), i);
    early(spawn fib(n));
    sync;
    return found;
}
