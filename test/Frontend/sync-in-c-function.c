// Checks that sync in a C function is an error, while a call of the C
// library's sync() is not.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <unistd.h>

void c_function(void)
{
    sync;     // expected-error {{'sync' used in C function 'c_function': sync may only appear in the body of a Cilk procedure}}
    sync();   // the C library's sync(2): fine
}
