/* units.c - checking that a program's files agree on mode and profiling. */
#include "units.h"

#include "cilk-abi.h"

#include <stdio.h>

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
extern const struct __cilk_unit __start_cilk_units[] __attribute__((weak));
extern const struct __cilk_unit __stop_cilk_units[] __attribute__((weak));

int units_check(void)
{
    const struct __cilk_unit *first = __start_cilk_units;
    for (const struct __cilk_unit *u = first; u && u < __stop_cilk_units;
         u++) {
        if (u->mode != first->mode) {
            fprintf(stderr,
                    "cilk: '%s' was compiled in %s mode and '%s' in %s mode; "
                    "compile every file of a program with the same "
                    "-fplugin-arg-cilk-mode\n",
                    first->file, units_mode_name(first->mode), u->file,
                    units_mode_name(u->mode));
            return -1;
        }
        if ((u->flags ^ first->flags) & CILK_UNIT_PROFILE) {
            const struct __cilk_unit *p =
                first->flags & CILK_UNIT_PROFILE ? first : u;
            fprintf(stderr,
                    "cilk: '%s' was compiled with -fplugin-arg-cilk-profile "
                    "and '%s' without; profile all files of a program or "
                    "none\n",
                    p->file, p == first ? u->file : first->file);
            return -1;
        }
    }
    return first && first < __stop_cilk_units ? first->mode
                                              : CILK_MODE_SERIAL;
}
