/* cilkscale.h - work and span of any part of a program (profile builds).
 *
 * The names of OpenCilk's Cilkscale: in a program built with
 * -fplugin-arg-cilk-profile (cilkc -cilk-profile),
 *
 *     wsp_t start = wsp_getworkspan();
 *     ... spawns ...
 *     sync;
 *     wsp_t end = wsp_getworkspan();
 *     wsp_dump(wsp_sub(end, start), "phase 1");
 *
 * measures the work, span and burdened span of the region between the two
 * calls, which must be in the same Cilk procedure with every child spawned
 * in between synced. wsp_dump adds a row to the CSV the program writes at
 * exit (to the file CILKSCALE_OUT names, else to stderr), after the row of
 * the whole program (tag empty). Outside a Cilk procedure (a plain C
 * main around calls of parallel code, as in OpenCilk's examples)
 * wsp_getworkspan() gives the totals of the computations finished so far,
 * their spans added up as run one after the other; in a build without
 * profiling it is zero. Times are in seconds in the CSV, in timestamp
 * ticks in a wsp_t (threads with CILK_PROFILE=strands). C and C++; compiled
 * without the plugin, wsp_getworkspan() is zero and wsp_dump does
 * nothing. */
#ifndef CILKSCALE_H
#define CILKSCALE_H

/* Work, span and burdened span in timestamp ticks (threads with
 * CILK_PROFILE=strands). The runtime includes this header too, after
 * defining CILKSCALE_RUNTIME. */
typedef struct __cilk_wsp {
    long long work, span, bspan;
} wsp_t;

#if defined(__cilk) || defined(CILKSCALE_RUNTIME)
#ifdef __cplusplus
extern "C" {
#endif
void __cilkrt_workspan(wsp_t *out);
void wsp_dump(wsp_t wsp, const char *tag);
#ifdef __cplusplus
}
#endif
#else
/* Without the plugin (the serial projection, by gcc or g++): no profile,
 * as OpenCilk's header has it without Cilkscale. */
static inline void __cilkrt_workspan(wsp_t *out)
{
    out->work = out->span = out->bspan = 0;
}
static inline void wsp_dump(wsp_t wsp, const char *tag)
{
    (void)wsp;
    (void)tag;
}
#endif

#define wsp_getworkspan()                                                      \
    __extension__({                                                            \
        wsp_t __cilk_wsp_now;                                                  \
        __cilkrt_workspan(&__cilk_wsp_now);                                    \
        __cilk_wsp_now;                                                        \
    })

static inline wsp_t wsp_zero(void)
{
    wsp_t z = {0, 0, 0};
    return z;
}

static inline wsp_t wsp_add(wsp_t a, wsp_t b)
{
    wsp_t r = {a.work + b.work, a.span + b.span, a.bspan + b.bspan};
    return r;
}

static inline wsp_t wsp_sub(wsp_t a, wsp_t b)
{
    wsp_t r = {a.work - b.work, a.span - b.span, a.bspan - b.bspan};
    return r;
}

#endif
