/* What the compiler cannot see: a continuation sent twice on paths of a
 * loop, a result that no thread ever sends, and elements of a vector left
 * empty sent twice or never. */
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

thread total(cont int k, int v[3]) { send_argument(k, v[0] + v[1] + v[2]); }

/* Element 2 of the vector is sent twice (which == 3), or element 1 never
 * (4). The first send to element 2 happens before the thread that sends
 * it again is spawned: two sends that race are a data race in the program
 * (ThreadSanitizer reports it) and the runtime promises to catch only
 * sends in sequence (threads.c, cp_deliver). */
thread elements(cont int k, int which)
{
    cont int x[3];
    spawn_next total(k, ?x);
    spawn forgets(x[0], 1000);
    if (which == 3) {
        send_argument(x[2], 1000);
        spawn twice(x[2], 1);
    } else {
        spawn forgets(x[2], 1000);
        spawn forgets(x[1], 1);
    }
}

cilk int main(int argc, char *argv[])
{
    int r = 0;
    int which = argc > 1 ? atoi(argv[1]) : 0;
    if (which == 0)
        spawn twice(&r, 2);
    else if (which == 1)
        spawn forgets(&r, 1);
    else if (which == 2)
        spawn half(&r);
    else
        spawn elements(&r, which);
    sync;
    return r;
}
