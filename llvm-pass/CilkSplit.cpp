//===- CilkSplit.cpp - Split every Cilk procedure into its clones ---------===//
//
// The driver of the parallel modes (cf. CoroSplit): for each Cilk procedure
// that spawns or syncs, take its serial clone, build its Shape and run the
// phases in order, then give it its C entry point (CilkEntry.cpp). A
// procedure without spawn or sync (a leaf) is left as it is: it never
// publishes a frame, so nothing can steal from it.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"

using namespace llvm;

namespace cilk {

bool lowerToClones(Module &M, Mode TheMode, bool Exceptions) {
  // The loops that poll (lazy modes), found before the serial clones are
  // made and marked after: the serial clones never poll.
  DenseMap<Function *, SmallVector<BasicBlock *, 4>> Polls;
  SmallVector<Function *, 16> Procs;
  for (Function &F : M)
    if (isCilkProcedure(F) && !F.isDeclaration()) {
      insertImplicitSyncs(F);
      // A variadic procedure cannot be released (its va_list lives in its
      // C frame), so it never polls: one that neither spawns nor syncs
      // is a leaf, as in eager mode.
      // A wait for thread results answers thieves through a loop's poll.
      if (isLazyMode(TheMode) && !F.isVarArg()) {
        bool Awaits = awaitAnsweringReleases(F);
        if (SmallVector<BasicBlock *, 4> H = loopsToPoll(F); !H.empty())
          Polls[&F] = std::move(H);
        if (Awaits)
          settleAwaits(F, Polls.lookup(&F));
      }
      if (spawnsOrSyncs(F) || Polls.count(&F)) {
        Procs.push_back(&F);
        if (Exceptions)
          addExceptionalSyncs(F);
      }
    }
  // A child whose frame was stolen or released returns poison
  // (CilkFast.cpp): its spawn must not promise more.
  for (Function *F : Procs)
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
        CB->removeRetAttrs(poisonIntolerantRetAttrs());
  SerialClones Serial = buildSerialClones(Procs);
  for (auto &[F, S] : Serial) // nothing of theirs is hidden from thieves
    settleAwaits(*S);
  if (Exceptions)
    for (Function *F : Procs)
      stopExceptionsInC(*F);
  for (Function *F : Procs)
    findFastClonesOfPointers(*F);
  // Leaves have no children at all.
  for (Function &F : M)
    if (isCilkProcedure(F) && !is_contained(Procs, &F))
      lowerChildKeywordsSerially(F);
  bool Reported = false;
  for (Function *F : Procs) {
    Shape S;
    S.F = F;
    S.TheMode = TheMode;
    insertPolls(Polls.lookup(F));
    if (!prepareProcedure(S) || !buildFrame(S)) {
      Reported = true; // the compilation fails
      continue;
    }
    buildSlowClone(S);
    settleAwaits(*S.Slow);
    buildInletsAndDescriptor(S);
    buildFastClone(S);
    // No child of the fast clone's frame is outstanding while its own
    // code runs: `abort;` does nothing there and SYNCHED is 1.
    lowerChildKeywordsSerially(*F);
  }
  bool Changed = buildEntryPoints(M, Serial) || !Procs.empty();
  // A procedure left as it was keeps its markers: the diagnostic is the
  // compilation's only error.
  if (Reported)
    return Changed;
  for (const char *Name : {CILK_ABI_SYNC_MARKER, CILK_POLL_MARKER})
    if (Function *Marker = M.getFunction(Name); Marker && Marker->use_empty())
      Marker->eraseFromParent();
  removeExceptionMarkers(M);
  // A miscompiled parallel program fails one run in a thousand: stop here
  // instead.
  if (Changed && verifyModule(M, &errs()))
    report_fatal_error("the Cilk pass produced invalid IR");
  return Changed;
}

} // namespace cilk
