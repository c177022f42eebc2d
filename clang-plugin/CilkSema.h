//===- CilkSema.h - Cilk checks and AST rewriting ----------------*- C++ -*-===//
//
// The plugin cannot add grammar, so the keywords arrive as macros (see
// include/cilk.h): a spawn is a GNU __extension__ unary operator expanded
// from the `spawn` macro, a sync is the expression statement `__cilk_sync;`
// and a Cilk procedure carries an AnnotateAttr("cilk"). CilkConsumer runs
// before code generation on every top-level declaration; it enforces the
// Cilk-5 rules with real diagnostics and rewrites the AST so that codegen
// leaves marks the pass can find exactly:
//
//   x = spawn f(a);  ->  { x = ((T)__cilk_spawn_marker((void *)f))(a);
//                          __cilk_spawn_end(); }
//   sync;            ->  __cilk_sync_marker();
//
// This header is what the rest of the plugin uses; CilkSemaInternal.h, the
// private side, lists the files of the checks and what each owns.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKSEMA_H
#define CILK_CLANG_PLUGIN_CILKSEMA_H

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include <memory>

namespace clang {
class Expr;
class ASTContext;
class CompilerInstance;
class FunctionDecl;
} // namespace clang

namespace cilk {

/// Every expansion of the `spawn` macro, keyed by where the word `spawn` was
/// spelled, and which of them became a spawn operator. An expansion that
/// never became one (`spawn int z;`) is an error reported at the end of the
/// translation unit.
struct SpawnLog {
  llvm::MapVector<unsigned, clang::SourceLocation> Expansions;
  llvm::DenseSet<unsigned> Matched;
};

/// Records the `spawn` expansions into a SpawnLog shared with the consumer
/// (the preprocessor owns the callbacks; the consumer outlives neither).
class SpawnRecorder : public clang::PPCallbacks {
public:
  SpawnRecorder(const clang::SourceManager &SM, std::shared_ptr<SpawnLog> Log)
      : SM(SM), Log(std::move(Log)) {}
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange, const clang::MacroArgs *) override;

private:
  const clang::SourceManager &SM;
  std::shared_ptr<SpawnLog> Log;
};

class CilkConsumer : public clang::ASTConsumer {
public:
  /// Parallel: compiling for a parallel mode (not the serial elision).
  /// WarnUnsynced: warn where a spawn's destination is used before a sync
  /// (off with -fplugin-arg-cilk-Wno-unsynced). Race: a race detector build
  /// (-fplugin-arg-cilk-race).
  CilkConsumer(clang::CompilerInstance &CI, std::shared_ptr<SpawnLog> Log,
               bool Parallel, bool WarnUnsynced, bool Race);
  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override;
  /// C++: a member function defined in its class's body.
  void HandleInlineFunctionDefinition(clang::FunctionDecl *FD) override;
  /// A structure, union or class completed: a definition anywhere (in a
  /// namespace, in a class) or a class template's instance.
  void HandleTagDeclDefinition(clang::TagDecl *D) override;
  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

private:
  void checkDecl(clang::Decl *D);
  void checkFunction(clang::FunctionDecl *FD);
  void noteTemplateSpawns(clang::Stmt *Body);
  void checkRedeclaration(clang::FunctionDecl *FD);

  clang::CompilerInstance &CI;
  std::shared_ptr<SpawnLog> Log;
  bool Parallel;
  bool WarnUnsynced;
  bool Race;
  /// Bodies checked (and rewritten) already: C++ hands some functions over
  /// twice.
  llvm::DenseSet<const clang::Stmt *> Checked;
};

/// True if FD, or any declaration of it, carries AnnotateAttr(Name).
bool hasAnnotation(const clang::FunctionDecl *FD, llvm::StringRef Name);
/// True if FD, or any declaration of it, was declared `cilk`.
bool isCilkProcedure(const clang::FunctionDecl *FD);
/// The declaration of runtime function Name, which cilk-abi.h (predefined
/// in every translation unit) declares.
clang::FunctionDecl *runtimeFunction(clang::ASTContext &Ctx,
                                     llvm::StringRef Name);
/// F as a function pointer (`f` decayed), written at Loc.
clang::Expr *functionPointer(clang::ASTContext &Ctx, clang::FunctionDecl *F,
                             clang::SourceLocation Loc);

/// Declarations of pointers to Cilk procedures (`cilk int (*f)(int)`, their
/// typedefs, arrays and fields), in the translation unit being compiled. Not
/// an AnnotateAttr, which codegen would turn into annotation intrinsics at
/// every access of such a variable or field.
void markCilkPointer(const clang::Decl *D);
/// Forgets every mark: a new translation unit begins (clang may compile
/// several in one process).
void forgetCilkPointers();

} // namespace cilk

#endif
