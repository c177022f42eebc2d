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
// with the same depth: a forward walk in reverse post-order gives each
// spawn, sync and poll its region, the depth, which the implicit syncs
// before returns take into account (CilkProfile.cpp). The parallel modes'
// descriptors give each spawn and sync its region, whose children the
// runtime counts apart (runtime/closure.h; CilkPrepare.cpp, CilkInlet.cpp).
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
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

static RegionDepths notNested() {
  RegionDepths R;
  R.Nested = false;
  return R;
}

RegionDepths regionDepths(Function &F) {
  RegionDepths R;
  if (!F.getParent()->getFunction(CILK_ABI_REGION_BEGIN))
    return R;
  DenseMap<const BasicBlock *, unsigned> In;
  In[&F.getEntryBlock()] = 0;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    // Reverse post-order visits a block after one of its predecessors.
    unsigned D = In.lookup(BB);
    for (Instruction &I : *BB) {
      if (isCallTo(I, CILK_ABI_REGION_BEGIN)) {
        ++D;
      } else if (isCallTo(I, CILK_ABI_REGION_END)) {
        if (D == 0)
          return notNested();
        --D;
      } else if (auto *CB = dyn_cast<CallBase>(&I);
                 CB && (isSpawn(*CB) || isCallTo(I, CILK_ABI_SYNC_MARKER) ||
                        isPollMarker(I))) {
        R.Depth[&I] = D;
      }
    }
    // A return's own sync must wait for every child: the plugin ends the
    // regions first. Anything else did not nest as blocks do: one region,
    // as in Cilk-5.
    if (D && isa<ReturnInst>(BB->getTerminator()))
      return notNested();
    for (BasicBlock *Succ : successors(BB))
      if (auto [It, New] = In.try_emplace(Succ, D); !New && It->second != D)
        return notNested();
  }
  return R;
}

void removeRegionMarkers(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (isCallTo(I, CILK_ABI_REGION_BEGIN) || isCallTo(I, CILK_ABI_REGION_END))
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
  for (const char *Name : {CILK_ABI_REGION_BEGIN, CILK_ABI_REGION_END}) {
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
