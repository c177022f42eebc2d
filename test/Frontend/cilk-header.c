// Checks that <cilk.h> is found with nothing but -fplugin, that it is
// compatible with the injected keywords, and that `clang -E` with the header
// (no plugin) produces text that compiles with the plugin.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
// RUN: clang -E -I %cilk_include %s -o %t.i
// RUN: FileCheck --check-prefix=PP %s < %t.i
// RUN: %cilkcc -fsyntax-only -Werror=unused-value %t.i
// expected-no-diagnostics
#include <cilk.h>
#include <cilk.h>

// PP: __attribute__((__cilk__)) int f(int n)
cilk int f(int n) { return n; }

// PP: x = __extension__ f(n);
// PP: __cilk_sync;
cilk int g(int n)
{
    int x;
    x = spawn f(n);
    sync;
    return x;
}
