// Checks that setjmp and its relatives in a Cilk procedure that spawns or
// syncs draw a warning at the call, naming what was written, in every
// parallel mode; none in serial mode, in procedures without spawn or sync,
// or in C functions.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=indolent -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=serial -fsyntax-only -Xclang -verify=serial %s
// serial-no-diagnostics
#include <setjmp.h>

static jmp_buf jb;
static sigjmp_buf sjb;

cilk int leaf(int k) { return k; }

cilk int spawns(int n)
{
    int x = 0;
    if (setjmp(jb) == 0) { // expected-warning {{'setjmp' in a Cilk procedure that spawns or syncs: a longjmp back to it across a spawn or a sync is not supported in the parallel modes (the frame may have been stolen or released and resumed on another stack)}}
        x = spawn leaf(n);
        sync;
    }
    return x;
}

cilk int syncs(int n)
{
    if (sigsetjmp(sjb, 1)) // expected-warning {{'sigsetjmp' in a Cilk procedure}}
        return 1;
    sync;
    return n;
}

cilk int no_spawn(int n)
{
    return setjmp(jb) ? 0 : n;
}

int c_function(void)
{
    return _setjmp(jb);
}
