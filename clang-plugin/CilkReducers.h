//===- CilkReducers.h - Reducers: views in place of the variable --*- C++ -*-===//
//
// `T cilk_reducer(I, R) x;` (include/cilk.h) annotates T with clang's
// annotate_type("cilk.reducer", I, R). Clang keeps the annotation in the
// type's sugar, and its arguments in the declaration's type source, where
// the rewriting below finds them. Before code generation, every access of a
// reducer (the variable, `*p` or `p[i]` of a pointer to one) becomes one of
// its current view:
//
//   x         ->  *(T *)__cilkrt_hyper_lookup((void *)&x, sizeof(T),
//                                             (void *)I, (void *)R)
//
// except where the reducer itself is meant: __builtin_addressof(x), sizeof,
// _Alignof. A local reducer is declared to the runtime after its
// declaration (its identity makes its value if it has no initializer), its
// scope's end forgets it (a cleanup), and a block that declares one syncs
// where it falls through its end, before the cleanup:
//
//   { T x = e; S }  ->  { T x = e; __cilkrt_hyper_declare(&x, I, R, 1);
//                         S'; cilk_sync; }      (x: cleanup unregister)
//
// C++: a data member declared as a reducer is declared by each constructor
// of its class, before the constructor's body, and forgotten where the
// destructor's body ends; each access (`m`, `this->m`, `o.m`, `p->m`) is a
// view, as a variable's is.
//
// A pointer to a reducer passed, assigned or used to initialize a plain
// pointer is a warning: it points at the variable, not at a view.
//
// C++ writes reducers as alias templates (<cilk/opadd_reducer.h>: `template
// <class T> using opadd_reducer = T cilk_reducer(zero<T>, plus<T>);`), whose
// instances keep the annotation's kind in their type but not its arguments:
// the alias's pattern is instantiated again with the instance's arguments
// (Sema) to name the callbacks, zero<long> and plus<long>.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKREDUCERS_H
#define CILK_CLANG_PLUGIN_CILKREDUCERS_H

namespace clang {
class ASTContext;
class Decl;
class DiagnosticsEngine;
class FunctionDecl;
class Sema;
} // namespace clang

namespace cilk {

/// The Sema of the translation unit, which instantiates reducer aliases
/// (null: a new translation unit begins).
void setReducerSema(clang::Sema *S);
/// Rewrites the reducer accesses and local reducers of FD's body (none if
/// it has none). Diagnoses reducers it cannot support. Runs before the
/// keyword rewriting (CilkSema.cpp), which then sees the block syncs.
void rewriteReducers(clang::ASTContext &Ctx, clang::DiagnosticsEngine &D,
                     clang::FunctionDecl *FD);
/// Diagnoses a parameter, or a structure member, declared a reducer (C++:
/// a class member only where the class lacks a constructor or destructor
/// of its own, which declare and forget it).
void checkReducerDecl(clang::ASTContext &Ctx, clang::DiagnosticsEngine &D,
                      const clang::Decl *Decl);

} // namespace cilk

#endif
