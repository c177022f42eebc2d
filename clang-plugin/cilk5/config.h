/* config.h - for Cilk-5 programs that include the autoconf header of the
 * Cilk-5 build ("config.h"): what that build found on Linux. The plugin
 * makes it visible to .cilk files only, after every directory of the
 * command line, so a program's own config.h comes first. */
#ifndef CILK5_CONFIG_H
#define CILK5_CONFIG_H
#define HAVE_ALLOCA_H 1
#define HAVE_MALLOC_H 1
#define HAVE_MEMALIGN 1
#define HAVE_STRING_H 1
#define HAVE_STRINGS_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_UNISTD_H 1
#define HAVE_GETTIMEOFDAY 1
#define STDC_HEADERS 1
#endif
