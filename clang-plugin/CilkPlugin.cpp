//===- CilkPlugin.cpp - The Cilk-5 frontend plugin for clang 19 -----------===//
//
// `clang-19 -fplugin=cilk.so prog.c` compiles Cilk-5 C:
//   - the keywords become macros injected into the predefines (the text of
//     include/cilk-abi.h and include/cilk.h, embedded at build time);
//   - the `cilk` keyword expands to __attribute__((__cilk__)), registered
//     here; it records an AnnotateAttr("cilk") and renames `cilk main` to
//     the runtime's __cilk_main;
//   - CilkConsumer (CilkSema.cpp) checks and rewrites spawn and sync;
//   - the Cilk pass (llvm-pass/) is added to the optimization pipeline
//     through CodeGenOptions::PassBuilderCallbacks, for the mode given by
//     -fplugin-arg-cilk-mode=MODE, instrumented for work and span with
//     -fplugin-arg-cilk-profile.
//
//===----------------------------------------------------------------------===//

#include "CilkPass.h"
#include "CilkSema.h"
#include "cilk-abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>

using namespace clang;

namespace cilk {
namespace {

/// include/cilk-abi.h followed by include/cilk.h, as one string.
const char *const InjectedHeaders =
#include "CilkHeaders.inc"
    ;

/// The `cilk` function attribute (spelled __attribute__((__cilk__)) by the
/// keyword macro). It marks a Cilk procedure.
struct CilkAttrInfo : public ParsedAttrInfo {
  CilkAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cilk"}};
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    unsigned ID = S.getDiagnostics().getCustomDiagID(
        DiagnosticsEngine::Error,
        "'cilk' applies only to function declarations (Cilk procedures)");
    // Point at the word `cilk` in the source, not into the predefines.
    S.Diag(S.getSourceManager().getExpansionLoc(Attr.getLoc()), ID);
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    auto *FD = cast<FunctionDecl>(D);
    FD->addAttr(AnnotateAttr::Create(S.Context, CILK_ABI_ANNOTATION, nullptr,
                                     0, Attr.getRange()));
    // The runtime owns the process's main(): it reads its own options,
    // starts the workers and then runs Cilk main under this name.
    if (FD->isMain())
      FD->addAttr(AsmLabelAttr::CreateImplicit(S.Context, CILK_ABI_MAIN,
                                               /*IsLiteralLabel=*/true,
                                               Attr.getRange()));
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<CilkAttrInfo> RegisterAttr("cilk",
                                                       "Cilk procedure");

/// The directory holding cilk.h: <dir of cilk.so>/../../include in both the
/// build tree and the installation.
std::string findIncludeDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&findIncludeDir), &Info) ||
      !Info.dli_fname)
    return {};
  llvm::SmallString<256> Dir(Info.dli_fname);
  llvm::sys::path::remove_filename(Dir); // lib/cilk
  llvm::sys::path::remove_filename(Dir); // lib
  llvm::sys::path::remove_filename(Dir); // prefix
  llvm::sys::path::append(Dir, "include");
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "cilk.h");
  return llvm::sys::fs::exists(Header) ? std::string(Dir) : std::string();
}

class CilkAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "\n#define __cilk 1\n" +
                     InjectedHeaders);

    // Let `#include <cilk.h>` work with nothing but -fplugin.
    std::string IncDir = findIncludeDir();
    if (!IncDir.empty())
      if (auto Dir = CI.getFileManager().getOptionalDirectoryRef(IncDir))
        PP.getHeaderSearchInfo().AddSearchPath(
            DirectoryLookup(*Dir, SrcMgr::C_System, /*isFramework=*/false),
            /*isAngled=*/true);

    // Cilk is a C language here: C++ brings destructors and exceptions
    // around spawns, which the clones do not model. Say so once, up front.
    if (CI.getLangOpts().CPlusPlus) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(
          DiagnosticsEngine::Error,
          "the Cilk plugin compiles C only, and this is C++; compile Cilk "
          "sources as C (clang-19, or -x c)"));
    }

    auto Log = std::make_shared<SpawnLog>();
    PP.addPPCallbacks(
        std::make_unique<SpawnRecorder>(CI.getSourceManager(), Log));

    Mode M = TheMode;
    bool P = Profile;
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [M, P](llvm::PassBuilder &PB) { registerCilkPipeline(PB, M, P); });

    return std::make_unique<CilkConsumer>(CI, std::move(Log),
                                          M != Mode::Serial);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      llvm::StringRef A(Arg);
      if (A == "profile") {
        Profile = true;
        continue;
      }
      if (!A.consume_front("mode=")) {
        D.Report(D.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown cilk plugin argument '%0' (expected "
            "-fplugin-arg-cilk-mode=serial|eager|indolent|sedative or "
            "-fplugin-arg-cilk-profile)"))
            << Arg;
        return false;
      }
      llvm::Expected<Mode> M = parseRequestedMode(A);
      if (!M) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
            << llvm::toString(M.takeError());
        return false;
      }
      TheMode = *M;
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Mode TheMode = Mode::Sedative;
  bool Profile = false; // -fplugin-arg-cilk-profile
};

FrontendPluginRegistry::Add<CilkAction> RegisterAction("cilk",
                                                       "Cilk-5 language");

} // namespace
} // namespace cilk
