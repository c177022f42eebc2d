// Checks a variadic Cilk procedure that neither spawns nor syncs but has
// loops: valid Cilk-5, compiled in every mode. The lazy modes once
// rejected it ("cannot take variable arguments") because a loop's poll
// counted as a suspend point; a variadic frame cannot be released, so
// its loops do not poll.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: sums 15 150 5050
// CHECK: exit status 0
#include <stdarg.h>
#include <stdio.h>

cilk long sum(int n, ...)
{
    va_list ap;
    long s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long);
    va_end(ap);
    return s;
}

cilk long count(int n, ...)
{
    long s = 0;
    for (int i = 1; i <= n; i++)
        s += i;
    return s;
}

cilk int main(void)
{
    long a, b, c;
    a = spawn sum(5, 1L, 2L, 3L, 4L, 5L);
    b = spawn sum(3, 50L, 50L, 50L);
    c = spawn count(100, 0);
    sync;
    printf("sums %ld %ld %ld\n", a, b, c);
    return 0;
}
