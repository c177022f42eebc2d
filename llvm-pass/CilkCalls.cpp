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
// C++: a call in the scope of a destructor or `try` is an invoke; it becomes
// a spawned invoke whose statement goes on in its normal destination, and
// the sync an invoke of the same landing pad (the callee's exception comes
// out of it):
//
//   %r = invoke T @g(args) to label %cont unwind label %lpad
// ->
//   call void @__cilk_region_begin()
//   %r = invoke T @g(args) to label %cont unwind label %lpad, !cilk.spawn !0
// cont:
//   store T %r, ptr %g.result
//   call void @__cilk_spawn_end()
//   invoke void @__cilk_sync_marker() to label %synced unwind label %lpad
// synced:
//   call void @__cilk_region_end()
//   %r.synced = load T, ptr %g.result
//
// The sync waits for g only: the caller's earlier children go on running
// until its next cilk_sync, as in OpenCilk, and the code after the call
// runs in parallel with them. A procedure that calls one that spawns is
// one that spawns: the marking runs until nothing changes. The serial
// elision (and so the race detector, which follows it) keeps the plain
// calls, but for a profile build: its hooks see the spawn and the sync
// (the callee's span is a child's path), which the elision then makes a
// call again.
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

static void spawnAndSync(CallBase *Call) {
  Function &F = *Call->getFunction();
  Module &M = *F.getParent();
  Call->setMetadata(CILK_ABI_SPAWN_MD, MDNode::get(M.getContext(), {}));
  IRBuilder<>(Call).CreateCall(getRuntimeFn(M, CILK_ABI_REGION_BEGIN));
  // C++: a call in the scope of a destructor or `try` is an invoke; its
  // statement goes on in its normal destination, and its sync, which
  // throws the child's exception, unwinds where the call did.
  auto *II = dyn_cast<InvokeInst>(Call);
  IRBuilder<> B(II ? &*II->getNormalDest()->getFirstInsertionPt()
                   : Call->getNextNode());
  auto EmitSync = [&] {
    if (!II) {
      B.CreateCall(getRuntimeFn(M, CILK_ABI_SYNC_MARKER));
      return;
    }
    Instruction *At = &*B.GetInsertPoint();
    BasicBlock *Rest = At->getParent()->splitBasicBlock(At, "synced");
    Instruction *Br = Rest->getSinglePredecessor()->getTerminator();
    InvokeInst::Create(getRuntimeFn(M, CILK_ABI_SYNC_MARKER), Rest,
                       II->getUnwindDest(), {}, "", Br->getIterator());
    Br->eraseFromParent();
    B.SetInsertPoint(Rest, Rest->getFirstInsertionPt());
  };
  if (Call->getType()->isVoidTy()) {
    B.CreateCall(getRuntimeFn(M, CILK_ABI_SPAWN_END));
    EmitSync();
    B.CreateCall(getRuntimeFn(M, CILK_ABI_REGION_END));
    return;
  }
  IRBuilder<> AB(&F.getEntryBlock(), F.getEntryBlock().begin());
  AllocaInst *Slot =
      AB.CreateAlloca(Call->getType(), nullptr,
                      Call->getCalledFunction()->getName() + ".result");
  StoreInst *Store = B.CreateStore(Call, Slot);
  B.CreateCall(getRuntimeFn(M, CILK_ABI_SPAWN_END));
  EmitSync();
  B.CreateCall(getRuntimeFn(M, CILK_ABI_REGION_END));
  LoadInst *Synced =
      B.CreateLoad(Call->getType(), Slot, Call->getName() + ".synced");
  Call->replaceUsesWithIf(Synced,
                          [&](Use &U) { return U.getUser() != Store; });
}

/// A call in F that spawnAndSync makes parallel: a plain direct call of a
/// procedure in Spawning, outside catch handlers (CilkExceptions.cpp:
/// keepHandlersOnTheirThread).
static bool isCallOfSpawning(const Instruction &I,
                             const SmallPtrSetImpl<const Function *> &Spawning) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isSpawn(*CB) || CB->getMetadata(CILK_IN_HANDLER_MD) ||
      !CB->getCalledFunction() ||
      !Spawning.count(CB->getCalledFunction()))
    return false;
  if (auto *CI = dyn_cast<CallInst>(CB))
    return !CI->isMustTailCall();
  // An invoke (C++): its destinations must be its own, as clang makes them
  // (the statement goes on in the normal one, and the sync unwinds to the
  // landing pad, which must take no value by phi).
  auto *II = dyn_cast<InvokeInst>(CB);
  return II && II->getNormalDest()->getSinglePredecessor() &&
         !isa<PHINode>(II->getUnwindDest()->front());
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
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (isCallOfSpawning(I, Spawning))
        Calls.push_back(cast<CallBase>(&I));
    for (CallBase *CB : Calls)
      spawnAndSync(CB);
    Changed |= !Calls.empty();
  }
  return Changed;
}

} // namespace cilk
