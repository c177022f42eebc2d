/* <cilk/cilk_api.h> and <cilk/cilk_stub.h> for opencilk-api.test. */
#ifdef SERIAL
#include <cilk/cilk_stub.h>
#else
#include <cilk/cilk.h>
#endif
#include <cilk/cilk_api.h>
#include <stdio.h>

static int on_workers(void) { return __cilkrts_running_on_workers(); }

int work(void)
{
    int a = cilk_spawn on_workers();
    int b = __cilkrts_get_worker_number() < __cilkrts_get_nworkers();
    cilk_sync;
    return a * 10 + b;
}

int main(void)
{
    printf("before: initialized %d running %d\n", __cilkrts_is_initialized(),
           __cilkrts_running_on_workers());
    int r = work();
    unsigned n = __cilkrts_get_nworkers();
    printf("after: work %d nworkers %u", r, n);
    printf(" initialized %d running %d\n", __cilkrts_is_initialized(),
           __cilkrts_running_on_workers());
    return 0;
}
