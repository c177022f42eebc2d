// Checks the diagnostics of continuation-passing threads: every misuse the
// compiler can see is an error at its place.
// RUN: %cilkcc -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <pthread.h>

// The keywords are names where their construct does not follow.
pthread_t thread;
int cont = 3;
struct s { int thread, cont; };
static int use_names(struct s *p) { return p->thread + p->cont + cont; }

thread sum(cont int k, int x, int y) { send_argument(k, x + y); }
thread pair(cont int k, struct s v) { send_argument(k, v.cont); }
cilk int proc(int n) { return n; }
int plain(int n) { return n; }

thread int typed(cont int k) { send_argument(k, 1); } // expected-error {{a thread has no return type}}

thread returns(cont int k)
{
    send_argument(k, 1);
    return 2; // expected-error {{a thread returns no value}} expected-warning {{should not return a value}}
}

thread twice(cont int k)
{
    send_argument(k, 1);
    send_argument(k, 2); // expected-error {{continuation 'k' is sent twice}} expected-note@-1 {{sent here first}}
}

thread branches(cont int k, int n)
{
    if (n)
        send_argument(k, 1);
    else
        send_argument(k, 2);
}

thread waits(cont int k)
{
    sync; // expected-error {{'sync' used in thread 'waits': a thread never waits}}
    send_argument(k, 0);
}

thread misuse(cont int k, int n)
{
    cont int x, y;
    int *p = &n;
    spawn_next sum(k, ?x, ?p);       // expected-error {{'?' marks a missing argument and needs a continuation variable}}
    spawn_next sum(k, ?x, plain(?y)); // expected-error {{a missing argument '?x' must be a whole argument of 'spawn_next'}}
    tail_call sum(k, ?x, 1);         // expected-error {{'tail_call' runs the thread now: it cannot have missing arguments}}
    spawn_next plain(n);             // expected-error {{'spawn_next' needs a thread: 'plain' is not declared 'thread'}}
    spawn sum(p, 1, 2);              // expected-error {{the argument for continuation parameter 'k' of thread 'sum' must be a continuation}}
    spawn proc(n);                   // expected-error {{a thread cannot spawn Cilk procedure 'proc'}}
    sum(k, 1, 2);                    // expected-error {{thread 'sum' must be started with 'spawn', 'spawn_next' or 'tail_call'}}
    send_argument(p, 1);             // expected-error {{send_argument needs a continuation}}
    cont struct s v;
    spawn_next pair(k, ?v);          // expected-error {{parameter 'v' of thread 'pair' has type 'struct s': a missing argument must be a number or a pointer}}
}

cilk int procedure(int n)
{
    int r;
    cont int x;                      // expected-error {{continuation 'x' declared outside a thread}}
    spawn sum(&r, n, 1);
    spawn_next sum(&r, 1, 2);        // expected-error {{'spawn_next' may only appear in a thread}}
    sync;
    return r + use_names(0);
}

int c_function(cont int k)           // expected-error {{continuation 'k' declared outside a thread}}
{
    send_argument(k, 1);             // expected-error {{'send_argument' may only appear in a thread}}
    spawn sum(k, 1, 2);              // expected-error {{'spawn' used in C function 'c_function'}}
    return 0;
}

// Vectors in closures: `T v[N]` takes the array, `T v[]` cilk_vector(p, n).
thread fixed(cont int k, int v[4]) { send_argument(k, v[0]); }
thread any(cont int k, int n, int v[]) { send_argument(k, v[n - 1]); }

thread vectors(cont int k, int *p)
{
    int a[4] = {1, 2, 3, 4};
    cont int x, y;
    cont int *vv;
    spawn fixed(k, a);
    spawn any(k, 2, cilk_vector(p, 2));
    spawn any(k, 2, p);              // expected-error {{vector parameter 'v' of thread 'any' has no fixed length: pass 'cilk_vector(p, n)', the n elements at p}}
    spawn fixed(k, cilk_vector(a, 4)); // expected-error {{vector parameter 'v' of thread 'fixed' has 4 elements: pass the array itself, not 'cilk_vector'}}
    spawn_next any(x, 1, ?vv);       // expected-error {{vector parameter 'v' of thread 'any' is missing element by element: '?x' needs an array of continuations of 'int', one per element (declared 'cont T x[n]')}}
    spawn_next sum(y, 1, *cilk_vector(p, 1)); // expected-error {{'cilk_vector' may only be the argument of a thread's vector parameter (declared 'T v[]') in 'spawn', 'spawn_next' or 'tail_call'}}
    tail_call any(k, 1, cilk_vector(p, 1));
}

// Vectors left empty, filled element by element: `?x` with x an array of
// continuations of the element type, as long as a fixed-length vector.
thread staged(cont int k, int n)
{
    cont int x4[4], x3[3], xn[n], xs[2], y4[4];
    cont long xl[4];
    cont int x2d[2][4];
    spawn_next fixed(k, ?x4);
    spawn_next any(x3[0], 3, ?xn);
    spawn_next fixed(x3[1], ?x2d[1]);
    spawn_next fixed(y4[0], ?x3);    // expected-error {{vector parameter 'v' of thread 'fixed' has 4 elements: its missing argument needs an array of exactly 4 continuations}}
    spawn_next fixed(y4[1], ?xn);    // expected-error {{vector parameter 'v' of thread 'fixed' has 4 elements: its missing argument needs an array of exactly 4 continuations}}
    spawn_next fixed(y4[2], ?xl);    // expected-error {{vector parameter 'v' of thread 'fixed' has elements of type 'int': its missing argument needs continuations of 'int', not of 'long'}} expected-warning {{incompatible pointer types}}
    spawn_next any(y4[3], 2, ?x2d);  // expected-error {{vector parameter 'v' of thread 'any' has elements of type 'int': its missing argument needs continuations of 'int', not of 'int *[4]'}} expected-warning {{incompatible pointer types}}
    spawn_next sum(x3[2], 1, ?xs);   // expected-error {{'?x' names an array of continuations, which only a vector parameter ('T v[N]' or 'T v[]') of the thread takes: parameter 'y' of thread 'sum' is not one}} expected-warning {{incompatible pointer to integer conversion}}
    tail_call fixed(k, ?x4);         // expected-error {{'tail_call' runs the thread now: it cannot have missing arguments}}
}
