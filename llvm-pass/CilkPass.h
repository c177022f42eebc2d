//===- CilkPass.h - Cilk lowering pass ---------------------------*- C++ -*-===//
//
// The Cilk pass turns the frontend's marks (a tagged call per spawn, a marker
// call per sync, an annotation per Cilk procedure) into code for one of the
// closure-creation modes. It runs at the start of the optimization pipeline,
// before anything may inline a Cilk procedure into its parent or move code
// across a spawn or sync. This header is what the clang plugin uses: the
// modes, the pass and its registration; the phases share CilkInternal.h.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_LLVM_PASS_CILKPASS_H
#define CILK_LLVM_PASS_CILKPASS_H

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class AttributeMask;
class CallBase;
class Constant;
class DataLayout;
class DILocation;
class Function;
class FunctionCallee;
class Instruction;
class Value;
class Module;
class PassBuilder;
class Twine;
class Type;
} // namespace llvm

namespace cilk {

/// The closure-creation strategy. Serial is the C elision and the baseline of
/// every measurement; the others are the parallel strategies of the
/// indolent-closure memo.
/// Values match CILK_MODE_* in cilk-abi.h.
enum class Mode { Serial = 0, Eager = 1, Indolent = 2, Sedative = 3 };

/// What a build adds to the mode's code: nothing, the work-and-span hooks
/// (-fplugin-arg-cilk-profile) or the race detector's (-fplugin-arg-cilk-race,
/// serial mode only).
enum class Instrument { None, Profile, Race };

/// The mode's name as users write it ("serial", "eager", ...).
llvm::StringRef modeName(Mode M);
/// Parses a mode requested by a user (the plugin's -fplugin-arg-cilk-mode=,
/// opt's cilk<MODE>): an unknown name is an error that lists the modes.
llvm::Expected<Mode> parseRequestedMode(llvm::StringRef Name);

class CilkPass : public llvm::PassInfoMixin<CilkPass> {
public:
  explicit CilkPass(Mode M, Instrument I = Instrument::None)
      : TheMode(M), Instr(I) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  Mode TheMode;
  Instrument Instr;
};

/// Adds the Cilk pass at the start of every pipeline PB builds (-O0...-O3,
/// LTO pre-link). Called by the clang plugin through
/// CodeGenOptions::PassBuilderCallbacks. A race build also gets the
/// ThreadSanitizer instrumentation at the end of the pipeline.
void registerCilkPipeline(llvm::PassBuilder &PB, Mode M, Instrument I);

} // namespace cilk

#endif
