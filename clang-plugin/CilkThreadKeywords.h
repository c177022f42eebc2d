//===- CilkThreadKeywords.h - Continuation-passing threads' keywords -*- C++ -*-===//
//
// The keywords of the Cilk runtime paper (Blumofe et al., 1995), which the
// plugin cannot add to the grammar either:
//
//   thread T(params) { ... }     ->  __attribute__((__cilk_thread__)) void
//                                    T(params) { ... }
//   cont int k                   ->  __attribute__((__cilk_cont__)) int k,
//                                    which the attribute retypes to int *k:
//                                    a continuation is the address of the
//                                    slot its value goes to
//   spawn_next T(k, ?x);         ->  ((__typeof__(T) *)
//                                     __cilk_cp_next_marker((void *)T))
//                                    (k, (*(__typeof__(&*D(x)))
//                                         __cilk_cp_missing_marker(&(x))));
//                                    (`&*` decays an array of continuations,
//                                    a vector left empty, to a pointer; D(x)
//                                    is x if it is a pointer or an array,
//                                    else a null `__typeof__(x) *`, so that
//                                    `?y` on an `int y` is reported by the
//                                    plugin, not as clang's indirection:
//                                    __builtin_choose_expr(
//                                      __builtin_classify_type(
//                                        *(__typeof__(x) *)0) == 5,
//                                      (x), (__typeof__(x) *)0))
//   tail_call T(args);           ->  the same through __cilk_cp_tail_marker
//   send_argument(k, v)          ->  ((void)(*(k) = (v)), __cilk_cp_send(k))
//                                    (a plain macro of cilk.h)
//
// `thread`, `cont`, `spawn_next` and `tail_call` are pragmas that look at
// the tokens after them: not followed by what their construct needs (a
// name and `(`, a type), they are ordinary identifiers again, so that
// Cilk-5 and C programs that use these words as names still compile.
// `spawn T(args)` is the Cilk-5 keyword; the checks tell a thread's spawn
// by its callee (CilkSemaCilk5.cpp) and check its arguments
// (CilkSemaThreads.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKTHREADKEYWORDS_H
#define CILK_CLANG_PLUGIN_CILKTHREADKEYWORDS_H

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
class Preprocessor;
} // namespace clang

namespace cilk {

/// Registers the `cilk thread`, `cilk cont`, `cilk spawn_next` and
/// `cilk tail_call` pragmas. PP owns what is registered.
void registerThreadKeywords(clang::Preprocessor &PP);

/// True if FD, or any declaration of it, was declared `thread`.
bool isThread(const clang::FunctionDecl *FD);

/// True if D (a parameter or variable) was declared `cont`.
bool isContinuation(const clang::Decl *D);

/// Gives thread FD the annotation that describes its parameters for
/// portable closures (CILK_ABI_LAYOUT_ANNOTATION in cilk-abi.h).
void describeThreadLayout(clang::ASTContext &Ctx, clang::FunctionDecl *FD);

/// Forgets every `cont` declaration: a new translation unit begins.
void forgetContinuations();

} // namespace cilk

#endif
