/* A reducer in a program whose main is a Cilk procedure: views exist only
 * where steals made them necessary, and each is reduced once. An
 * uninitialized local reducer starts as its identity. */
#include <stdio.h>
#include <stdlib.h>

static void zero(void *v) { *(long *)v = 0; }
static void add(void *l, void *r) { *(long *)l += *(long *)r; }
static void one(void *v) { *(long *)v = 1; }
static void mul(void *l, void *r) { *(long *)l = *(long *)l * *(long *)r % 1000003; }

long cilk_reducer(zero, add) calls;

cilk long fib(int n)
{
    calls += 1;
    if (n < 2)
        return n;
    long x = spawn fib(n - 1);
    long y = spawn fib(n - 2);
    sync;
    return x + y;
}

cilk int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    long f = spawn fib(n);
    calls += 1; /* under stress, eager mode steals this continuation */
    sync;
    long cilk_reducer(one, mul) product; /* no initializer: the identity, 1 */
    long cilk_reducer(zero, add) uninit;
    cilk_for (int i = 1; i <= 1000; i++) {
        product = product * (i % 7 + 1) % 1000003;
        uninit += i % 2;
    }
    printf("fib %ld calls %ld product %ld uninit %ld\n", f, calls, product,
           uninit);
    return 0;
}
