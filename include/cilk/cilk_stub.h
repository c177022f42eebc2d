/* <cilk/cilk_stub.h> - OpenCilk's keywords, removed: the serial projection.
 *
 * A program includes it instead of <cilk/cilk.h> to build its serial
 * projection (OpenCilk's programs do so under -DSERIAL): cilk_spawn and
 * cilk_scope vanish, cilk_sync does nothing and cilk_for is for. With the
 * plugin the file is still compiled as OpenCilk's spelling (Cilk-5's words
 * are ordinary names); nothing in it is parallel. */
#ifndef CILK_CILK_STUB_H
#define CILK_CILK_STUB_H

#ifdef __cilk
#include <cilk/cilk.h>
#endif

#undef cilk_spawn
#undef _Cilk_spawn
#undef cilk_sync
#undef _Cilk_sync
#undef cilk_scope
#undef _Cilk_scope
#undef cilk_for
#undef _Cilk_for
#define cilk_spawn
#define _Cilk_spawn
#define cilk_sync ((void)0)
#define _Cilk_sync ((void)0)
#define cilk_scope
#define _Cilk_scope
#define cilk_for for
#define _Cilk_for for
#undef cilk_reducer
#undef _Hyperobject
#define cilk_reducer(identity, reduce)
#define _Hyperobject(identity, reduce)
#if !defined(__clang__) && !defined(__cplusplus)
/* A pointer to the reducer itself, which in the serial projection is the
 * variable's address (gcc has the builtin in C++ only). */
#define __builtin_addressof(x) (&(x))
#endif

#endif /* CILK_CILK_STUB_H */
