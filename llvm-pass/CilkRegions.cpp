//===- CilkRegions.cpp - Sync regions: which children a sync waits for ----===//
//
// OpenCilk's cilk_sync waits for the spawns of the innermost cilk_scope,
// cilk_for body or function only. The plugin brackets each cilk_scope with
// markers (cilk-abi.h, CILK_ABI_REGION_BEGIN), ending the region after its
// sync and before every jump out of it; CilkCalls.cpp brackets each call of
// a procedure that spawns, which becomes a spawn and a sync, the same way:
//
//   call void @__cilk_region_begin()      ; depth d + 1 from here
//   ...                                   ; spawns of region d + 1
//   call void @__cilk_sync_marker()       ; waits for those only
//   call void @__cilk_region_end()        ; depth d again
//
// Regions nest as the source's blocks do, so every path reaches a point
// with the same depth (C++ exceptions aside, which leave regions without
// their markers: closeRegionsOnUnwindPaths puts the markers there first,
// and a landing pad takes the least depth of its invokes): a forward walk
// in reverse post-order gives each spawn, sync and poll its region, the
// depth, which the implicit syncs before returns take into account
// (CilkProfile.cpp). The parallel modes' descriptors give each spawn and
// sync its region, whose children the runtime counts apart
// (runtime/closure.h; CilkPrepare.cpp, CilkInlet.cpp).
// Race and profile builds call a hook of their own at each marker: the
// race detector gives each region a P-bag of its own (runtime/race.c), the
// profile build its own longest paths (runtime/profile.c). The markers go
// at the end of the pass.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace cilk {

static RegionDepths notNested() {
  RegionDepths R;
  R.Nested = false;
  return R;
}

namespace {
// How a block is entered: the depth, and whether only exceptions reach it
// (from a landing pad on, until a path that did not unwind joins).
struct Entry {
  unsigned D;
  bool EH;
};
// A point where exceptional code leaves regions without their end markers:
// the edge to successor Succ of Term (or, Succ ~0u, the return Term), and
// how many regions it leaves.
struct Leave {
  Instruction *Term;
  unsigned Succ;
  unsigned Regions;
};
} // namespace

// An exception leaves the regions between the code that threw and its
// handler, or its cleanups, without the end markers of the paths that do
// not unwind: a landing pad's code may be shallower than the invokes that
// reach it (a try block's handler is outside the block's region, a
// cleanup outside the region of the call a procedure that spawns became).
// So a depth that only exceptions bring is an upper bound: a landing pad
// takes the least of its invokes', and exceptional code may join a
// shallower block or return at any depth (regions it leaves: Leaves).
static RegionDepths walkRegions(Function &F, SmallVectorImpl<Leave> *Leaves) {
  RegionDepths R;
  if (!F.getParent()->getFunction(CILK_ABI_REGION_BEGIN))
    return R;
  DenseMap<const BasicBlock *, Entry> In;
  DenseMap<const BasicBlock *, Entry> Out;
  In[&F.getEntryBlock()] = {0, false};
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    // Reverse post-order visits a block after its predecessors, but for
    // those of back edges.
    auto [D, EH] = In.lookup(BB);
    for (Instruction &I : *BB) {
      if (isCallTo(I, CILK_ABI_REGION_BEGIN)) {
        ++D;
      } else if (isCallTo(I, CILK_ABI_REGION_END)) {
        if (D == 0)
          return notNested();
        --D;
      } else if (auto *CB = dyn_cast<CallBase>(&I);
                 CB && (isSpawn(*CB) || isCallTo(I, CILK_ABI_SYNC_MARKER) ||
                        isPollMarker(I) || isCallTo(I, CILK_ABI_TRY_MARKER))) {
        R.Depth[&I] = D;
      }
    }
    Out[BB] = {D, EH};
    // A return's own sync must wait for every child: the plugin ends the
    // regions first. Anything else did not nest as blocks do: one region,
    // as in Cilk-5.
    if (D && isa<ReturnInst>(BB->getTerminator()) && !EH)
      return notNested();
    auto *II = dyn_cast<InvokeInst>(BB->getTerminator());
    for (BasicBlock *Succ : successors(BB)) {
      Entry O{D, EH || (II && Succ == II->getUnwindDest())};
      auto [It, New] = In.try_emplace(Succ, O);
      Entry &E = It->second;
      if (New || (O.EH && O.D >= E.D) || (!O.EH && !E.EH && O.D == E.D))
        continue;
      // clang's one `unreachable` block after every throw's call, of any
      // depth: nothing there has one.
      if (isa<UnreachableInst>(Succ->front()))
        continue;
      // What only exceptions brought gives way to a shallower or normal
      // entry, unless the block was visited already.
      if (E.EH && O.D <= E.D && !Out.count(Succ)) {
        E = O;
        continue;
      }
      return notNested();
    }
  }
  if (!Leaves)
    return R;
  for (BasicBlock &BB : F) {
    auto It = Out.find(&BB);
    if (It == Out.end())
      continue;
    Entry O = It->second;
    Instruction *Term = BB.getTerminator();
    if (isa<ReturnInst>(Term) && O.D)
      Leaves->push_back({Term, ~0u, O.D});
    auto *II = dyn_cast<InvokeInst>(Term);
    for (unsigned I = 0, N = Term->getNumSuccessors(); I != N; ++I) {
      BasicBlock *Succ = Term->getSuccessor(I);
      unsigned D = In.lookup(Succ).D;
      if (O.D > D && !(II && Succ == II->getUnwindDest()) &&
          !isa<UnreachableInst>(Succ->front()))
        Leaves->push_back({Term, I, O.D - D});
    }
  }
  return R;
}

RegionDepths regionDepths(Function &F) { return walkRegions(F, nullptr); }

bool closeRegionsOnUnwindPaths(Function &F) {
  SmallVector<Leave, 4> Leaves;
  if (!walkRegions(F, &Leaves).Nested || Leaves.empty())
    return false;
  FunctionCallee End = getRuntimeFn(*F.getParent(), CILK_ABI_REGION_END);
  for (auto [Term, Succ, Regions] : Leaves) {
    Instruction *At = Term;
    if (Succ != ~0u) {
      if (BasicBlock *Edge = SplitCriticalEdge(Term, Succ))
        At = Edge->getTerminator();
      else if (Term->getNumSuccessors() > 1)
        At = &*Term->getSuccessor(Succ)->getFirstInsertionPt();
    }
    for (unsigned I = 0; I != Regions; ++I)
      CallInst::Create(End, "", At->getIterator());
  }
  return true;
}

SmallVector<std::pair<unsigned, BasicBlock *>, 2>
normalSuccessors(BasicBlock *BB) {
  SmallVector<std::pair<unsigned, BasicBlock *>, 2> S;
  Instruction *T = BB->getTerminator();
  unsigned N = isa<InvokeInst>(T) ? 1 : T->getNumSuccessors();
  for (unsigned I = 0; I != N; ++I)
    S.push_back({I, T->getSuccessor(I)});
  return S;
}

bool beginsCatch(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) {
    return isCallTo(I, "__cxa_begin_catch");
  });
}

// Which exceptions a landing pad hands to which handler. When an exception
// reaches a landing pad, children of the procedure may have thrown too;
// the pad waits for them all and throws the first in serial order of
// those the try statement whose handler comes first may catch: thrown
// after the statement began, in its region (a try block that spawns is a
// region of its own) and deeper, or by the code itself. A child spawned
// before the statement, in the region around it, comes first in serial
// order: it is not that handler's to catch. Where the exception leaves
// the statement's handlers for an outer statement's (the dispatch finds
// no handler of its type), such a child's exception, if any, wins again:
// it is the one thrown first inside the outer statement.
//
// The depth around a try statement is that of the plugin's marker before
// it (cilk-abi.h, CILK_ABI_TRY_MARKER); its handlers begin with a marker
// of the same number. The code an exception runs is found from each
// landing pad along edges that do not unwind (an invoke's normal one: a
// cleanup's destructor returned) up to the handlers' markers. Each block
// of it gets the region of the innermost statement whose handler it can
// still reach (+1 over the depth; 0 if none: the exception may leave the
// procedure, whose end throws the first of all).
ExceptionRegions exceptionRegions(Function &F) {
  ExceptionRegions E;
  RegionDepths R = regionDepths(F);
  if (!R.Nested || !F.getParent()->getFunction(CILK_ABI_CATCH_MARKER))
    return E;
  DenseMap<uint64_t, unsigned> TryRegion;
  for (auto [I, D] : R.Depth)
    if (isCallTo(*I, CILK_ABI_TRY_MARKER))
      TryRegion[cast<ConstantInt>(cast<CallBase>(I)->getArgOperand(0))
                    ->getZExtValue()] = D + 1;
  // A handler's own block: the region of its statement (a function-try-
  // block's handler has no marker before it: 1, around it is depth 0).
  DenseMap<const BasicBlock *, unsigned> Own;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isCallTo(I, CILK_ABI_CATCH_MARKER)) {
        uint64_t K = cast<ConstantInt>(cast<CallBase>(I).getArgOperand(0))
                         ->getZExtValue();
        auto It = TryRegion.find(K);
        Own[&BB] = It == TryRegion.end() ? 1 : It->second;
      }
  SetVector<BasicBlock *> Code;
  for (BasicBlock &BB : F)
    if (BB.isLandingPad())
      Code.insert(&BB);
  for (unsigned I = 0; I != Code.size(); ++I)
    if (!Own.count(Code[I]))
      for (auto [Idx, S] : normalSuccessors(Code[I]))
        Code.insert(S);
  DenseMap<const BasicBlock *, unsigned> Region(Own.begin(), Own.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : reverse(Code)) {
      if (Own.count(BB))
        continue;
      unsigned Max = Region.lookup(BB);
      for (auto [Idx, S] : normalSuccessors(BB))
        Max = std::max(Max, Region.lookup(S));
      if (Max != Region.lookup(BB)) {
        Region[BB] = Max;
        Changed = true;
      }
    }
  }
  for (BasicBlock *BB : Code) {
    unsigned From = Region.lookup(BB);
    if (BB->isLandingPad())
      E.Pad[BB] = From;
    // An edge of the exception in flight (not after __cxa_begin_catch)
    // whose next handler is an outer statement's.
    if (Own.count(BB) || beginsCatch(*BB))
      continue;
    for (auto [Idx, S] : normalSuccessors(BB))
      if (unsigned To = Region.lookup(S); To && To < From)
        E.Leaves.push_back({BB->getTerminator(), Idx, To});
  }
  return E;
}

static bool isRegionMarker(const Instruction &I) {
  return isCallTo(I, CILK_ABI_REGION_BEGIN) ||
         isCallTo(I, CILK_ABI_REGION_END) ||
         isCallTo(I, CILK_ABI_TRY_MARKER) ||
         isCallTo(I, CILK_ABI_CATCH_MARKER);
}

void removeRegionMarkers(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (isRegionMarker(I))
      I.eraseFromParent();
}

void hookRegions(Function &F, Value *Record, StringRef BeginHook,
                 StringRef EndHook) {
  Module &M = *F.getParent();
  SmallVector<std::pair<Instruction *, bool>, 8> Markers;
  for (Instruction &I : instructions(F))
    if (isCallTo(I, CILK_ABI_REGION_BEGIN) || isCallTo(I, CILK_ABI_REGION_END))
      Markers.push_back({&I, isCallTo(I, CILK_ABI_REGION_BEGIN)});
  for (auto [I, Begin] : Markers)
    CallInst::Create(getRuntimeFn(M, Begin ? BeginHook : EndHook), {Record},
                     "", Begin ? std::next(I->getIterator()) : I->getIterator());
}

bool removeRegionMarkers(Module &M) {
  bool Changed = false;
  for (const char *Name : {CILK_ABI_REGION_BEGIN, CILK_ABI_REGION_END,
                           CILK_ABI_TRY_MARKER, CILK_ABI_CATCH_MARKER}) {
    Function *Marker = M.getFunction(Name);
    if (!Marker)
      continue;
    for (User *U : make_early_inc_range(Marker->users()))
      if (auto *CI = dyn_cast<CallInst>(U)) {
        CI->eraseFromParent();
        Changed = true;
      }
    if (Marker->use_empty())
      Marker->eraseFromParent();
  }
  return Changed;
}

} // namespace cilk
