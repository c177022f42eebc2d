/* units.c - checking that a program's files agree with the runtime's
 * interface version and with each other on mode and profiling. */
#include "units.h"

#include "cilk-abi.h"

#include <stdio.h>
#include <unistd.h>

const char *units_mode_name(int mode)
{
    switch (mode) {
    case CILK_MODE_SERIAL: return "serial";
    case CILK_MODE_EAGER: return "eager";
    case CILK_MODE_INDOLENT: return "indolent";
    case CILK_MODE_SEDATIVE: return "sedative";
    }
    return "unknown";
}

/* The records of every file compiled by the pass (cilk-abi.h); the linker
 * defines the bounds when at least one exists. */
/* Every unit record points here: the symbol's name is the linker's message
 * when a program is linked without the runtime. (Assembly: C compilers
 * other than clang do not quote a symbol name with spaces.) */
__asm__(".pushsection .rodata\n"
        ".globl \"" CILK_ABI_RUNTIME_HINT "\"\n"
        "\"" CILK_ABI_RUNTIME_HINT "\": .byte 0\n"
        ".popsection");

extern const struct __cilk_unit __start_cilk_units[] __attribute__((weak));
extern const struct __cilk_unit __stop_cilk_units[] __attribute__((weak));

/* The sanitizers this runtime was built with (CILK_UNIT_*). */
#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_THREAD__) || __has_feature(thread_sanitizer)
#define RUNTIME_TSAN CILK_UNIT_TSAN
#else
#define RUNTIME_TSAN 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define RUNTIME_ASAN CILK_UNIT_ASAN
#else
#define RUNTIME_ASAN 0
#endif
#if __has_feature(memory_sanitizer)
#define RUNTIME_MSAN CILK_UNIT_MSAN
#else
#define RUNTIME_MSAN 0
#endif
#define RUNTIME_SANITIZERS (RUNTIME_TSAN | RUNTIME_ASAN | RUNTIME_MSAN)

void units_sanitizer_hint(void)
{
    /* On a terminal only: a test's or a script's stderr is left as it is. */
    if (RUNTIME_TSAN && isatty(2))
        fputs("cilk: ThreadSanitizer reports the races this run's schedule "
              "makes happen; cilkc -cilk-race (-fsanitize=cilk) reports "
              "every determinacy race of the program on its input, in one "
              "run\n",
              stderr);
}

/* A unit instrumented for a sanitizer the runtime was not built with: the
 * sanitizer cannot see the runtime's synchronization (ThreadSanitizer
 * reports races that are not there), its writes (MemorySanitizer reports
 * frames as uninitialized) or its memory (AddressSanitizer misses
 * overflows of frames). Each build of the runtime has its library. */
static int check_sanitizers(const struct __cilk_unit *u)
{
    static const struct {
        int flag;
        const char *option, *lib;
    } sans[] = {
        {CILK_UNIT_TSAN, "thread", "tsan"},
        {CILK_UNIT_ASAN, "address", "asan"},
        {CILK_UNIT_MSAN, "memory", "msan"},
    };
    for (unsigned i = 0; i < sizeof sans / sizeof sans[0]; i++)
        if ((u->flags & sans[i].flag) && !(RUNTIME_SANITIZERS & sans[i].flag)) {
            fprintf(stderr,
                    "cilk: '%s' was compiled with -fsanitize=%s, the Cilk "
                    "runtime without; link libcilkrt-%s.a instead of "
                    "libcilkrt.a (-lcilkrt-%s; cilkc -fsanitize=%s does)\n",
                    u->file, sans[i].option, sans[i].lib, sans[i].lib,
                    sans[i].option);
            return -1;
        }
    return 0;
}

/* A unit compiled for another version of the contract (cilk-abi.h:
 * CILK_ABI_VERSION): its calls and frames would not mean what this runtime
 * takes them to. */
static int check_abi(const struct __cilk_unit *u)
{
    int v = (int)((unsigned)u->flags >> CILK_UNIT_ABI_SHIFT);
    if (v == CILK_ABI_VERSION)
        return 0;
    fprintf(stderr,
            "cilk: '%s' was compiled by a%s Cilk (interface version %d) "
            "than this runtime's (version %d); compile it again with the "
            "cilkc or plugin of this runtime\n",
            u->file, v < CILK_ABI_VERSION ? "n older" : " newer", v,
            CILK_ABI_VERSION);
    return -1;
}

/* Profile and race builds call hooks at every strand boundary that other
 * builds do not: a program is built with one of them throughout, or not. */
static int check_same_build(const struct __cilk_unit *first,
                            const struct __cilk_unit *u, int flag,
                            const char *arg)
{
    if (!((u->flags ^ first->flags) & flag))
        return 0;
    const struct __cilk_unit *with = first->flags & flag ? first : u;
    fprintf(stderr,
            "cilk: '%s' was compiled with -fplugin-arg-cilk-%s and '%s' "
            "without; build all files of a program that way or none\n",
            with->file, arg, with == first ? u->file : first->file);
    return -1;
}

int units_check(void)
{
    const struct __cilk_unit *first = __start_cilk_units;
    for (const struct __cilk_unit *u = first; u && u < __stop_cilk_units;
         u++) {
        if (check_abi(u) < 0 || check_sanitizers(u) < 0)
            return -1;
        if (u->mode != first->mode) {
            fprintf(stderr,
                    "cilk: '%s' was compiled in %s mode and '%s' in %s mode; "
                    "compile every file of a program with the same "
                    "-cilk-mode= (cilkc) or -fplugin-arg-cilk-mode= "
                    "(clang)\n",
                    first->file, units_mode_name(first->mode), u->file,
                    units_mode_name(u->mode));
            return -1;
        }
        if (check_same_build(first, u, CILK_UNIT_PROFILE, "profile") < 0 ||
            check_same_build(first, u, CILK_UNIT_RACE, "race") < 0)
            return -1;
    }
    return first && first < __stop_cilk_units ? first->mode
                                              : CILK_MODE_SERIAL;
}

bool units_profiled(void)
{
    const struct __cilk_unit *first = __start_cilk_units;
    return first && first < __stop_cilk_units &&
           (first->flags & CILK_UNIT_PROFILE);
}
