//===- CilkProfile.cpp - Work and span instrumentation --------------------===//
//
// With -fplugin-arg-cilk-profile (opt: cilk<MODE;profile>) every Cilk
// procedure, leaves included, calls the runtime at each strand boundary
// (CILK_ABI_PROF_* in cilk-abi.h). It runs after phase 1 and before the
// mode's lowering, on the procedure as the programmer wrote it:
//
//   entry:
//     %prof = alloca [48 x i8], align 8
//     call void @__cilkrt_prof_enter(ptr %prof)
//     ...
//     call void @__cilkrt_prof_spawn(ptr %prof)
//     %x = call i32 @fib(i32 %n1), !cilk.spawn !0
//     (serial mode: call void @__cilkrt_prof_resume(ptr %prof) here)
//     ...
//     call void @__cilkrt_prof_sync(ptr %prof)
//     call void @__cilkrt_sync_marker()
//     call void @__cilkrt_prof_synced(ptr %prof)
//     ...
//     call void @__cilkrt_prof_return(ptr %prof)
//     ret i32 %r
//
// In the parallel modes the continuation of a spawn is only known once
// CilkPrepare has separated the spawn's result tail, so CilkPrepare puts the
// resume hook first in `resume.N` (where both clones continue). The record's
// address escapes into the runtime and lives across spawns, so it is a heap
// frame field, at the same address whichever worker runs the procedure: a
// child finishing on another worker writes into it.
//
//===----------------------------------------------------------------------===//

#include "CilkPass.h"
#include "cilk-abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

bool isCallTo(const Instruction &I, StringRef Name) {
  auto *CB = dyn_cast<CallBase>(&I);
  Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name;
}

Value *profileRecord(Function &F) {
  for (Instruction &I : F.getEntryBlock())
    if (isCallTo(I, CILK_ABI_PROF_ENTER))
      return cast<CallBase>(I).getArgOperand(0);
  return nullptr;
}

bool insertImplicitSyncs(Function &F) {
  // Every return that may follow a spawn syncs first. (The others, like
  // fib's `if (n < 2) return n;`, cannot have outstanding children.)
  SmallPtrSet<BasicBlock *, 16> AfterSpawn;
  SmallVector<BasicBlock *, 16> Work;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
      Work.push_back(CB->getParent());
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (AfterSpawn.insert(BB).second)
      append_range(Work, successors(BB));
  }
  Module &M = *F.getParent();
  FunctionCallee Marker = M.getOrInsertFunction(
      CILK_ABI_SYNC_MARKER, Type::getVoidTy(M.getContext()));
  bool Changed = false;
  for (BasicBlock *BB : AfterSpawn) {
    auto *Ret = dyn_cast<ReturnInst>(BB->getTerminator());
    if (!Ret)
      continue;
    // Already synced: a sync marker (written by the programmer, or put
    // there by the profile instrumentation before its return hook) comes
    // after the block's last spawn.
    bool Synced = false;
    for (Instruction &I : reverse(*BB)) {
      if (isCallTo(I, CILK_ABI_SYNC_MARKER)) {
        Synced = true;
        break;
      }
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
        break;
    }
    if (!Synced) {
      CallInst::Create(Marker, "", Ret->getIterator());
      Changed = true;
    }
  }
  return Changed;
}

static void instrument(Function &F, Mode TheMode) {
  Module &M = *F.getParent();
  auto Hook = [&](StringRef Name) { return getRuntimeFn(M, Name); };
  insertImplicitSyncs(F);

  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&*Entry.getFirstInsertionPt());
  AllocaInst *Prof = B.CreateAlloca(
      ArrayType::get(B.getInt8Ty(), CILK_ABI_PROF_SIZE), nullptr, "prof");
  Prof->setAlignment(Align(8));
  B.SetInsertPoint(&*Entry.getFirstNonPHIOrDbgOrAlloca());
  B.CreateCall(Hook(CILK_ABI_PROF_ENTER), {Prof});

  SmallVector<Instruction *, 16> Spawns, Syncs, Rets;
  for (Instruction &I : instructions(F)) {
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
      Spawns.push_back(&I);
    else if (isCallTo(I, CILK_ABI_SYNC_MARKER))
      Syncs.push_back(&I);
    else if (isa<ReturnInst>(I))
      Rets.push_back(&I);
  }
  for (Instruction *I : Spawns) {
    CallInst::Create(Hook(CILK_ABI_PROF_SPAWN), {Prof}, "", I->getIterator());
    if (TheMode == Mode::Serial)
      CallInst::Create(Hook(CILK_ABI_PROF_RESUME), {Prof}, "",
                       std::next(I->getIterator()));
  }
  for (Instruction *I : Syncs) {
    CallInst::Create(Hook(CILK_ABI_PROF_SYNC), {Prof}, "", I->getIterator());
    CallInst::Create(Hook(CILK_ABI_PROF_SYNCED), {Prof}, "",
                     std::next(I->getIterator()));
  }
  for (Instruction *I : Rets)
    CallInst::Create(Hook(CILK_ABI_PROF_RETURN), {Prof}, "", I->getIterator());
}

bool instrumentForProfile(Module &M, Mode TheMode) {
  bool Changed = false;
  for (Function &F : M)
    if (isCilkProcedure(F) && !F.isDeclaration()) {
      instrument(F, TheMode);
      Changed = true;
    }
  return Changed;
}

} // namespace cilk
