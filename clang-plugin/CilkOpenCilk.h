//===- CilkOpenCilk.h - OpenCilk's spelling: scopes, implicit procedures --===//
//
// A program in OpenCilk's spelling declares no Cilk procedure: a function
// that contains `cilk_spawn` becomes one (an implicit procedure), and may be
// called like any function. `cilk_scope S` syncs the spawns of S when S
// ends. The keyword `cilk_scope` is the pragma `cilk scope` (include/cilk.h),
// which records where the statement after it begins; the checks find the
// statement there (Collector, CilkSemaInternal.h) and sync at its exits
// (CilkSemaOpenCilk.cpp). `cilk_for` is the pragma `cilk for`, which
// rewrites the loop into one over a count whose body clang outlines
// (CilkOpenCilk.cpp); `cilk_spawn` is the pragma `cilk spawn` followed by
// the spawn operator, which makes a spawned block (or loop, if, switch)
// such an outlined statement too.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKOPENCILK_H
#define CILK_CLANG_PLUGIN_CILKOPENCILK_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class FunctionDecl;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cilk {

/// Registers the pragmas `cilk scope`, `cilk for` (cilk_for's rewriting,
/// CilkOpenCilk.cpp), `cilk spawn` (spawned statements) and `cilk
/// grainsize`.
void registerScopeKeyword(clang::Preprocessor &PP);
/// True if DoLoc is the `do` of a cilk_for's body (`do BODY while (0)`).
bool isForBody(const clang::SourceManager &SM, clang::SourceLocation DoLoc);
/// True if DoLoc is the `do` of a spawned statement's body (`do S while
/// (0)`).
bool isSpawnBody(const clang::SourceManager &SM, clang::SourceLocation DoLoc);
/// True if OperatorLoc, a file location, is an `__extension__` that a
/// written-out `#pragma cilk spawn` precedes (cilk_spawn in -E's output).
bool isWrittenSpawn(clang::SourceLocation OperatorLoc);
/// True if the `cilk_spawn` spelled at SpellingKey (a raw location) spawns
/// a statement, not an expression.
bool isSpawnedStatementWord(unsigned SpellingKey);
/// True if a `cilk_scope` keyword comes right before Loc (a statement's
/// beginning), in the translation unit being compiled.
bool isScopeStart(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// FD, defined in this translation unit, spawns in OpenCilk's spelling and
/// is now a Cilk procedure without having been declared one.
void markImplicitProcedure(const clang::FunctionDecl *FD);
bool isImplicitProcedure(const clang::FunctionDecl *FD);

/// A new translation unit begins (clang may compile several in one
/// process).
void forgetOpenCilkState();

} // namespace cilk

#endif
