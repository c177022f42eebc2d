// Checks the types that flow through continuations: a value sent must be
// one C's simple assignment takes without a diagnostic, and a continuation
// (or a procedure's result address, or a missing argument) must be of the
// type of the parameter it stands for. Each mismatch is an error at the
// argument; clang's own warning about the conversion may come first.
// clang's notes on those warnings ("passing argument to parameter here")
// are not listed.
// RUN: %cilkcc -fsyntax-only -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

struct a { int v; };
struct b { int v; };
typedef int myint;
enum e { E0, E1 };

thread one(cont int k) { send_argument(k, 1); }
thread onep(cont int *k, int *p) { send_argument(k, p); }
thread sum(cont int k, int x, int y) { send_argument(k, x + y); }
thread ptr(cont int k, int *p) { send_argument(k, *p); }
thread sa(cont struct a k) { struct a v = {1}; send_argument(k, v); }
thread ul(cont unsigned long k) { send_argument(k, 1); }
thread takes_cont(cont int k, int *r) { send_argument(k, *r); }
thread tsa(cont int k, struct a v) { send_argument(k, v.v); }

// What C assigns silently is sent silently.
thread sends_ok(cont long kl, cont double kd, cont int ki, cont int *kp,
                cont int *kq, cont void *kv, cont const int *kc,
                cont _Bool kb, cont char kch, cont struct a ka,
                cont enum e ke, int n, double d, int *p, void *v,
                struct a s)
{
    send_argument(kl, n);       // int into long
    send_argument(kd, n);       // int into double
    send_argument(ki, d);       // double into int
    send_argument(kp, 0);       // a null pointer constant
    send_argument(kq, v);       // void * into int *
    send_argument(kv, p);       // int * into void *
    send_argument(kc, p);       // int * into const int *
    send_argument(kb, p);       // a pointer into _Bool
    send_argument(kch, n);      // int into char
    send_argument(ka, s);       // a struct of its own type
    send_argument(ke, n);       // int into an enum
}

thread sends_array(cont int *kp)
{
    int arr[2] = {0, 1};
    send_argument(kp, arr);     // an array decays
}

// The check of a sent value repeats none of clang's warnings about it.
thread sends_null(cont int k)
{
    send_argument(k, *(int *)0); // expected-warning {{indirection of non-volatile null pointer will be deleted}}
}

// What clang only warns about (or rejects) is an error.
thread sends_bad(cont int ki, struct a *cell)
{
    send_argument(ki, cell); // expected-warning {{incompatible pointer to integer conversion}} expected-error {{continuation 'ki' receives 'int': send_argument cannot send it a value of type 'struct a *', which C assigns to 'int' only with a cast}}
}
thread sends_bad2(cont int *kp, int n) { send_argument(kp, n); } // expected-warning {{incompatible integer to pointer conversion}} expected-error {{continuation 'kp' receives 'int *': send_argument cannot send it a value of type 'int'}}
thread sends_bad3(cont int *kp, double *dp) { send_argument(kp, dp); } // expected-warning {{incompatible pointer types}} expected-error {{continuation 'kp' receives 'int *': send_argument cannot send it a value of type 'double *'}}
thread sends_bad4(cont int *kp, unsigned *up) { send_argument(kp, up); } // expected-warning {{converts between pointers to integer types with different sign}} expected-error {{continuation 'kp' receives 'int *': send_argument cannot send it a value of type 'unsigned int *'}}
thread sends_bad5(cont int *kp, const int *cp) { send_argument(kp, cp); } // expected-warning {{discards qualifiers}} expected-error {{continuation 'kp' receives 'int *': send_argument cannot send it a value of type 'const int *'}}
thread sends_bad6(cont void (*kf)(int), void (*g)(double)) { send_argument(kf, g); } // expected-warning {{incompatible function pointer types}} expected-error {{continuation 'kf' receives 'void (*)(int)': send_argument cannot send it a value of type 'void (*)(double)'}}
thread sends_bad7(cont struct a ka, struct b sb) { send_argument(ka, sb); } // expected-error {{assigning to 'struct a' from incompatible type 'struct b'}}
thread sends_bad8(cont int ki, struct a s) { send_argument(ki, s); } // expected-error {{assigning to 'int' from incompatible type 'struct a'}}
thread sends_bad9(cont int *kp, int n)
{
    cont int *x[2];
    spawn_next onep(kp, ?x[0]);
    send_argument(x[0], n); // expected-warning {{incompatible integer to pointer conversion}} expected-error {{continuation 'x' receives 'int *': send_argument cannot send it a value of type 'int'}}
}

// A continuation passed for a continuation parameter must be one of its
// type, in spawn, spawn_next and tail_call.
thread conts_ok(cont int k, cont myint m, cont int *kp, int n)
{
    cont int x, xs[2];
    cont int *xk;
    spawn one(m);                 // a typedef of the same type
    spawn one(xs[1]);
    spawn_next sum(x, 1, ?xs[0]);
    spawn_next sum(k, ?x, 2);
    spawn_next takes_cont(?xk, &n); // a continuation as a missing argument
    spawn onep(kp, &n);
}

thread conts_bad(cont double kd, cont unsigned ku, cont long kl,
                 cont long long kll, cont struct b kb, cont char *kc,
                 cont void *kv, int n)
{
    cont int xs[2];
    spawn one(kd);     // expected-warning {{incompatible pointer types}} expected-error {{continuation parameter 'k' of thread 'one' receives 'int': its argument must be a continuation of 'int', not a continuation of 'double'}}
    spawn one(ku);     // expected-warning {{different sign}} expected-error {{its argument must be a continuation of 'int', not a continuation of 'unsigned int'}}
    spawn_next one(kl); // expected-warning {{incompatible pointer types}} expected-error {{its argument must be a continuation of 'int', not a continuation of 'long'}}
    tail_call ul(kll); // expected-warning {{incompatible pointer types}} expected-error {{continuation parameter 'k' of thread 'ul' receives 'unsigned long': its argument must be a continuation of 'unsigned long', not a continuation of 'long long'}}
    spawn sa(kb);      // expected-warning {{incompatible pointer types}} expected-error {{its argument must be a continuation of 'struct a', not a continuation of 'struct b'}}
    spawn onep(kc, &n); // expected-warning {{incompatible pointer types}} expected-error {{its argument must be a continuation of 'int *', not a continuation of 'char *'}}
    spawn onep(kv, &n); // expected-warning {{incompatible pointer types}} expected-error {{its argument must be a continuation of 'int *', not a continuation of 'void *'}}
    spawn one(xs);     // expected-warning {{incompatible pointer types}} expected-error {{its argument must be a continuation of 'int', not an array of continuations of 'int'}}
}

// A missing argument `?x` names the parameter's slot: x must be a
// continuation of the parameter's type.
thread missing_bad(cont int k)
{
    cont long xl;
    cont unsigned xu;
    cont int *xp;
    cont int xi;
    cont char *xc;
    spawn_next sum(k, ?xl, 1);   // expected-error {{parameter 'x' of thread 'sum' has type 'int': its missing argument needs a continuation of 'int', not of 'long'}}
    spawn_next sum(k, 1, ?xu);   // expected-error {{parameter 'y' of thread 'sum' has type 'int': its missing argument needs a continuation of 'int', not of 'unsigned int'}}
    spawn_next sum(k, ?xp, 1);   // expected-warning {{incompatible pointer to integer conversion}} expected-error {{its missing argument needs a continuation of 'int', not of 'int *'}}
    spawn_next ptr(k, ?xi);      // expected-warning {{incompatible integer to pointer conversion}} expected-error {{parameter 'p' of thread 'ptr' has type 'int *': its missing argument needs a continuation of 'int *', not of 'int'}}
    spawn_next ptr(k, ?xc);      // expected-warning {{incompatible pointer types}} expected-error {{its missing argument needs a continuation of 'int *', not of 'char *'}}
}

// `?` on what is no continuation says so in Cilk's words.
thread missing_not_cont(cont int k)
{
    int y = 0, ys[2] = {0, 0};
    int *p = &y;
    struct a s = {0};
    spawn_next sum(k, ?y, 1);    // expected-error {{'?' marks a missing argument and needs a continuation variable: 'y' is not one}}
    spawn_next sum(k, 1, ?ys[1]); // expected-error {{'?' marks a missing argument and needs a continuation variable: 'ys' is not one}}
    spawn_next sum(k, ?p, 1);    // expected-error {{'?' marks a missing argument and needs a continuation variable: 'p' is not one}}
    spawn_next sum(k, ?zzqq_undeclared, 1); // expected-error {{use of undeclared identifier 'zzqq_undeclared'}}
    spawn_next tsa(k, ?s);       // expected-error {{'?' marks a missing argument and needs a continuation variable: 's' is not one}} expected-error {{parameter 'v' of thread 'tsa' has type 'struct a': a missing argument must be a number or a pointer}}
}

// A Cilk procedure's result addresses: each points to a variable of the
// continuation's type.
cilk int results_ok(int n)
{
    int r, rs[2];
    myint m;
    int *p = &rs[0];
    long l;
    spawn one(&r);
    spawn one(&rs[1]);
    spawn one(p);
    spawn one(&m);
    spawn onep(&p, &n);
    spawn ul((unsigned long *)&l); // a cast says what the program means
    sync;
    return r + m;
}

cilk int results_bad(int n)
{
    long l;
    unsigned u;
    const int c = 0;
    int r;
    double d;
    spawn one(&l);          // expected-warning {{incompatible pointer types}} expected-error {{continuation parameter 'k' of thread 'one' receives 'int': its argument must be the address of a variable of type 'int' (as in '&r'), not an expression of type 'long *'}}
    spawn one(&u);          // expected-warning {{different sign}} expected-error {{not an expression of type 'unsigned int *'}}
    spawn one(&c);          // expected-warning {{discards qualifiers}} expected-error {{not an expression of type 'const int *'}}
    spawn one(r);           // expected-warning {{incompatible integer to pointer conversion}} expected-error {{not an expression of type 'int'}}
    spawn one(0);           // expected-error {{not an expression of type 'int'}}
    spawn one((void *)&r);  // expected-error {{not an expression of type 'void *'}}
    spawn sum(&d, 1, 2);    // expected-warning {{incompatible pointer types}} expected-error {{not an expression of type 'double *'}}
    sync;
    return r;
}
