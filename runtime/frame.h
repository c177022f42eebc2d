/* frame.h - the memory of frames and closures: per-worker free lists of
 * 64-byte size classes, above the worker's state and below everything
 * else (frame.c: the runtime entry points that generated code calls). */
#ifndef CILKRT_FRAME_H
#define CILKRT_FRAME_H

#include "worker.h"

#include <stdlib.h>

/* Frames and closures come from per-worker free lists of 64-byte size
 * classes; w must be the calling thread's worker. Inline: a thread's
 * closure is allocated and freed once per thread (threads.c). */
static inline size_t frame_size_class(size_t size)
{
    return (size + 63) / 64 - 1;
}

/* The free list is empty, or the size has no class: from the heap,
 * 64-byte aligned. */
__attribute__((cold)) static inline void *
frame_alloc_heap(size_t size_class)
{
    void *f = aligned_alloc(64, (size_class + 1) * 64);
    if (!f)
        abort();
    return f;
}

static inline void *frame_alloc(struct worker *w, size_t size)
{
    size_t k = frame_size_class(size);
    if (++w->stats.live > w->stats.max_live)
        w->stats.max_live = w->stats.live;
    void *f;
    if (__builtin_expect(k < FREELIST_CLASSES && (f = w->freelist[k]), 1)) {
        w->freelist[k] = *(void **)f;
        return f;
    }
    return frame_alloc_heap(k);
}

static inline void frame_free(struct worker *w, void *f, size_t size)
{
    size_t k = frame_size_class(size);
    w->stats.live--;
    if (__builtin_expect(k >= FREELIST_CLASSES, 0)) {
        free(f);
        return;
    }
    *(void **)f = w->freelist[k];
    w->freelist[k] = f;
}

#endif
