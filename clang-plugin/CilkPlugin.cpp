//===- CilkPlugin.cpp - The Cilk-5 frontend plugin for clang 19 -----------===//
//
// `clang-19 -fplugin=cilk.so prog.c` compiles Cilk-5 C:
//   - the keywords become macros injected into the predefines (the text of
//     include/cilk-abi.h and include/cilk.h, embedded at build time);
//   - the `cilk` keyword expands to __attribute__((__cilk__)), registered
//     here; it records an AnnotateAttr("cilk") and renames `cilk main` to
//     the runtime's __cilk_main;
//   - inlets are rewritten by the preprocessor (CilkInlets.cpp);
//   - CilkConsumer (CilkSema.cpp) checks and rewrites spawn, sync and
//     abort;
//   - the Cilk pass (llvm-pass/) is added to the optimization pipeline
//     through CodeGenOptions::PassBuilderCallbacks, for the mode given by
//     -fplugin-arg-cilk-mode=MODE, instrumented for work and span with
//     -fplugin-arg-cilk-profile, or run through the race detector with
//     -fplugin-arg-cilk-race.
//
//===----------------------------------------------------------------------===//

#include "CilkCxxWords.h"
#include "CilkInlets.h"
#include "CilkOpenCilk.h"
#include "CilkReducers.h"
#include "CilkPass.h"
#include "CilkSema.h"
#include "CilkThreadKeywords.h"
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

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <unistd.h>

using namespace clang;

namespace cilk {

/// `gcc -fplugin=cilk.so` loads this file into gcc's cc1, which would then
/// refuse it with a message about licences (it looks for gcc's
/// plugin_is_GPL_compatible). Say what is wrong instead: constructors run
/// when the file is loaded, before gcc looks.
__attribute__((constructor)) static void refuseGcc() {
  const char *Name = program_invocation_short_name;
  if (std::strcmp(Name, "cc1") && std::strcmp(Name, "cc1plus") &&
      std::strncmp(Name, "lto1", 4))
    return;
  std::fprintf(stderr,
               "error: cilk.so is a clang 19 plugin, and gcc cannot load "
               "it: compile with clang-19 -fplugin=<path>/cilk.so, or with "
               "cilkc\n");
  std::fflush(stderr);
  _exit(1);
}
namespace {

/// include/cilk-abi.h followed by include/cilk.h, as one string.
const char *const InjectedHeaders =
#include "CilkHeaders.inc"
    ;

/// True if T is a function type, or a pointer to or array of what is.
bool leadsToFunction(QualType T) {
  for (;;) {
    if (T.isNull())
      return false;
    if (T->isFunctionType())
      return true;
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      return false;
  }
}

/// The `cilk` attribute (spelled __attribute__((__cilk__)) by the keyword
/// macro). On a function it marks a Cilk procedure; on a variable, field,
/// parameter or typedef of pointer-to-function type (or an array of such
/// pointers, or a function type) it says that the pointers lead to Cilk
/// procedures, which may then be spawned through them (CilkSema.cpp).
struct CilkAttrInfo : public ParsedAttrInfo {
  CilkAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cilk"}};
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D);
        TD && leadsToFunction(TD->getUnderlyingType()))
      return true;
    if (const auto *VD = dyn_cast<DeclaratorDecl>(D);
        VD && (isa<VarDecl>(VD) || isa<FieldDecl>(VD)) &&
        leadsToFunction(VD->getType()))
      return true;
    unsigned ID = S.getDiagnostics().getCustomDiagID(
        DiagnosticsEngine::Error,
        "'cilk' applies only to functions (Cilk procedures) and to pointers "
        "to them");
    // Point at the word `cilk` in the source, not into the predefines.
    S.Diag(S.getSourceManager().getExpansionLoc(Attr.getLoc()), ID);
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD) {
      markCilkPointer(D);
      return AttributeApplied;
    }
    FD->addAttr(AnnotateAttr::Create(S.Context, CILK_ABI_ANNOTATION, nullptr,
                                     0, Attr.getRange()));
    // The runtime owns the process's main(): it reads its own options,
    // starts the workers and then runs Cilk main under this name. Cilk-5
    // programs may also name it cilk_main.
    if (FD->isMain() || (FD->getIdentifier() && FD->getName() == "cilk_main" &&
                         FD->getDeclContext()->isTranslationUnit()))
      FD->addAttr(AsmLabelAttr::CreateImplicit(S.Context, CILK_ABI_MAIN,
                                               /*IsLiteralLabel=*/true,
                                               Attr.getRange()));
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<CilkAttrInfo> RegisterAttr("cilk",
                                                       "Cilk procedure");

/// The directory of cilk.so (lib/cilk, in the build tree and installed).
llvm::SmallString<256> pluginDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&pluginDir), &Info) ||
      !Info.dli_fname)
    return {};
  llvm::SmallString<256> Dir(Info.dli_fname);
  llvm::sys::path::remove_filename(Dir);
  return Dir;
}

/// Dir if it holds File, else empty.
std::string ifHolds(llvm::SmallString<256> Dir, llvm::StringRef File) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, File);
  return llvm::sys::fs::exists(Path) ? std::string(Dir) : std::string();
}

/// The directory holding cilk.h: <dir of cilk.so>/../../include.
std::string findIncludeDir() {
  llvm::SmallString<256> Dir = pluginDir();
  llvm::sys::path::remove_filename(Dir); // lib
  llvm::sys::path::remove_filename(Dir); // prefix
  llvm::sys::path::append(Dir, "include");
  return ifHolds(Dir, "cilk.h");
}

/// The directory holding Cilk-5's config.h: <dir of cilk.so>/cilk5.
std::string findCilk5ConfigDir() {
  llvm::SmallString<256> Dir = pluginDir();
  llvm::sys::path::append(Dir, "cilk5");
  return ifHolds(Dir, "config.h");
}

/// Adds Dir, if not empty, to the angled search path (after the command
/// line's -I directories).
void addSearchDir(CompilerInstance &CI, const std::string &Dir) {
  if (Dir.empty())
    return;
  if (auto D = CI.getFileManager().getOptionalDirectoryRef(Dir))
    CI.getPreprocessor().getHeaderSearchInfo().AddSearchPath(
        DirectoryLookup(*D, SrcMgr::C_System, /*isFramework=*/false),
        /*isAngled=*/true);
}

class CilkAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    Preprocessor &PP = CI.getPreprocessor();
    bool Preprocessed = !CI.getFrontendOpts().Inputs.empty() &&
                        CI.getFrontendOpts().Inputs[0].isPreprocessed();
    // Preprocessed C++ (cilkc -E's .ii output) holds the headers already,
    // whose templates may not be defined twice (C's declarations may):
    // only the macro that cilk_for's rewriting writes is missing.
    // Preprocessed input spells `cilk_sync;` and `sync;` `__cilk_sync_any;`
    // and `__cilk_sync;`, which clang calls unused values unless a macro
    // wrote them: one does.
    std::string Predefines =
        PP.getPredefines() + "\n#define __cilk 1\n" +
        (Preprocessed ? "#define __cilk_sync_any __cilk_sync_any\n"
                        "#define __cilk_sync __cilk_sync\n"
                      : "") +
        (Preprocessed && CI.getLangOpts().CPlusPlus
             ? "#define __cilk_for_distance(a, b) __cilk_for_dist((a), (b))\n"
             : InjectedHeaders);
    // Let `#include <cilk.h>` work with nothing but -fplugin.
    addSearchDir(CI, findIncludeDir());
    // A .cilk file is a Cilk-5 program: it gets what Cilk-5's cilkc gave
    // every file (some system headers, FILE_IDENTITY, __CILK__, ...), and
    // the config.h of Cilk-5's build if it has none of its own.
    // (Not in preprocessed input, -save-temps' second step: it has no
    // search path for the system headers, and the first step, which runs
    // without the plugin, did not include them.)
    if (llvm::sys::path::extension(InFile) == ".cilk" && !Preprocessed) {
      Predefines += "#include <cilk5-env.h>\n";
      addSearchDir(CI, findCilk5ConfigDir());
    }
    // <cilk/cilksan.h> declares the detector's interface in a race build.
    if (Instr == Instrument::Race)
      Predefines += "#define __cilksan__ 1\n";
    // OpenCilk's -fopencilk: the file is in OpenCilk's spelling, as if it
    // included <cilk/cilk.h> (which frees Cilk-5's words). In C++ the words
    // are names where they cannot be keywords (CilkCxxWords.h).
    if (OpenCilk)
      Predefines += "#include <cilk/cilk.h>\n";
    PP.setPredefines(Predefines);

    // Cilk-5 programs are C89 that gcc accepted with warnings; clang 19
    // makes these errors by default in C99 and later. Warnings again.
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (llvm::StringRef Group :
         {"implicit-int", "implicit-function-declaration", "int-conversion",
          "return-type", "incompatible-function-pointer-types"})
      Diags.setDiagnosticGroupWarningAsError(Group, false); // -Wno-error=

    auto Log = std::make_shared<SpawnLog>();
    registerInlets(PP);
    registerThreadKeywords(PP);
    registerScopeKeyword(PP);
    registerCxxWords(PP, Log);
    forgetCilkPointers();
    setReducerSema(nullptr); // a new translation unit
    forgetContinuations();
    forgetOpenCilkState();
    PP.addPPCallbacks(
        std::make_unique<SpawnRecorder>(CI.getSourceManager(), Log));

    // The pass reports what it cannot lower at the statement's DebugLoc:
    // have clang attach locations (without emitting debug info, as for
    // -Rpass) when no -g asks for them anyway. The race detector names
    // the places of accesses: it needs the line tables.
    if (CI.getCodeGenOpts().getDebugInfo() ==
        llvm::codegenoptions::NoDebugInfo)
      CI.getCodeGenOpts().setDebugInfo(
          Instr == Instrument::Race ? llvm::codegenoptions::DebugLineTablesOnly
                                    : llvm::codegenoptions::LocTrackingOnly);

    // With -g and optimization clang tracks assignments (dbg_assign records
    // linked to the stores they describe): the pass moves code between
    // functions (clones, outlined statements and loop bodies), which would
    // leave links across functions, invalid IR. The classic form
    // (dbg.declare of each local's slot) describes the same variables.
    CI.getCodeGenOpts().setAssignmentTrackingMode(
        CodeGenOptions::AssignmentTrackingOpts::Disabled);

    Mode M = TheMode;
    Instrument I = Instr;
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [M, I](llvm::PassBuilder &PB) { registerCilkPipeline(PB, M, I); });

    return std::make_unique<CilkConsumer>(CI, std::move(Log),
                                          M != Mode::Serial, WarnUnsynced,
                                          I == Instrument::Race);
  }

  /// A bad argument is one error; the plugin still runs (in the default
  /// mode), so the source is not also reported as C that knows no Cilk
  /// keyword, and the compile fails on that one error.
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    bool ModeGiven = false;
    for (const std::string &Arg : Args) {
      llvm::StringRef A(Arg);
      if (A == "profile" || A == "race") {
        Instrument I = A == "race" ? Instrument::Race : Instrument::Profile;
        if (Instr != Instrument::None && Instr != I)
          D.Report(D.getCustomDiagID(
              DiagnosticsEngine::Error,
              "-fplugin-arg-cilk-profile and -fplugin-arg-cilk-race cannot "
              "be combined"));
        Instr = I;
        continue;
      }
      if (A == "Wno-unsynced") {
        WarnUnsynced = false;
        continue;
      }
      if (A == "opencilk") {
        OpenCilk = true;
        continue;
      }
      if (!A.consume_front("mode=")) {
        D.Report(D.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown cilk plugin argument '%0' (expected "
            "-fplugin-arg-cilk-mode=serial|eager|indolent|sedative, "
            "-fplugin-arg-cilk-profile, -fplugin-arg-cilk-race, "
            "-fplugin-arg-cilk-opencilk or -fplugin-arg-cilk-Wno-unsynced)"))
            << Arg;
        continue;
      }
      llvm::Expected<Mode> M = parseRequestedMode(A);
      if (!M) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
            << llvm::toString(M.takeError());
        continue;
      }
      TheMode = *M;
      ModeGiven = true;
    }
    // The detector follows the serial execution, depth first.
    if (Instr == Instrument::Race) {
      if (ModeGiven && TheMode != Mode::Serial)
        D.Report(D.getCustomDiagID(
            DiagnosticsEngine::Error,
            "-fplugin-arg-cilk-race runs the serial elision; it cannot be "
            "combined with -fplugin-arg-cilk-mode=%0"))
            << modeName(TheMode);
      TheMode = Mode::Serial;
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Mode TheMode = Mode::Sedative;
  Instrument Instr = Instrument::None; // -fplugin-arg-cilk-profile, -race
  bool WarnUnsynced = true; // off: -fplugin-arg-cilk-Wno-unsynced
  bool OpenCilk = false;     // -fplugin-arg-cilk-opencilk
};

FrontendPluginRegistry::Add<CilkAction> RegisterAction("cilk",
                                                       "Cilk-5 language");

} // namespace
} // namespace cilk
