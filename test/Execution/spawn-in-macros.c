// Checks spawns written in macros: in a macro's body, in a macro's argument
// (once and twice in the expansion, passed on through a second macro, in a
// loop's body). A spawn in an argument was once rejected ("'spawn'
// must be followed by a call of a Cilk procedure"): its word was looked up
// in the wrong buffer.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: body 7 once 3 twice 10 nested 12 loop 45
// CHECK: exit status 0
#include <stdio.h>

cilk long f(long n) { return n; }

#define SPAWN_F(x, n) x += spawn f(n)
#define ONCE(stmt) { stmt; }
#define TWICE(stmt) { stmt; stmt; }
#define OUTER(stmt) TWICE(stmt)
#define FOR_EACH(i, n, stmt) for (int i = 0; i < (n); i++) { stmt; }

cilk int main(void)
{
    long body = 0, once = 0, twice = 0, nested = 0, loop = 0;
    SPAWN_F(body, 3);
    SPAWN_F(body, 4);
    ONCE(once = spawn f(3));
    TWICE(twice += spawn f(5));
    OUTER(nested += spawn f(6));
    FOR_EACH(i, 10, loop += spawn f(i));
    sync;
    printf("body %ld once %ld twice %ld nested %ld loop %ld\n", body, once,
           twice, nested, loop);
    return 0;
}
