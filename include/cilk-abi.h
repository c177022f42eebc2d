/* cilk-abi.h - the contract between the Cilk compiler (plugin + pass) and the
 * runtime library libcilkrt.
 *
 * This header is shared verbatim by three parties:
 *   - the clang plugin, which injects it into every translation unit it
 *     compiles (so that no #include is needed) and rewrites spawn/sync into
 *     calls of the markers declared here;
 *   - the LLVM pass, which finds the markers by the names below and lowers
 *     them for the selected closure-creation mode;
 *   - libcilkrt, which implements the runtime entry points and provides
 *     fallback definitions of the markers (see runtime/markers.c).
 * Keep it plain C that also compiles as C++. */
#ifndef CILK_ABI_H
#define CILK_ABI_H

/* Symbol names, as strings, for the compiler side. */
#define CILK_ABI_SPAWN_MARKER "__cilk_spawn_marker"
#define CILK_ABI_SYNC_MARKER "__cilk_sync_marker"
#define CILK_ABI_LIBC_SYNC "__cilk_sync"
#define CILK_ABI_MAIN "__cilk_main"
/* The annotation string clang attaches to a Cilk procedure (via the plugin's
 * __cilk__ attribute); the pass turns it into the IR function attribute
 * CILK_ABI_FN_ATTR. */
#define CILK_ABI_ANNOTATION "cilk"
#define CILK_ABI_FN_ATTR "cilk"
/* The closure-creation modes; the values are part of the ABI. (Macros, not
 * an enum: `clang -E` output must compile again with the injected header.) */
#define CILK_MODE_SERIAL 0   /* the serial elision: spawn = call */
#define CILK_MODE_EAGER 1    /* Cilk-5: a closure per spawn */
#define CILK_MODE_INDOLENT 2 /* closures on demand; checks before and after a spawn */
#define CILK_MODE_SEDATIVE 3 /* closures on demand; a check after a spawn only */

/* The pass defines this constant (an int, one of CILK_MODE_*) in
 * the module that defines Cilk main, so the runtime knows how main was
 * compiled; the runtime declares it weak (absent: the pass did not run, and
 * the program is its serial elision). */
#define CILK_ABI_MAIN_MODE "__cilk_main_mode"

/* Metadata kind attached to every spawned call after the pass folded its
 * marker. */
#define CILK_ABI_SPAWN_MD "cilk.spawn"

#ifdef __cplusplus
extern "C" {
#endif

/* `spawn f(args)` is compiled as `((T)__cilk_spawn_marker((void *)f))(args)`:
 * the pass folds the marker back into a direct call of f tagged
 * !cilk.spawn. The runtime's definition is the identity, so a build that
 * skipped the pass (an IR input compiled without -fpass-plugin) still runs,
 * serially. */
void *__cilk_spawn_marker(void *fn);

/* `sync;` is compiled as a call of this marker. The runtime's definition does
 * nothing, which is the serial semantics. */
void __cilk_sync_marker(void);

/* The `sync` keyword is spelled __cilk_sync so that <unistd.h>'s
 * `void sync(void)` still declares a function: a call `sync()` reaches the
 * runtime's __cilk_sync, which calls the C library's sync(2). Only the
 * statement `sync;` is the Cilk sync. */
void __cilk_sync(void);

/* `cilk int main(...)` is emitted under this name; libcilkrt provides the
 * process's real main(), reads its own options and calls it. */
int __cilk_main(int argc, char *argv[]);

#ifdef __cplusplus
}
#endif

#endif /* CILK_ABI_H */
