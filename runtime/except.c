/* except.c - C++ exceptions that leave a spawned call in a profile build.
 *
 * The hooks of that build know a spawn as a call: the pass gives every
 * spawned call of a C++ function there a landing pad that calls
 * __cilkrt_spawn_threw (llvm-pass/CilkExceptions.cpp), which stops the
 * program here with a message, before unwinding could leave the hooks'
 * records of frames behind. The serial elision and the parallel modes
 * carry the exception to the parent's sync (except.cpp); the race build
 * unwinds as the serial elision does (llvm-pass/CilkRace.cpp). */
#include "cilk-abi.h"

#include <stdio.h>
#include <stdlib.h>

void __cilkrt_spawn_threw(void *exception)
{
    (void)exception;
    fprintf(stderr,
            "cilk: an exception left a spawned function; a profile build "
            "does not carry it to the parent's cilk_sync (the serial "
            "elision, the race build and the parallel modes do)\n");
    fflush(stderr);
    abort();
}
