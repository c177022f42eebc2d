/* frame.c - the frame memory entry points of generated code (frame.h
 * holds the free lists): heap frames of procedures whose locals escape,
 * and their variable-length arrays and allocas. */
#include "frame.h"

#include <stdlib.h>

struct __cilk_frame *__cilkrt_frame_alloc(void *wv, const struct __cilk_desc *d)
{
    return frame_alloc(wv, d->size);
}

void __cilkrt_frame_free(void *wv, struct __cilk_frame *f)
{
    frame_free(wv, f, f->desc->size);
}

/* Each block starts with the link to the previous one; 16 bytes keep the
 * user's memory aligned as malloc's. */
void *__cilkrt_alloca(void **list, unsigned long size)
{
    void **block = malloc(16 + size);
    if (!block)
        abort();
    block[0] = *list;
    *list = block;
    return (char *)block + 16;
}

void __cilkrt_free_allocas(void **list)
{
    for (void **block = *list; block;) {
        void **prev = block[0];
        free(block);
        block = prev;
    }
    *list = NULL;
}
