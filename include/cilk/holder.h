/* <cilk/holder.h> - OpenCilk's holder, for C++: a reducer that gives each
 * strand that may run in parallel a default-constructed A of its own
 * (scratch space), keeping the leftmost at each reduction.
 *
 *   cilk::holder<std::vector<int>> scratch;
 *
 * Without the plugin, a plain A. */
#ifndef CILK_HOLDER_H
#define CILK_HOLDER_H

#ifdef __cplusplus
/* cilk_reducer: the plugin's own, which leaves Cilk-5's words to the
 * program (a C++ Cilk-5 program may use these too); without the plugin,
 * the serial projection's. */
#ifndef __cilk
#include <cilk/cilk.h>
#endif
#include <new>

namespace cilk {

template <typename A> static void holder_identity(void *view)
{
    ::new (view) A;
}

template <typename A> static void holder_reduce(void *left, void *right)
{
    (void)left;
    static_cast<A *>(right)->~A();
}

template <typename A>
using holder = A cilk_reducer(holder_identity<A>, holder_reduce<A>);

} // namespace cilk
#endif

#endif /* CILK_HOLDER_H */
