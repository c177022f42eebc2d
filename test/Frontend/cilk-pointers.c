// Checks `cilk` on pointers to Cilk procedures: where it may appear, that a
// call through such a pointer needs spawn as a named procedure does, and
// that only pointers declared `cilk` may be spawned through.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
cilk int fib(int n);

typedef cilk int (*proc_ptr)(int);
typedef cilk int proc_fn(int);
typedef cilk void (*void_ptr)(void);
cilk int (*global_ptr)(int) = fib;
cilk int (*table[2])(int) = {fib, fib};
struct holder {
    cilk int (*member)(int);
    proc_ptr members[2];
};

cilk int *not_a_function;          // expected-error {{'cilk' applies only to functions (Cilk procedures) and to pointers to them}}
typedef cilk int not_a_function_t; // expected-error {{'cilk' applies only to functions (Cilk procedures) and to pointers to them}}
struct bad {
    cilk int field;                // expected-error {{'cilk' applies only to functions (Cilk procedures) and to pointers to them}}
};

int c_function(int (*plain)(int), proc_ptr p)
{
    int x = plain(1);             // a C pointer: a C call
    x += p(2);                    // C code: the procedure's C entry point
    x += global_ptr(3);
    return x;
}

cilk int uses(cilk int (*f)(int), int (*plain)(int), struct holder *h,
              proc_fn *g, void_ptr v)
{
    int x;
    x = spawn f(1);
    x = spawn (*f)(1);
    x = spawn h->member(2);
    x = spawn h->members[1](3);
    x = spawn table[0](4);
    x = spawn g(5);
    x = spawn (*fib)(6);
    spawn v();
    x = spawn plain(7);           // expected-error {{cannot spawn through a pointer that is not declared 'cilk'}}
    x = f(8);                     // expected-error {{Cilk procedure 'f' must be called with 'spawn'}}
    x = h->member(9);             // expected-error {{Cilk procedure 'member' must be called with 'spawn'}}
    x = spawn v();                // expected-error {{assigning to 'int' from incompatible type 'void'}} expected-error {{Cilk procedure 'void_ptr' returns void}}
    sync;
    return x;
}
