//===- CilkTail.cpp - A spawn statement: its destination and its tail -----===//
//
// `lhs op= spawn f(args);` reaches the pass as the call, the evaluation of
// lhs and the assignment, up to the plugin's end marker:
//
//   %r = call i32 @f(i32 %n), !cilk.spawn     ; the spawn
//   %i = load i32, ptr %i.addr                 ; lhs = a[i]: its address
//   %p = getelementptr inbounds i32, ptr %a, i32 %i
//   %old = load i32, ptr %p                    ; `+=`: the old value
//   %new = add nsw i32 %old, %r
//   store i32 %new, ptr %p
//   call void @__cilk_spawn_end()
//
// The destination is evaluated before the spawn (as OpenCilk does), in
// every mode, the serial elision included: whatever the statement computes
// without the result, short of the old value `op=` reads, moves before the
// call (%i and %p above). The rest is the spawn's tail: the assignment,
// run when the result arrives (CilkPrepare.cpp). The tail may have control
// flow (a compare-exchange loop for an _Atomic lhs, a sanitizer's check);
// only its first block gives up code to the spawn.
//
// A statement the plugin did not end (a declaration `T x = spawn f();`,
// an IR input) ends at the first store of the result, where the marker is
// put then; a user inlet's argument, `name(spawn f(), b)`, ends where the
// inlet begins.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

static bool isSuspendOrSpawn(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
    return true;
  return isCallTo(I, CILK_ABI_SYNC_MARKER);
}

bool isLifetimeMarker(const Instruction *I) {
  auto *II = dyn_cast<IntrinsicInst>(I);
  return II && II->isLifetimeStartOrEnd();
}

Instruction *nextNonDebug(Instruction *I) {
  Instruction *N = I->getNextNode();
  while (N && isa<DbgInfoIntrinsic>(N))
    N = N->getNextNode();
  return N;
}

static AllocaInst *baseAlloca(Value *Ptr) {
  return dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
}

bool allUsersSatisfy(AllocaInst *A, function_ref<bool(Instruction *)> Fn) {
  SmallVector<Value *, 8> Work{A};
  while (!Work.empty())
    for (User *U : Work.pop_back_val()->users()) {
      auto *I = cast<Instruction>(U);
      if (isa<GetElementPtrInst>(I) || isa<CastInst>(I))
        Work.push_back(I);
      else if (!isLifetimeMarker(I) && !Fn(I))
        return false;
    }
  return true;
}

bool SpawnStatement::isLocal(AllocaInst *A) const {
  return allUsersSatisfy(A,
                         [&](Instruction *I) { return Insts.count(I) != 0; });
}

/// What carries spawn Call's result through its statement: the values
/// computed from it, and the temporaries holding (part of) it.
struct ResultFlow {
  SmallPtrSet<Value *, 16> Dep;
  SmallPtrSet<AllocaInst *, 4> Temps;
  ResultFlow(CallBase *Call, AllocaInst *ResultMem) {
    if (!Call->getType()->isVoidTy())
      Dep.insert(Call);
    if (ResultMem)
      Temps.insert(ResultMem);
  }
  bool isTemp(Value *Ptr) const {
    AllocaInst *A = baseAlloca(Ptr);
    return A && Temps.count(A);
  }
};

// ---- The end of a statement without a marker ----

/// True if A is clang's temporary for an aggregate result that arrived in
/// registers: stored into here, then copied out by a memcpy later in the
/// same block.
static bool isCoercionTemp(AllocaInst *A, Instruction *Store) {
  for (Instruction &I :
       make_range(std::next(Store->getIterator()), Store->getParent()->end())) {
    if (auto *MT = dyn_cast<MemTransferInst>(&I))
      if (baseAlloca(MT->getSource()) == A)
        return true;
    if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
      return false;
  }
  return false;
}

/// C++: `long n = cilk_spawn f(std::string(s));` destroys the temporaries
/// of its full-expression (the argument, the allocator that made it) after
/// the call and before it stores the result. A call there that works on
/// locals only (a destructor) belongs to the statement: the child's tail
/// runs it, after the child, where OpenCilk destroys them.
static bool destroysTemporary(CallBase *CB) {
  if (isSpawn(*CB))
    return false;
  bool Any = false;
  for (Value *Arg : CB->args()) {
    if (!Arg->getType()->isPointerTy())
      continue;
    if (!isa<AllocaInst>(getUnderlyingObject(Arg)))
      return false;
    Any = true;
  }
  return Any;
}

/// The instruction that ends spawn Call's statement when nothing marks its
/// end: the first write of the result (or, for `T x = spawn f()` with T
/// returned in two registers, the last of the stores of its members) that
/// is not into a temporary. Null if the result is not written before the
/// block, a call or the next statement ends.
static Instruction *firstWriteOfResult(CallBase *Call, AllocaInst *ResultMem) {
  BasicBlock *BB = Call->getParent();
  ResultFlow Flow(Call, ResultMem);
  auto &Dep = Flow.Dep;
  auto &Temps = Flow.Temps;
  auto IsTemp = [&](Value *Ptr) { return Flow.isTemp(Ptr); };
  auto *RetST = dyn_cast<StructType>(Call->getType());
  unsigned PartsLeft = RetST ? RetST->getNumElements() : 0;
  AllocaInst *PartsBase = nullptr;
  for (Instruction &I : make_range(std::next(Call->getIterator()), BB->end())) {
    if (I.isTerminator() || isSuspendOrSpawn(I))
      return nullptr;
    if (isLifetimeMarker(&I)) {
      if (IsTemp(I.getOperand(1)) ||
          cast<IntrinsicInst>(I).getIntrinsicID() == Intrinsic::lifetime_end)
        continue; // (the end of a C++ temporary's life)
      return nullptr; // the next statement begins
    }
    if (isa<CallBase>(I) && !isa<MemTransferInst>(I) &&
        !destroysTemporary(cast<CallBase>(&I)))
      return nullptr;
    if (auto *SI = dyn_cast<StoreInst>(&I);
        SI && Dep.count(SI->getValueOperand())) {
      AllocaInst *A = baseAlloca(SI->getPointerOperand());
      if (A && isCoercionTemp(A, SI)) {
        Temps.insert(A);
        continue;
      }
      if (PartsLeft && A && isa<ExtractValueInst>(SI->getValueOperand()) &&
          (!PartsBase || PartsBase == A)) {
        PartsBase = A;
        if (--PartsLeft)
          continue;
      }
      return SI;
    }
    if (auto *MT = dyn_cast<MemTransferInst>(&I); MT && IsTemp(MT->getSource()))
      return MT;
    if (any_of(I.operands(), [&](Value *Op) { return Dep.count(Op); }) ||
        (isa<LoadInst>(I) && IsTemp(cast<LoadInst>(I).getPointerOperand())))
      Dep.insert(&I);
  }
  return nullptr;
}

/// The __cilk_inlet_begin of the user inlet call `name(spawn g(), b)` that
/// spawn Call (with a result) is the argument of, if it follows in Call's
/// block: what lies between them converts the result into the inlet's
/// parameter (one store, or several: the two halves of a _Complex).
static Instruction *userInletBegin(CallBase *Call) {
  for (Instruction &I : make_range(std::next(Call->getIterator()),
                                   Call->getParent()->end())) {
    if (isCallTo(I, CILK_ABI_INLET_BEGIN))
      return &I;
    if (I.isTerminator() || isSuspendOrSpawn(I))
      return nullptr;
  }
  return nullptr;
}

// ---- The statement ----

bool findSpawnStatement(CallBase *Call, SpawnStatement &St) {
  BasicBlock *BB = Call->getParent();
  for (Instruction &I : make_range(std::next(Call->getIterator()), BB->end())) {
    if (isCallTo(I, CILK_ABI_SPAWN_END)) {
      St.End = cast<CallInst>(&I);
      return true;
    }
    if (isSuspendOrSpawn(I))
      return false;
    St.First.push_back(&I);
    St.Insts.insert(&I);
  }
  // Control flow inside the statement: every path from here reaches the
  // one end marker, and nothing else enters the blocks on the way.
  SmallVector<BasicBlock *, 8> Work(successors(BB));
  SmallPtrSet<BasicBlock *, 8> Seen;
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    // A tail that may throw is no statement this lowering knows; its end
    // marker is still looked for: a spawn that reaches one ends there (an
    // sret call's result has no uses, but its conversion is the tail).
    if (B->isEHPad()) {
      St.Throws = true;
      continue;
    }
    if (B == BB)
      return false;
    if (!Seen.insert(B).second)
      continue;
    St.Blocks.push_back(B);
    bool Ends = false;
    for (Instruction &I : *B) {
      if (isCallTo(I, CILK_ABI_SPAWN_END)) {
        if (St.End && St.End != &I)
          return false;
        St.End = cast<CallInst>(&I);
        Ends = true;
        break;
      }
      if (isSuspendOrSpawn(I) || isa<ReturnInst>(I) || isa<ResumeInst>(I))
        return false;
      St.Insts.insert(&I);
    }
    if (!Ends)
      append_range(Work, successors(B));
  }
  if (!St.End || St.Throws)
    return false;
  // A dead end (a trap that -ftrapv shares between checks) may be entered
  // from elsewhere too: the inlet gets a copy.
  for (BasicBlock *B : St.Blocks)
    for (BasicBlock *Pred : predecessors(B))
      if (Pred != BB && !Seen.count(Pred) && succ_size(B) != 0)
        return false;
  return true;
}

/// True if I's use by U computes or reaches an address (a pointer operand,
/// an index): not a value the assignment stores. Values holds the tail's
/// instructions that compute a value: a GEP or cast among them is
/// arithmetic on a value, not an address (`p += spawn f()` into a pointer
/// p: the GEP adds the result to p's old value, which must be read in the
/// tail, after the result arrives, like any `op=`'s old value).
static bool isAddressUse(const Instruction *U, const Instruction *I,
                         const SmallPtrSetImpl<Value *> &Values) {
  if (auto *L = dyn_cast<LoadInst>(U))
    return L->getPointerOperand() == I;
  if (auto *SI = dyn_cast<StoreInst>(U))
    return SI->getPointerOperand() == I && SI->getValueOperand() != I;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(U))
    return RMW->getPointerOperand() == I;
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(U))
    return CX->getPointerOperand() == I;
  if (isa<GetElementPtrInst>(U))
    return !Values.count(U);
  if (isa<CastInst>(U))
    return I->getType()->isPointerTy() && !Values.count(U);
  if (isa<CallBase>(U))
    return I->getType()->isPointerTy();
  return false;
}

/// Values cheaper to compute again in the tail than to carry to it: the
/// address of a member or element at a constant offset, a cast.
static bool isRematerializable(const Instruction *I) {
  if (auto *GEP = dyn_cast<GetElementPtrInst>(I))
    return GEP->hasAllConstantIndices();
  return isa<CastInst>(I) && !I->mayReadOrWriteMemory();
}

/// True if I is the plugin's llvm.var.annotation of a C++ local that must
/// not be copied by its bytes (CILK_ABI_IN_PLACE_ANNOTATION).
static bool isInPlaceAnnotation(const Instruction *I) {
  auto *II = dyn_cast<IntrinsicInst>(I);
  StringRef Text;
  return II && II->getIntrinsicID() == Intrinsic::var_annotation &&
         getConstantStringInfo(II->getArgOperand(1), Text) &&
         Text == CILK_ABI_IN_PLACE_ANNOTATION;
}

/// (CilkShape.h.) A variable whose address reaches a call or memory lives
/// in a heap frame (CilkFrame.cpp), which no thief copies: a C++ object
/// with a destructor (its address reaches it), say, or one the plugin
/// marked (isInPlaceAnnotation), which a byte copy would break (an object
/// that keeps its own address; std::string points into itself).
bool addressEscapesBesides(AllocaInst *A, CallBase *Call) {
  SmallVector<Value *, 8> Work{A};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(I))
        Work.push_back(I);
      else if (auto *SI = dyn_cast<StoreInst>(I);
               SI && SI->getValueOperand() == V)
        return true;
      else if (auto *CB = dyn_cast<CallBase>(I);
               CB && CB != Call &&
               (!isa<IntrinsicInst>(CB) || isInPlaceAnnotation(CB)))
        return true;
    }
  }
  return false;
}

/// `T x = spawn f();` with T returned in memory: clang passes x itself as
/// f's sret argument, where the result would arrive before the tail and,
/// after a steal, in the thief's copy of the frame instead of the frame.
/// The result gets a temporary, copied into x by the tail:
///
///   %result.tmp = alloca %T                        ; entry
///   call void @f(ptr sret(%T) %result.tmp, ...), !cilk.spawn
///   call void @llvm.memcpy(ptr %x, ptr %result.tmp, i64 <size>)
static AllocaInst *giveResultATemporary(CallBase *Call, unsigned ArgNo,
                                        AllocaInst *Var) {
  Function &F = *Call->getFunction();
  Type *Ty = Call->getParamStructRetType(ArgNo);
  Align Al = std::max(Call->getParamAlign(ArgNo).valueOrOne(),
                      Var->getAlign());
  auto *Tmp = new AllocaInst(Ty, F.getDataLayout().getAllocaAddrSpace(),
                             nullptr, Al, "result.tmp",
                             F.getEntryBlock().getFirstInsertionPt());
  Call->setArgOperand(ArgNo, Tmp);
  // Located at the spawn, not at what follows: the race detector names the
  // tail's write into x by this copy's location.
  IRBuilder<> B(Call->getNextNode());
  B.SetCurrentDebugLocation(Call->getDebugLoc());
  B.CreateMemCpy(Var, Var->getAlign(), Tmp, Al,
                 F.getDataLayout().getTypeAllocSize(Ty));
  return Tmp;
}

/// A local of the parent that only spawn Call's statement uses, in a loop
/// (see giveTemporariesSlots): where this iteration uses it first (the
/// call itself for an aggregate result's temporary), and its lifetime
/// markers.
struct OwnTemporary {
  AllocaInst *A;
  Instruction *First;
  SmallVector<Instruction *, 4> Markers;
};

static SmallVector<OwnTemporary, 4> findOwnTemporaries(CallBase *Call,
                                                       SpawnStatement &St) {
  BasicBlock *BB = Call->getParent();
  Function &F = *BB->getParent();
  DominatorTree DT(F);
  // Not in a loop: its locals serve one spawn. (CFG searches such as
  // isPotentiallyReachable give up in a large function and answer yes:
  // loops and dominance alone decide here.)
  LoopInfo LI(DT);
  Loop *L = LI.getLoopFor(BB);
  if (!L)
    return {};
  SmallSetVector<AllocaInst *, 4> Objects;
  for (Value *Arg : Call->args())
    if (auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(Arg));
        A && A->isStaticAlloca())
      Objects.insert(A);
  const DataLayout &DL = F.getDataLayout();
  SmallVector<OwnTemporary, 4> Own;
  for (AllocaInst *A : Objects) {
    Instruction *First = nullptr; // the first use, in this iteration
    SmallVector<Instruction *, 4> Markers;
    SmallVector<Instruction *, 8> Uses;
    SmallVector<Value *, 8> Work{A};
    bool Ours = true;
    while (!Work.empty() && Ours) {
      Value *V = Work.pop_back_val();
      for (User *U : V->users()) {
        auto *I = cast<Instruction>(U);
        if (isLifetimeMarker(I)) {
          Markers.push_back(I);
          continue;
        }
        // Before the call in the same iteration of the innermost loop: a
        // block of that loop that dominates the call's runs once in each
        // iteration that reaches the call. (A use before the loop, or in
        // an outer loop only, would allocate once for several frees.)
        BasicBlock *UB = I->getParent();
        bool Before = UB == BB ? I->comesBefore(Call)
                               : L->contains(UB) && DT.dominates(UB, BB);
        if (Before) {
          if (!First || DT.dominates(I, First))
            First = I;
        } else if (I != Call && !St.Insts.count(I) &&
                   DT.isReachableFromEntry(UB)) {
          // Used after the statement, or in another iteration: the
          // procedure's own (a landing pad, out of the CFG while the
          // statements are found, destroys a temporary: the slot serves).
          Ours = false;
          break;
        }
        Uses.push_back(I);
        if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(I))
          Work.push_back(I);
      }
    }
    // An aggregate result's temporary, which the call writes first: C's
    // (copied out by the tail, delivered by the runtime after a steal)
    // keeps its local; C++'s, whose address reaches an assignment operator
    // and a destructor, gets storage of its own.
    if (!First) {
      if (!addressEscapesBesides(A, Call))
        continue;
      First = Call;
    }
    std::optional<TypeSize> Size = A->getAllocationSize(DL);
    if (!Ours || !Size || Size->isScalable() ||
        any_of(Uses, [&](Instruction *I) {
          return I != First && !DT.dominates(First, I);
        }))
      continue;
    Own.push_back({A, First, std::move(Markers)});
  }
  return Own;
}

SmallVector<AllocaInst *, 4> spawnOwnTemporaries(CallBase *Call) {
  SpawnStatement St;
  SmallVector<AllocaInst *, 4> Own;
  if (findSpawnStatement(Call, St))
    for (OwnTemporary &T : findOwnTemporaries(Call, St))
      Own.push_back(T.A);
  return Own;
}

/// C++: `for (...) cilk_spawn [&, i] { ... }();` passes the child a
/// temporary (the lambda, an argument's copy) that the next iteration
/// constructs again in the same local while the child may still read it.
/// In a loop, a local that the spawn statement alone uses (constructed
/// before the call in the same iteration, passed to the child, destroyed
/// by the tail, and otherwise only by the cleanups of an exception) gets
/// storage of its own for each spawn, freed by the tail after the child,
/// as OpenCilk's task frames give each spawn its temporaries:
///
///   %tmp.slot = call ptr @aligned_alloc(i64 <align>, i64 <size>)
///   ... construct into %tmp.slot ...
///   call void @f(ptr %tmp.slot), !cilk.spawn
///   ... destroy %tmp.slot ...                                 ; tail
///   call void @free(ptr %tmp.slot)                            ; tail
///   call void @__cilk_spawn_end()
///
/// (An aggregate result's temporary, `v[i] = cilk_spawn make();`'s, too.)
/// Slots receives the new storage, tagged CILK_SLOT_MD (ResultMem is
/// cleared if it was one of them).
static void giveTemporariesSlots(CallBase *Call, SpawnStatement &St,
                                 AllocaInst *&ResultMem,
                                 SmallPtrSetImpl<Value *> &Slots) {
  Module &M = *Call->getModule();
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &C = M.getContext();
  for (OwnTemporary &T : findOwnTemporaries(Call, St)) {
    AllocaInst *A = T.A;
    uint64_t Al = std::max<uint64_t>(A->getAlign().value(), 16);
    uint64_t Bytes = alignTo(
        std::max<uint64_t>(A->getAllocationSize(DL)->getFixedValue(), 1), Al);
    IRBuilder<> B(T.First);
    CallInst *Slot = B.CreateCall(slotAllocFn(M),
                                  {B.getInt64(Al), B.getInt64(Bytes)},
                                  A->getName() + ".slot");
    Slot->setMetadata(CILK_SLOT_MD, MDNode::get(C, {}));
    for (Instruction *I : T.Markers)
      I->eraseFromParent();
    A->replaceAllUsesWith(Slot);
    if (A == ResultMem) // the tail finds the slot's users by the slot
      ResultMem = nullptr;
    A->eraseFromParent();
    St.Insts.insert(
        CallInst::Create(slotFreeFn(M), {Slot}, "", St.End->getIterator()));
    Slots.insert(Slot);
  }
}

/// Splits statement St of spawn Call into what moves before the call and
/// the tail; moves the former. Returns false if the statement's end was
/// not found (the result is then left where it is; CilkPrepare reports a
/// result used otherwise).
static bool hoistDestination(CallBase *Call, bool Parallel) {
  // A temporary the child receives (a C++ lambda or argument object, or
  // what one points to: the array behind an std::initializer_list) lives
  // until the child is done, not until the call returns: the ends of
  // lifetime in the statement after the call go (the optimizer could
  // give the slot to the continuation's variables, or drop the stores
  // that filled it, and the race build would take the end for a write in
  // parallel with the child). Any temporary's end there may be such a
  // one; a later end only lets its slot be shared less. The statement
  // goes on along the normal edge of a spawned invoke, and of one made a
  // call (a nounwind callee) into a block of its own.
  auto *Invoke = dyn_cast<InvokeInst>(Call);
  Instruction *Next =
      Invoke ? &Invoke->getNormalDest()->front() : Call->getNextNode();
  SmallPtrSet<BasicBlock *, 4> Seen{Call->getParent()};
  while (Next && !isCallTo(*Next, CILK_ABI_SPAWN_END)) {
    Instruction *I = Next;
    Next = I->getNextNode();
    if (auto *Br = dyn_cast<BranchInst>(I);
        Br && Br->isUnconditional() &&
        Br->getSuccessor(0)->getSinglePredecessor() &&
        Seen.insert(Br->getSuccessor(0)).second)
      Next = &Br->getSuccessor(0)->front();
    else if (auto *II = dyn_cast<IntrinsicInst>(I);
             II && II->getIntrinsicID() == Intrinsic::lifetime_end)
      II->eraseFromParent();
  }
  // The serial elision keeps a C++ spawn's unwind edge (the parallel modes
  // made it a call: CilkExceptions.cpp), and its statement where it is.
  if (Invoke)
    return false;
  AllocaInst *ResultMem = nullptr;
  for (unsigned I = 0; I < Call->arg_size(); ++I)
    if (Call->paramHasAttr(I, Attribute::StructRet)) {
      ResultMem = baseAlloca(Call->getArgOperand(I));
      if (ResultMem && Call->getArgOperand(I) == ResultMem &&
          !allUsersSatisfy(ResultMem, [&](Instruction *U) {
            auto *MT = dyn_cast<MemTransferInst>(U);
            return U == Call ||
                   (MT && baseAlloca(MT->getRawSource()) == ResultMem);
          }) &&
          !addressEscapesBesides(ResultMem, Call))
        ResultMem = giveResultATemporary(Call, I, ResultMem);
    }

  SpawnStatement St;
  if (!findSpawnStatement(Call, St)) {
    if (St.End)
      return false; // marked, but not a statement this lowering knows
    if (Instruction *Begin = (Call->getType()->isVoidTy() && !ResultMem)
                                 ? nullptr
                                 : userInletBegin(Call)) {
      // An inlet's argument: the statement is the whole conversion, and
      // all of it is the tail (the inlet's arguments besides the result
      // were evaluated before the call). Ending it at the first store
      // would leave the rest of the conversion and the inlet's body to the
      // continuation, which runs before a stolen child's result arrives.
      CallInst::Create(getRuntimeFn(*Call->getModule(), CILK_ABI_SPAWN_END),
                       "", Begin->getIterator());
      return true;
    }
    if (Instruction *W = firstWriteOfResult(Call, ResultMem)) {
      // The statement is the instructions up to W: mark its end.
      St = SpawnStatement();
      for (Instruction &I : make_range(std::next(Call->getIterator()),
                                       std::next(W->getIterator()))) {
        St.First.push_back(&I);
        St.Insts.insert(&I);
      }
      St.End = CallInst::Create(
          getRuntimeFn(*Call->getModule(), CILK_ABI_SPAWN_END), "",
          std::next(W->getIterator()));
      // The value of the assignment expression, computed after it, is not
      // used: a spawn is a statement (the plugin checks).
      SmallVector<WeakTrackingVH, 4> Dead;
      for (Instruction *I : St.First)
        for (User *U : I->users())
          if (auto *UI = dyn_cast<Instruction>(U);
              UI && !St.Insts.count(UI) && isInstructionTriviallyDead(UI) &&
              !is_contained(Dead, UI))
            Dead.push_back(UI);
      RecursivelyDeleteTriviallyDeadInstructions(Dead);
    }
    if (!St.End)
      return false;
  }
  SmallPtrSet<Value *, 4> Slots;
  if (Parallel)
    giveTemporariesSlots(Call, St, ResultMem, Slots);

  // The tail: what needs the result (through temporaries too), every
  // block after the first, and what touches the statement's temporaries.
  SmallPtrSet<Instruction *, 32> Tail;
  ResultFlow Flow(Call, ResultMem);
  auto &Dep = Flow.Dep;
  auto &Temps = Flow.Temps;
  auto TouchesTemp = [&](Instruction &I) {
    return any_of(I.operands(), [&](Value *Op) {
      return Op->getType()->isPointerTy() && Flow.isTemp(Op);
    });
  };
  auto ReadsTemp = [&](Instruction &I) {
    Value *From = nullptr;
    if (auto *L = dyn_cast<LoadInst>(&I))
      From = L->getPointerOperand();
    else if (auto *MT = dyn_cast<MemTransferInst>(&I))
      From = MT->getRawSource();
    return From && Flow.isTemp(From);
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction *I : St.Insts) {
      if (Dep.count(I))
        continue;
      if (any_of(I->operands(), [&](Value *Op) { return Dep.count(Op); }) ||
          ReadsTemp(*I)) {
        Dep.insert(I);
        Changed = true;
        // A store of (part of) the result into a local that only this
        // statement uses: a temporary, read by the rest of the tail.
        Value *Into = nullptr;
        if (auto *SI = dyn_cast<StoreInst>(I))
          Into = SI->getPointerOperand();
        else if (auto *MT = dyn_cast<MemTransferInst>(I))
          Into = MT->getRawDest();
        if (AllocaInst *A = Into ? baseAlloca(Into) : nullptr;
            A && !Temps.count(A) && St.isLocal(A))
          Temps.insert(A);
      }
    }
  }
  // C++: what works on a local the child receives (an argument's
  // temporary, destroyed at the end of the statement) waits for the child.
  auto TouchesArgument = [&](Instruction &I) {
    auto *CB = dyn_cast<CallBase>(&I);
    return CB && destroysTemporary(CB) &&
           any_of(CB->args(), [&](Value *Op) {
             Value *A = getUnderlyingObject(Op);
             return any_of(Call->args(), [&](Value *V) {
               return getUnderlyingObject(V) == A;
             });
           });
  };
  auto TouchesSlot = [&](Instruction &I) {
    return any_of(I.operands(), [&](Value *Op) { return Slots.count(Op); });
  };
  // (And what the pass put there to run when the child returns: the
  // record that it made its result, CilkExceptions.cpp.)
  for (Instruction *I : St.Insts)
    if (Dep.count(I) || I->getParent() != Call->getParent() ||
        I->isTerminator() || TouchesTemp(*I) || TouchesArgument(*I) ||
        TouchesSlot(*I) || I->getMetadata(CILK_RESULT_USE_MD))
      Tail.insert(I);
  // Backward through the first block: a value the tail uses as a value
  // (the old value of `x op= spawn`, and what computes it) stays in it;
  // an address it uses moves before the call, unless cheaper to redo.
  // Values: what computes from the result, and what the tail keeps as a
  // value (the old value, converted or offset).
  SmallPtrSet<Value *, 16> Values(Dep.begin(), Dep.end());
  for (Instruction *I : reverse(St.First)) {
    if (Tail.count(I))
      continue;
    bool Used = false, AsValue = false;
    for (User *U : I->users())
      if (auto *UI = dyn_cast<Instruction>(U); UI && Tail.count(UI)) {
        Used = true;
        AsValue |= !isAddressUse(UI, I, Values);
      }
    if (AsValue)
      Values.insert(I);
    if (AsValue || (Used && isRematerializable(I)))
      Tail.insert(I);
  }
  // What would move but reads something the tail computes stays too.
  SmallVector<Instruction *, 16> Hoist;
  for (Instruction *I : St.First) {
    if (!Tail.count(I) && any_of(I->operands(), [&](Value *Op) {
          auto *OI = dyn_cast<Instruction>(Op);
          return OI && Tail.count(OI);
        }))
      Tail.insert(I);
    if (!Tail.count(I))
      Hoist.push_back(I);
  }
  for (Instruction *I : Hoist)
    I->moveBefore(Call);
  return true;
}

bool hoistSpawnDestinations(Function &F, bool Parallel) {
  SmallVector<CallBase *, 8> Spawns;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
      Spawns.push_back(CB);
  bool Changed = false;
  for (CallBase *CB : Spawns)
    Changed |= hoistDestination(CB, Parallel);
  return Changed;
}

} // namespace cilk
