/* <cilk/cilk_api.h> - what a program may ask the runtime (OpenCilk's
 * names).
 *
 *   __cilkrts_get_nworkers()       the number of workers: CILK_NWORKERS, or
 *                                  one per core (the pool need not have
 *                                  started yet)
 *   __cilkrts_get_worker_number()  the calling worker's number, 0 ..
 *                                  nworkers - 1; 0 on a thread that is not
 *                                  a worker (deprecated in OpenCilk: a
 *                                  strand may change workers at any spawn
 *                                  or sync)
 *   __cilkrts_is_initialized()     1 once the workers have started
 *   __cilkrts_running_on_workers() 1 on a thread that runs Cilk code: a
 *                                  worker, or a C thread running a Cilk
 *                                  function as a guest (docs/language.md) */
#ifndef CILK_CILK_API_H
#define CILK_CILK_API_H

#ifdef __cplusplus
extern "C" {
#endif

unsigned __cilkrts_get_nworkers(void);
unsigned __cilkrts_get_worker_number(void);
int __cilkrts_is_initialized(void);
int __cilkrts_running_on_workers(void);

#ifdef __cplusplus
}
#endif

#endif /* CILK_CILK_API_H */
