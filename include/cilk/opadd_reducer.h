/* <cilk/opadd_reducer.h> - OpenCilk's sum reducer, for C++.
 *
 *   cilk::opadd_reducer<long> sum = 0;
 *   cilk_for (int i = 0; i < n; ++i) sum += a[i];
 *
 * A reducer of T whose identity is T(0) and whose reduction is `left +=
 * right`: any T with those (integers, floating point, std::complex). The
 * plugin instantiates the alias's callbacks for each T (CilkReducers.h).
 * Without the plugin, a plain T. */
#ifndef CILK_OPADD_REDUCER_H
#define CILK_OPADD_REDUCER_H

#ifdef __cplusplus
/* cilk_reducer: the plugin's own, which leaves Cilk-5's words to the
 * program (a C++ Cilk-5 program may use these too); without the plugin,
 * the serial projection's. */
#ifndef __cilk
#include <cilk/cilk.h>
#endif
#include <new>

namespace cilk {

template <typename T> static void opadd_identity(void *view)
{
    ::new (view) T(static_cast<T>(0));
}

template <typename T> static void opadd_reduce(void *left, void *right)
{
    T *r = static_cast<T *>(right);
    *static_cast<T *>(left) += *r;
    r->~T();
}

template <typename T>
using opadd_reducer = T cilk_reducer(opadd_identity<T>, opadd_reduce<T>);

} // namespace cilk
#endif

#endif /* CILK_OPADD_REDUCER_H */
