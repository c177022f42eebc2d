/* <cilk/cilksan.h> - OpenCilk's interface to its race detector, here the
 * race build's (-fsanitize=cilk with cilkc, -fplugin-arg-cilk-race with the
 * plugin, which defines __cilksan__):
 *
 *   __cilksan_disable_checking(), __cilksan_enable_checking()
 *                          accesses between them are not checked (they
 *                          nest); __cilksan_is_checking_enabled() says
 *                          whether they are
 *   __cilksan_acquire_lock(m), __cilksan_release_lock(m)
 *                          the accesses between them hold lock m, as a
 *                          mutex the detector does not know of would: two
 *                          that hold a common lock do not race
 *
 * In any other build they do nothing. */
#ifndef CILK_CILKSAN_H
#define CILK_CILKSAN_H

#ifdef __cplusplus
extern "C" {
#else
#include <stdbool.h>
#endif

#ifdef __cilksan__
void __cilksan_enable_checking(void) __attribute__((__nothrow__));
void __cilksan_disable_checking(void) __attribute__((__nothrow__));
bool __cilksan_is_checking_enabled(void) __attribute__((__nothrow__));
void __cilksan_acquire_lock(const void *mutex) __attribute__((__nothrow__));
void __cilksan_release_lock(const void *mutex) __attribute__((__nothrow__));
#else
static inline void __cilksan_enable_checking(void) {}
static inline void __cilksan_disable_checking(void) {}
static inline bool __cilksan_is_checking_enabled(void) { return false; }
static inline void __cilksan_acquire_lock(const void *mutex) { (void)mutex; }
static inline void __cilksan_release_lock(const void *mutex) { (void)mutex; }
#endif

#ifdef __cplusplus
}
#endif

#endif /* CILK_CILKSAN_H */
