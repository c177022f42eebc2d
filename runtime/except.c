/* except.c - exceptions that reach a procedure of C code.
 *
 * C compiled with -fexceptions unwinds, but has no C++ library to hold an
 * exception until the parent's sync, and its procedures' clones run on
 * the runtime's frames (a stolen or released frame resumes in the
 * scheduler; a computation's first frame is called by __cilkrt_run),
 * which an exception must not unwind. So in the parallel modes the pass
 * gives every spawned call of such a procedure, and every call in its
 * clones that may throw, a landing pad that calls __cilkrt_c_threw
 * (llvm-pass/CilkExceptions.cpp), which stops the program here with a
 * message. C++ carries the exception to the parent's sync (except.cpp)
 * in every mode and build. */
#include "cilk-abi.h"

#include <stdio.h>
#include <stdlib.h>

void __cilkrt_c_threw(void *exception)
{
    (void)exception;
    fprintf(stderr,
            "cilk: an exception reached a Cilk procedure of C code "
            "(-fexceptions); C does not carry it through spawns and "
            "syncs (C++ does)\n");
    fflush(stderr);
    abort();
}
