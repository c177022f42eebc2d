//===- CilkFast.cpp - The fast clone (f itself, @f.fast in the end) -------===//
//
// The fast clone is built in place, in f; CilkEntry.cpp renames it f.fast
// once the split is done and gives f's name to its C entry point.
//
// Eager mode (Cilk-5, memo Figure 4). In the entry block:
//
//   %frame = alloca %f.closure              ; or, for a heap frame:
//   %w = load ptr, ptr @__cilkrt_tls_worker
//   %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @f.desc)
//
// and, for a stack frame, in the nearest block that dominates every spawn
// outside any loop (frameSetupBlock: a leaf call never gets there):
//
//   store ptr @f.desc, ptr %frame
//   store ptr %sret, ptr <frame.sret.addr>   ; an sret procedure: the
//                                            ; caller's address (also in
//                                            ; each lazy release block)
//
// Per spawn N:
//
//   store <each value live across N>, ptr <its field>   ; stack frame only
//   store i32 N, ptr <frame.resume>
//   <push %frame>                            ; the tail: @__cilkrt_tls_tail
//   store volatile ptr %tail, ptr %slot.home ; the slot the push used
//   %r = call @g(...)
//   %tail.popped = load volatile ptr, ptr %slot.home
//   <pop to %tail.popped, no fence; if a thief may have the frame:
//    br label %pop.slow.N>
// popped.N:
//   %tail.now = phi [<tail after the pop>, ...], [%tail.again, %pop.slow.N]
//   %r.now = phi [%r, ...], [%r.again, %pop.slow.N]  ; f's code uses %r.now
//   store (load <its field>), ptr <each value live across N>  ; stack frame
//   ; tail.N, resume.N: f's code, the result assigned in place
//
// pop.slow.N:                              ; rare: THE conflict or a steal
//   store %r, ptr %result.N
//   %w = load ptr, ptr @__cilkrt_tls_worker   ; not kept across the call
//   %k = call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.N)
//   %tail.again = load atomic ptr, ptr @__cilkrt_tls_tail monotonic
//   %r.again = load %result.N            ; not kept across the call either
//   br (%k != 0), label %stolen, label %popped.N
// stolen:                                  ; the thief has the frame now
//   ret <poison>
//
// A later push that a popped.N dominates, with no call between that may
// move the tail (knownTail), uses %tail.now: the entry there is the frame
// still, so the push only stores %tail.now + 1, and %slot.home holds that
// slot already. Nothing is kept in a callee-saved register across a
// spawned call, so none is saved on entry: the slot waits in a stack word
// (volatile, so that it stays there; in a callee-saved register, pushed
// and popped on every call, leaf or not, fib(40) took 0.66 s, not 0.62),
// and the values live across the call are read back from the fields they
// were saved in (emitRestoreField): a path that returns before any spawn
// (fib's leaves) then saves no register and sets up no frame, since the
// prologue moves past its return (shrink-wrapping).
//
// A step from spawn N to spawn M (stepTarget: only arithmetic between
// them) has no pop after N's call (N's values are read back right after
// the call, for the code between) and no push before M's; before M's call:
//
//   store atomic <each value live across M>, ptr <its field> monotonic
//   store atomic i32 M, ptr <frame.resume> release
//   <the pop's test of the slot in %slot.home, rare path
//    __cilkrt_pop_step(w, %result.N)>      ; emitStepCheck, CilkABI.cpp
//   <M's arguments computed again from N's fields>  ; rematerializeStepArg
//
// Indolent and sedative modes (memo Figures 7 and 8): no frame on entry
// (except a heap frame, as above), nothing stored at a spawn. Per spawn N:
//
// spawn.N:                                 ; indolent only: the prologue
//   %cf.N = load atomic i32, ptr @__cilkrt_tls_cf unordered  ; (*)
//   %attempted.N = icmp ne i32 %cf.N, 0
//   br i1 %attempted.N, label %release.before.N, label %call.N
// call.N:
//   %r = call @g(...)
//   %cf.after.N = load atomic i32, ptr @__cilkrt_tls_cf unordered  ; (*)
//   %releasing.N = icmp eq i32 %cf.after.N, 2  ; indolent: a release is on
//   %unusual.N = icmp ne i32 %cf.after.N, 0    ; sedative: or an attempt
//   br i1 <it>, label %release.N, label %tail.N
//
// release.N:                               ; rare: save the frame, return
//   %c = call ptr @__cilkrt_closure_new(ptr @f.desc)    ; heap frame: %frame
//   store <each value live across N>, ptr <its field in %c>   ; stack only
//   store i32 N, ptr <c.resume>
//   store %r, ptr %result.N
//   %waits = <1 if the code after N waits at a sync first (CilkWaits.cpp)>
//   call void @__cilkrt_release(ptr %c, ptr %result.N, i32 %waits)
//   ret <poison>
//
// (*) after an empty asm that clobbers memory, and the branch weighted
// cold: emitControlFlowCheck in CilkABI.cpp says why.
//
// (The runtime finds the worker itself: keeping it, or the descriptor, in
// a register for the rare path would cost a callee-saved register, a push
// and a pop, on every call.)
//
// release.before.N is the same with the values live into spawn.N, the
// resume index N' of spawn.N and no result: the slow clone makes the call.
// A loop's poll N (CilkPoll.cpp) checks as spawn.N does, monotonic, and
// release.poll.N saves the frame at N, where the slow clone goes on.
//
// In every mode a sync is a no-op (a frame that was never stolen or
// released has no outstanding children) and a heap frame is freed at each
// normal return. C++: a spawned call that may throw is an invoke, of a pad
// that pops the frame (eager) or of f's own landing pad (lazy), and an
// exception that leaves f frees its heap frame first (CilkExceptions.cpp).
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

/// Whether alloca A holds one value (not an array, nor an aggregate),
/// which a load and a store move.
static bool isOneValue(const AllocaInst *A) {
  auto *N = dyn_cast<ConstantInt>(A->getArraySize());
  return N && N->isOne() && A->getAllocatedType()->isSingleValueType();
}

/// Whether alloca A holds one value that a single atomic store can save
/// (a step's saves, which a thief may read as they are made).
static bool isWordField(const DataLayout &DL, const AllocaInst *A) {
  Type *Ty = A->getAllocatedType();
  uint64_t Bits = DL.getTypeSizeInBits(Ty);
  return isOneValue(A) &&
         (Ty->isIntegerTy() || Ty->isPointerTy() || Ty->isFloatingPointTy()) &&
         Bits == DL.getTypeStoreSizeInBits(Ty) && isPowerOf2_64(Bits) &&
         Bits <= 64;
}

/// Copies alloca A's value into its field in Frame (with a monotonic
/// store if Atomic: isWordField).
static void emitSaveField(IRBuilder<> &B, const Shape &S, Value *Frame,
                          AllocaInst *A, bool Atomic = false) {
  const DataLayout &DL = S.F->getDataLayout();
  Value *Field = fieldAddr(B, Frame, S.FieldOffset.lookup(A),
                           A->getName() + ".field");
  Type *Ty = A->getAllocatedType();
  if (isOneValue(A)) {
    StoreInst *St = B.CreateAlignedStore(
        B.CreateAlignedLoad(Ty, A, A->getAlign()), Field,
        Atomic ? std::max(A->getAlign(), DL.getABITypeAlign(Ty))
               : A->getAlign());
    if (Atomic)
      St->setAtomic(AtomicOrdering::Monotonic);
    return;
  }
  B.CreateMemCpy(Field, A->getAlign(), A, A->getAlign(),
                 *A->getAllocationSize(DL));
}

/// Loads the value emitSaveField left in one-value alloca A's field.
static Value *emitLoadField(IRBuilder<> &B, const Shape &S, Value *Frame,
                            AllocaInst *A, const Twine &Suffix) {
  Value *Field = fieldAddr(B, Frame, S.FieldOffset.lookup(A),
                           A->getName() + ".field");
  return B.CreateAlignedLoad(A->getAllocatedType(), Field, A->getAlign(),
                             A->getName() + Suffix);
}

/// Eager mode, after a spawned call: the value A had before the call, which
/// emitSaveField left in its field (nobody else writes a stack frame's
/// fields, and no child can reach A: a local that a child may write is in a
/// heap frame), is read back from there, not kept in a register across the
/// call. So no value lives in a callee-saved register across a spawn, and a
/// procedure's path that returns before it spawns (fib's leaves) saves none
/// on entry: the prologue moves past that return (shrink-wrapping), and a
/// leaf costs a compare and a return. Only single values: an aggregate is
/// memory anyway.
static void emitRestoreField(IRBuilder<> &B, const Shape &S, Value *Frame,
                             AllocaInst *A) {
  if (isOneValue(A))
    B.CreateAlignedStore(emitLoadField(B, S, Frame, A, ".back"), A,
                         A->getAlign());
}

/// An sret procedure's frame keeps the address its caller gave, where its
/// slow clone makes the result if the caller takes it in place
/// (cilk-abi.h: CILK_ABI_RESULT_ADDR).
static void emitSaveSRet(IRBuilder<> &B, const Shape &S, Value *Frame) {
  if (S.SRet)
    B.CreateAlignedStore(S.SRet,
                         fieldAddr(B, Frame, CILK_ABI_FRAME_SRET_OFFSET,
                                   "sret.addr"),
                         Align(8));
}

static ReturnInst *createDummyReturn(Function &F, BasicBlock *BB) {
  F.removeRetAttrs(poisonIntolerantRetAttrs());
  Type *Ty = F.getReturnType();
  return ReturnInst::Create(
      F.getContext(), Ty->isVoidTy() ? nullptr : PoisonValue::get(Ty), BB);
}

namespace {
/// The frame as the fast clone sees it.
struct FastFrame {
  Value *W = nullptr;     // this thread's worker, if loaded on entry
  Value *Frame = nullptr; // the frame, if it exists from entry
  SmallVector<ReturnInst *, 4> Returns; // f's own returns
};
} // namespace

/// Where an eager stack frame is set up: the nearest block that dominates
/// every spawn, outside any loop. A call that returns before spawning (a
/// leaf of the recursion, half of all calls in fib) never loads the worker
/// or stores the descriptor.
static BasicBlock *frameSetupBlock(Shape &S) {
  Function &F = *S.F;
  DominatorTree DT(F);
  BasicBlock *BB = nullptr;
  for (const SuspendPoint &P : S.Points)
    if (P.IsSpawn && DT.isReachableFromEntry(P.Call->getParent()))
      BB = BB ? DT.findNearestCommonDominator(BB, P.Call->getParent())
              : P.Call->getParent();
  if (!BB)
    return &F.getEntryBlock();
  LoopInfo LI(DT);
  while (Loop *L = LI.getLoopFor(BB))
    BB = DT.getNode(L->getHeader())->getIDom()->getBlock();
  return BB;
}

/// Entry of the fast clone: the heap frame (any mode) or the stack frame
/// (eager), the worker they need, and f's returns, which free a heap frame.
static FastFrame emitFrameOnEntry(Shape &S, bool StackFrame) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  BasicBlock &Entry = F.getEntryBlock();
  FastFrame FF;
  for (BasicBlock &BB : F)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      FF.Returns.push_back(R);
  if (!S.HeapFrame && !StackFrame)
    return FF;

  BasicBlock *Setup = S.HeapFrame ? &Entry : frameSetupBlock(S);
  IRBuilder<> B(Setup, Setup->getFirstInsertionPt());
  if (S.HeapFrame) {
    FF.W = emitLoadWorker(B);
    FF.Frame = B.CreateCall(getRuntimeFn(M, CILK_ABI_FRAME_ALLOC),
                            {FF.W, S.Desc}, "frame");
  } else {
    IRBuilder<> EB(&Entry, Entry.getFirstInsertionPt());
    AllocaInst *A = EB.CreateAlloca(S.FrameTy, nullptr, "frame");
    A->setAlignment(S.FrameAlign);
    FF.Frame = A;
  }
  B.CreateAlignedStore(S.Desc,
                       fieldAddr(B, FF.Frame, CILK_ABI_FRAME_DESC_OFFSET),
                       Align(8));
  emitSaveSRet(B, S, FF.Frame);
  if (S.HeapFrame) {
    SmallVector<std::pair<AllocaInst *, uint64_t>, 8> Fields;
    for (AllocaInst *A : S.Fields)
      Fields.push_back({A, S.FieldOffset.lookup(A)});
    placeFieldsInFrame(B, FF.Frame, Fields);
    FunctionCallee Free = getRuntimeFn(M, CILK_ABI_FRAME_FREE);
    for (ReturnInst *R : FF.Returns)
      CallInst::Create(Free, {FF.W, FF.Frame}, "", R->getIterator());
  }
  return FF;
}

/// True if a call between From and To may move the tail: any call but an
/// intrinsic's and the pops' own __cilkrt_pop_slow (which leaves the tail
/// where the pop put it whenever the procedure goes on). A C function may
/// post a thread's closure (threads.c), and a runtime call may settle the
/// deque. From dominates To; the instructions between are those on the
/// paths from From to To, found backwards from To.
static bool mayMoveTail(Instruction *From, Instruction *To) {
  auto Moves = [](const Instruction &I) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB))
      return false;
    Function *Callee = CB->getCalledFunction();
    return !Callee || Callee->getName() != CILK_ABI_POP_SLOW;
  };
  auto Scan = [&](BasicBlock::iterator I, BasicBlock::iterator E) {
    return std::any_of(I, E, Moves);
  };
  BasicBlock *Def = From->getParent(), *Use = To->getParent();
  if (Use == Def && From->comesBefore(To))
    return Scan(std::next(From->getIterator()), To->getIterator());
  if (Scan(std::next(From->getIterator()), Def->end()) ||
      Scan(Use->begin(), To->getIterator()))
    return true;
  SmallPtrSet<BasicBlock *, 16> Seen{Def, Use};
  SmallVector<BasicBlock *, 16> Work(predecessors(Use));
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    if (Scan(BB->begin(), BB->end()))
      return true;
    append_range(Work, predecessors(BB));
  }
  return false;
}

/// What a push before Call can use instead of loading the tail: the tail
/// the latest pop before it left, if that pop dominates Call and nothing
/// between may have moved the tail. The entry at that tail is the frame
/// still, so in fib the second spawn's push is one store.
static Value *knownTail(const DominatorTree &DT, CallBase *Call,
                        ArrayRef<Value *> Pops) {
  Instruction *Last = nullptr;
  for (Value *P : Pops) {
    auto *Tail = cast<Instruction>(P);
    if (DT.dominates(Tail, Call) && (!Last || DT.dominates(Last, Tail)))
      Last = Tail;
  }
  if (Last && !mayMoveTail(Last, Call))
    return Last;
  return nullptr;
}

/// The pop after a spawned call stores, as the tail, the slot its push
/// put the frame in (Home holds it), instead of loading the tail back:
/// TailNow is the pop's tail.now phi, whose fast-path value is
/// `%tail.popped = %tail - 1` of a load that goes. A child that returns
/// has left the tail one above the slot, or it unwound a steal (the
/// runtime's pop_slow puts the tail back then). Each load of the tail read the store before it, through memory:
/// in eager fib one chain of them ran through every push and pop, and
/// without it fib(40) takes 0.62 s instead of 0.74 s (the serial elision
/// 0.35 s; bench/results/2026-11-29-eager-pushed-slot.md).
static void popAtPushedSlot(Value *TailNow, AllocaInst *Home) {
  auto *Popped = cast<GetElementPtrInst>(
      cast<PHINode>(TailNow)->getIncomingValue(0));
  auto *Tail = cast<LoadInst>(Popped->getPointerOperand());
  IRBuilder<> B(Popped);
  Value *Again =
      B.CreateAlignedLoad(B.getPtrTy(), Home, Align(8), /*isVolatile=*/true);
  Again->takeName(Popped);
  Popped->replaceAllUsesWith(Again);
  Popped->eraseFromParent();
  Tail->eraseFromParent();
}

/// Whether Ptr points into memory that only this call of the procedure
/// sees (one of its own variables whose address goes nowhere) or that
/// never changes (a constant global).
static bool isPrivateOrConstant(const Value *Ptr) {
  const Value *Obj = getUnderlyingObject(Ptr);
  if (auto *GV = dyn_cast<GlobalVariable>(Obj))
    return GV->isConstant();
  return isa<AllocaInst>(Obj) &&
         !PointerMayBeCaptured(Obj, /*ReturnCaptures=*/true,
                               /*StoreCaptures=*/true);
}

/// Whether I may run between a step's two spawns (stepTarget). A thief
/// that takes the frame before the step's check resumes after the first
/// spawn and runs this code itself, and may go on past the second spawn,
/// changing or freeing memory, before the owner's first child returns;
/// the owner runs it all the same, then learns at the check that its
/// results are not needed. So it reads only what the thief cannot change
/// (isPrivateOrConstant), cannot trap, and writes only the procedure's own
/// variables (the one it stores to goes in Stored; stepTarget rules out
/// those live across both spawns).
static bool isStepPure(const Instruction &I, const AllocaInst *&Stored) {
  Stored = nullptr;
  if (isa<DbgInfoIntrinsic>(I) || isa<PHINode>(I))
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->isLifetimeStartOrEnd();
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->isSimple() && isPrivateOrConstant(L->getPointerOperand());
  if (auto *St = dyn_cast<StoreInst>(&I)) {
    Stored =
        dyn_cast<AllocaInst>(getUnderlyingObject(St->getPointerOperand()));
    return St->isSimple() && Stored &&
           isPrivateOrConstant(St->getPointerOperand());
  }
  return !isa<CallBase>(I) && !I.isTerminator() &&
         isSafeToSpeculativelyExecute(&I);
}

/// The spawn that spawn P steps to, or null (cilk-abi.h: CILK_ABI_POP_STEP;
/// fib's two spawns): the spawn Q whose call every path from P's call
/// reaches, through step-pure code (isStepPure) in blocks that no other
/// path enters, with no loop, no other spawn or sync, nothing that may
/// throw. Then the frame stays on the deque from P's call to Q's: a pop
/// and a push less, two stores of the tail (fib(40) 0.48 s, not 0.57;
/// bench/results/2026-11-29-eager-step.md). Q's values are saved by
/// atomic stores (isWordField), read by a thief as they are made. Not for
/// a heap frame (the thief takes the frame itself, not a copy), nor user
/// inlets or abort (Shape::Atomic).
static SuspendPoint *stepTarget(Shape &S, SuspendPoint &P,
                                const DenseMap<CallBase *, SuspendPoint *> &At) {
  if (S.HeapFrame || S.Atomic || !P.IsSpawn || !isa<CallInst>(P.Call) ||
      P.DstKind == CILK_DST_FRAME)
    return nullptr;
  BasicBlock *From = P.Call->getParent();
  SmallPtrSet<AllocaInst *, 8> LiveP(P.LiveAcross.begin(), P.LiveAcross.end());
  SuspendPoint *Q = nullptr;
  SmallPtrSet<const AllocaInst *, 8> Stored; // by the code between the spawns
  auto Scan = [&](BasicBlock::iterator I, BasicBlock::iterator E) -> bool {
    for (; I != E; ++I) {
      if (auto *CB = dyn_cast<CallBase>(&*I); CB && At.count(CB)) {
        SuspendPoint *R = At.lookup(CB);
        if (!R->IsSpawn || (Q && Q != R) || !isa<CallInst>(CB))
          return false;
        Q = R;
        return true; // the region ends at Q's call
      }
      if (I->isTerminator())
        return isa<BranchInst>(*I) || isa<SwitchInst>(*I);
      const AllocaInst *A;
      if (!isStepPure(*I, A))
        return false;
      if (A)
        Stored.insert(A);
    }
    return true;
  };
  auto EndsAtQ = [&](BasicBlock *BB) {
    return Q && Q->Call->getParent() == BB;
  };
  // The blocks after P's call up to Q's, each scanned once.
  SmallSetVector<BasicBlock *, 16> Region;
  if (!Scan(std::next(P.Call->getIterator()), From->end()))
    return nullptr;
  if (!EndsAtQ(From))
    Region.insert(succ_begin(From), succ_end(From));
  for (unsigned I = 0; I < Region.size(); ++I) {
    BasicBlock *BB = Region[I];
    if (BB == From || !Scan(BB->begin(), BB->end()))
      return nullptr;
    if (!EndsAtQ(BB))
      Region.insert(succ_begin(BB), succ_end(BB));
  }
  if (!Q || Q == &P)
    return nullptr;
  // No other way in, and no loop: the blocks in an order that puts each
  // after its predecessors (Kahn's) reach them all.
  DenseMap<BasicBlock *, unsigned> Ins;
  SmallVector<BasicBlock *, 16> Ready;
  for (BasicBlock *BB : Region) {
    for (BasicBlock *Pred : predecessors(BB))
      if (Region.count(Pred))
        ++Ins[BB];
      else if (Pred != From)
        return nullptr;
    if (!Ins.lookup(BB))
      Ready.push_back(BB);
  }
  unsigned Ordered = 0;
  while (!Ready.empty()) {
    BasicBlock *BB = Ready.pop_back_val();
    ++Ordered;
    if (!EndsAtQ(BB))
      for (BasicBlock *Succ : successors(BB))
        if (--Ins[Succ] == 0)
          Ready.push_back(Succ);
  }
  if (Ordered != Region.size())
    return nullptr;
  // Q's values fit atomic stores, and none live across both spawns
  // changes between them: Q's save would change a field that a thief
  // resuming after P reads.
  const DataLayout &DL = S.F->getDataLayout();
  for (AllocaInst *A : Q->LiveAcross)
    if (!isWordField(DL, A) || (LiveP.count(A) && Stored.count(A)))
      return nullptr;
  return Q;
}

/// A copy of V, computed just before step Q's call (Before) from what a
/// thief cannot change, or null: V is Q's argument, computed between the
/// step's spawns from values of P's frame read back after P's call (n - 2
/// in fib). Computed before the step's check, it would live across the
/// check's rare call (__cilkrt_pop_step) in a callee-saved register, which
/// every call that spawns would then push and pop; the copy reads those
/// values from their fields after the check instead. A field still holds
/// what P's spawn saved there: nobody else writes a stack frame's fields
/// (a thief that took the frame copied it), and the code between the
/// spawns does not store to the variable (Unchanged).
static Value *rematerializeStepArg(Value *V, const Shape &S, Value *Frame,
                                   const DominatorTree &DT,
                                   const SuspendPoint &P,
                                   const SmallPtrSetImpl<AllocaInst *> &Unchanged,
                                   Instruction *Before, unsigned Depth = 0) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !DT.dominates(P.Call, I))
    return V; // computed before P's call: live across it already
  if (Depth > 8)
    return nullptr;
  IRBuilder<> B(Before);
  if (auto *L = dyn_cast<LoadInst>(I)) {
    auto *A = dyn_cast<AllocaInst>(L->getPointerOperand());
    if (!L->isSimple() || !A || !Unchanged.count(A) ||
        L->getType() != A->getAllocatedType())
      return nullptr;
    return emitLoadField(B, S, Frame, A, ".again");
  }
  if (isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(I))
    return nullptr;
  Instruction *Copy = I->clone();
  for (Use &U : Copy->operands()) {
    Value *Op = rematerializeStepArg(U.get(), S, Frame, DT, P, Unchanged,
                                     Before, Depth + 1);
    if (!Op) { // the copies made for the operands before go too
      SmallVector<WeakTrackingVH, 4> Made(Copy->operands());
      Copy->deleteValue();
      for (WeakTrackingVH &M : Made)
        RecursivelyDeleteTriviallyDeadInstructions(M);
      return nullptr;
    }
    U.set(Op);
  }
  Copy->insertBefore(Before);
  Copy->setName(I->getName() + ".again");
  return Copy;
}

/// Step P -> Q: Q's arguments computed after the step's check
/// (rematerializeStepArg), where a copy can be made.
static void rematerializeStepArgs(const Shape &S, Value *Frame,
                                  const SuspendPoint &P, CallBase *QCall) {
  DominatorTree DT(*S.F);
  // P's one-value variables that the step's code does not store to, in
  // whole or in part (`((char *)&x)[0] = c` stores through a GEP of x). The
  // step's code runs after P's call and before Q's, which every path from
  // P's call reaches, and stores only to the procedure's variables
  // (stepTarget, isStepPure). Called before the saves and restores exist.
  SmallPtrSet<const Value *, 8> Changed;
  for (BasicBlock &BB : *S.F)
    for (Instruction &I : BB)
      if (auto *St = dyn_cast<StoreInst>(&I);
          St && DT.dominates(P.Call, St) && !DT.dominates(QCall, St))
        Changed.insert(getUnderlyingObject(St->getPointerOperand()));
  SmallPtrSet<AllocaInst *, 8> Unchanged;
  for (AllocaInst *A : P.LiveAcross)
    if (isOneValue(A) && !Changed.count(A))
      Unchanged.insert(A);
  for (Use &Arg : QCall->args())
    if (Value *Copy = rematerializeStepArg(Arg.get(), S, Frame, DT, P,
                                           Unchanged, QCall))
      Arg.set(Copy);
}

// Pops are emitted first, then pushes, which may then use what a pop
// before them left (knownTail); then each pop learns its push's slot.
// A step (stepTarget) replaces the pop of its first spawn and the push of
// its second.
static void buildEagerFastClone(Shape &S) {
  Function &F = *S.F;
  BasicBlock &Entry = F.getEntryBlock();
  FastFrame FF = emitFrameOnEntry(S, /*StackFrame=*/true);
  Value *Frame = FF.Frame;

  BasicBlock *Stolen = BasicBlock::Create(F.getContext(), "stolen", &F);
  createDummyReturn(F, Stolen);

  // Steps are found while the syncs' markers are still there.
  DenseMap<CallBase *, SuspendPoint *> At;
  for (SuspendPoint &P : S.Points)
    At[P.Call] = &P;
  MapVector<SuspendPoint *, SuspendPoint *> StepFrom; // Q -> P
  SmallPtrSet<SuspendPoint *, 8> StepsOn;             // each P
  for (SuspendPoint &P : S.Points)
    if (SuspendPoint *Q = stepTarget(S, P, At);
        Q && StepFrom.insert({Q, &P}).second)
      StepsOn.insert(&P);

  AllocaInst *Home = nullptr;
  SmallVector<SuspendPoint *, 8> Spawns;
  SmallVector<Value *, 8> Pops;         // null for a step's first spawn
  DenseMap<SuspendPoint *, Value *> Results;
  for (SuspendPoint &P : S.Points) {
    if (!P.IsSpawn) {
      P.Call->eraseFromParent();
      continue;
    }
    if (!Home)
      Home = IRBuilder<>(&Entry, Entry.getFirstInsertionPt())
                 .CreateAlloca(PointerType::getUnqual(F.getContext()), nullptr,
                               "slot.home");
    Spawns.push_back(&P);
    Value *ResultSlot = Results[&P] =
        createResultSlot(Entry, P, P.ResultMemory);
    if (StepsOn.count(&P)) {
      Pops.push_back(nullptr);
      continue;
    }
    // The tail (or the resume block) continues in place.
    BasicBlock *Cont = P.Call->getParent()->getTerminator()->getSuccessor(0);
    Pops.push_back(emitPopAfterSpawn(P.Call, P, /*W=*/nullptr, ResultSlot,
                                     Cont, Stolen, /*Fenced=*/false));
  }
  // Each step's check before its second call; that call's saves go before it.
  DenseMap<SuspendPoint *, Instruction *> StepAt;
  for (auto [Q, P] : StepFrom) {
    StepAt[Q] = emitStepCheck(Q->Call, *P, Results.lookup(P), Home, Stolen);
    rematerializeStepArgs(S, Frame, *P, Q->Call);
  }
  // Before the pushes: a push after a pad's path loads the deque anew.
  lowerFastSpawnUnwinding(S, Stolen);
  DominatorTree DT(F);
  SmallVector<Value *, 8> KnownPops(make_filter_range(
      Pops, [](Value *Pop) { return Pop != nullptr; }));
  for (auto [P, Pop] : zip(Spawns, Pops)) {
    Instruction *Step = StepAt.lookup(P);
    IRBuilder<> B(Step ? Step : P->Call);
    if (!S.HeapFrame) {
      for (AllocaInst *A : P->LiveAcross)
        emitSaveField(B, S, Frame, A, /*Atomic=*/Step);
      // After the pop, where the call's result is all that crossed its
      // rare path's call; a step's first spawn has none, and the code
      // before the step's check may read them.
      Instruction *Back = nullptr;
      if (Pop)
        Back = &*cast<PHINode>(Pop)->getParent()->getFirstInsertionPt();
      else if (isa<CallInst>(P->Call))
        Back = P->Call->getNextNode();
      if (Back) {
        IRBuilder<> RB(Back);
        for (AllocaInst *A : P->LiveAcross)
          emitRestoreField(RB, S, Frame, A);
      }
    }
    StoreInst *Resume = emitSetResume(B, Frame, P->Index);
    if (Step) // published: a thief that reads this index reads the saves
      Resume->setAtomic(AtomicOrdering::Release);
    // The slot waits in Home, where a knownTail push or a step's second
    // spawn finds it already.
    if (!Step)
      if (Value *Slot = emitPush(B, Frame, knownTail(DT, P->Call, KnownPops));
          !isa<PHINode>(Slot))
        IRBuilder<>(cast<Instruction>(Slot)->getNextNode())
            .CreateAlignedStore(Slot, Home, Align(8), /*isVolatile=*/true);
    if (Pop)
      popAtPushedSlot(Pop, Home);
  }
  // What no push used goes, with the loads that fed it on the rare path
  // (the tail's is atomic, so nothing else would delete it).
  for (Value *Tail : KnownPops) {
    auto *TailPhi = cast<PHINode>(Tail);
    if (!TailPhi->use_empty())
      continue;
    auto *TailAgain = cast<Instruction>(TailPhi->getIncomingValue(1));
    TailPhi->eraseFromParent();
    Value *Addr = TailAgain->getOperand(0);
    TailAgain->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Addr);
  }
  finishCloneUnwinding(F, FF.W, S.HeapFrame ? Frame : nullptr);
}

/// A block that saves the frame at resume index Index (the allocas Live
/// hold its state; Result, if not null, the spawn's result in ResultSlot)
/// and returns: release.N in the comment at the top. Spawn, if not null,
/// is the spawn the frame resumes after (Index is its own), whose
/// continuation may wait for its child at once (CilkWaits.cpp).
static BasicBlock *emitReleaseBlock(Shape &S, const FastFrame &FF,
                                    unsigned Index,
                                    ArrayRef<AllocaInst *> Live,
                                    Value *Result, Value *ResultSlot,
                                    const SuspendPoint *Spawn,
                                    const Twine &Name) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  LLVMContext &C = F.getContext();
  BasicBlock *BB = BasicBlock::Create(C, Name, &F);
  IRBuilder<> B(BB);
  Value *Frame = FF.Frame;
  if (!Frame) {
    Frame = B.CreateCall(getRuntimeFn(M, CILK_ABI_CLOSURE_NEW), {S.Desc},
                         "closure");
    emitSaveSRet(B, S, Frame);
    for (AllocaInst *A : Live)
      emitSaveField(B, S, Frame, A);
  }
  emitSetResume(B, Frame, Index);
  if (Result && !Result->getType()->isVoidTy())
    B.CreateStore(Result, ResultSlot);
  B.CreateCall(getRuntimeFn(M, CILK_ABI_RELEASE),
               {Frame,
                Result ? ResultSlot : Constant::getNullValue(B.getPtrTy()),
                Spawn ? emitWaitsAtSync(B, S, *Spawn) : B.getInt32(0)});
  createDummyReturn(F, BB);
  return BB;
}

static void buildLazyFastClone(Shape &S) {
  Function &F = *S.F;
  BasicBlock &Entry = F.getEntryBlock();
  FastFrame FF = emitFrameOnEntry(S, /*StackFrame=*/false);
  bool Indolent = S.TheMode == Mode::Indolent;

  for (SuspendPoint &P : S.Points) {
    std::string N = std::to_string(P.Index);
    if (P.IsPoll)
      emitControlFlowCheck(
          P.Call->getParent(), CmpInst::ICMP_NE, CILK_CF_NORMAL,
          emitReleaseBlock(S, FF, P.Index, P.LiveAcross, nullptr, nullptr,
                           nullptr, "release.poll." + N),
          "cf.poll." + N, "attempted.poll." + N, /*Poll=*/true);
    if (!P.IsSpawn)
      continue; // its marker goes below: the release blocks look for it
    CallBase *Call = P.Call;
    if (P.Respawn) {
      // The prologue: spawn.N holds only the check; the spawn moves on.
      P.Respawn->splitBasicBlock(P.Respawn->begin(), "call." + N);
      BasicBlock *Rel = emitReleaseBlock(S, FF, P.RespawnIndex, P.LiveBefore,
                                         nullptr, nullptr, nullptr,
                                         "release.before." + N);
      emitControlFlowCheck(P.Respawn, CmpInst::ICMP_NE, CILK_CF_NORMAL, Rel,
                "cf." + N, "attempted." + N);
    }
    BasicBlock *Rel = emitReleaseBlock(
        S, FF, P.Index, P.LiveAcross, Call,
        createResultSlot(Entry, P, P.ResultMemory), &P, "release." + N);
    if (Indolent)
      emitControlFlowCheck(Call->getParent(), CmpInst::ICMP_EQ, CILK_CF_RELEASING, Rel,
                "cf.after." + N, "releasing." + N);
    else
      emitControlFlowCheck(Call->getParent(), CmpInst::ICMP_NE, CILK_CF_NORMAL, Rel,
                "cf.after." + N, "unusual." + N);
  }
  for (SuspendPoint &P : S.Points)
    if (!P.IsSpawn)
      P.Call->eraseFromParent();
  lowerFastSpawnUnwinding(S, nullptr);
  finishCloneUnwinding(F, FF.W, FF.Frame);
}

void buildFastClone(Shape &S) {
  if (S.isLazy())
    buildLazyFastClone(S);
  else
    buildEagerFastClone(S);
  S.F->addFnAttr(Attribute::NoInline);
}

} // namespace cilk
