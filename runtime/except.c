/* except.c - exceptions that leave a spawned call of C code.
 *
 * C compiled with -fexceptions unwinds, but has no C++ library to hold an
 * exception until the parent's sync: in the parallel modes the pass gives
 * every spawned call of such a function a landing pad that calls
 * __cilkrt_spawn_threw (llvm-pass/CilkExceptions.cpp), which stops the
 * program here with a message, before unwinding could leave a frame on a
 * deque behind. C++ carries the exception to the parent's sync
 * (except.cpp) in every mode and build. */
#include "cilk-abi.h"

#include <stdio.h>
#include <stdlib.h>

void __cilkrt_spawn_threw(void *exception)
{
    (void)exception;
    fprintf(stderr,
            "cilk: an exception left a spawned function of C code "
            "(-fexceptions); C does not carry it to the parent's "
            "cilk_sync (C++ does)\n");
    fflush(stderr);
    abort();
}
