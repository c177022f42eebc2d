//===- CilkExceptions.cpp - C++ exceptions at spawns ----------------------===//
//
// C++ makes a spawn in the scope of an object with a destructor (or in a
// `try`) an invoke. The serial elision keeps it: a child's exception
// unwinds through the parent's cleanups and handlers as in C++.
//
// The parallel modes do not carry an exception from a child to its
// parent's sync yet (issue 38), and the race and profile builds' hooks
// know a spawn as a call. Before they lower a procedure, its spawned
// invokes become calls (dropSpawnUnwindEdges), the form every later phase
// expects; after, every spawned call of a function with a personality
// routine becomes an invoke of a pad that stops the program with a message
// (stopAtEscapingExceptions):
//
//   %r = call i32 @f(i32 %n), !cilk.spawn !0
//     ->
//   %r = invoke i32 @f(i32 %n) to label %split unwind label %spawn.threw
//   spawn.threw:
//     %lp = landingpad { ptr, i32 } catch ptr null
//     call void @__cilkrt_spawn_threw(ptr <exception>)   ; noreturn
//     unreachable
//
// instead of unwinding through frames that the deque, a thief or a
// released closure still refers to. The pad catches everything, so that
// the message comes whether or not a handler waits further up.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

bool dropSpawnUnwindEdges(Function &F) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator());
        II && isSpawn(*II))
      Invokes.push_back(II);
  for (InvokeInst *II : Invokes) {
    BasicBlock *Normal = II->getNormalDest();
    changeToCall(II);
    // The assignment of the result follows the call in one block again.
    MergeBlockIntoPredecessor(Normal);
  }
  if (!Invokes.empty())
    removeUnreachableBlocks(F);
  return !Invokes.empty();
}

bool stopAtEscapingExceptions(Module &M) {
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !F.hasPersonalityFn())
      continue;
    SmallVector<CallInst *, 8> Spawns;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CI = dyn_cast<CallInst>(&I);
            CI && isSpawn(*CI) && !CI->doesNotThrow())
          Spawns.push_back(CI);
    if (Spawns.empty())
      continue;
    BasicBlock *Pad = BasicBlock::Create(C, "spawn.threw", &F);
    IRBuilder<> B(Pad);
    LandingPadInst *LP =
        B.CreateLandingPad(StructType::get(C, {Ptr, B.getInt32Ty()}), 1);
    LP->addClause(ConstantPointerNull::get(cast<PointerType>(Ptr)));
    FunctionCallee Threw = M.getOrInsertFunction(
        CILK_ABI_SPAWN_THREW, FunctionType::get(B.getVoidTy(), {Ptr}, false));
    if (auto *Fn = dyn_cast<Function>(Threw.getCallee()))
      Fn->setDoesNotReturn();
    B.CreateCall(Threw, {B.CreateExtractValue(LP, 0)});
    B.CreateUnreachable();
    for (CallInst *CI : Spawns)
      changeToInvokeAndSplitBasicBlock(CI, Pad);
    Changed = true;
  }
  return Changed;
}

} // namespace cilk
