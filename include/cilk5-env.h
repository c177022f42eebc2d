/* cilk5-env.h - what MIT Cilk-5's cilkc gave every Cilk file without an
 * #include: the system headers its cilk.h pulled in on Linux (and no
 * others: programs test `#ifndef RAND_MAX` and the like), the macros
 * __CILK__ and __CILK2C__, its portability and memory-ordering macros,
 * and the interface through which C code starts Cilk procedures.
 *
 * The plugin includes this file in every .cilk file it compiles, and
 * <cilk-lib.cilkh> includes it, so Cilk-5 programs compile unmodified. */
#ifndef CILK5_ENV_H
#define CILK5_ENV_H

#include <stddef.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef __CILK__
#define __CILK__ 1
#endif
#ifndef __CILK2C__
#define __CILK2C__ 1
#endif

/* Cilk-5's type qualifiers `shared` and `private` (left from Cilk-3's
 * distributed shared memory) meant nothing on a shared-memory machine:
 * every variable is shared by the procedures that can reach it. They are
 * keywords of Cilk files only, as they were for cilk2c. */
#define shared
#define private

/* An identification string kept in the object file. */
#define FILE_IDENTITY(name, identity)                                          \
    static const char *name __attribute__((__unused__)) = identity
/* A declaration that may go unused, and a use that silences the warning. */
#define UNUSED(decl) decl __attribute__((__unused__))
#define USE_UNUSED(var) ((void)(var))
/* `NoReturn(f(void));` declares a void function that does not return. */
#define NoReturn(fdecl) void fdecl __attribute__((__noreturn__))
#define CHECK_FORMAT_STRING(archetype, string_index, first_to_check)          \
    __attribute__((__format__(archetype, string_index, first_to_check)))

/* Memory ordering. A locked instruction is the full fence (about 1 ns
 * here, where mfence costs about 20). */
#define CILK_CACHE_LINE 64
#define CILK_CACHE_LINE_PAD char __dummy[CILK_CACHE_LINE]
#define CILK_CACHE_LINE_ALIGNED(decl)                                          \
    decl __attribute__((__aligned__(CILK_CACHE_LINE)))
static inline int Cilk_xchg(volatile int *ptr, int x)
{
    return __atomic_exchange_n(ptr, x, __ATOMIC_SEQ_CST);
}
static inline void Cilk_fence(void)
{
#if defined(__x86_64__)
    __asm__ __volatile__("lock; addl $0,(%%rsp)" ::: "memory", "cc");
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}
#define CILK_MB() Cilk_fence()
#define CILK_RMB() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define CILK_WMB() __atomic_thread_fence(__ATOMIC_RELEASE)
#define Cilk_membar_StoreStore() CILK_WMB()
#define Cilk_membar_StoreLoad() CILK_MB()
#define Cilk_membar_LoadLoad() CILK_RMB()
#define Cilk_membar_LoadStore() CILK_RMB()

/* Calling Cilk procedures from C. Cilk_init reads the runtime's options
 * from the front of argv[1..] (as a Cilk program's main does), removes
 * them, starts the workers and returns a context; EXPORT(f)(context,
 * args...) runs Cilk procedure f to completion on them; Cilk_terminate
 * ends the context's use (the workers stay for later calls and stop with
 * the process). A Cilk procedure may also be called directly from C (see
 * docs/language.md, "Calling Cilk procedures from C"). */
typedef struct CilkContext CilkContext;
CilkContext *Cilk_init(int *argc, char *argv[]);
void Cilk_terminate(CilkContext *context);
#define EXPORT(f) mt_##f

#endif /* CILK5_ENV_H */
