/* markers.c - runtime definitions of the compiler's marker functions.
 *
 * The Cilk pass folds or lowers every marker, so compiled Cilk code never
 * calls these. They exist for builds in which the pass did not run (an IR
 * or bitcode input compiled without -fpass-plugin, or -save-temps): such a
 * program then runs its serial elision, which is correct. */
#include "cilk-abi.h"

#include <stdlib.h>
#include <unistd.h>

void *__cilk_spawn_marker(void *fn)
{
    return fn;
}

void *__cilk_spawn_any_marker(void *fn)
{
    return fn;
}

void *__cilk_spawn_object_marker(void *obj)
{
    return obj;
}

/* A cilk_for's loop runs every iteration in series from 0. */
unsigned long long __cilk_for_begin(unsigned long long n, long long grain,
                                    unsigned long long *k)
{
    (void)n;
    (void)grain;
    (void)k;
    return 0;
}

/* A spawned statement runs in place. */
void __cilk_spawn_stmt(void)
{
}

void __cilk_sync_marker(void)
{
}

/* Cilk source spells the libc function sync(2) as __cilk_sync (the `sync`
 * keyword is a macro); a call `sync()` lands here. This file is compiled
 * without the keyword macros, so `sync` below is the C library's. */
void __cilk_sync(void)
{
    sync();
}

/* `abort()` in Cilk source (the keyword is a macro); the C library's. */
void __cilk_abort(void)
{
    abort();
}

/* Without the pass: the serial elision, where no child is outstanding. */
void __cilk_abort_marker(void)
{
}

int __cilk_synched(void)
{
    return 1;
}

void __cilk_inlet_begin(int id)
{
    (void)id;
}

void __cilk_inlet_end(int id)
{
    (void)id;
}

void __cilk_inlet_args(int id, ...)
{
    (void)id;
}

void __cilk_spawn_end(void)
{
}

void __cilk_region_begin(void)
{
}

void __cilk_region_end(void)
{
}

void __cilk_try_marker(int k)
{
    (void)k;
}

void __cilk_catch_marker(int k)
{
    (void)k;
}

/* A thread's successor waits for its missing arguments whatever the
 * schedule: there is no serial meaning of these without the pass. */
static _Noreturn void no_threads(void)
{
    static const char msg[] =
        "cilk: a continuation-passing thread was compiled without the Cilk "
        "pass; compile with clang-19 -fplugin=cilk.so (or cilkc)\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(2);
}

void *__cilk_cp_spawn_marker(void *fn)
{
    (void)fn;
    no_threads();
}

void *__cilk_cp_next_marker(void *fn)
{
    (void)fn;
    no_threads();
}

void *__cilk_cp_tail_marker(void *fn)
{
    (void)fn;
    no_threads();
}

void *__cilk_cp_missing_marker(void *cont)
{
    (void)cont;
    no_threads();
}

void *__cilk_cp_missing_vector_marker(void *conts, unsigned long bytes,
                                      unsigned long size, unsigned long align)
{
    (void)conts;
    (void)bytes;
    (void)size;
    (void)align;
    no_threads();
}

void *__cilk_cp_result_marker(void *dst, unsigned long size)
{
    (void)dst;
    (void)size;
    no_threads();
}
