//===- CilkCalls.cpp - Calls of procedures that spawn, in Cilk procedures -===//
//
// OpenCilk's functions call functions that spawn (`y = fib(n - 2);`). A call
// reaches a Cilk procedure's C entry point, which on a worker runs the
// procedure's serial elision (CilkEntry.cpp): fib's second half would lose
// all its parallelism. So in the parallel modes, a call in a Cilk procedure
// of a Cilk procedure of this module that spawns or syncs becomes a spawn of
// its fast clone followed by a sync, in a sync region of its own
// (CilkRegions.cpp):
//
//   %r = call T @g(args)
// ->
//   %g.result = alloca T                          ; in the entry block
//   ...
//   call void @__cilk_region_begin()
//   %r = call T @g(args), !cilk.spawn !0
//   store T %r, ptr %g.result
//   call void @__cilk_spawn_end()
//   call void @__cilk_sync_marker()
//   call void @__cilk_region_end()
//   %r.synced = load T, ptr %g.result             ; replaces %r's uses
//
// The sync waits for g only: the caller's earlier children go on running
// until its next cilk_sync, as in OpenCilk, and the code after the call
// runs in parallel with them. A procedure that calls one that spawns is
// one that spawns: the marking runs until nothing changes. The serial
// elision (and so the race detector, which follows it) keeps the plain
// calls.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

static void spawnAndSync(CallInst *Call) {
  Function &F = *Call->getFunction();
  Module &M = *F.getParent();
  Call->setMetadata(CILK_ABI_SPAWN_MD, MDNode::get(M.getContext(), {}));
  IRBuilder<>(Call).CreateCall(getRuntimeFn(M, CILK_ABI_REGION_BEGIN));
  IRBuilder<> B(Call->getNextNode());
  if (Call->getType()->isVoidTy()) {
    B.CreateCall(getRuntimeFn(M, CILK_ABI_SPAWN_END));
    B.CreateCall(getRuntimeFn(M, CILK_ABI_SYNC_MARKER));
    B.CreateCall(getRuntimeFn(M, CILK_ABI_REGION_END));
    return;
  }
  IRBuilder<> AB(&F.getEntryBlock(), F.getEntryBlock().begin());
  AllocaInst *Slot =
      AB.CreateAlloca(Call->getType(), nullptr,
                      Call->getCalledFunction()->getName() + ".result");
  StoreInst *Store = B.CreateStore(Call, Slot);
  B.CreateCall(getRuntimeFn(M, CILK_ABI_SPAWN_END));
  B.CreateCall(getRuntimeFn(M, CILK_ABI_SYNC_MARKER));
  B.CreateCall(getRuntimeFn(M, CILK_ABI_REGION_END));
  LoadInst *Synced =
      B.CreateLoad(Call->getType(), Slot, Call->getName() + ".synced");
  Call->replaceUsesWithIf(Synced,
                          [&](Use &U) { return U.getUser() != Store; });
}

/// A call in F that spawnAndSync makes parallel: a plain direct call of a
/// procedure in Spawning.
static bool isCallOfSpawning(const Instruction &I,
                             const SmallPtrSetImpl<const Function *> &Spawning) {
  auto *CI = dyn_cast<CallInst>(&I);
  return CI && !isSpawn(*CI) && !CI->isMustTailCall() &&
         CI->getCalledFunction() && Spawning.count(CI->getCalledFunction());
}

bool callsSpawning(const Function &F,
                   const SmallPtrSetImpl<const Function *> &Spawning) {
  for (const Instruction &I : instructions(F))
    if (isCallOfSpawning(I, Spawning))
      return true;
  return false;
}

SmallPtrSet<const Function *, 16> spawningProcedures(const Module &M) {
  SmallPtrSet<const Function *, 16> Spawning;
  SmallVector<const Function *, 16> Procs;
  for (const Function &F : M)
    if (isCilkProcedure(F) && !F.isDeclaration()) {
      Procs.push_back(&F);
      if (spawnsOrSyncs(F) || hasCilkFor(F))
        Spawning.insert(&F);
    }
  for (bool Again = true; Again;) {
    Again = false;
    for (const Function *F : Procs)
      if (!Spawning.count(F) && callsSpawning(*F, Spawning))
        Again = Spawning.insert(F).second;
  }
  return Spawning;
}

bool spawnCallsOfProcedures(Module &M) {
  SmallPtrSet<const Function *, 16> Spawning = spawningProcedures(M);
  bool Changed = false;
  for (Function &F : M) {
    if (!isCilkProcedure(F) || F.isDeclaration())
      continue;
    SmallVector<CallInst *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (isCallOfSpawning(I, Spawning))
        Calls.push_back(cast<CallInst>(&I));
    for (CallInst *CI : Calls)
      spawnAndSync(CI);
    Changed |= !Calls.empty();
  }
  return Changed;
}

} // namespace cilk
