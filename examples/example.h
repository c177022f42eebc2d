/* example.h - the command line shared by the example programs, after the
 * Cilk-5 distribution's examples:
 *
 *   ./prog [runtime options] [-c] [-b short|medium|long] [-h] [args...]
 *
 *   -c   check the result against a serial computation; a wrong result
 *        prints WRONG and exits 1
 *   -b   a standard input size (Cilk-5's -benchmark); explicit args still
 *        override it one by one
 *   -h   usage
 *
 * Runtime options (--nproc, --stats) come first and the runtime removes
 * them before main sees argv.  Without -c a program only computes, so its
 * wall time (--stats) is the computation's; bench/figure6.py relies on that.
 * Plain C: the serial elision of every example includes it too. */
#ifndef CILK_EXAMPLE_H
#define CILK_EXAMPLE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct example {
    const char *name;
    int check;      /* -c */
    int bench;      /* -b: 1 short, 2 medium, 3 long; 0 if not given */
    int argc;       /* the program's own arguments, after the options */
    char **argv;
};

static void example_usage(const char *name, const char *args, int status)
{
    fprintf(status ? stderr : stdout,
            "usage: %s [--nproc N] [--stats] [-c] [-b short|medium|long] "
            "%s\n",
            name, args);
    exit(status);
}

/* Parses the options; usage: the positional arguments, for -h and errors. */
static struct example example_options(const char *name, const char *usage,
                                      int argc, char **argv)
{
    static const char *const sizes[] = {"short", "medium", "long"};
    struct example e = {name, 0, 0, 0, 0};
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "-c") == 0)
            e.check = 1;
        else if (strcmp(argv[i], "-h") == 0)
            example_usage(name, usage, 0);
        else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) {
            i++;
            for (int s = 0; s < 3; s++)
                if (strcmp(argv[i], sizes[s]) == 0)
                    e.bench = s + 1;
            if (!e.bench)
                example_usage(name, usage, 2);
        } else if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        } else
            example_usage(name, usage, 2);
    }
    e.argc = argc - i;
    e.argv = argv + i;
    return e;
}

/* The program's i-th argument: given explicitly, else its -b size, else
 * its default.  table[0] is the default, table[1..3] short, medium, long. */
static long example_arg(const struct example *e, int i, const long table[4])
{
    if (i < e->argc) {
        char *end;
        long v = strtol(e->argv[i], &end, 10);
        if (*e->argv[i] && !*end)
            return v;
        fprintf(stderr, "%s: argument %d is not a number: %s\n", e->name,
                i + 1, e->argv[i]);
        exit(2);
    }
    return table[e->bench];
}

/* Prints the outcome of -c and returns main's status for it. */
static int example_checked(const struct example *e, int ok)
{
    if (!ok) {
        fprintf(stderr, "%s: WRONG (differs from the serial computation)\n",
                e->name);
        printf("check: WRONG\n");
        return 1;
    }
    printf("check: ok, equal to the serial computation\n");
    return 0;
}

#endif
