//===- CilkWaits.cpp - Does a released frame wait for its child at once? --===//
//
// In the lazy modes a release saves each frame on the C stack into a
// closure (CilkFast.cpp: release.N). A frame released after its spawned
// call returned released has that child outstanding; if the code after the
// spawn reaches a sync of the spawn's region before it does anything else,
// a thief that took the closure would run that code, suspend at the sync
// at once and look for work again: a fruitless steal, paid by the thief
// and by the child's worker, which then finds its parent stolen. knary's
// first r children (`spawn knary(...); if (i < r) sync;`), the second
// spawn of fib and every call of a procedure that spawns (a spawn and a
// sync of a region of their own, CilkCalls.cpp) are such spawns.
//
// The release block tells the runtime (CILK_ABI_RELEASE's `waits`), which
// then keeps the closure off the deque, waiting for its child as if
// suspended at that sync (runtime/release.c). The answer is computed where
// the release happens, from the values the frame holds there: the code
// from the spawn's resume block on is copied into the release block as
// long as it is pure (loads of the procedure's own variables and of
// globals, arithmetic, compares; a store to one of its variables is only
// remembered, for the loads after it), its conditional branches becoming
// selects, until every path reaches a sync (of the spawn's region: true;
// of another: false) or anything else (false):
//
//   resume.1:                          release.1:
//     %i = load i32, ptr %i.addr         ...
//     %r = load i32, ptr %r.addr         %i.w = load i32, ptr %i.addr
//     %c = icmp slt i32 %i, %r           %r.w = load i32, ptr %r.addr
//     br i1 %c, label %s, label %inc     %c.w = icmp slt i32 %i.w, %r.w
//   s:                                   %waits = zext i1 %c.w to i32
//     call void @__cilk_sync_marker()    call void @__cilkrt_release(
//   inc:                                   ptr %closure, ptr %result.1,
//     %i1 = ...; store i32 %i1, ...        i32 %waits)
//
// (The path through %inc is left out above: it waits too when the loop
// ends there, after the last child: test/Transforms/lazy-release-waits.ll.)
//
// The answer only decides when the continuation runs, never what it
// computes: a waiting closure runs it, from the resume block, after its
// child completes, which is its serial order. So a wrong answer costs
// parallelism, not correctness (a tail that writes through a pointer or
// runs a user inlet may leave a copy reading a variable before its
// assignment: a wrong hint). Nothing is stored, and every copied load
// reads memory that is there whatever the program's own guards say
// (isDereferenceableAndAlignedPointer: a static alloca, a global that is
// not an undefined weak one), never through a pointer, with the metadata
// that would make a wrong value undefined behavior dropped. A procedure
// with inlets or `abort` (Shape::Atomic) answers no: its continuation's
// inlets run between strands, and an abort may be what it waits for.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"

#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace cilk {

namespace {
/// The walk from one spawn's resume block, copying into the release block.
class WaitsWalk {
  const SuspendPoint &P;
  DenseMap<const Instruction *, const SuspendPoint *> Syncs;
  IRBuilder<> &B;
  /// Instructions and blocks the walk may still look at: it follows
  /// loops' back edges, and its copies should stay a few instructions.
  unsigned Budget = 32;
  SmallVector<Instruction *, 16> Copies;

  /// What the path walked so far computed: each instruction's copy, and
  /// the value it last stored in each variable it wrote.
  struct Path {
    DenseMap<Value *, Value *> Copy;
    DenseMap<AllocaInst *, Value *> Stored;
  };

  /// V's value at the release block on the path, or null.
  Value *lookup(const Path &At, Value *V) const {
    auto *A = dyn_cast<AllocaInst>(V);
    if (isa<Constant>(V) || isa<Argument>(V) || (A && A->isStaticAlloca()))
      return V;
    return At.Copy.lookup(V);
  }

  /// A variable of the procedure that the walk may read and write: not
  /// the spawn's destination or result memory, which its tail writes.
  AllocaInst *variable(Value *Ptr) const {
    auto *A = dyn_cast<AllocaInst>(Ptr->stripPointerCasts());
    return A && A->isStaticAlloca() && A != P.DstField &&
                   A != P.ResultMemory && !is_contained(P.TailTemps, A)
               ? A
               : nullptr;
  }

  Value *no() { return B.getFalse(); }

  /// I, a load: its value on the path (what the path stored, or a copy of
  /// the load, of a variable or a global: never through a pointer, and
  /// only of memory that is there on every path, whatever guards the load
  /// in the program: not an undefined weak global, not past the end).
  Value *load(LoadInst &I, Path &At) {
    if (!I.isSimple())
      return nullptr;
    Value *Ptr = I.getPointerOperand();
    if (AllocaInst *A = variable(Ptr)) {
      if (Value *V = At.Stored.lookup(A))
        return V->getType() == I.getType() ? V : nullptr;
    } else {
      auto *G = dyn_cast<GlobalVariable>(Ptr->stripPointerCasts());
      if (!G || G->isThreadLocal())
        return nullptr;
    }
    if (!isDereferenceableAndAlignedPointer(Ptr, I.getType(), I.getAlign(),
                                            I.getDataLayout()))
      return nullptr;
    return copy(I, At);
  }

  /// A copy of I, a pure instruction, at the release block.
  Value *copy(Instruction &I, Path &At) {
    Instruction *C = I.clone();
    for (Use &U : C->operands()) {
      Value *V = lookup(At, U.get());
      if (!V) {
        C->deleteValue();
        return nullptr;
      }
      U.set(V);
    }
    // Run where the program might not: what it promised of the value
    // (!range, !noundef, !nonnull on a load) may not hold there.
    C->dropUBImplyingAttrsAndMetadata();
    C->setDebugLoc(DebugLoc());
    B.Insert(C, I.getName() + ".w");
    Copies.push_back(C);
    return C;
  }

  /// The answer from the start of BB, entered from From.
  Value *block(BasicBlock *BB, BasicBlock *From, Path At) {
    SmallVector<std::pair<PHINode *, Value *>, 4> Incoming;
    for (PHINode &Phi : BB->phis()) {
      Value *V = lookup(At, Phi.getIncomingValueForBlock(From));
      if (!V)
        return no();
      Incoming.push_back({&Phi, V});
    }
    for (auto &[Phi, V] : Incoming)
      At.Copy[Phi] = V;
    for (Instruction &I : *BB) {
      if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I) || isLifetimeMarker(&I))
        continue;
      if (Budget == 0)
        return no();
      --Budget;
      if (const SuspendPoint *Sync = Syncs.lookup(&I))
        return B.getInt1(!Sync->SyncAll && Sync->Region == P.Region);
      if (auto *Br = dyn_cast<BranchInst>(&I)) {
        if (Br->isUnconditional())
          return block(Br->getSuccessor(0), BB, std::move(At));
        Value *C = lookup(At, Br->getCondition());
        if (!C)
          return no();
        Value *T = block(Br->getSuccessor(0), BB, At);
        Value *F = block(Br->getSuccessor(1), BB, std::move(At));
        if (T == F)
          return T;
        if (T == B.getTrue() && F == B.getFalse())
          return C;
        return B.CreateSelect(C, T, F);
      }
      Value *V = nullptr;
      if (auto *L = dyn_cast<LoadInst>(&I)) {
        V = load(*L, At);
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        // The variable's new value, for the loads after it on the path.
        AllocaInst *A = variable(St->getPointerOperand());
        Value *Val = lookup(At, St->getValueOperand());
        if (!St->isSimple() || !A || !Val)
          return no();
        At.Stored[A] = Val;
        continue;
      } else if (!I.isTerminator() && !isa<AllocaInst>(I) &&
                 !I.mayReadOrWriteMemory() &&
                 isSafeToSpeculativelyExecute(&I)) {
        V = copy(I, At);
      }
      if (!V)
        return no();
      At.Copy[&I] = V;
    }
    return no(); // a block without a terminator: not reached
  }

public:
  WaitsWalk(const Shape &S, const SuspendPoint &P, IRBuilder<> &B)
      : P(P), B(B) {
    for (const SuspendPoint &Q : S.Points)
      if (!Q.IsSpawn && !Q.IsPoll)
        Syncs[Q.Call] = &Q;
  }

  Value *run() {
    BasicBlock *Resume = P.Resume;
    Value *Waits = Resume && Resume->phis().empty()
                       ? block(Resume, nullptr, Path())
                       : no();
    // What the answer does not use goes (all of it when it is a constant).
    for (Instruction *I : llvm::reverse(Copies))
      if (I->use_empty() && I != Waits)
        I->eraseFromParent();
    // A copy may compute poison (an nsw add of a value the program would
    // not have added): the runtime gets 0 or 1 all the same.
    if (!isa<Constant>(Waits))
      Waits = B.CreateFreeze(Waits);
    return B.CreateZExt(Waits, B.getInt32Ty(), "waits");
  }
};
} // namespace

Value *emitWaitsAtSync(IRBuilder<> &B, const Shape &S,
                       const SuspendPoint &P) {
  if (S.Atomic || !P.IsSpawn)
    return B.getInt32(0);
  return WaitsWalk(S, P, B).run();
}

} // namespace cilk
