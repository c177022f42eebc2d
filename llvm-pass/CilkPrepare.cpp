//===- CilkPrepare.cpp - Normalize a Cilk procedure before splitting ------===//
//
// Brings a procedure into the form every later phase relies on:
//
//   - (CilkSplit already put an implicit sync before every return that
//     needs one);
//   - in a profile build, the continuation of each spawn (resume.N) starts
//     with the resume hook;
//   - variable-length arrays and alloca() move to the heap, on a list in
//     the frame freed at return (a child may still write into them after
//     a steal returned from the fast clone's C frame);
//   - byval parameters are copied into locals (the caller's copy dies when a
//     stolen frame's fast clone returns);
//   - each suspend point ends its block, and the slow clone's continuation
//     starts a block of its own, `resume.N`;
//   - a spawn's result assignment (`x = r`, `x += r`, `a[i] = r`, a struct
//     copy) sits alone in a block `tail.N` between the call and resume.N,
//     with its destination address computed before the call: when the
//     parent is stolen, the tail runs later, as the inlet, when the child's
//     result arrives;
//   - in indolent mode, each spawned call also starts a block `spawn.N`,
//     where a frame released by the check before the call resumes;
//   - no SSA value is live across a suspend point (or into spawn.N): such
//     values are demoted to allocas, so the frame only has to hold allocas.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

static bool isSyncMarker(const Instruction &I) {
  return isCallTo(I, CILK_ABI_SYNC_MARKER);
}

/// I is where a suspend point is: a spawned call, a sync, or a lazy loop's
/// poll (CilkPoll.cpp).
static bool isSuspendCall(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return CB && (isSpawn(*CB) || isSyncMarker(I) || isPollMarker(I));
}

/// A new alloca of Ty in F's entry, aligned for Ty and at least Al (the
/// alignment of the memory it stands for or is copied from).
static AllocaInst *createLocalFor(Function &F, Type *Ty, Align Al,
                                  const Twine &Name) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *A = B.CreateAlloca(Ty, nullptr, Name);
  A->setAlignment(std::max(Al, F.getDataLayout().getPrefTypeAlign(Ty)));
  return A;
}

/// Splits spawn P's block into call | tail.N ... | resume.N, the tail being
/// its statement after the call (CilkTail.cpp already moved the evaluation
/// of the destination before the call), and decides how a result that
/// arrives after a steal reaches its destination:
///
///   - a tail of one block that uses one value from before the call gets
///     it as the inlet's first argument: a frame field (CILK_DST_FIELD:
///     `x = spawn`, `x += spawn`, `s.bits = spawn`), or an address saved
///     in the field %dst.N before the call (CILK_DST_POINTER: `a[i] =
///     spawn`, `*getp() = spawn`), which the tail reloads:
///
///       store ptr %p, ptr %dst.N
///       %r = call i32 @f(...)
///     tail.N:
///       %dst.N.reload = load ptr, ptr %dst.N
///       store i32 %r, ptr %dst.N.reload
///
///   - any other tail (control flow: `_Atomic x *= spawn`'s compare-exchange
///     loop; several values from before) is copied whole into the inlet,
///     over the frame, as a user inlet is (CILK_DST_FRAME): each value from
///     before the call is saved in a field %dst.N.K of its own, among the
///     arguments the runtime copies at a steal (the procedure may run the
///     same spawn again before this child returns).
///
/// Returns false, reported, if the result is used in a way this lowering
/// does not know.
static bool separateTail(Shape &S, SuspendPoint &P) {
  CallBase *Call = P.Call;
  BasicBlock *BB = Call->getParent();
  const std::string N = std::to_string(P.Index);

  SpawnStatement St;
  bool Found = findSpawnStatement(Call, St);
  // The result arrives in a temporary of this statement (the runtime
  // copies it there after a steal: a thief's frame has its own).
  // A destination that lives in the heap frame (addressEscapesBesides), or
  // in the spawn's own storage (CILK_SLOT_MD), receives the result in
  // place: there is nothing to deliver.
  for (unsigned I = 0; I < Call->arg_size(); ++I)
    if (Call->paramHasAttr(I, Attribute::StructRet)) {
      Value *Dst = Call->getArgOperand(I)->stripPointerCasts();
      auto *A = dyn_cast<AllocaInst>(Dst);
      auto *Slot = dyn_cast<CallInst>(Dst);
      if (isOwnResult(Dst) || (A && addressEscapesBesides(A, Call)) ||
          (Slot && Slot->getMetadata(CILK_SLOT_MD))) {
        P.InPlace = true; // a child stolen meanwhile makes it there too
        // What the tail does with the result (its assignment, its
        // destructor): not for a child that threw, which made none
        // (CilkInlet.cpp: the unwind inlet). The storage is freed still.
        Value *Free = slotFreeFn(*S.F->getParent()).getCallee();
        if (Found)
          for (User *U : Dst->users())
            if (auto *CB = dyn_cast<CallBase>(U);
                CB && St.Insts.count(CB) && CB->getCalledOperand() != Free)
              CB->setMetadata(CILK_RESULT_USE_MD,
                              MDNode::get(CB->getContext(), {}));
        continue;
      }
      P.ResultMemory = dyn_cast<AllocaInst>(
          Call->getArgOperand(I)->stripPointerCasts());
      if (!P.ResultMemory ||
          !allUsersSatisfy(P.ResultMemory, [&](Instruction *U) {
            return U->getParent() == BB || (Found && St.Insts.count(U));
          })) {
        reportUnsupported(*S.F,
                          "a spawned call's aggregate result is not "
                          "returned through a local temporary",
                          Call);
        return false;
      }
    }

  if (!Found && (!Call->use_empty() || St.End)) {
    reportUnsupported(
        *S.F,
        St.Throws ? "the spawn statement may throw after the call (a "
                    "conversion of the result by a constructor or an "
                    "assignment operator that is not noexcept): spawn into "
                    "a variable of the function's result type and convert "
                    "it after the sync"
                  : "the result of a spawn must be assigned by the spawn "
                    "statement itself",
        Call);
    return false;
  }
  if (!Found) {
    P.Resume = BB->splitBasicBlock(std::next(Call->getIterator()),
                                   "resume." + N);
    return true;
  }

  // The values the tail uses from before the call; its own temporaries
  // (the inlet makes its own), whose lifetime markers outside it go.
  SmallSetVector<Value *, 4> Inputs;
  SmallSetVector<AllocaInst *, 4> Temps;
  for (Instruction *I : St.Insts)
    for (Value *Op : I->operands()) {
      if (Op == Call || isa<Constant>(Op) || isa<BasicBlock>(Op) ||
          isa<MetadataAsValue>(Op) || isa<InlineAsm>(Op))
        continue;
      if (auto *OI = dyn_cast<Instruction>(Op); OI && St.Insts.count(OI))
        continue;
      if (auto *A = dyn_cast<AllocaInst>(Op)) {
        if (A == P.ResultMemory)
          continue;
        if (St.isLocal(A)) {
          Temps.insert(A);
          continue;
        }
      }
      Inputs.insert(Op);
    }
  for (AllocaInst *A : Temps)
    for (User *U : make_early_inc_range(A->users()))
      if (auto *I = cast<Instruction>(U);
          isLifetimeMarker(I) && !St.Insts.count(I))
        I->eraseFromParent();
  append_range(P.TailTemps, Temps);

  P.Tail = BB->splitBasicBlock(std::next(Call->getIterator()), "tail." + N);
  P.Resume = St.End->getParent()->splitBasicBlock(
      std::next(St.End->getIterator()), "resume." + N);
  St.End->eraseFromParent();

  IRBuilder<> Save(P.SpawnBegin);
  IRBuilder<> Reload(&*P.Tail->getFirstInsertionPt());
  // V, saved before the call and reloaded in the tail, which uses that.
  auto Carry = [&](Value *V, const Twine &Name) {
    AllocaInst *Slot = createLocalFor(*S.F, V->getType(), Align(1), Name);
    Save.CreateStore(V, Slot);
    LoadInst *L = Reload.CreateLoad(V->getType(), Slot, Name + ".reload");
    V->replaceUsesWithIf(L, [&](Use &U) {
      return St.Insts.count(cast<Instruction>(U.getUser())) != 0;
    });
    P.Carried.push_back(V);
    return std::make_pair(Slot, L);
  };

  // (A result made in place has nothing to deliver: what its statement
  // does besides, such as recording that it was made, runs whole.)
  if (St.Blocks.empty() && Inputs.size() == 1 && !P.InPlace) {
    if (auto *A = dyn_cast<AllocaInst>(Inputs[0])) {
      P.DstKind = CILK_DST_FIELD;
      P.Dst = P.DstField = A;
    } else {
      P.DstKind = CILK_DST_POINTER;
      std::tie(P.DstField, P.Dst) = Carry(Inputs[0], "dst." + N);
    }
    return true;
  }
  P.DstKind = CILK_DST_FRAME;
  P.TailBlocks.push_back(P.Tail);
  append_range(P.TailBlocks, St.Blocks);
  unsigned K = 0;
  for (Value *V : Inputs)
    if (!isa<AllocaInst>(V))
      P.InletArgs.push_back(
          Carry(V, "dst." + N + "." + std::to_string(K++)).first);
  return true;
}

/// A user inlet's code follows its spawn's result assignment (or the call,
/// for a void procedure), between the markers the plugin put around it:
///
///   %r = call i32 @g(...)          ; the spawn
///   store i32 %r, ptr %res         ; tail.N (the inlet's parameter)
///   call void @__cilk_inlet_begin(i32 ID)
///   ... the inlet's body, any control flow ...
///   call void @__cilk_inlet_end(i32 ID)
///   <continuation>                 ; resume.N
///
/// The markers go; the blocks from tail.N to the end marker become the
/// spawn's tail, which the inlet function copies whole.
static bool extendToUserInlet(Shape &S, SuspendPoint &P) {
  BasicBlock *After = P.Resume;
  Instruction *First = &*After->getFirstNonPHIOrDbg();
  // C++: the spawn statement's unwind anchor, and blocks of nothing but a
  // branch, may stand before the body. (Missed, the body stayed in the
  // procedure, and a child whose parent was stolen only stored its result
  // into the argument, which the body had read already.)
  SmallPtrSet<BasicBlock *, 4> Passed{After};
  while (First->isTerminator() &&
         (isUnwindAnchor(*First) ||
          (isa<BranchInst>(First) &&
           cast<BranchInst>(First)->isUnconditional())) &&
         Passed.insert(First->getSuccessor(0)).second) {
    After = First->getSuccessor(0); // an invoke's normal destination
    First = &*After->getFirstNonPHIOrDbg();
  }
  if (!isCallTo(*First, CILK_ABI_INLET_BEGIN))
    return true;
  auto *Begin = cast<CallInst>(First);
  Value *Id = Begin->getArgOperand(0);
  // The other markers of this call: the same ID, in f.
  auto FindMarker = [&](StringRef Name) -> CallInst * {
    if (Function *Fn = S.F->getParent()->getFunction(Name))
      for (User *U : Fn->users())
        if (auto *CI = dyn_cast<CallInst>(U);
            CI && CI->getFunction() == S.F && CI->getArgOperand(0) == Id)
          return CI;
    return nullptr;
  };
  CallInst *End = FindMarker(CILK_ABI_INLET_END);
  CallInst *Args = FindMarker(CILK_ABI_INLET_ARGS);
  if (!End || !Args) {
    reportUnsupported(*S.F, "an inlet call lost its markers");
    return false;
  }
  // __cilk_inlet_args(ID, <load of each argument's variable>...)
  for (unsigned I = 1; I < Args->arg_size(); ++I) {
    Value *V = Args->getArgOperand(I);
    while (auto *Cast = dyn_cast<CastInst>(V))
      V = Cast->getOperand(0);
    auto *L = dyn_cast<LoadInst>(V);
    auto *A = L ? dyn_cast<AllocaInst>(L->getPointerOperand()) : nullptr;
    if (!A) {
      reportUnsupported(*S.F, "an inlet's argument is not in a variable");
      return false;
    }
    P.InletArgs.push_back(A);
  }
  SmallVector<Value *, 4> Loads(drop_begin(Args->args()));
  Args->eraseFromParent();
  for (Value *V : Loads)
    RecursivelyDeleteTriviallyDeadInstructions(V);
  const std::string N = std::to_string(P.Index);
  BasicBlock *Resume = End->getParent()->splitBasicBlock(
      std::next(End->getIterator()), "resume." + N);
  Begin->eraseFromParent();
  End->eraseFromParent();
  if (!P.Tail) {
    P.Tail = After;
    After->setName("tail." + N);
  } else {
    After->setName("inlet." + N);
  }
  // The blocks from the tail to the end marker; nothing else may enter them.
  SmallPtrSet<BasicBlock *, 16> Seen{P.Tail};
  SmallVector<BasicBlock *, 16> Work{P.Tail};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    P.TailBlocks.push_back(BB);
    // Not into a landing pad: the inlet function calls what the body
    // invokes (an exception that leaves an inlet ends the program).
    auto *II = dyn_cast<InvokeInst>(BB->getTerminator());
    for (BasicBlock *Succ : successors(BB))
      if (Succ != Resume && !(II && Succ == II->getUnwindDest()) &&
          Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  for (BasicBlock *BB : P.TailBlocks)
    for (BasicBlock *Pred : predecessors(BB))
      if (!Seen.count(Pred) && BB != P.Tail) {
        reportUnsupported(*S.F, "a jump enters or leaves an inlet's body");
        return false;
      }
  P.Resume = Resume;
  P.DstKind = CILK_DST_FRAME;
  P.DstField = nullptr;
  S.Atomic = true;
  return true;
}

/// Copies one Ty from Src (aligned to SrcAl) into Dst, a local from
/// createLocalFor.
static Instruction *emitCopy(IRBuilder<> &B, AllocaInst *Dst, Value *Src,
                             Align SrcAl, Type *Ty) {
  return B.CreateMemCpy(Dst, Dst->getAlign(), Src, SrcAl,
                        Dst->getDataLayout().getTypeAllocSize(Ty));
}

/// Gives each byval argument of spawn P a private copy, made right before
/// the call, and records where the spawn begins (P.SpawnBegin):
///
///   %arg.N = alloca %T                                   ; entry
///   call void @llvm.memcpy(ptr %arg.N, ptr %b, i64 <size>)
///   %r = call @g(ptr byval(%T) %arg.N, ...)
///
/// clang passes a local aggregate to a byval parameter directly, so the
/// callee's copy is made by the call itself, after the push (eager, slow
/// clones), when a thief may already run the continuation and change the
/// aggregate. The copy is private to this spawn (not a frame field), so
/// an inlined callee that reads the argument in place reads it too.
static void copyByvalArgs(Shape &S, SuspendPoint &P) {
  CallBase *Call = P.Call;
  IRBuilder<> B(Call);
  Instruction *First = nullptr;
  for (unsigned I = 0; I < Call->arg_size(); ++I) {
    if (!Call->isByValArgument(I))
      continue;
    Type *Ty = Call->getParamByValType(I);
    Align Al = Call->getParamAlign(I).valueOrOne();
    AllocaInst *Copy =
        createLocalFor(*S.F, Ty, Al, "arg." + Twine(P.Index));
    Instruction *MC = emitCopy(B, Copy, Call->getArgOperand(I), Al, Ty);
    if (!First)
      First = MC;
    Call->setArgOperand(I, Copy);
    P.ArgTemps.push_back(Copy);
  }
  P.SpawnBegin = First ? First : Call;
  // A profile build's spawn hook belongs to the spawn: run again when the
  // frame resumes here, it tells the child who its parent is.
  if (Instruction *Prev = P.SpawnBegin->getPrevNode();
      Prev && (isCallTo(*Prev, CILK_ABI_PROF_SPAWN) ||
               isCallTo(*Prev, CILK_ABI_PROF_SPAWN_QUIETABLE)))
    P.SpawnBegin = Prev;
}

/// Replaces each dynamic alloca by
///   %p = call ptr @__cilkrt_alloca(ptr %allocas, i64 <bytes>)
/// and frees the list before every return (after its implicit sync).
static void heapDynamicAllocas(Function &F) {
  SmallVector<AllocaInst *, 4> Dynamic;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *A = dyn_cast<AllocaInst>(&I); A && !A->isStaticAlloca())
        Dynamic.push_back(A);
  if (Dynamic.empty())
    return;
  Module &M = *F.getParent();
  const DataLayout &DL = F.getDataLayout();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *List = B.CreateAlloca(B.getPtrTy(), nullptr, "allocas");
  B.CreateStore(Constant::getNullValue(B.getPtrTy()), List);
  FunctionCallee Alloc = getRuntimeFn(M, CILK_ABI_ALLOCA);
  for (AllocaInst *A : Dynamic) {
    B.SetInsertPoint(A);
    Value *N = B.CreateZExtOrTrunc(A->getArraySize(), B.getInt64Ty());
    Value *Bytes = B.CreateMul(
        N, B.getInt64(DL.getTypeAllocSize(A->getAllocatedType())));
    Value *P = B.CreateCall(Alloc, {List, Bytes});
    P->takeName(A);
    A->replaceAllUsesWith(P);
    A->eraseFromParent();
  }
  FunctionCallee Free = getRuntimeFn(M, CILK_ABI_FREE_ALLOCAS);
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      CallInst::Create(Free, {List}, "", Ret->getIterator());

  // clang brackets a VLA's scope with llvm.stacksave/stackrestore. With
  // the arrays in the heap they have nothing left to do, and kept they
  // would be wrong: a stack pointer saved before a spawn and restored by
  // the slow clone on another worker's stack (or a released frame's) moves
  // that worker's stack pointer into memory that is not its own.
  SmallVector<IntrinsicInst *, 4> Saves, Restores;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::stacksave)
        Saves.push_back(II);
      else if (II->getIntrinsicID() == Intrinsic::stackrestore)
        Restores.push_back(II);
    }
  for (IntrinsicInst *II : Restores)
    II->eraseFromParent();
  for (IntrinsicInst *II : Saves) {
    II->replaceAllUsesWith(PoisonValue::get(II->getType()));
    II->eraseFromParent();
  }
}

/// Copies every byval parameter into a local at entry.
static void copyByvalParams(Function &F) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  for (Argument &A : F.args()) {
    if (!A.hasByValAttr() || A.use_empty())
      continue;
    Type *Ty = A.getParamByValType();
    Align Al = A.getParamAlign().valueOrOne();
    AllocaInst *Copy = createLocalFor(F, Ty, Al, A.getName() + ".copy");
    A.replaceAllUsesWith(Copy);
    emitCopy(B, Copy, &A, Al, Ty);
  }
}

/// Moves the result of a struct-returning procedure (clang's named return
/// value, written through the sret argument) into a local, copied out at
/// each return, after the implicit sync:
///
///   %sret.local = alloca %S                     ; entry
///   ... every use of %sret is a use of %sret.local ...
///   call void @llvm.memcpy(ptr %sret, ptr %sret.local, i64 <size>)
///   ret void
///
/// The caller's memory belongs to the caller's C frame, which a release
/// (or a steal of the caller) leaves behind; an address into it saved
/// across a spawn (`s.a = spawn f()`) would be stale in the slow clone.
/// As a local, the result is a frame field like any other, and in the
/// slow clone the final copy goes to the frame's result field.
static void localizeSRet(Shape &S) {
  Argument *SRet = S.SRet;
  if (!SRet || SRet->use_empty())
    return;
  Function &F = *S.F;
  // Only a result written before some suspend point needs it; `return b;`
  // after the last sync copies into the caller's memory directly. A
  // landing pad's sync (CilkExceptions.cpp) does not count: an exception
  // took the place of the result, which the frame makes again, if at all,
  // after it.
  SmallVector<Instruction *, 8> Suspends;
  for (Instruction &I : instructions(F))
    if (isSuspendCall(I) && !I.getMetadata(CILK_SYNC_ALL_MD))
      Suspends.push_back(&I);
  // clang keeps the address in a slot of its own (`%result.ptr`), stored
  // on entry, before any spawn: its loads are the address itself.
  for (User *U : make_early_inc_range(SRet->users())) {
    auto *St = dyn_cast<StoreInst>(U);
    auto *Slot = St && St->getValueOperand() == SRet
                     ? dyn_cast<AllocaInst>(St->getPointerOperand())
                     : nullptr;
    if (!Slot || !all_of(Slot->users(), [&](User *SU) {
          return SU == St || isa<LoadInst>(SU) || isa<DbgInfoIntrinsic>(SU);
        }))
      continue;
    for (User *SU : make_early_inc_range(Slot->users()))
      if (auto *L = dyn_cast<LoadInst>(SU)) {
        L->replaceAllUsesWith(SRet);
        L->eraseFromParent();
      }
    St->eraseFromParent();
  }
  // A C++ object the program makes with calls (a constructor, a named
  // return value's or the return statement's) may point into itself, and
  // must not move, as the copy at the return would move it: it is made in
  // the caller's memory, which a caller that may be stolen or released
  // keeps where it cannot move (its temporary's destructor makes its
  // address escape: a spawn site's in_place, a heap frame's field or the
  // spawn's own storage; a computation's caller), and a slow clone makes
  // its result there too (CILK_ABI_RESULT_ADDR). (C's structs, which C
  // code makes through calls too, keep the local: nothing points into
  // them.)
  bool Cxx = hasCxxPersonality(F);
  SmallVector<Value *, 8> Ptrs{SRet};
  bool BeforeSuspend = false, Made = false;
  while (!Ptrs.empty() && !Made) {
    for (User *U : Ptrs.pop_back_val()->users()) {
      auto *I = cast<Instruction>(U);
      if (isa<GetElementPtrInst>(I) || isa<CastInst>(I))
        Ptrs.push_back(I);
      // A spawned call makes it too: a constructor that spawns, called
      // (a spawn and a sync, CilkCalls.cpp) by `return S();`.
      if (auto *CB = dyn_cast<CallBase>(I);
          CB && !isa<IntrinsicInst>(CB) && Cxx)
        Made = true;
      BeforeSuspend |= any_of(Suspends, [&](Instruction *Sp) {
        return isPotentiallyReachable(I, Sp);
      });
    }
  }
  if (!BeforeSuspend || Made)
    return;
  Type *Ty = SRet->getParamStructRetType();
  Align Al = SRet->getParamAlign().valueOrOne();
  AllocaInst *Local = createLocalFor(F, Ty, Al, "sret.local");
  SRet->replaceAllUsesWith(Local);
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      IRBuilder<> B(Ret);
      B.CreateMemCpy(SRet, Al, Local, Local->getAlign(),
                     F.getDataLayout().getTypeAllocSize(Ty));
    }
}

/// The blocks where V is live on entry (SSA liveness, backward from uses).
static void liveInBlocks(Value *V, SmallPtrSetImpl<BasicBlock *> &Live) {
  BasicBlock *DefBB = nullptr;
  if (auto *I = dyn_cast<Instruction>(V))
    DefBB = I->getParent();
  SmallVector<BasicBlock *, 16> Work;
  for (Use &U : V->uses()) {
    auto *UI = cast<Instruction>(U.getUser());
    BasicBlock *UB = UI->getParent();
    if (auto *Phi = dyn_cast<PHINode>(UI))
      UB = Phi->getIncomingBlock(U); // live out of the incoming block
    if (UB != DefBB)
      Work.push_back(UB);
  }
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    if (!Live.insert(B).second)
      continue;
    for (BasicBlock *Pred : predecessors(B))
      if (Pred != DefBB)
        Work.push_back(Pred);
  }
}

/// clang's `this` (a parameter it reads once, at entry): I loads the slot
/// A of a parameter, which one store before I in I's block writes, and
/// nothing else. Each use of I loads A again, so that A, which the debug
/// info describes as the parameter, is what a slow clone finds in the
/// frame (a slot of I's own would have no variable: gdb said `No symbol
/// "this"` there).
static bool reloadFromParameterSlot(Instruction &I) {
  auto *LI = dyn_cast<LoadInst>(&I);
  auto *A = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
  if (!A || !A->isStaticAlloca() || !LI->isSimple() ||
      LI->getType() != A->getAllocatedType() || findDVRDeclares(A).empty())
    return false;
  StoreInst *Init = nullptr;
  for (User *U : A->users()) {
    if (auto *St = dyn_cast<StoreInst>(U)) {
      if (Init || St->getPointerOperand() != A ||
          !isa<Argument>(St->getValueOperand()) ||
          St->getParent() != LI->getParent())
        return false;
      Init = St;
    } else if (auto *L = dyn_cast<LoadInst>(U)) {
      if (L->getPointerOperand() != A || !L->isSimple())
        return false;
    } else if (auto *II = dyn_cast<IntrinsicInst>(U);
               !II || !II->isLifetimeStartOrEnd()) {
      return false;
    }
  }
  if (!Init || !Init->comesBefore(LI))
    return false;
  for (Use &U : make_early_inc_range(LI->uses())) {
    Instruction *At = cast<Instruction>(U.getUser());
    if (auto *Phi = dyn_cast<PHINode>(At))
      At = Phi->getIncomingBlock(U)->getTerminator();
    U.set(new LoadInst(LI->getType(), A, LI->getName() + ".reload", false,
                       LI->getAlign(), At->getIterator()));
  }
  LI->eraseFromParent();
  return true;
}

/// Demotes every SSA value live into a resume block to an alloca.
static bool demoteValuesAcrossSuspends(Shape &S) {
  Function &F = *S.F;
  SmallPtrSet<BasicBlock *, 8> ResumeBlocks;
  for (SuspendPoint &P : S.Points) {
    ResumeBlocks.insert(P.Resume);
    if (P.Respawn)
      ResumeBlocks.insert(P.Respawn);
  }
  auto CrossesSuspend = [&](Value *V) {
    SmallPtrSet<BasicBlock *, 16> Live;
    liveInBlocks(V, Live);
    return any_of(ResumeBlocks,
                  [&](BasicBlock *R) { return Live.count(R); });
  };

  // Demoting a phi leaves its reload where the phi was, and that reload
  // may itself be live into a resume block (`spawn f(c ? a : b)` resumed
  // at spawn.N in indolent mode): repeat until nothing crosses. The second
  // round reloads at the uses, so it ends there.
  for (;;) {
    SmallVector<Instruction *, 16> ToDemote;
    for (Instruction &I : instructions(F)) {
      if (isa<AllocaInst>(I) && cast<AllocaInst>(I).isStaticAlloca())
        continue;
      if (!I.getType()->isVoidTy() && CrossesSuspend(&I))
        ToDemote.push_back(&I);
    }
    if (ToDemote.empty())
      break;
    for (Instruction *I : ToDemote) {
      if (auto *CB = dyn_cast<CallBase>(I); CB && isSpawn(*CB)) {
        reportUnsupported(F, "a spawn's result is used after the spawn "
                             "other than by its assignment");
        return false;
      }
      if (isa<AllocaInst>(I)) {
        reportUnsupported(F, "a variable-length array or alloca() is live "
                             "across a spawn or sync");
        return false;
      }
      if (auto *Phi = dyn_cast<PHINode>(I))
        DemotePHIToStack(Phi);
      else if (!reloadFromParameterSlot(*I))
        DemoteRegToStack(*I);
    }
  }

  // Parameters: spilled at entry, reloaded where used after a suspend.
  BasicBlock &Entry = F.getEntryBlock();
  for (Argument &A : F.args()) {
    if (&A == S.SRet || A.use_empty() || !CrossesSuspend(&A))
      continue;
    IRBuilder<> B(&*Entry.getFirstInsertionPt());
    AllocaInst *Slot = B.CreateAlloca(A.getType(), nullptr,
                                      A.getName() + ".spill");
    B.SetInsertPoint(Entry.getTerminator());
    for (Use &U : make_early_inc_range(A.uses())) {
      auto *UI = cast<Instruction>(U.getUser());
      if (UI->getParent() == &Entry)
        continue;
      Instruction *At = UI;
      if (auto *Phi = dyn_cast<PHINode>(UI))
        At = Phi->getIncomingBlock(U)->getTerminator();
      IRBuilder<> L(At);
      U.set(L.CreateLoad(A.getType(), Slot, A.getName() + ".reload"));
    }
    B.SetInsertPoint(&*std::next(Slot->getIterator()));
    B.CreateStore(&A, Slot);
  }
  return true;
}

bool prepareProcedure(Shape &S) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  if (F.isVarArg()) {
    reportUnsupported(F, "a Cilk procedure that spawns or syncs cannot take "
                         "variable arguments");
    return false;
  }
  for (Argument &A : F.args())
    if (A.hasStructRetAttr())
      S.SRet = &A;
  // Labels as values: a slow clone resumes in the middle of the procedure,
  // where a block address of the fast clone means nothing. (The plugin
  // rejects `&&label` with a located error; this catches IR inputs.)
  for (BasicBlock &BB : F)
    if (isa<IndirectBrInst>(BB.getTerminator()) || BB.hasAddressTaken()) {
      reportUnsupported(F, "labels as values are not supported in a Cilk "
                           "procedure that spawns or syncs");
      return false;
    }
  // (The parallel modes made the spawns' invokes calls already:
  // CilkExceptions.cpp.)
  removeUnreachableBlocks(F);

  localizeSRet(S);
  copyByvalParams(F);
  heapDynamicAllocas(F);

  // Suspend points in program order, each in its sync region.
  RegionDepths Regions = regionDepths(F);
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (!isSuspendCall(I))
        continue;
      auto *CB = cast<CallBase>(&I);
      SuspendPoint P;
      P.Index = S.Points.size() + 1;
      P.Call = CB;
      P.IsSpawn = isSpawn(*CB);
      P.IsPoll = isPollMarker(I);
      P.SyncAll = CB->getMetadata(CILK_SYNC_ALL_MD) != nullptr;
      P.Region = Regions.of(CB);
      S.NumRegions = std::max(S.NumRegions, P.Region);
      S.Points.push_back(P);
    }

  for (Instruction &I : instructions(F)) {
    if (isCallTo(I, CILK_ABI_ABORT_MARKER))
      S.Aborts.push_back(cast<CallInst>(&I));
    else if (isCallTo(I, CILK_ABI_SYNCHED))
      S.Synched.push_back(cast<CallInst>(&I));
  }
  if (!S.Aborts.empty())
    S.Atomic = true;

  for (SuspendPoint &P : S.Points) {
    if (P.IsSpawn) {
      copyByvalArgs(S, P);
      if (!separateTail(S, P) || !extendToUserInlet(S, P))
        return false;
    } else {
      P.Resume = P.Call->getParent()->splitBasicBlock(
          std::next(P.Call->getIterator()),
          "resume." + std::to_string(P.Index));
    }
  }
  S.NumResumeIndices = S.Points.size() + 1;
  // A profile build: the continuation of each spawn starts a strand, in
  // resume.N, where both clones continue.
  if (Value *Prof = profileRecord(F)) {
    FunctionCallee Resume = getRuntimeFn(M, CILK_ABI_PROF_RESUME);
    for (SuspendPoint &P : S.Points)
      if (P.IsSpawn)
        CallInst::Create(Resume, {Prof}, "",
                         P.Resume->getFirstInsertionPt());
  }
  if (S.TheMode == Mode::Indolent)
    for (SuspendPoint &P : S.Points)
      if (P.IsSpawn) {
        P.RespawnIndex = S.NumResumeIndices++;
        P.Respawn = P.Call->getParent()->splitBasicBlock(
            P.SpawnBegin, "spawn." + std::to_string(P.Index));
      }
  return demoteValuesAcrossSuspends(S);
}

} // namespace cilk
