/* units.h - the compile-time facts every file of a program left behind. */
#ifndef CILKRT_UNITS_H
#define CILKRT_UNITS_H

#include <stdbool.h>

/* The name of a CILK_MODE_* value, as -fplugin-arg-cilk-mode spells it. */
const char *units_mode_name(int mode);

/* The mode the program's files were compiled in (CILK_MODE_SERIAL if no
 * file went through the Cilk pass). Files compiled in different modes, or
 * some with -fplugin-arg-cilk-profile and some without, do not interoperate
 * (their frames, checks and hooks differ): then the message names two files
 * that differ and the result is -1. */
int units_check(void);
/* After units_check: the program was built with -fplugin-arg-cilk-profile. */
bool units_profiled(void);
/* A ThreadSanitizer build, run on a terminal: one line saying what a race
 * build finds that it does not. */
void units_sanitizer_hint(void);

#endif
