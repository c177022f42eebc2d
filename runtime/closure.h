/* closure.h - frames that the runtime owns, and the join protocol.
 *
 * A frame becomes a closure when a thief steals it (a stack frame is copied
 * into the heap first). The runtime-private words of the ABI frame header
 * then hold the links below. */
#ifndef CILKRT_CLOSURE_H
#define CILKRT_CLOSURE_H

#include "cilk-abi.h"

#include <stdatomic.h>

struct worker;

struct closure {
    const struct __cilk_desc *desc;
    int resume;
    int flags;
    /* Where this closure's result goes when its slow clone returns. */
    struct closure *parent;
    void *dst;
    __cilk_inlet_fn inlet;
    /* 1 while the procedure runs (its token, given back at sync) plus one
     * per outstanding child. The child that brings it to 0 resumes the
     * closure suspended at its sync. */
    atomic_long join;
    /* Serializes inlets applying results into the frame. */
    atomic_int lock;
    int pad;
    void *unused;
};

_Static_assert(sizeof(struct closure) == CILK_ABI_FRAME_HEADER_SIZE,
               "closure header must overlay struct __cilk_frame");
_Static_assert(sizeof(struct __cilk_frame) == CILK_ABI_FRAME_HEADER_SIZE,
               "frame header size is part of the ABI");
_Static_assert(__builtin_offsetof(struct __cilk_frame, desc) ==
                       CILK_ABI_FRAME_DESC_OFFSET &&
                   __builtin_offsetof(struct __cilk_frame, resume) ==
                       CILK_ABI_FRAME_RESUME_OFFSET,
               "frame header layout is part of the ABI");

/* The address spawn site `site` of closure c delivers into. */
void *closure_site_dst(struct closure *c, int site);

/* Applies a child's result into parent p with the site's inlet, holding p's
 * lock (inlets of one frame are atomic with respect to each other). */
void closure_apply(struct closure *p, __cilk_inlet_fn inlet, void *dst,
                   const void *result);

/* A child of p finished. Caller: the worker that finished it. If it was the
 * last one p waited for at its sync, w resumes p next. */
void closure_join(struct worker *w, struct closure *p);

/* c's slow clone returned normally: deliver its result, free it, join. */
void closure_complete(struct worker *w, struct closure *c);

/* Per-worker free lists; w must be the calling thread's worker. */
void *frame_alloc(struct worker *w, int size);
void frame_free(struct worker *w, void *f, int size);

#endif
