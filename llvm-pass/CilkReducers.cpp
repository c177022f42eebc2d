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
// and in the race detector's build (the serial elision too) the accesses
// through a view carry !nosanitize, and the view's memory is marked as one
// the detector leaves out wherever it is accessed (through a pointer passed
// on, too):
//
//   %v = call ptr @__cilkrt_hyper_lookup(ptr @x, i64 4, ...)
//     ->  call void @__cilkrt_race_view(ptr @x, i64 4), then @x
//
// Views do not race: each strand that may update a reducer in parallel
// with another has a view of its own.
//
//===----------------------------------------------------------------------===//

#include "CilkPass.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cilk {

/// Marks every memory access through V (a view), following the pointer
/// through address arithmetic, as one the race detector leaves out.
static void markViewAccesses(Value *V, SmallPtrSetImpl<Value *> &Seen) {
  if (!Seen.insert(V).second)
    return;
  LLVMContext &C = V->getContext();
  for (User *U : V->users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I)
      continue;
    if (isa<GetElementPtrInst, BitCastInst, PHINode, SelectInst>(I)) {
      markViewAccesses(I, Seen);
    } else if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst,
                   MemIntrinsic>(I)) {
      I->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(C, {}));
    }
  }
}

static SmallVector<CallInst *, 16> callsTo(Module &M, StringRef Name) {
  SmallVector<CallInst *, 16> Calls;
  if (Function *F = M.getFunction(Name))
    for (User *U : F->users())
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == F)
        Calls.push_back(CI);
  return Calls;
}

static bool lowerSerially(Module &M, bool Race) {
  bool Changed = false;
  for (CallInst *CI : callsTo(M, CILK_ABI_HYPER_LOOKUP)) {
    Value *Key = CI->getArgOperand(0);
    if (Race) {
      SmallPtrSet<Value *, 8> Seen;
      markViewAccesses(CI, Seen);
      IRBuilder<>(CI).CreateCall(getRuntimeFn(M, CILK_ABI_RACE_VIEW),
                                 {Key, CI->getArgOperand(1)});
    }
    CI->replaceAllUsesWith(Key);
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

bool lowerReducers(Module &M, Mode TheMode, Instrument I) {
  Function *Lookup = M.getFunction(CILK_ABI_HYPER_LOOKUP);
  Function *Declare = M.getFunction(CILK_ABI_HYPER_DECLARE);
  if ((!Lookup || Lookup->use_empty()) && (!Declare || Declare->use_empty()))
    return false;
  if (TheMode == Mode::Serial)
    return lowerSerially(M, I == Instrument::Race);
  if (Lookup) {
    Lookup->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Ref));
    Lookup->setDoesNotThrow();
    Lookup->setWillReturn();
    Lookup->addRetAttr(Attribute::NonNull);
  }
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
