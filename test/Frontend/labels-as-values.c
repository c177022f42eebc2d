// Checks that labels as values in a Cilk procedure that spawns or syncs are
// an error at the '&&' in every parallel mode, and accepted in serial mode
// and in procedures without spawn or sync.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=indolent -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=serial -fsyntax-only -Xclang -verify=serial %s
// serial-no-diagnostics
cilk int f(int k) { return k; }

cilk int g(int k)
{
    void *l = &&done; // expected-error {{labels as values ('&&label', 'goto *p') are not supported in a Cilk procedure that spawns or syncs, except in the serial elision (-fplugin-arg-cilk-mode=serial)}}
    int x;
    x = spawn f(k);
    sync;
    goto *l;
done:
    return x;
}

cilk int leaf(int k)
{
    void *t[] = {&&a, &&b};
    goto *t[k & 1];
a:
    return 1;
b:
    return 2;
}
