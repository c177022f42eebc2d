/* fib written in Cilk-5's spelling and in OpenCilk's, in one program (the
 * spellings mix): bench/opencilk.py counts the instructions a call of each
 * costs. Cilk main spawns the one named, so that `--nproc 1` runs it on one
 * worker and nothing else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cilk long fib5(long n)
{
    long x, y;
    if (n < 2)
        return n;
    x = spawn fib5(n - 1);
    y = spawn fib5(n - 2);
    sync;
    return x + y;
}

long fib_oc(long n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib_oc(n - 1);
    long y = fib_oc(n - 2);
    cilk_sync;
    return x + y;
}

cilk int main(int argc, char *argv[])
{
    long n = argc > 2 ? atol(argv[2]) : 20, r;
    if (argc > 1 && strcmp(argv[1], "cilk5") == 0)
        r = spawn fib5(n);
    else
        r = spawn fib_oc(n);
    sync;
    printf("%ld\n", r);
    return 0;
}
