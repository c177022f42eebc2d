//===- CilkReducers.cpp - Reducer views: runtime calls or the variables ---===//
//
// The plugin compiles each access of a reducer x (`T cilk_reducer(I, R) x`)
// as one of its current view, and a local reducer's declaration and the end
// of its scope as runtime calls (cilk-abi.h):
//
//   %v = call ptr @__cilkrt_hyper_lookup(ptr @x, i64 4, ptr @I, ptr @R)
//   call void @__cilkrt_hyper_declare(ptr %x, ptr @I, ptr @R, i32 Init)
//   call void @__cilkrt_hyper_unregister(ptr %x)
//
// In the parallel modes they stay. A view changes only where a steal or a
// merge can happen: at a spawn, a sync, or any other call into the runtime,
// never between two accesses with plain code between them. So the lookup
// is declared to read only memory the program cannot see
// (memory(inaccessiblemem: read)): the optimizer reuses a view until the
// next call, and hoists the lookup out of a loop without calls, such as a
// cilk_for's chunk. The module registers itself before main:
//
//   @llvm.global_ctors = [... ptr @cilk.hyper.enable ...]
//   define internal void @cilk.hyper.enable() {
//     call void @__cilkrt_hyper_enable()
//     ret void
//   }
//
// In the serial elision every view is the variable:
//
//   %v = call ptr @__cilkrt_hyper_lookup(ptr @x, ...)  ->  @x
//   call void @__cilkrt_hyper_declare(ptr %x, ptr @I, ptr @R, i32 0)
//                                       ->  call void @I(ptr %x)
//   (declare with 1, unregister)        ->  (deleted)
//
// LLVM's LICM hoists a call that only reads memory only out of a loop that
// writes no memory at all, and a loop that updates a reducer writes its
// view: HoistViewsPass, after the loop passes, moves to the preheader every
// lookup of loop-invariant operands in a loop that makes no call (an
// intrinsic aside), such as a cilk_for's chunk. A view changes only inside
// a call into the runtime; a loop without calls keeps one view throughout.
//
// The race detector's build keeps the calls, as the parallel modes do: its
// runtime (runtime/race.c) gives every continuation of a spawn views of its
// own, so that strands that may run in parallel never share one.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cilk {

static bool lowerSerially(Module &M) {
  bool Changed = false;
  for (CallInst *CI : callsTo(M, CILK_ABI_HYPER_LOOKUP)) {
    CI->replaceAllUsesWith(CI->getArgOperand(0));
    CI->eraseFromParent();
    Changed = true;
  }
  for (CallInst *CI : callsTo(M, CILK_ABI_HYPER_DECLARE)) {
    auto *Init = dyn_cast<ConstantInt>(CI->getArgOperand(3));
    if (!Init || Init->isZero()) {
      IRBuilder<> B(CI);
      FunctionType *Ty =
          FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false);
      Value *Identity = CI->getArgOperand(1);
      if (Init) {
        B.CreateCall(Ty, Identity, {CI->getArgOperand(0)});
      } else {
        // Not a constant: only hand-written IR; keep its meaning.
        Instruction *Then = SplitBlockAndInsertIfThen(
            B.CreateIsNull(CI->getArgOperand(3)), CI, false);
        IRBuilder<>(Then).CreateCall(Ty, Identity, {CI->getArgOperand(0)});
      }
    }
    CI->eraseFromParent();
    Changed = true;
  }
  for (CallInst *CI : callsTo(M, CILK_ABI_HYPER_UNREGISTER)) {
    CI->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

PreservedAnalyses HoistViewsPass::run(Function &F,
                                      FunctionAnalysisManager &AM) {
  Function *Lookup = F.getParent()->getFunction(CILK_ABI_HYPER_LOOKUP);
  if (!Lookup || Lookup->use_empty() || F.isDeclaration())
    return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  // Innermost loops first: what leaves an inner loop may leave the outer.
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  for (Loop *L : llvm::reverse(Loops)) {
    BasicBlock *Preheader = L->getLoopPreheader();
    if (!Preheader)
      continue;
    SmallVector<CallInst *, 4> Lookups;
    bool Calls = false;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (auto *CB = dyn_cast<CallBase>(&I)) {
          if (CB->getCalledFunction() == Lookup)
            Lookups.push_back(cast<CallInst>(CB));
          else if (!isa<IntrinsicInst>(CB))
            Calls = true;
        }
    if (Calls)
      continue;
    for (CallInst *CI : Lookups)
      if (llvm::all_of(CI->args(),
                       [&](Value *V) { return L->isLoopInvariant(V); })) {
        CI->moveBefore(Preheader->getTerminator());
        Changed = true;
      }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

bool lowerReducers(Module &M, Mode TheMode, Instrument I) {
  Function *Lookup = M.getFunction(CILK_ABI_HYPER_LOOKUP);
  Function *Declare = M.getFunction(CILK_ABI_HYPER_DECLARE);
  if ((!Lookup || Lookup->use_empty()) && (!Declare || Declare->use_empty()))
    return false;
  if (TheMode == Mode::Serial && I != Instrument::Race)
    return lowerSerially(M);
  if (Lookup) {
    Lookup->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Ref));
    Lookup->setDoesNotThrow();
    Lookup->setWillReturn();
    Lookup->addRetAttr(Attribute::NonNull);
  }
  // (A race build registers too: the detector gives views to strands
  // only while some module uses reducers, runtime/race.c.)
  LLVMContext &C = M.getContext();
  auto *Enable = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                  GlobalValue::InternalLinkage,
                                  "cilk.hyper.enable", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Enable));
  B.CreateCall(getRuntimeFn(M, CILK_ABI_HYPER_ENABLE));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Enable, 0);
  return true;
}

} // namespace cilk
