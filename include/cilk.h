/* cilk.h - the Cilk-5 keywords for C.
 *
 * The clang plugin (-fplugin=cilk.so) injects this file into every
 * translation unit, so programs compiled with it need no #include. Include it
 * explicitly for tools that run without the plugin: `clang -E` (whose output
 * then compiles with the plugin), clangd, and other clang-based tools.
 *
 *   cilk   - marks a Cilk procedure: `cilk int fib(int n) { ... }`
 *   spawn  - `[lhs op] spawn f(args);` runs a Cilk procedure in parallel
 *   sync   - `sync;` waits for every child spawned by the current procedure
 *   inlet  - `inlet void name(T result, ...) { ... }` in a Cilk procedure:
 *            code that applies a spawned child's result, called as
 *            `name(spawn f(args), ...);` (the plugin rewrites it)
 *   abort  - `abort;` in a Cilk procedure or inlet ends its outstanding
 *            children; `abort()` is still the C library's
 *   SYNCHED - 1 when the procedure has no outstanding children
 *
 * and the continuation-passing threads of the Cilk paper:
 *
 *   thread        - `thread T(cont int k, int n) { ... }` declares a thread
 *   cont          - `cont int k` declares a continuation (parameter or
 *                   variable of a thread); it is an `int *` to C
 *   spawn_next    - `spawn_next T(k, ?x, ?y);` creates T's closure, which
 *                   waits for the missing arguments x and y; for a vector
 *                   parameter, `?v` with `cont T v[n]` leaves the vector
 *                   empty, v[i] the continuation of its element i
 *   send_argument - `send_argument(k, v);` sends v to continuation k
 *   tail_call     - `tail_call T(args);` runs T now
 *   cilk_vector   - `cilk_vector(p, n)`: the argument of a thread's vector
 *                   parameter `T v[]`, the n elements at p (the closure
 *                   holds a copy; a `T v[N]` parameter copies N elements
 *                   of the array passed)
 *
 * `thread`, `cont`, `spawn_next` and `tail_call` are keywords only where
 * their construct follows; elsewhere they are ordinary names.
 *
 * and OpenCilk's spelling (docs/language.md, "OpenCilk programs"), also
 * reserved as _Cilk_spawn, _Cilk_sync, _Cilk_scope and _Cilk_for:
 *
 *   cilk_spawn - `[lhs op] cilk_spawn f(args);` runs any function f in
 *                parallel; the function that spawns needs no `cilk`;
 *                `cilk_spawn { ... }` runs a block in parallel
 *   cilk_sync  - `cilk_sync;` waits for the children of its sync region:
 *                the innermost cilk_scope, cilk_for body or function
 *   cilk_scope - `cilk_scope { ... }` waits for its own where it is left
 *   cilk_for   - `cilk_for (int i = 0; i < n; ++i) body` runs the
 *                iterations in parallel (`#pragma cilk grainsize N` before
 *                it: chunks of N)
 *   cilk_reducer(identity, reduce) - in a variable's type (`long
 *                cilk_reducer(zero, add) sum;`): a reducer, of which each
 *                strand that may run in parallel updates a view of its own
 *
 * <cilk/cilk.h> removes the Cilk-5 words above (a program in OpenCilk's
 * spelling may use `spawn` or `sync` as names), as does
 * -fplugin-arg-cilk-opencilk. In C++ the words are keywords only where
 * their construct stands (below), and the threads' words are C only.
 *
 * Without the plugin, a clang build of a program that includes this header
 * compiles the serial elision (and warns that the __cilk__ attribute is
 * unknown). */
#ifndef CILK_H
#define CILK_H

#ifndef CILK_ABI_H
#include "cilk-abi.h"
#endif

#if defined(__cplusplus) && defined(__cilk)
/* C++ under the plugin: the C++ library names members `sync`, says `using
 * ::abort;` and calls std::abort(), and OpenCilk's headers open namespace
 * cilk, so each word is a pragma that is the keyword only where one can
 * stand (`cilk` before a declaration's name or keyword, `spawn` before a
 * name or `this`, `sync;`, `abort;`) and outside system headers, and a
 * name anywhere else (the plugin's CilkCxxWords.cpp). The
 * continuation-passing threads' words are C only: `thread` would take
 * std::thread. */
#define cilk _Pragma("cilk cilk5_cilk") __attribute__((__cilk__))
#define spawn _Pragma("cilk cilk5_spawn") __extension__
#define sync _Pragma("cilk cilk5_sync") __cilk_sync
#define inlet _Pragma("cilk inlet")
#define abort _Pragma("cilk cilk5_abort") __cilk_abort
#define SYNCHED __cilk_synched()
#else
#define cilk __attribute__((__cilk__))
#define spawn __extension__
#define sync __cilk_sync
#define inlet _Pragma("cilk inlet")
#define abort __cilk_abort
#define SYNCHED __cilk_synched()
#define thread _Pragma("cilk thread")
#define cont _Pragma("cilk cont")
#define spawn_next _Pragma("cilk spawn_next")
#define tail_call _Pragma("cilk tail_call")
#define send_argument(k, v) ((void)(*(k) = (v)), __cilk_cp_send(k))
#define cilk_vector(p, n)                                                     \
    ((__typeof__(&*(p)))__cilk_cp_vector_marker(                             \
        (p), (unsigned long)(n) * sizeof *(p)))
#endif

#define _Cilk_spawn _Pragma("cilk spawn") __extension__
#define cilk_spawn _Pragma("cilk spawn") __extension__
#define _Cilk_sync __cilk_sync_any
#define cilk_sync __cilk_sync_any
#define _Cilk_scope _Pragma("cilk scope")
#define cilk_scope _Pragma("cilk scope")
#define _Cilk_for _Pragma("cilk for")
#define cilk_for _Pragma("cilk for")
/* `T cilk_reducer(identity, reduce) x;`: x is a reducer (the plugin:
 * CilkReducers.cpp). An annotation of the type, which clang keeps. */
#ifdef __cplusplus
/* C++: a template's instance (`zero<long>`) names a set of overloads,
 * which the annotation, a constant, cannot hold: the casts pick the one
 * function of the callback's type. */
#define cilk_reducer(identity, reduce)                                        \
    [[clang::annotate_type("cilk.reducer",                                    \
                           static_cast<void (*)(void *)>(identity),           \
                           static_cast<void (*)(void *, void *)>(reduce))]]
#else
#define cilk_reducer(identity, reduce)                                        \
    [[clang::annotate_type("cilk.reducer", identity, reduce)]]
#endif
#define _Hyperobject(identity, reduce) cilk_reducer(identity, reduce)
/* For cilk_for's rewriting: b - a, for two pointers or two integers (in
 * C++ also two random-access iterators), in unsigned 64 bits (5: GCC's
 * pointer_type_class). */
#ifdef __cplusplus
template <bool __c, class __t> struct __cilk_if {};
template <class __t> struct __cilk_if<true, __t> {
    typedef __t type;
};
template <class __a, class __b>
inline typename __cilk_if<__is_integral(__a) && __is_integral(__b),
                          unsigned long long>::type
__cilk_for_dist(__a a, __b b)
{
    return (unsigned long long)b - (unsigned long long)a;
}
template <class __a, class __b>
inline typename __cilk_if<!(__is_integral(__a) && __is_integral(__b)),
                          unsigned long long>::type
__cilk_for_dist(const __a &a, const __b &b)
{
    return (unsigned long long)(b - a);
}
#define __cilk_for_distance(a, b) __cilk_for_dist((a), (b))
#if __cplusplus >= 201103L
/* For a cilk_for over a range (`cilk_for (auto &x : v)`, C++11): its
 * begin and end, found as a range-based for finds them: an array's bounds,
 * else the members begin() and end(), else begin(r) and end(r) by
 * argument-dependent lookup (the int overloads are preferred). */
template <class __t, __SIZE_TYPE__ __n>
inline __t *__cilk_range_begin(__t (&__r)[__n], int)
{
    return __r;
}
template <class __t, __SIZE_TYPE__ __n>
inline __t *__cilk_range_end(__t (&__r)[__n], int)
{
    return __r + __n;
}
template <class __r>
inline auto __cilk_range_begin(__r &__x, int) -> decltype(__x.begin())
{
    return __x.begin();
}
template <class __r>
inline auto __cilk_range_end(__r &__x, int) -> decltype(__x.end())
{
    return __x.end();
}
template <class __r>
inline auto __cilk_range_begin(__r &__x, long) -> decltype(begin(__x))
{
    return begin(__x);
}
template <class __r>
inline auto __cilk_range_end(__r &__x, long) -> decltype(end(__x))
{
    return end(__x);
}
/* A range with neither: the rewriting's static_assert says so. */
struct __cilk_no_range {};
template <class __r> __cilk_no_range __cilk_range_begin(__r &, ...);
template <class __r> __cilk_no_range __cilk_range_end(__r &, ...);
/* True for a random-access iterator or a pointer (it - it, it + n). */
template <class __t> __t &__cilk_lvalue();
template <class __i, class = void> struct __cilk_random_access {
    static const bool value = false;
};
template <class __i>
struct __cilk_random_access<
    __i, decltype((void)(__cilk_lvalue<__i>() - __cilk_lvalue<__i>()),
                  (void)(__cilk_lvalue<__i>() + 1))> {
    static const bool value = true;
};
#endif
#else
#define __cilk_for_distance(a, b)                                             \
    __builtin_choose_expr(__builtin_classify_type(a) == 5,                    \
                          (unsigned long long)((b) - (a)),                    \
                          (unsigned long long)(b) - (unsigned long long)(a))
#endif

#endif /* CILK_H */
