/* A program whose work moves between the processes of a distributed job:
 * a portable procedure (walk) whose leaves call a C function (leaf), and
 * portable threads (tree, add). dist-same-program.test builds copies whose
 * leaf code differs (`s += 2` for `s++`, `send_argument(k, 2)` for 1):
 * same frames, same closures, same names, other answers. */
#include <stdio.h>

static long leaf(long n)
{
    unsigned long h = (unsigned long)n;
    long s = 0;
    for (long i = 0; i < n; i++) {
        h = h * 6364136223846793005ul + 1442695040888963407ul;
        if (h >> 63)
            s++;
    }
    return s;
}

cilk long walk(int depth, long n)
{
    if (depth == 0)
        return leaf(n);
    long a, b;
    a = spawn walk(depth - 1, n);
    b = spawn walk(depth - 1, n + depth);
    sync;
    return a + b;
}

thread add(cont long k, long a, long b)
{
    send_argument(k, a + b);
}

thread tree(cont long k, int depth)
{
    if (depth == 0) {
        send_argument(k, 1);
        return;
    }
    cont long x, y;
    spawn_next add(k, ?x, ?y);
    spawn tree(x, depth - 1);
    spawn tree(y, depth - 1);
}

cilk int main(void)
{
    long total, leaves;
    total = spawn walk(8, 20000);
    spawn tree(&leaves, 8);
    sync;
    printf("total %ld\nleaves %ld\n", total, leaves);
    return 0;
}
