/* options.c - parsing of the runtime's options (see options.h). */
#include "options.h"

#include <errno.h>
#include <sched.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More workers than this is surely a typo; the runtime allocates per-worker
 * state for each. */
enum { CILK_MAX_WORKERS = 4096 };
/* Each worker's stack is reserved, not committed, so a large one costs
 * address space only. */
enum { CILK_DEFAULT_STACK_MIB = 64, CILK_MAX_STACK_MIB = 65536 };

/* Parses a whole number between min and max; `noun` names what it
 * counts. */
static int parse_count(const char *what, const char *text, const char *noun,
                       int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max) {
        fprintf(stderr,
                "cilk: invalid %s '%s': expected %s between %d and %d\n",
                what, text, noun, min, max);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* A runtime option with a whole-number value. */
struct count_option {
    const char *name; /* "nproc", spelled --nproc (or -nproc) */
    const char *env;  /* the environment variable that sets the default */
    const char *noun; /* what the value counts, for messages */
    int min, max;
};

/* A worker count of 0 is one per core (Cilk-5's --nproc 0). */
static const struct count_option nproc_option = {
    "nproc", "CILK_NWORKERS", "a worker count (0: one per core)", 0,
    CILK_MAX_WORKERS};
static const struct count_option stack_option = {
    "stack", "CILK_STACK", "a stack size in MiB", 1, CILK_MAX_STACK_MIB};

/* Reads o's environment variable into *out, if set. */
static int count_from_env(const struct count_option *o, int *out)
{
    const char *env = getenv(o->env);
    return env && *env
               ? parse_count(o->env, env, o->noun, o->min, o->max, out)
               : 0;
}

/* Matches `--name N` or `--name=N` at argv[*i], whose name (the option
 * without its dashes) is `a`: returns 1 and advances *i past it, 0 if
 * argv[*i] is another option, -1 on a missing or bad value. */
static int count_from_args(const struct count_option *o, const char *a,
                           int argc, char **argv, int *i, int *out)
{
    char what[32];
    snprintf(what, sizeof what, "--%s value", o->name);
    size_t n = strlen(o->name);
    if (strncmp(a, o->name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *i += 1;
        return parse_count(what, a + n + 1, o->noun, o->min, o->max, out)
                   ? -1
                   : 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "cilk: --%s needs %s\n", o->name, o->noun);
        return -1;
    }
    *i += 2;
    return parse_count(what, argv[*i - 1], o->noun, o->min, o->max, out)
               ? -1
               : 1;
}

static int default_nproc(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (n > CILK_MAX_WORKERS ? CILK_MAX_WORKERS : (int)n);
}

/* Cilk-5's other options, accepted as it accepted them. Those that tuned
 * its own allocator, locks and core dumps mean nothing here; --yield is
 * what the workers do anyway (a failed steal yields now and then). */
static const char *const flags_ignored[] = {
    "yield", "no-yield", "with-posix-locks", "with-memory-locks",
    "dump-core", "no-dump-core", NULL};
static const char *const values_ignored[] = {"alloc-batch", NULL};

static bool listed(const char *const *list, const char *name)
{
    for (; *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

static void print_help(const char *prog)
{
    fprintf(stderr,
            "usage: %s [runtime options] [--] [program arguments]\n"
            "Cilk runtime options (also spelled with one dash, as in Cilk-5):\n"
            "  --nproc N               run on N workers (0: one per core; "
            "default: CILK_NWORKERS, else one per core)\n"
            "  --stack MIB             each worker's C stack, in MiB "
            "(default 64; CILK_STACK)\n"
            "  --pthread-stacksize B   the same in bytes\n"
            "  --stats [LEVEL]         print scheduler statistics at exit "
            "(LEVEL, one digit: 0 for none; CILK_STATS)\n"
            "  --no-stats              print none\n"
            "  --pin-proc MASK         run the workers on the CPUs of MASK "
            "(a number, 0x... for hex)\n"
            "  --yield, --no-yield, --alloc-batch N, --with-posix-locks,\n"
            "  --with-memory-locks, --dump-core, --no-dump-core\n"
            "                          accepted for Cilk-5 programs; no effect\n"
            "  --version               print the runtime's version\n"
            "  --help                  print this message\n"
            "  --                      end of runtime options\n",
            prog);
}

static void print_version(void)
{
    fprintf(stderr, "Cilk for Clang runtime %s (Cilk-5.4.6 compatible)\n",
            CILK_RUNTIME_VERSION);
}

/* A whole number >= 0 (a statistics level, a pin mask), or -1. */
static long parse_unsigned(const char *text, int base)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, base);
    return errno || end == text || *end != '\0' || v < 0 ? -1 : v;
}

int cilk_parse_options(int *argc, char **argv, struct cilk_options *opts)
{
    opts->nproc = default_nproc();
    opts->pin_mask = 0;

    const char *stress = getenv("CILK_STRESS");
    opts->stress = stress && *stress && strcmp(stress, "0") != 0;

    const char *stats = getenv("CILK_STATS");
    opts->stats = stats && *stats && strcmp(stats, "0") != 0;

    const char *profile = getenv("CILK_PROFILE");
    opts->profile_strands = profile && strcmp(profile, "strands") == 0;
    if (profile && *profile && !opts->profile_strands &&
        strcmp(profile, "time") != 0) {
        fprintf(stderr, "cilk: CILK_PROFILE must be time or strands, not "
                        "'%s'\n", profile);
        return -1;
    }

    opts->stack_mib = CILK_DEFAULT_STACK_MIB;
    if (count_from_env(&nproc_option, &opts->nproc) ||
        count_from_env(&stack_option, &opts->stack_mib))
        return -1;

    int i = 1;
    while (i < *argc) {
        const char *a = argv[i];
        /* Cilk-5 took --name and -name alike. */
        const char *name = a[0] == '-' ? a + 1 + (a[1] == '-') : "";
        const char *next = i + 1 < *argc ? argv[i + 1] : NULL;
        int r;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if ((r = count_from_args(&nproc_option, name, *argc, argv, &i,
                                        &opts->nproc)) ||
                   (r = count_from_args(&stack_option, name, *argc, argv, &i,
                                        &opts->stack_mib))) {
            if (r < 0)
                return -1;
        } else if (strcmp(name, "stats") == 0) {
            /* Cilk-5's form is --stats LEVEL. The level is optional here,
             * one digit (Cilk-5's levels were small), so that `--stats 30`
             * still gives 30 to the program. */
            long level = next && next[0] >= '0' && next[0] <= '9' && !next[1]
                             ? next[0] - '0'
                             : -1;
            opts->stats = level != 0;
            i += level >= 0 ? 2 : 1;
        } else if (strncmp(name, "stats=", 6) == 0) {
            long level = parse_unsigned(name + 6, 10);
            if (level < 0) {
                fprintf(stderr, "cilk: invalid %s: expected a level, 0 or "
                                "more\n", a);
                return -1;
            }
            opts->stats = level != 0;
            i++;
        } else if (strcmp(name, "no-stats") == 0) {
            opts->stats = false;
            i++;
        } else if (strcmp(name, "pthread-stacksize") == 0) {
            long bytes = next ? parse_unsigned(next, 10) : -1;
            if (bytes <= 0) {
                fprintf(stderr, "cilk: --pthread-stacksize needs a size in "
                                "bytes\n");
                return -1;
            }
            long mib = (bytes + (1L << 20) - 1) >> 20;
            opts->stack_mib = mib > CILK_MAX_STACK_MIB ? CILK_MAX_STACK_MIB
                                                       : (int)mib;
            i += 2;
        } else if (strcmp(name, "pin-proc") == 0) {
            long mask = next ? parse_unsigned(next, 0) : -1;
            if (mask <= 0) {
                fprintf(stderr, "cilk: --pin-proc needs a nonzero CPU "
                                "mask\n");
                return -1;
            }
            opts->pin_mask = (unsigned long)mask;
            i += 2;
        } else if (listed(flags_ignored, name)) {
            i++;
        } else if (listed(values_ignored, name)) {
            if (!next) {
                fprintf(stderr, "cilk: %s needs a value\n", a);
                return -1;
            }
            i += 2;
        } else if (strcmp(name, "help") == 0) {
            print_help(argv[0]);
            return 1;
        } else if (strcmp(name, "version") == 0) {
            print_version();
            return 1;
        } else {
            break; /* the program's own arguments start here */
        }
    }

    if (opts->nproc == 0)
        opts->nproc = default_nproc();

    /* Drop argv[1..i-1]; keep the terminating NULL. */
    int removed = i - 1;
    if (removed > 0) {
        memmove(&argv[1], &argv[i], (size_t)(*argc - i + 1) * sizeof *argv);
        *argc -= removed;
    }
    return 0;
}

int cilk_apply_pinning(const struct cilk_options *opts)
{
    if (!opts->pin_mask)
        return 0;
    cpu_set_t set;
    CPU_ZERO(&set);
    for (unsigned cpu = 0; cpu < 8 * sizeof opts->pin_mask; cpu++)
        if (opts->pin_mask >> cpu & 1)
            CPU_SET(cpu, &set);
    /* The workers, started after this, inherit the mask. */
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        fprintf(stderr, "cilk: --pin-proc %#lx: %s\n", opts->pin_mask,
                strerror(errno));
        return -1;
    }
    return 0;
}
