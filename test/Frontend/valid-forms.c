// Checks that every accepted spawn/sync form compiles without a diagnostic.
// (The forms are not a race-free program: the warning for results used
// before a sync, Frontend/unsynced-warning.c, is off.)
// RUN: %cilkcc -fplugin-arg-cilk-Wno-unsynced -fsyntax-only -Wall -Wextra -Xclang -verify %s
// expected-no-diagnostics
#include <unistd.h>

struct pair { int a; double b; };

cilk int f(int n) { return n; }
cilk double d(double x) { return x; }
cilk void v(int *p) { *p = 1; }
cilk struct pair mk(int a) { struct pair p = {a, a / 2.0}; return p; }
cilk int decl_only(int n);

cilk int forms(int n)
{
    int x = 0, y, a[4];
    double z;
    struct pair p;
    x = spawn f(n);
    x += spawn f(n);
    x -= spawn f(n);
    x *= spawn f(n);
    x |= spawn f(n);
    x ^= spawn f(n);
    x <<= spawn f(1);
    z = spawn f(n);          /* int result converted to double */
    z += spawn d(1.5);
    y = (spawn f(n));
    (x) = spawn f(n);
    a[n & 3] = spawn f(n);
    p = spawn mk(n);
    int w = spawn f(n);      /* a declaration's initializer */
    spawn f(n);              /* result discarded */
    spawn v(&y);
    spawn decl_only(n);
    if (n) spawn v(&y); else x = spawn f(n);
    for (int i = 0; i < n; i++)
        a[i & 3] = spawn f(i);
    while (n-- > 0)
        spawn v(&y);
    do x = spawn f(n); while (0);
    switch (n) {
    case 0: spawn v(&y); break;
    default: x = spawn f(n);
    }
    if (x > 100)
        goto lbl;
lbl:
    sync;
    if (x) sync;
    sync();                  /* the C library's sync(2), a plain call */
    return x + y + w + (int)z + a[0] + p.a;
}

cilk int main(int argc, char *argv[])
{
    int r;
    r = spawn forms(argc + (argv[0] != 0));
    sync;
    return r;
}
