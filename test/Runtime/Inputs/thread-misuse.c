/* What the compiler cannot see: a continuation sent twice on paths of a
 * loop, and a result that no thread ever sends. */
#include <stdlib.h>

thread twice(cont int k, int n)
{
    for (int i = 0; i < n; i++)
        send_argument(k, i);
}

thread forgets(cont int k, int n)
{
    if (n > 100)
        send_argument(k, n);
}

thread wait2(cont int k, int a, int b) { send_argument(k, a + b); }

/* The successor waits for two arguments; only one is ever sent. */
thread half(cont int k)
{
    cont int a, b;
    spawn_next wait2(k, ?a, ?b);
    spawn forgets(a, 1000);
    spawn forgets(b, 1);
}

cilk int main(int argc, char *argv[])
{
    int r = 0;
    int which = argc > 1 ? atoi(argv[1]) : 0;
    if (which == 0)
        spawn twice(&r, 2);
    else if (which == 1)
        spawn forgets(&r, 1);
    else
        spawn half(&r);
    sync;
    return r;
}
