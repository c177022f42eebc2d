//===- CilkPoll.cpp - Polls on the loops of lazy procedures ---------------===//
//
// In the lazy modes a thief's request is seen at the next check, and the
// checks come after spawned calls. A procedure that runs a long loop
// without spawning, a coarse child (`a = spawn busy(n); b = spawn
// busy(n); sync;`), would see none until it returned, and its parent's
// continuation, which eager mode lets a thief take at once, would wait for
// it: the two children would run one after the other. So in the lazy
// modes each loop of a Cilk procedure that has no spawn or sync of its own
// polls at its header, a suspend point without a call (IsPoll): the fast
// clone releases the frame there when a steal was attempted, and the slow
// clone resumes at the header.
//
//   header:                                 ; its phis stay
//     call void @__cilk_poll_marker()
//
// (CilkPrepare.cpp then splits the block after the marker, resume.N, and
// demotes the values live across it), and CilkFast.cpp makes it
//
//   header:
//     %cf.poll.N = load atomic i32, ptr @__cilkrt_tls_cf monotonic
//     %attempted.poll.N = icmp ne i32 %cf.poll.N, 0
//     br i1 %attempted.poll.N, label %release.poll.N, label %resume.N
//
// with the branch weighted cold, release.poll.N saving the frame as a
// spawn's release does, without a result. The load is monotonic, not
// unordered, so that no optimization hoists it out of the loop; a
// loop that polls is not vectorized (loops in C functions never poll).
//
// Eager frames are on the deque from their first spawn on, and serial
// mode has no thieves: neither polls. Nor does a cilk_for's chunk: its grain
// bounds the wait (CilkFor.cpp); nor a loop in a C++ catch handler, which
// must not go on on another thread (CilkExceptions.cpp).
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/CycleInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

static bool isSpawnOrSync(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return CB && (isSpawn(*CB) || isCallTo(I, CILK_ABI_SYNC_MARKER));
}

/// Adds to Out the blocks after Start up to the first End marker on every
/// path, unless some path meets a return, a sync or a spawn first: then
/// Start's statement has no such marker (a spawn whose result is not
/// assigned is its call alone).
static void addRegion(Instruction *Start, StringRef End,
                      SmallPtrSetImpl<BasicBlock *> &Out) {
  SmallPtrSet<BasicBlock *, 8> Region;
  SmallVector<BasicBlock *, 8> Work{Start->getParent()};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    bool Ends = false;
    for (Instruction &I :
         make_range(BB == Start->getParent() ? std::next(Start->getIterator())
                                             : BB->begin(),
                    BB->end())) {
      if (isCallTo(I, End)) {
        Ends = true;
        break;
      }
      if (isa<ReturnInst>(I) || isSpawnOrSync(I))
        return;
    }
    if (!Ends)
      for (BasicBlock *Succ : successors(BB))
        if (Region.insert(Succ).second)
          Work.push_back(Succ);
  }
  Out.insert(Region.begin(), Region.end());
}

/// A cilk_for's chunk (CilkFor.cpp): its length, the grain, bounds the wait
/// of a thief's request.
static bool isGrainLoop(const Loop &L) {
  if (MDNode *ID = L.getLoopID())
    for (const MDOperand &Op : drop_begin(ID->operands()))
      if (auto *N = dyn_cast<MDNode>(Op); N && N->getNumOperands() &&
                                          isa<MDString>(N->getOperand(0)) &&
                                          cast<MDString>(N->getOperand(0))
                                                  ->getString() ==
                                              CILK_GRAIN_LOOP_MD)
        return true;
  return false;
}

/// The headers of F's loops (and of its cycles that are not loops) that
/// have no spawn or sync of their own and are not part of a spawn
/// statement: the compare-exchange loop of `x += spawn f()` into an
/// _Atomic x, and a user inlet's loops, belong to the spawn's inlet.
SmallVector<BasicBlock *, 4> loopsToPoll(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallPtrSet<BasicBlock *, 8> InStatements;
  for (Instruction &I : instructions(F)) {
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
      addRegion(&I, CILK_ABI_SPAWN_END, InStatements);
    else if (isCallTo(I, CILK_ABI_INLET_BEGIN))
      addRegion(&I, CILK_ABI_INLET_END, InStatements);
  }
  // A catch handler stays on its thread (CilkExceptions.cpp:
  // keepHandlersOnTheirThread): its loops never release the frame.
  HandlerCode Handlers = findHandlerCode(F);
  auto SpawnsOrSyncs = [](BasicBlock *BB) {
    return any_of(*BB, isSpawnOrSync);
  };
  SmallVector<BasicBlock *, 4> Headers;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (InStatements.count(L->getHeader()) || isGrainLoop(*L) ||
        Handlers.Blocks.count(L->getHeader()))
      continue;
    if (none_of(L->blocks(), SpawnsOrSyncs))
      Headers.push_back(L->getHeader());
  }
  // A cycle that gotos enter at several blocks is no loop: it polls at the
  // block its cycle starts from. Every walk around it passes there, or
  // stays in a cycle nested in it, which polls at its own.
  CycleInfo CI;
  CI.compute(F);
  SmallVector<const Cycle *, 8> Work(CI.toplevel_cycles());
  while (!Work.empty()) {
    const Cycle *C = Work.pop_back_val();
    append_range(Work, C->children());
    BasicBlock *H = C->getHeader();
    if (C->isReducible() || InStatements.count(H) || Handlers.Blocks.count(H))
      continue;
    if (none_of(C->blocks(), SpawnsOrSyncs))
      Headers.push_back(H);
  }
  return Headers;
}

void insertPolls(ArrayRef<BasicBlock *> Headers) {
  if (Headers.empty())
    return;
  Module &M = *Headers.front()->getModule();
  FunctionCallee Marker = M.getOrInsertFunction(
      CILK_POLL_MARKER, Type::getVoidTy(M.getContext()));
  for (BasicBlock *H : Headers)
    CallInst::Create(Marker, "", H->getFirstInsertionPt());
}

bool isPollMarker(const Instruction &I) {
  return isCallTo(I, CILK_POLL_MARKER);
}

} // namespace cilk
