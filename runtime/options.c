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

/* A runtime option with a whole-number value. */
struct count_option {
    const char *flag; /* "--nproc" */
    const char *env;  /* the environment variable that sets the default */
    const char *noun; /* what the value counts, for messages */
    int max;
};

static const struct count_option nproc_option = {
    "--nproc", "CILK_NWORKERS", "a worker count", CILK_MAX_WORKERS};
static const struct count_option stack_option = {
    "--stack", "CILK_STACK", "a stack size in MiB", CILK_MAX_STACK_MIB};

/* Reads o's environment variable into *out, if set. */
static int count_from_env(const struct count_option *o, int *out)
{
    const char *env = getenv(o->env);
    return env && *env ? parse_count(o->env, env, o->noun, o->max, out) : 0;
}

/* Matches `--flag N` or `--flag=N` at argv[*i]: returns 1 and advances *i
 * past it, 0 if argv[*i] is another option, -1 on a missing or bad value. */
static int count_from_args(const struct count_option *o, int argc,
                           char **argv, int *i, int *out)
{
    char what[32];
    snprintf(what, sizeof what, "%s value", o->flag);
    const char *a = argv[*i];
    size_t n = strlen(o->flag);
    if (strncmp(a, o->flag, n) != 0)
        return 0;
    if (a[n] == '=') {
        *i += 1;
        return parse_count(what, a + n + 1, o->noun, o->max, out) ? -1 : 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "cilk: %s needs %s\n", o->flag, o->noun);
        return -1;
    }
    *i += 2;
    return parse_count(what, argv[*i - 1], o->noun, o->max, out) ? -1 : 1;
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

    opts->stack_mib = CILK_DEFAULT_STACK_MIB;
    if (count_from_env(&nproc_option, &opts->nproc) ||
        count_from_env(&stack_option, &opts->stack_mib))
        return -1;

    int i = 1;
    while (i < *argc) {
        const char *a = argv[i];
        int r;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if ((r = count_from_args(&nproc_option, *argc, argv, &i,
                                        &opts->nproc)) ||
                   (r = count_from_args(&stack_option, *argc, argv, &i,
                                        &opts->stack_mib))) {
            if (r < 0)
                return -1;
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
