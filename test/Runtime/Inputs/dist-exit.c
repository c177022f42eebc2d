/* A thread that runs in another process of a distributed job (stress
 * ships every closure posted) calls Cilk_exit, or, with DIST_EXIT_KILL=1
 * (in the environment: only rank 0 runs main), kills its process. */
#include <cilk-lib.cilkh>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

thread leaf(cont int k, int n)
{
    const char *rank = getenv("OMPI_COMM_WORLD_RANK");
    if (n == 3 && rank && strcmp(rank, "0") != 0) {
        printf("leaf 3 runs in another process\n");
        fflush(stdout);
        if (getenv("DIST_EXIT_KILL"))
            raise(SIGKILL);
        Cilk_exit(3);
    }
    send_argument(k, n);
}

thread add(cont int k, int a, int b)
{
    send_argument(k, a + b);
}

thread tree(cont int k, int n)
{
    cont int x, y;
    spawn_next add(k, ?x, ?y);
    spawn leaf(x, n);
    spawn leaf(y, n + 1);
}

cilk int main(void)
{
    int r;
    spawn tree(&r, 2);
    sync;
    printf("not reached: %d\n", r);
    /* Everywhere else: a second, to let the exit or the kill arrive. */
    sleep(1);
    return 0;
}
