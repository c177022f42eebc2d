// Checks that a spawn nested inside an expression is an error: operands,
// ternaries, call arguments, conditions, chained assignments, comma, the
// value of a statement expression.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
int use(int x) { return x; }
cilk int f(int n) { return n; }

cilk int g(int n)
{
    int x = 0, y = 0;
    x = spawn f(n) + 1;          // expected-error {{'spawn' cannot appear inside an expression: a spawn is a statement of its own}}
    x = 1 + spawn f(n);          // expected-error {{'spawn' cannot appear inside an expression}}
    x = n ? spawn f(n) : 0;      // expected-error {{'spawn' cannot appear inside an expression}}
    use(spawn f(n));             // expected-error {{'spawn' cannot appear inside an expression}}
    if (spawn f(n))              // expected-error {{'spawn' cannot appear inside an expression}}
        x++;
    while (spawn f(n) > 3)       // expected-error {{'spawn' cannot appear inside an expression}}
        n--;
    y = x = spawn f(n);          // expected-error {{'spawn' cannot appear inside an expression}}
    x = (spawn f(n), 2);         // expected-error {{'spawn' cannot appear inside an expression}}
    (void)spawn f(n);            // expected-error {{'spawn' cannot appear inside an expression}}
    for (x = spawn f(n); x < 3; x++) // expected-error {{'spawn' cannot appear inside an expression}}
        ;
    y = ({ x = spawn f(n); });    // expected-error {{'spawn' cannot appear inside an expression}}
    y = ({ spawn f(n); });        // expected-error {{'spawn' cannot appear inside an expression}}
    y = ({ x = spawn f(n); 2; }); // a statement of the statement expression
    ({ spawn f(n); (void)0; });
    sync;
    return x + y;
}
