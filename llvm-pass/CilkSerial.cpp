//===- CilkSerial.cpp - Lower a Cilk module to its serial elision ---------===//
//
// The serial elision drops the keywords: a spawn is an ordinary call (phase 1
// already made it a direct call) and a sync does nothing:
//
//   call void @__cilk_sync_marker()      ->   (deleted)
//   call void @__cilk_abort_marker()     ->   (deleted)
//   call void @__cilk_inlet_begin(i32 N) ->   (deleted; inlet_end too)
//   call void @__cilk_spawn_end()        ->   (deleted)
//   %s = call i32 @__cilk_synched()      ->   i32 1
//
// The !cilk.spawn tags stay; they do not change code generation.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

bool lowerChildKeywordsSerially(Function &F) {
  SmallVector<CallInst *, 8> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isCallTo(I, CILK_ABI_ABORT_MARKER) || isCallTo(I, CILK_ABI_SYNCHED) ||
          isCallTo(I, CILK_ABI_INLET_BEGIN) || isCallTo(I, CILK_ABI_INLET_END) ||
          isCallTo(I, CILK_ABI_INLET_ARGS) || isCallTo(I, CILK_ABI_SPAWN_END))
        Calls.push_back(cast<CallInst>(&I));
  for (CallInst *CI : Calls) {
    if (!CI->getType()->isVoidTy())
      CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), 1));
    CI->eraseFromParent();
  }
  return !Calls.empty();
}

bool lowerToSerialElision(Module &M) {
  // A file compiled in another mode spawns f.fast: it links, and the
  // runtime reports the mismatch at start-up.
  bool Aliased = aliasFastSymbols(M, {});
  for (Function &F : M)
    Aliased |= lowerChildKeywordsSerially(F);
  Function *Sync = M.getFunction(CILK_ABI_SYNC_MARKER);
  if (!Sync)
    return Aliased;
  SmallVector<CallInst *, 16> Calls;
  for (User *U : Sync->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      Calls.push_back(CI);
  for (CallInst *CI : Calls)
    CI->eraseFromParent();
  if (Sync->use_empty())
    Sync->eraseFromParent();
  return Aliased || !Calls.empty();
}

} // namespace cilk
