/* <cilk/cilk.h> - OpenCilk's keywords.
 *
 * With the plugin (-fplugin=cilk.so, or cilkc) the keywords are built in:
 * cilk_spawn, cilk_sync and cilk_scope, and their reserved spellings
 * _Cilk_spawn, _Cilk_sync and _Cilk_scope (include/cilk.h). Including this
 * header says that the file is written in OpenCilk's spelling: Cilk-5's
 * words (spawn, sync, cilk, inlet, abort, SYNCHED, and the threads' thread,
 * cont, spawn_next, tail_call, send_argument, cilk_vector) are ordinary
 * names from here on, as -fplugin-arg-cilk-opencilk (cilkc -fopencilk)
 * makes them in the whole file.
 *
 * Without the plugin, a program that includes it compiles as its serial
 * projection (<cilk/cilk_stub.h>). */
#ifndef CILK_CILK_H
#define CILK_CILK_H

#ifdef __cilk
#undef spawn
#undef sync
#undef cilk
#undef inlet
#undef abort
#undef SYNCHED
#undef thread
#undef cont
#undef spawn_next
#undef tail_call
#undef send_argument
#undef cilk_vector
/* C: <stdlib.h> and <unistd.h>, if already read, declared abort and sync
 * under the names of the runtime's wrappers (the words were macros): the
 * C library's names are declared again. (C++'s words never renamed a
 * declaration of a system header.) */
#ifndef __cplusplus
#ifdef _STDLIB_H
void abort(void) __attribute__((__nothrow__, __noreturn__));
#endif
#ifdef _UNISTD_H
void sync(void) __attribute__((__nothrow__));
#endif
#endif
#else
#include <cilk/cilk_stub.h>
#endif

#endif /* CILK_CILK_H */
