/* options.c - parsing of the runtime's options (see options.h). */
#include "options.h"

#include <errno.h>
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

/* Parses a whole number between 1 and max; `noun` names what it counts. */
static int parse_count(const char *what, const char *text, const char *noun,
                       int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < 1 || v > max) {
        fprintf(stderr, "cilk: invalid %s '%s': expected %s between 1 and %d\n",
                what, text, noun, max);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int parse_nproc(const char *what, const char *text, int *out)
{
    return parse_count(what, text, "a worker count", CILK_MAX_WORKERS, out);
}

static int parse_stack(const char *what, const char *text, int *out)
{
    return parse_count(what, text, "a stack size in MiB", CILK_MAX_STACK_MIB,
                       out);
}

static int default_nproc(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (n > CILK_MAX_WORKERS ? CILK_MAX_WORKERS : (int)n);
}

int cilk_parse_options(int *argc, char **argv, struct cilk_options *opts)
{
    opts->nproc = default_nproc();

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

    const char *env = getenv("CILK_NWORKERS");
    if (env && *env && parse_nproc("CILK_NWORKERS", env, &opts->nproc))
        return -1;
    opts->stack_mib = CILK_DEFAULT_STACK_MIB;
    env = getenv("CILK_STACK");
    if (env && *env && parse_stack("CILK_STACK", env, &opts->stack_mib))
        return -1;

    int i = 1;
    while (i < *argc) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (strcmp(a, "--nproc") == 0) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "cilk: --nproc needs a worker count\n");
                return -1;
            }
            if (parse_nproc("--nproc value", argv[i + 1], &opts->nproc))
                return -1;
            i += 2;
        } else if (strncmp(a, "--nproc=", 8) == 0) {
            if (parse_nproc("--nproc value", a + 8, &opts->nproc))
                return -1;
            i++;
        } else if (strcmp(a, "--stack") == 0) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "cilk: --stack needs a size in MiB\n");
                return -1;
            }
            if (parse_stack("--stack value", argv[i + 1], &opts->stack_mib))
                return -1;
            i += 2;
        } else if (strncmp(a, "--stack=", 8) == 0) {
            if (parse_stack("--stack value", a + 8, &opts->stack_mib))
                return -1;
            i++;
        } else if (strcmp(a, "--stats") == 0) {
            opts->stats = true;
            i++;
        } else {
            break; /* the program's own arguments start here */
        }
    }

    /* Drop argv[1..i-1]; keep the terminating NULL. */
    int removed = i - 1;
    if (removed > 0) {
        memmove(&argv[1], &argv[i], (size_t)(*argc - i + 1) * sizeof *argv);
        *argc -= removed;
    }
    return 0;
}
