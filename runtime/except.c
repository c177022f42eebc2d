/* except.c - C++ exceptions that leave a spawned call.
 *
 * The parallel modes (and the race and profile builds) do not carry an
 * exception from a child to its parent's sync yet (issue 38): the pass
 * gives every spawned call of a C++ function a landing pad that calls __cilkrt_spawn_threw
 * (llvm-pass/CilkExceptions.cpp), which stops the program here with a
 * message, before unwinding could leave frames that the deque, a thief
 * or a released closure still refers to. The serial elision propagates
 * the exception as C++ does. */
#include "cilk-abi.h"

#include <stdio.h>
#include <stdlib.h>

void __cilkrt_spawn_threw(void *exception)
{
    (void)exception;
    fprintf(stderr,
            "cilk: an exception left a spawned function; the parallel modes "
            "do not carry it to the parent's cilk_sync yet, nor do race and "
            "profile builds (the serial elision, cilkc -cilk-mode=serial, "
            "does)\n");
    fflush(stderr);
    abort();
}
