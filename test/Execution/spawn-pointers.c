// Checks spawns through pointers to Cilk procedures in every mode: a
// parameter, a typedef of the pointer and of the function type, arrays and
// struct members of such pointers, (*f)(x), a pointer returned by a call,
// a procedure that spawns itself through a table, and a pointer that leads
// to a procedure without spawns or to a C function (called as it is).
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: self 6765 table 2584 21 typedef 610 twice 1974 30 array 324 pick 89 c 14
// CHECK: exit status 0
#include <stdio.h>

cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

cilk int triple(int n) { return 3 * n; }

static int twice_c(int n) { return 2 * n; }

typedef cilk int (*proc_ptr)(int);
typedef cilk int proc_fn(int);

struct ops {
    cilk int (*apply)(int n, struct ops *self);
    proc_ptr table[2];
};

cilk int self_fib(int n, struct ops *o)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn o->apply(n - 1, o);
    y = spawn (*o->apply)(n - 2, o);
    sync;
    return x + y;
}

cilk int twice(cilk int (*f)(int), int n)
{
    int a, b;
    a = spawn f(n);
    b = spawn (*f)(n);
    sync;
    return a + b;
}

static proc_ptr pick(int i) { return i ? fib : triple; }

cilk int main(void)
{
    struct ops o = {self_fib, {fib, triple}};
    proc_fn *g = fib;
    cilk int (*arr[3])(int) = {fib, triple, fib};
    cilk int (*c)(int) = twice_c;
    int self, t0, t1, ty, tw0, tw1, sum = 0, pk, cc, i;

    self = spawn o.apply(20, &o);
    t0 = spawn o.table[0](18);
    t1 = spawn o.table[1](7);
    ty = spawn g(15);
    tw0 = spawn twice(fib, 16);
    tw1 = spawn twice(triple, 5);
    pk = spawn pick(1)(11);
    cc = spawn c(7);
    sync;
    for (i = 0; i < 3; i++) {
        int t;
        t = spawn arr[i](12);
        sync;
        sum += t;
    }
    printf("self %d table %d %d typedef %d twice %d %d array %d pick %d c %d\n",
           self, t0, t1, ty, tw0, tw1, sum, pk, cc);
    return 0;
}
