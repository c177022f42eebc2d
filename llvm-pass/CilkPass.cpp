//===- CilkPass.cpp - The Cilk module pass and its registration -----------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cilk {

static_assert(int(Mode::Serial) == CILK_MODE_SERIAL &&
                  int(Mode::Eager) == CILK_MODE_EAGER &&
                  int(Mode::Indolent) == CILK_MODE_INDOLENT &&
                  int(Mode::Sedative) == CILK_MODE_SEDATIVE,
              "Mode must match CILK_MODE_* in cilk-abi.h");

StringRef modeName(Mode M) {
  switch (M) {
  case Mode::Serial:
    return "serial";
  case Mode::Eager:
    return "eager";
  case Mode::Indolent:
    return "indolent";
  case Mode::Sedative:
    return "sedative";
  }
  llvm_unreachable("unknown Cilk mode");
}

static constexpr Mode AllModes[] = {Mode::Serial, Mode::Eager, Mode::Indolent,
                                    Mode::Sedative};

Expected<Mode> parseRequestedMode(StringRef Name) {
  const Mode *M = llvm::find_if(
      AllModes, [&](Mode Candidate) { return modeName(Candidate) == Name; });
  if (M == std::end(AllModes))
    return createStringError(inconvertibleErrorCode(),
                             "unknown Cilk mode '" + Name +
                                 "' (expected serial, eager, indolent or "
                                 "sedative)");
  return *M;
}

/// `cilk void main` (Cilk-5 accepts it) exits with status 0: the runtime
/// calls Cilk main as a function returning int, so a void one becomes
///   define i32 @__cilk_main(...) { ...; ret i32 0 }
static bool makeCilkMainReturnInt(Module &M) {
  Function *Main = M.getFunction(CILK_ABI_MAIN);
  if (!Main || Main->isDeclaration() || !Main->getReturnType()->isVoidTy())
    return false;
  Type *I32 = Type::getInt32Ty(M.getContext());
  FunctionType *Ty =
      FunctionType::get(I32, Main->getFunctionType()->params(), false);
  Function *New = Function::Create(Ty, Main->getLinkage(),
                                   Main->getAddressSpace(), "", &M);
  New->copyAttributesFrom(Main);
  New->setAttributes(Main->getAttributes().removeAttributesAtIndex(
      M.getContext(), AttributeList::ReturnIndex));
  New->splice(New->end(), Main);
  for (auto [From, To] : llvm::zip(Main->args(), New->args())) {
    To.takeName(&From);
    From.replaceAllUsesWith(&To);
  }
  for (BasicBlock &BB : *New)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      ReturnInst::Create(M.getContext(), ConstantInt::get(I32, 0), Ret);
      Ret->eraseFromParent();
    }
  New->takeName(Main);
  Main->replaceAllUsesWith(New);
  Main->eraseFromParent();
  return true;
}

/// True if M defines a Cilk procedure or spawns one.
static bool hasCilkCode(Module &M) {
  for (Function &F : M) {
    if (isCilkProcedure(F) && !F.isDeclaration())
      return true;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && isSpawn(*CB))
        return true;
  }
  return false;
}

/// CILK_UNIT_* for M: the ABI's version, a profile build, and the
/// sanitizers its code is instrumented for (clang marks each function it
/// instruments).
static int unitFlags(Module &M, Instrument I) {
  int Flags = CILK_ABI_VERSION << CILK_UNIT_ABI_SHIFT;
  Flags |= I == Instrument::Profile ? CILK_UNIT_PROFILE
           : I == Instrument::Race  ? CILK_UNIT_RACE
                                    : 0;
  for (Function &F : M) {
    if (F.hasFnAttribute(Attribute::SanitizeThread))
      Flags |= CILK_UNIT_TSAN;
    if (F.hasFnAttribute(Attribute::SanitizeAddress))
      Flags |= CILK_UNIT_ASAN;
    if (F.hasFnAttribute(Attribute::SanitizeMemory))
      Flags |= CILK_UNIT_MSAN;
  }
  return Flags;
}

//   @__cilk_unit = private constant %cilk.unit { i32 <mode>, i32 <flags>,
//                      ptr @__cilk_unit.file, ptr @"cilk: link the ..." },
//                  section "cilk_units"
// (in @llvm.compiler.used, so that nothing drops it before the linker).
static bool recordUnit(Module &M, Mode TheMode, Instrument I) {
  if (!hasCilkCode(M))
    return false;
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Constant *Name = ConstantDataArray::getString(C, M.getSourceFileName());
  auto *File = new GlobalVariable(M, Name->getType(), true,
                                  GlobalValue::PrivateLinkage, Name,
                                  "__cilk_unit.file");
  Type *Ptr = PointerType::getUnqual(C);
  StructType *Ty = StructType::get(C, {I32, I32, Ptr, Ptr});
  auto *Unit = new GlobalVariable(
      M, Ty, true, GlobalValue::PrivateLinkage,
      ConstantStruct::get(Ty, {ConstantInt::get(I32, int(TheMode)),
                               ConstantInt::get(I32, unitFlags(M, I)),
                               File,
                               M.getOrInsertGlobal(CILK_ABI_RUNTIME_HINT,
                                                   Type::getInt8Ty(C))}),
      "__cilk_unit");
  Unit->setSection(CILK_ABI_UNITS_SECTION);
  Unit->setAlignment(Align(8));
  // The linker reports a file's undefined references in the order of its
  // sections and offsets: the advice, from the first function of .text,
  // comes before the runtime entry points the code calls.
  //   define internal ptr @cilk.link.hint() { ret ptr @"cilk: link ..." }
  auto *Hint = Function::Create(FunctionType::get(Ptr, false),
                                GlobalValue::InternalLinkage, "cilk.link.hint");
  M.getFunctionList().push_front(Hint);
  ReturnInst::Create(C, M.getNamedGlobal(CILK_ABI_RUNTIME_HINT),
                     BasicBlock::Create(C, "entry", Hint));
  appendToCompilerUsed(M, {Unit, Hint});
  return true;
}

PreservedAnalyses CilkPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = recognizeCilkMarks(M);
  if (TheMode != Mode::Serial || Instr == Instrument::Race)
    Changed |= giveCxxPersonalities(M);
  Changed |= lowerSpawnedStatements(M, TheMode, Instr);
  Changed |= lowerReducers(M, TheMode, Instr);
  Changed |= lowerCilkFors(M, TheMode, Instr);
  markSelfContained(M);
  Changed |= lowerThreads(M);
  if (TheMode != Mode::Serial) {
    Changed |= keepHandlersOnTheirThread(M);
    Changed |= guardSpawnedResults(M);
  }
  // A call of a procedure that spawns is a spawn and a sync in the parallel
  // modes, and so for the profile in serial mode too: the callee's span is
  // a child's path, not part of the caller's strand.
  if (TheMode != Mode::Serial || Instr == Instrument::Profile)
    Changed |= spawnCallsOfProcedures(M);
  for (Function &F : M)
    if (isCilkProcedure(F) && F.hasPersonalityFn())
      Changed |= closeRegionsOnUnwindPaths(F);
  // C++ exceptions (CilkExceptions.cpp): the serial elision unwinds
  // through spawns as C++ does, the race and profile builds' too (their
  // hooks follow: CilkRace.cpp, CilkProfile.cpp); the parallel modes carry
  // a child's exception to its parent's sync.
  if (Instr == Instrument::Profile)
    Changed |= prepareProfile(M);
  bool Carries = TheMode != Mode::Serial;
  if (Carries) // the procedures the lowerings above made, too
    Changed |= giveCxxPersonalities(M);
  for (Function &F : M)
    if (isCilkProcedure(F)) {
      if (Carries && hasCxxPersonality(F)) {
        Changed |= anchorUnwindEdges(F); // and hoistSpawnDestinations
        continue;
      }
      Changed |= dropSpawnUnwindEdges(F, Carries);
      Changed |= hoistSpawnDestinations(F, Carries);
    }
  Changed |= makeCilkMainReturnInt(M);
  // The procedures Cilk-5's EXPORT(f) reaches from C, by their C names.
  SmallVector<std::string, 8> Exported;
  for (Function &F : M)
    if (isCilkProcedure(F) && isVisibleToOtherFiles(F) &&
        F.getName() != CILK_ABI_MAIN)
      Exported.push_back(F.getName().str());
  Changed |= recordUnit(M, TheMode, Instr);
  if (Instr == Instrument::Profile)
    Changed |= instrumentForProfile(M, TheMode);
  else if (Instr == Instrument::Race)
    Changed |= instrumentForRace(M);
  switch (TheMode) {
  case Mode::Serial:
    Changed |= lowerToSerialElision(M);
    break;
  case Mode::Eager:
  case Mode::Indolent:
  case Mode::Sedative:
    Changed |= lowerToClones(M, TheMode, Carries);
    break;
  }
  if (Instr == Instrument::Profile)
    Changed |= buildQuietClones(M);
  if (Carries)
    Changed |= stopAtEscapingExceptions(M);
  Changed |= buildExports(M, Exported);
  Changed |= removeRegionMarkers(M);
  // The descriptors say what may travel now: the mark has served.
  for (Function &F : M)
    F.removeFnAttr(CILK_SELF_CONTAINED_ATTR);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerCilkPipeline(PassBuilder &PB, Mode M, Instrument I) {
  PB.registerPipelineStartEPCallback(
      [M, I](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(CilkPass(M, I));
      });
  if (M != Mode::Serial || I == Instrument::Race)
    PB.registerScalarOptimizerLateEPCallback(
        [](FunctionPassManager &FPM, OptimizationLevel) {
          FPM.addPass(HoistViewsPass());
        });
  if (M == Mode::Indolent || M == Mode::Sedative)
    PB.registerVectorizerStartEPCallback(
        [](FunctionPassManager &FPM, OptimizationLevel) {
          FPM.addPass(PollChunksPass());
        });
  if (I == Instrument::Race)
    PB.registerVectorizerStartEPCallback(
        [](FunctionPassManager &FPM, OptimizationLevel) {
          FPM.addPass(RaceLoopsPass());
        });
  // As clang's -fsanitize=thread adds it (it runs at -O0 too); the
  // functions to instrument are those CilkRace.cpp marked. The ends of
  // locals' lifetimes are known only once inlining is done.
  if (I == Instrument::Race)
    PB.registerOptimizerLastEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(createModuleToFunctionPassAdaptor(RaceLocalsPass()));
          MPM.addPass(ModuleThreadSanitizerPass());
          MPM.addPass(createModuleToFunctionPassAdaptor(ThreadSanitizerPass()));
          MPM.addPass(createModuleToFunctionPassAdaptor(RaceFramesPass()));
        });
}

/// Parses the parameters of `cilk<MODE>`, `cilk<MODE;profile>` or
/// `cilk<serial;race>`; a bare `cilk` means serial.
static Expected<std::pair<Mode, Instrument>>
parsePassParameters(StringRef Params) {
  auto [ModeName, Rest] = Params.split(';');
  Instrument I = Rest == "profile" ? Instrument::Profile
                 : Rest == "race"  ? Instrument::Race
                                   : Instrument::None;
  if (!Rest.empty() && I == Instrument::None)
    return createStringError(inconvertibleErrorCode(),
                             "unknown cilk pass parameter '" + Rest +
                                 "' (expected 'profile' or 'race')");
  Mode M = Mode::Serial;
  if (!ModeName.empty()) {
    Expected<Mode> Requested = parseRequestedMode(ModeName);
    if (!Requested)
      return Requested.takeError();
    M = *Requested;
  }
  if (I == Instrument::Race && M != Mode::Serial)
    return createStringError(inconvertibleErrorCode(),
                             "a race build is serial: cilk<serial;race>");
  return std::make_pair(M, I);
}

} // namespace cilk

// The pass plugin entry point. It serves
//   - opt: `opt -load-pass-plugin=CilkPass.so -passes='cilk<MODE>'` (or
//     'cilk<MODE;profile>' for a profile build, 'cilk<serial;race>' for the
//     race detector's hooks);
//   - clang compiles that start from IR (-save-temps, .bc/.ll inputs), which
//     never run the frontend plugin: `-fpass-plugin=CilkPass.so` adds the
//     pass, in serial mode, at the start of the pipeline.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Cilk", "0.1", [](PassBuilder &PB) {
            cilk::registerCilkPipeline(PB, cilk::Mode::Serial,
                                       cilk::Instrument::None);
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (!PassBuilder::checkParametrizedPassName(Name, "cilk"))
                    return false;
                  auto P = PassBuilder::parsePassParameters(
                      cilk::parsePassParameters, Name, "cilk");
                  if (!P) {
                    errs() << toString(P.takeError()) << "\n";
                    return false;
                  }
                  MPM.addPass(cilk::CilkPass(P->first, P->second));
                  return true;
                });
            PB.registerPipelineParsingCallback(
                [](StringRef Name, FunctionPassManager &FPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "cilk-hoist-views")
                    FPM.addPass(cilk::HoistViewsPass());
                  else if (Name == "cilk-poll-chunks")
                    FPM.addPass(cilk::PollChunksPass());
                  else if (Name == "cilk-race-loops")
                    FPM.addPass(cilk::RaceLoopsPass());
                  else if (Name == "cilk-race-locals")
                    FPM.addPass(cilk::RaceLocalsPass());
                  else if (Name == "cilk-race-frames")
                    FPM.addPass(cilk::RaceFramesPass());
                  else
                    return false;
                  return true;
                });
          }};
}
