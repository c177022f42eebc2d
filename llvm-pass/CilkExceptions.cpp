//===- CilkExceptions.cpp - C++ exceptions at spawns and syncs ------------===//
//
// OpenCilk's rule: an exception thrown by a spawned child comes out of the
// parent's next sync; if several children throw, the one first in serial
// order wins and the others are destroyed. Cleanups on the way out of a
// procedure run after its children are done (they may use what the
// cleanups end). The serial elision is C++ as it stands: a child's
// exception unwinds through the parent at once, which is one execution
// the rule allows.
//
// In the parallel modes (runtime: cilk-abi.h's CILK_ABI_EXN_*):
//
// - Fast clone. No child of its frame is outstanding while its code runs,
//   so an exception unwinds through it as C++ does. Only a spawned call
//   needs more in eager mode, where the frame is on the deque during the
//   call: the pad pops it, and if a thief took the frame meanwhile the
//   exception goes to the thief's closure as the child's result would,
//   at the child's place in serial order:
//
//     %r = invoke @g(...) to label %split unwind label %spawn.threw.N
//   spawn.threw.N:
//     %lp = landingpad { ptr, i32 } catch ptr null
//     %h = call ptr @__cilkrt_exn_capture(ptr <exception of %lp>)
//     %k = call i32 @__cilkrt_pop_threw(ptr %h)
//     br (%k != 0), label %stolen, label %spawn.rethrow.N
//   spawn.rethrow.N:             ; still ours: on to f's own landing pad
//     invoke void @__cilkrt_exn_rethrow(ptr %h) to ... unwind label %U
//
//   (the lazy modes push nothing: their spawned call unwinds to %U).
//
// - Slow clone. Children may be outstanding anywhere, and the frame may
//   suspend in the middle of a landing pad. So every exception that
//   reaches it is caught (catch-all clauses), held in the frame, and
//   thrown again once every child is done: at each landing pad %U, the
//   pad %U.threw below catches first,
//
//   U.threw:
//     %lp = landingpad { ptr, i32 } catch ptr null
//     call void @__cilkrt_exn_keep(ptr %frame, ptr %h)   ; %h captured
//     <sync every region: a suspend point of its own>
//     invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 d)
//         to label %unreachable unwind label %U
//
//   the first in serial order of what region d and deeper threw, d one
//   deeper than the code around the innermost try statement whose handler
//   %U reaches (CilkRegions.cpp: exceptionRegions); where %U's dispatch
//   leaves that statement's handlers for an outer one's, the edge throws
//   the first of the outer statement's regions again (leaveHandlers),
//
//   and %U itself gets a catch-all clause, so that what it does not handle
//   (its `resume`) and every call that would unwind out of the slow clone
//   reach eh.out, which holds the exception the same way, syncs, and
//   returns: the runtime delivers the exception to the parent
//   (closure_complete). A spawned call pops as in eager mode and throws
//   the exception again into %U.threw. After each sync,
//
//     %p = call i32 @__cilkrt_exn_pending(ptr %frame)
//     br (%p != 0) -> invoke @__cilkrt_rethrow_pending(ptr %frame) to
//                     unreachable unwind label %U.threw (or %eh.out.catch)
//
// How the pads survive the lowering, which knows spawns and syncs only as
// calls in straight-line blocks: before it (anchorUnwindEdges) each
// spawned or synced invoke becomes a call, and an invoke of the anchor
// __cilk_unwind_anchor, after the spawn statement's end (or the sync),
// keeps its landing pad %U in the CFG (both tagged with one !cilk.eh
// node). Then addExceptionalSyncs builds %U.threw and eh.out in f as
// written (markers for capture and rethrow, and a sync marker tagged
// !cilk.sync.all), so that every phase sees their sync as a suspend point
// and keeps in the frame what the pads use after it. After the lowering,
// the slow clone gets the code above (lowerSlowCloneUnwinding), and the
// fast and serial clones go back to plain C++ unwinding
// (finishCloneUnwinding): each %U.threw replaced by %U, eh.out by calls
// and resumes again (a heap frame is freed there first), each anchor a
// branch.
//
// A catch handler runs on one thread from __cxa_begin_catch to
// __cxa_end_catch: the C++ library keeps the exceptions being handled in a
// list of the thread's own (what `throw;`, std::current_exception and the
// handler's end use). A frame that went on after a sync on another worker
// would end or rethrow that worker's exception, or none. So first of all
// (keepHandlersOnTheirThread), the calls in a handler are tagged
// !cilk.in.handler: its spawns become calls, and CilkCalls.cpp leaves its
// calls of procedures that spawn to their C entry points, each a
// computation nested on the worker, parallel inside, which the handler's
// frame waits for where it is (a cilk_for's procedure too); and the lazy
// modes' loops there do not poll (CilkPoll.cpp). A frame in a handler has
// no child outstanding (its landing pad synced), so it is on no deque, and
// no poll releases it: nothing can take it.
//
// The race build keeps the serial elision's unwinding, its hooks told
// (CilkRace.cpp); a profile build unwinds as its mode does, its hooks told
// too (CilkProfile.cpp): hookUnwinding puts the tool's catch hook in each
// landing pad and its unwind hook where an exception leaves the
// procedure. C compiled with -fexceptions has no C++ library to hold an
// exception, and its clones run on the runtime's frames, which an
// exception must not unwind: in the parallel modes one that leaves a
// spawned call, or reaches a clone from a call or a cleanup, stops the
// program with a message (stopAtEscapingExceptions, stopExceptionsInC,
// runtime/except.c).
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

// The pass's own markers; none outlives the pass.
static constexpr const char *UNWIND_ANCHOR = "__cilk_unwind_anchor";
static constexpr const char *EXN_KEEP_MARKER = "__cilk_exn_keep_marker";
static constexpr const char *EXN_RETHROW_MARKER = "__cilk_exn_rethrow_marker";
static constexpr const char *EXN_ESCAPE_MARKER = "__cilk_exn_escape_marker";
// A spawn or sync and its anchor; %U.threw's landing pad; eh.out's.
static constexpr const char *EH_MD = "cilk.eh";
static constexpr const char *THREW_MD = "cilk.eh.threw";
static constexpr const char *OUT_MD = "cilk.eh.out";
static constexpr const char *LEAVE_MD = "cilk.eh.leave";
// A spawn's arguments that are slots its pad frees.
static constexpr const char *SLOT_PAD_MD = "cilk.slot.pad";

bool isUnwindAnchor(const Instruction &I) {
  return isCallTo(I, UNWIND_ANCHOR);
}

bool hasCxxPersonality(const Function &F) {
  if (!F.hasPersonalityFn())
    return false;
  auto *P = dyn_cast<Function>(F.getPersonalityFn()->stripPointerCasts());
  return P && P->getName() == "__gxx_personality_v0";
}

/// Makes the function Name, `i32 (...)`, F's personality.
static void setPersonality(Function &F, StringRef Name) {
  Module &M = *F.getParent();
  F.setPersonalityFn(cast<Function>(
      M.getOrInsertFunction(Name, FunctionType::get(
                                      Type::getInt32Ty(M.getContext()), true))
          .getCallee()));
}

bool isCxxModule(const Module &M) {
  return M.getFunction("__gxx_personality_v0") ||
         any_of(M, [](const Function &G) {
           return G.getName().starts_with("_Z");
         });
}

bool giveCxxPersonalities(Module &M) {
  // C++ (`main` of a C++ file without a try or a cleanup too): C
  // compiled with -fexceptions unwinds as well, but has no C++ library.
  bool CxxModule = isCxxModule(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasPersonalityFn() || F.doesNotThrow() ||
        !isCilkProcedure(F) || !CxxModule)
      continue;
    setPersonality(F, "__gxx_personality_v0");
    Changed = true;
  }
  return Changed;
}

/// CI is a call of the program's that may throw: not an intrinsic, inline
/// assembly, a spawn, or a call of the pass's markers or of the runtime.
static bool programCallMayThrow(const CallInst *CI) {
  if (!CI || CI->doesNotThrow() || CI->isInlineAsm() ||
      isa<IntrinsicInst>(CI) || isSpawn(*CI))
    return false;
  const Function *Callee = CI->getCalledFunction();
  return !Callee || !Callee->getName().starts_with("__cilk");
}

static FunctionCallee markerFn(Module &M, StringRef Name, bool Throws,
                               ArrayRef<Type *> Params = {}) {
  FunctionCallee FC = M.getOrInsertFunction(
      Name, FunctionType::get(Type::getVoidTy(M.getContext()), Params, false));
  if (!Throws)
    cast<Function>(FC.getCallee())->addFnAttr(Attribute::NoUnwind);
  return FC;
}

static StructType *landingPadType(LLVMContext &C) {
  return StructType::get(C, {PointerType::getUnqual(C), Type::getInt32Ty(C)});
}

/// landingpad { ptr, i32 } catch ptr null, at the end of B's block.
static LandingPadInst *createCatchAll(IRBuilder<> &B) {
  LandingPadInst *LP = B.CreateLandingPad(landingPadType(B.getContext()), 1);
  LP->addClause(ConstantPointerNull::get(B.getPtrTy()));
  return LP;
}

Value *emitCatchAllHandle(IRBuilder<> &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  LandingPadInst *LP = createCatchAll(B);
  return B.CreateCall(getRuntimeFn(M, CILK_ABI_EXN_CAPTURE),
                      {B.CreateExtractValue(LP, 0)}, "exn.h");
}

/// A block of F that is never reached (an invoke that never returns goes
/// there).
static BasicBlock *neverBlock(Function &F, const Twine &Name,
                              BasicBlock *Before = nullptr) {
  BasicBlock *BB = BasicBlock::Create(F.getContext(), Name, &F, Before);
  new UnreachableInst(F.getContext(), BB);
  return BB;
}

/// Whether LP catches everything already.
static bool catchesAll(const LandingPadInst *LP) {
  for (unsigned I = 0; I < LP->getNumClauses(); ++I)
    if (LP->isCatch(I) && isa<ConstantPointerNull>(LP->getClause(I)))
      return true;
  return false;
}

/// The end marker of spawn Call's statement: the first CILK_ABI_SPAWN_END
/// on the paths from the call that meet no other spawn or sync first.
static CallInst *findSpawnEnd(CallBase *Call) {
  SmallPtrSet<BasicBlock *, 8> Seen;
  auto *II = dyn_cast<InvokeInst>(Call);
  SmallVector<BasicBlock::iterator, 8> Work{
      II ? II->getNormalDest()->begin() : std::next(Call->getIterator())};
  while (!Work.empty()) {
    BasicBlock::iterator It = Work.pop_back_val();
    BasicBlock *BB = It->getParent();
    bool Stop = false;
    for (; It != BB->end() && !Stop; ++It) {
      if (isCallTo(*It, CILK_ABI_SPAWN_END))
        return cast<CallInst>(&*It);
      auto *CB = dyn_cast<CallBase>(&*It);
      Stop = CB && (isSpawn(*CB) || isCallTo(*CB, CILK_ABI_SYNC_MARKER));
    }
    if (Stop)
      continue;
    for (BasicBlock *Succ : successors(BB))
      if (Seen.insert(Succ).second)
        Work.push_back(Succ->begin());
  }
  return nullptr;
}

HandlerCode findHandlerCode(Function &F) {
  HandlerCode H;
  SmallVector<std::pair<BasicBlock::iterator, unsigned>, 8> Work;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isCallTo(I, "__cxa_begin_catch"))
        Work.push_back({std::next(I.getIterator()), 1});
  SmallPtrSet<Instruction *, 16> Found;
  // A block is walked once per depth; clang's handlers nest a few deep.
  DenseSet<std::pair<BasicBlock *, unsigned>> Seen;
  constexpr unsigned MaxDepth = 16;
  while (!Work.empty()) {
    auto [It, Depth] = Work.pop_back_val();
    BasicBlock *BB = It->getParent();
    H.Blocks.insert(BB);
    for (; It != BB->end() && Depth > 0; ++It) {
      if (isCallTo(*It, "__cxa_begin_catch"))
        Depth = std::min(Depth + 1, MaxDepth);
      else if (isCallTo(*It, "__cxa_end_catch"))
        --Depth;
      else if (auto *CB = dyn_cast<CallBase>(&*It);
               CB && !CB->isInlineAsm() && Found.insert(CB).second)
        H.Calls.push_back(CB);
    }
    if (Depth == 0)
      continue;
    for (BasicBlock *Succ : successors(BB))
      if (Seen.insert({Succ, Depth}).second)
        Work.push_back({Succ->begin(), Depth});
  }
  return H;
}

bool keepHandlersOnTheirThread(Module &M) {
  LLVMContext &C = M.getContext();
  MDNode *Empty = MDNode::get(C, {});
  bool Changed = false;
  for (Function &F : M) {
    if (!isCilkProcedure(F) || F.isDeclaration() || !hasCxxPersonality(F))
      continue;
    for (CallBase *CB : findHandlerCode(F).Calls) {
      CB->setMetadata(CILK_IN_HANDLER_MD, Empty);
      Changed = true;
      if (!isSpawn(*CB))
        continue;
      if (CallInst *End = findSpawnEnd(CB))
        End->eraseFromParent();
      CB->setMetadata(CILK_ABI_SPAWN_MD, nullptr);
      CB->setMetadata(CILK_ABI_SPAWN_ANY_MD, nullptr);
    }
  }
  return Changed;
}

/// F's spawned calls and invokes.
static SmallVector<CallBase *, 8> spawnsIn(Function &F) {
  SmallVector<CallBase *, 8> Spawns;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
        Spawns.push_back(CB);
  return Spawns;
}

/// True if CI destroys an object of a class (an Itanium destructor, which
/// returns nothing; invoked if it may throw).
static bool isDestructorCall(const CallBase &CI) {
  const Function *Callee = CI.getCalledFunction();
  if (!Callee || !CI.getType()->isVoidTy() || CI.arg_size() != 1)
    return false;
  StringRef Name = Callee->getName();
  return Name.starts_with("_Z") &&
         (Name.ends_with("D0Ev") || Name.ends_with("D1Ev") ||
          Name.ends_with("D2Ev"));
}

/// `T x = cilk_spawn make(k);` where T has a destructor (see CilkInternal.h):
/// the parent records that x was made when the child returns, in the
/// spawn's statement (which a stolen parent's inlet runs before the child
/// joins, and its unwind inlet, for a child that threw, does not:
/// CILK_RESULT_USE_MD; CilkTail.cpp keeps it after the call):
///
///   %x.made = alloca i8                                  ; entry
///   store i8 0, ptr %x.made
///   call void @make(ptr sret(%T) %x, i64 %k), !cilk.spawn
///   store i8 1, ptr %x.made, !cilk.result.use
///   call void @__cilk_spawn_end()                        ; if none was
///   ...
///   %m = load i8, ptr %x.made                            ; each ~T() of x
///   br (%m != 0), label %destroy, label %destroyed
///
/// x is made in place: its destructor takes its address, so it lives in
/// the heap frame, or it is the procedure's own result.
bool guardSpawnedResults(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (!isCilkProcedure(F) || F.isDeclaration() || !hasCxxPersonality(F))
      continue;
    for (CallBase *CB : spawnsIn(F)) {
      if (!CB->getType()->isVoidTy())
        continue;
      // The result's storage: a local, or the procedure's own result (a
      // named return value, which its cleanups destroy when an exception
      // leaves the procedure).
      Value *X = nullptr;
      for (unsigned I = 0; I < CB->arg_size(); ++I)
        if (CB->paramHasAttr(I, Attribute::StructRet)) {
          Value *O = getUnderlyingObject(CB->getArgOperand(I));
          if (isa<AllocaInst>(O) || isOwnResult(O))
            X = O;
        }
      if (!X)
        continue;
      SmallVector<CallBase *, 4> Destroys;
      for (User *U : X->users())
        if (auto *CI = dyn_cast<CallBase>(U); CI && isDestructorCall(*CI))
          Destroys.push_back(CI);
      if (Destroys.empty())
        continue;
      LLVMContext &C = M.getContext();
      Type *I8 = Type::getInt8Ty(C);
      auto *Made = new AllocaInst(I8, M.getDataLayout().getAllocaAddrSpace(),
                                  X->getName() + ".made",
                                  F.getEntryBlock().getFirstInsertionPt());
      new StoreInst(ConstantInt::get(I8, 0), Made, CB->getIterator());
      CallInst *End = findSpawnEnd(CB);
      auto *Set = new StoreInst(ConstantInt::get(I8, 1), Made, returnPoint(CB));
      Set->setMetadata(CILK_RESULT_USE_MD, MDNode::get(C, {}));
      if (!End)
        CallInst::Create(getRuntimeFn(M, CILK_ABI_SPAWN_END), "",
                         std::next(Set->getIterator()));
      for (CallBase *D : Destroys) {
        IRBuilder<> B(D);
        Value *IsMade = B.CreateICmpNE(B.CreateLoad(I8, Made, "made"),
                                       B.getInt8(0));
        auto *II = dyn_cast<InvokeInst>(D);
        if (!II) {
          Instruction *Then = SplitBlockAndInsertIfThen(IsMade, D, false);
          D->moveBefore(Then);
          continue;
        }
        // A destructor that may throw: not made, x goes on to where the
        // invoke returns.
        BasicBlock *BB = II->getParent();
        BasicBlock *Destroy = BB->splitBasicBlock(II->getIterator(),
                                                  X->getName() + ".destroy");
        BasicBlock *Normal = II->getNormalDest();
        BB->getTerminator()->eraseFromParent();
        BranchInst::Create(Destroy, Normal, IsMade, BB);
        for (PHINode &Phi : Normal->phis())
          Phi.addIncoming(Phi.getIncomingValueForBlock(Destroy), BB);
      }
      Changed = true;
    }
  }
  return Changed;
}

/// F's invokes of the sync marker, and with Spawns its spawned invokes.
static SmallVector<InvokeInst *, 8> spawnAndSyncInvokes(Function &F,
                                                        bool Spawns) {
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast_or_null<InvokeInst>(BB.getTerminator());
        II && ((Spawns && isSpawn(*II)) ||
               isCallTo(*II, CILK_ABI_SYNC_MARKER)))
      Invokes.push_back(II);
  return Invokes;
}

/// II becomes a call followed by what its normal destination held (a
/// spawn's assignment follows the call in one block again).
static CallInst *toCall(InvokeInst *II) {
  BasicBlock *Normal = II->getNormalDest();
  CallInst *CI = changeToCall(II);
  MergeBlockIntoPredecessor(Normal);
  return CI;
}

bool dropSpawnUnwindEdges(Function &F, bool Spawns) {
  SmallVector<InvokeInst *, 8> Invokes = spawnAndSyncInvokes(F, Spawns);
  for (InvokeInst *II : Invokes)
    toCall(II);
  if (!Invokes.empty())
    removeUnreachableBlocks(F);
  return !Invokes.empty();
}

/// Call, a call, becomes an invoke of Pad (its block split after it).
static InvokeInst *toInvoke(CallBase *Call, BasicBlock *Pad) {
  BasicBlock *BB = Call->getParent();
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  Call->getAllMetadata(MDs); // !cilk.spawn: the entry points find spawns
  changeToInvokeAndSplitBasicBlock(cast<CallInst>(Call), Pad);
  auto *II = cast<InvokeInst>(BB->getTerminator());
  for (auto [Kind, MD] : MDs)
    II->setMetadata(Kind, MD);
  return II;
}

void hookUnwinding(Function &F, Value *Rec, StringRef Catch,
                   StringRef Unwind, StringRef PadName,
                   function_ref<bool(CallInst &)> Skip) {
  Module &M = *F.getParent();
  FunctionCallee CatchFn = getRuntimeFn(M, Catch);
  FunctionCallee UnwindFn = getRuntimeFn(M, Unwind);
  SmallVector<CallInst *, 16> Calls;
  SmallVector<ResumeInst *, 4> Resumes;
  for (BasicBlock &BB : F) {
    if (BB.isLandingPad())
      CallInst::Create(CatchFn, {Rec}, "", BB.getFirstInsertionPt());
    if (auto *R = dyn_cast<ResumeInst>(BB.getTerminator()))
      Resumes.push_back(R);
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I);
          CI && !CI->doesNotThrow() && !CI->isInlineAsm() &&
          !isa<IntrinsicInst>(CI) && !CI->isMustTailCall() && !Skip(*CI))
        Calls.push_back(CI);
  }
  for (ResumeInst *R : Resumes)
    CallInst::Create(UnwindFn, {Rec}, "", R->getIterator());
  if (Calls.empty())
    return;
  //   <PadName>:
  //     %lp = landingpad { ptr, i32 } cleanup
  //     call void @<Unwind>(ptr %rec)
  //     resume { ptr, i32 } %lp
  LLVMContext &C = F.getContext();
  BasicBlock *Pad = BasicBlock::Create(C, PadName, &F);
  IRBuilder<> B(Pad);
  LandingPadInst *LP = B.CreateLandingPad(landingPadType(C), 0);
  LP->setCleanup(true);
  B.CreateCall(UnwindFn, {Rec});
  B.CreateResume(LP);
  for (CallInst *CI : Calls)
    toInvoke(CI, Pad);
}

/// A spawn's own storage for its temporaries in a loop (CilkTail.cpp:
/// giveTemporariesSlots) is freed by the statement's tail, which an
/// exception skips. Where a landing pad destroys the temporary, the pad
/// frees it next; a slot no pad touches is freed by the spawn's own pad
/// (emitSpawnThrewPad), told by the argument numbers in !cilk.slot.pad.
static void freeSlotsOnUnwind(Function &F) {
  LLVMContext &C = F.getContext();
  FunctionCallee Free = slotFreeFn(*F.getParent());
  DominatorTree DT(F);
  for (CallBase *CB : spawnsIn(F)) {
    SpawnStatement St;
    if (!findSpawnStatement(CB, St))
      continue;
    SmallVector<Metadata *, 4> PadFrees;
    for (unsigned I = 0; I < CB->arg_size(); ++I) {
      auto *Slot = dyn_cast<CallInst>(CB->getArgOperand(I));
      if (!Slot || !Slot->getMetadata(CILK_SLOT_MD))
        continue;
      // Its uses after the call, besides the tail's: a pad's.
      SmallVector<Instruction *, 2> Outside;
      for (User *U : Slot->users())
        if (auto *UI = dyn_cast<Instruction>(U);
            UI && UI != CB && !St.Insts.count(UI) && !DT.dominates(UI, CB))
          Outside.push_back(UI);
      if (Outside.empty())
        PadFrees.push_back(ConstantAsMetadata::get(
            ConstantInt::get(Type::getInt32Ty(C), I)));
      else if (Outside.size() == 1 && isa<CallInst>(Outside[0]))
        CallInst::Create(Free, {Slot}, "",
                         std::next(Outside[0]->getIterator()));
    }
    if (!PadFrees.empty())
      CB->setMetadata(SLOT_PAD_MD, MDNode::get(C, PadFrees));
  }
}

bool anchorUnwindEdges(Function &F) {
  SmallVector<InvokeInst *, 8> Invokes = spawnAndSyncInvokes(F, true);
  // The statements are found with the spawns as calls, their pads out of
  // the CFG for that while (CilkTail.cpp marks the ends of those that
  // assign a result).
  SmallVector<std::pair<CallInst *, BasicBlock *>, 8> Calls;
  for (InvokeInst *II : Invokes) {
    BasicBlock *U = II->getUnwindDest();
    Calls.push_back({toCall(II), U});
  }
  bool Changed = hoistSpawnDestinations(F, /*Parallel=*/true);
  freeSlotsOnUnwind(F);
  if (Invokes.empty())
    return Changed;
  FunctionCallee Anchor =
      markerFn(*F.getParent(), UNWIND_ANCHOR, /*Throws=*/true);
  for (auto [CI, U] : Calls) {
    // An exception of a spawn whose pad takes values by phi (none in
    // what clang emits) leaves f.
    if (isa<PHINode>(U->front()))
      continue;
    CallInst *After = CI;
    if (isSpawn(*CI))
      if (CallInst *End = findSpawnEnd(CI))
        After = End;
    MDNode *Id = MDNode::getDistinct(F.getContext(), {});
    CI->setMetadata(EH_MD, Id);
    BasicBlock *BB = After->getParent();
    BasicBlock *Rest = BB->splitBasicBlock(std::next(After->getIterator()),
                                           BB->getName() + ".unwinds");
    Instruction *Br = BB->getTerminator();
    InvokeInst::Create(Anchor, Rest, U, {}, "", Br->getIterator())
        ->setMetadata(EH_MD, Id);
    Br->eraseFromParent();
  }
  removeUnreachableBlocks(F);
  return true;
}

/// clang's slots of the exception in flight, which the landing pads store
/// and the dispatch, the handlers and the resume load; null if F's pads
/// pass it otherwise.
static std::pair<AllocaInst *, AllocaInst *> exceptionSlots(Function &F) {
  for (BasicBlock &BB : F) {
    if (!BB.isLandingPad())
      continue;
    AllocaInst *Slot[2] = {nullptr, nullptr};
    for (User *U : BB.getLandingPadInst()->users())
      if (auto *EV = dyn_cast<ExtractValueInst>(U); EV && EV->hasOneUser())
        if (auto *St = dyn_cast<StoreInst>(EV->user_back());
            St && St->getValueOperand() == EV)
          Slot[EV->getIndices()[0]] =
              dyn_cast<AllocaInst>(St->getPointerOperand());
    if (Slot[0] && Slot[1])
      return {Slot[0], Slot[1]};
  }
  return {nullptr, nullptr};
}

/// The type infos that the handler dispatch from Y compares (clang's
/// llvm.eh.typeid.for), up to the handlers.
static SmallPtrSet<Value *, 8> typesComparedFrom(BasicBlock *Y) {
  SmallPtrSet<Value *, 8> Types;
  SetVector<BasicBlock *> Seen;
  Seen.insert(Y);
  for (unsigned I = 0; I != Seen.size(); ++I) {
    BasicBlock *BB = Seen[I];
    for (Instruction &Inst : *BB)
      if (auto *II = dyn_cast<IntrinsicInst>(&Inst);
          II && II->getIntrinsicID() == Intrinsic::eh_typeid_for)
        Types.insert(II->getArgOperand(0)->stripPointerCasts());
    if (!beginsCatch(*BB))
      for (auto [Idx, S] : normalSuccessors(BB))
        Seen.insert(S);
  }
  return Types;
}

/// Where the exception in flight leaves its try statement's handlers for
/// an outer statement's (exceptionRegions), while a child spawned between
/// the two may have thrown first:
///
///   <edge to %Y>:
///     %exn = load ptr, ptr %exn.slot
///     call void @__cilk_exn_keep_marker(ptr %exn)
///     invoke void @__cilk_exn_rethrow_marker(i32 <region around the
///         outer statement's, + 1>) to label %never unwind label %Y.lp
///   Y.lp:                             ; !cilk.eh.leave
///     %lp = landingpad { ptr, i32 } catch <what the dispatch from %Y
///         compares, in the pads' order> filter <the pads' filters>
///         catch ptr null
///     store the exception and selector of %lp in the slots; br label %Y
///
/// The slow clone throws there the first in serial order of that region
/// and deeper, the exception in flight last (lowerSlowCloneUnwinding); the
/// other clones, whose children are all done, branch to %Y.
static void leaveHandlers(Function &F, const ExceptionRegions &ER,
                          FunctionCallee Keep, FunctionCallee Rethrow) {
  auto [ExnSlot, SelSlot] = exceptionSlots(F);
  if (!ExnSlot)
    return;
  LLVMContext &C = F.getContext();
  SmallVector<LandingPadInst *, 8> Pads;
  for (BasicBlock &BB : F)
    if (BB.isLandingPad())
      Pads.push_back(BB.getLandingPadInst());
  for (const ExceptionRegions::Leave &L : ER.Leaves) {
    BasicBlock *Y = L.Term->getSuccessor(L.Succ);
    if (isa<PHINode>(Y->front()))
      continue;
    SmallPtrSet<Value *, 8> Compared = typesComparedFrom(Y);
    BasicBlock *Leave =
        BasicBlock::Create(C, Y->getName() + ".leave", &F, Y);
    BasicBlock *Lp = BasicBlock::Create(C, Y->getName() + ".lp", &F, Y);
    IRBuilder<> B(Leave);
    B.CreateCall(Keep, {B.CreateLoad(B.getPtrTy(), ExnSlot, "exn")});
    B.CreateInvoke(Rethrow, neverBlock(F, Y->getName() + ".never", Y), Lp,
                   {B.getInt32(L.Region)});
    B.SetInsertPoint(Lp);
    LandingPadInst *LP = B.CreateLandingPad(landingPadType(C), 0);
    SmallPtrSet<Value *, 8> Added;
    for (LandingPadInst *P : Pads)
      for (unsigned I = 0; I < P->getNumClauses(); ++I)
        if (Value *T = P->getClause(I)->stripPointerCasts();
            P->isCatch(I) && Compared.count(T) && Added.insert(T).second)
          LP->addClause(P->getClause(I));
    // A dynamic exception specification (C++14's `throw(E)`): clang puts
    // its filter after the catches of every pad in the function, and the
    // dispatch sends a negative selector to __cxa_call_unexpected.
    for (LandingPadInst *P : Pads)
      for (unsigned I = 0; I < P->getNumClauses(); ++I)
        if (P->isFilter(I) && Added.insert(P->getClause(I)).second)
          LP->addClause(P->getClause(I));
    LP->addClause(ConstantPointerNull::get(B.getPtrTy()));
    LP->setMetadata(LEAVE_MD, MDNode::get(C, {}));
    B.CreateStore(B.CreateExtractValue(LP, 0), ExnSlot);
    B.CreateStore(B.CreateExtractValue(LP, 1), SelSlot);
    B.CreateBr(Y);
    L.Term->setSuccessor(L.Succ, Leave);
  }
}

bool addExceptionalSyncs(Function &F) {
  if (!hasCxxPersonality(F))
    return false;
  Module &M = *F.getParent();
  LLVMContext &C = F.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  FunctionCallee Keep = markerFn(M, EXN_KEEP_MARKER, false, {Ptr});
  FunctionCallee Rethrow =
      markerFn(M, EXN_RETHROW_MARKER, true, {Type::getInt32Ty(C)});
  FunctionCallee Escape = markerFn(M, EXN_ESCAPE_MARKER, false);
  FunctionCallee Sync = getRuntimeFn(M, CILK_ABI_SYNC_MARKER);
  MDNode *Empty = MDNode::get(C, {});

  // The calls inside spawn statements stay calls: the lowering knows a
  // statement's blocks only as the paths from its call to its end.
  SmallPtrSet<Instruction *, 32> InStatement;
  for (CallBase *CB : spawnsIn(F))
    if (SpawnStatement St; findSpawnStatement(CB, St))
      InStatement.insert(St.Insts.begin(), St.Insts.end());

  // The exception held, every region synced: a suspend point.
  auto HoldAndSync = [&](IRBuilder<> &B, Value *LP) {
    B.CreateCall(Keep, {B.CreateExtractValue(LP, 0, "exn")});
    B.CreateCall(Sync)->setMetadata(CILK_SYNC_ALL_MD, Empty);
  };

  ExceptionRegions ER = exceptionRegions(F);
  SetVector<BasicBlock *> Pads;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast_or_null<InvokeInst>(BB.getTerminator()))
      Pads.insert(II->getUnwindDest());
  leaveHandlers(F, ER, Keep, Rethrow);
  for (BasicBlock *U : Pads) {
    if (isa<PHINode>(U->front()))
      continue; // not what clang emits; its cleanups run unsynced
    BasicBlock *T = BasicBlock::Create(C, U->getName() + ".threw", &F, U);
    BasicBlock *Never = neverBlock(F, U->getName() + ".never", U);
    IRBuilder<> B(T);
    LandingPadInst *LP = createCatchAll(B);
    LP->setMetadata(THREW_MD, Empty);
    HoldAndSync(B, LP);
    InvokeInst *Again =
        B.CreateInvoke(Rethrow, Never, U, {B.getInt32(ER.Pad.lookup(U))});
    for (User *Us : make_early_inc_range(U->users()))
      if (auto *II = dyn_cast<InvokeInst>(Us); II && II != Again)
        II->setUnwindDest(T);
  }

  BasicBlock *OutCatch = BasicBlock::Create(C, "eh.out.catch", &F);
  BasicBlock *Out = BasicBlock::Create(C, "eh.out", &F);
  IRBuilder<> B(OutCatch);
  LandingPadInst *LP = createCatchAll(B);
  LP->setMetadata(OUT_MD, Empty);
  B.CreateBr(Out);
  B.SetInsertPoint(Out);
  PHINode *Phi = B.CreatePHI(landingPadType(C), 2, "eh.out.lp");
  Phi->setMetadata(OUT_MD, Empty);
  Phi->addIncoming(LP, OutCatch);
  HoldAndSync(B, Phi);
  B.CreateCall(Escape);
  B.CreateUnreachable();

  SmallVector<ResumeInst *, 4> Resumes;
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (auto *R = dyn_cast<ResumeInst>(&I))
        Resumes.push_back(R);
      auto *CI = dyn_cast<CallInst>(&I);
      if (programCallMayThrow(CI) && !InStatement.count(CI))
        Calls.push_back(CI);
    }
  for (ResumeInst *R : Resumes) {
    Phi->addIncoming(R->getValue(), R->getParent());
    BranchInst::Create(Out, R->getIterator());
    R->eraseFromParent();
  }
  for (CallInst *CI : Calls)
    changeToInvokeAndSplitBasicBlock(CI, OutCatch);
  // An anchor at the entry keeps eh.out in every clone until the lowering
  // is done: a spawn or sync without a pad of its own needs it there.
  // (After the allocas, before any spawn: the lowering wants a spawned
  // call followed by a branch.)
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator At = Entry.begin();
  while (isa<AllocaInst>(*At))
    ++At;
  Instruction *Br =
      Entry.splitBasicBlock(At, "entry.body")->getSinglePredecessor()
          ->getTerminator();
  InvokeInst::Create(markerFn(M, UNWIND_ANCHOR, /*Throws=*/true),
                     cast<BranchInst>(Br)->getSuccessor(0), OutCatch, {}, "",
                     Br->getIterator())
      ->setMetadata(EH_MD, MDNode::getDistinct(C, {}));
  Br->eraseFromParent();
  return true;
}

/// The invokes of the anchor in F, by their !cilk.eh node.
static DenseMap<MDNode *, InvokeInst *> anchorsOf(Function &F) {
  DenseMap<MDNode *, InvokeInst *> Anchors;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast_or_null<InvokeInst>(BB.getTerminator());
        II && isCallTo(*II, UNWIND_ANCHOR))
      Anchors[II->getMetadata(EH_MD)] = II;
  return Anchors;
}

/// Where an exception of spawn or sync CB goes in F: its anchor's pad, or
/// null if it leaves F.
static BasicBlock *unwindDestOf(const CallBase &CB,
                                const DenseMap<MDNode *, InvokeInst *> &A) {
  MDNode *Id = CB.getMetadata(EH_MD);
  auto It = Id ? A.find(Id) : A.end();
  return It == A.end() ? nullptr : It->second->getUnwindDest();
}

/// The landing pad block of F tagged MD, or null.
static BasicBlock *padTagged(Function &F, StringRef MD) {
  for (BasicBlock &BB : F)
    if (BB.isLandingPad() && BB.getLandingPadInst()->getMetadata(MD))
      return &BB;
  return nullptr;
}

/// Throws handle H again into Dest (out of the function if null).
static void emitRethrow(IRBuilder<> &B, Value *H, BasicBlock *Dest,
                        const Twine &Name) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Rethrow = getRuntimeFn(M, CILK_ABI_EXN_RETHROW);
  if (!Dest) {
    B.CreateCall(Rethrow, {H});
    B.CreateUnreachable();
    return;
  }
  B.CreateInvoke(Rethrow, neverBlock(*B.GetInsertBlock()->getParent(), Name),
                 Dest, {H});
}

/// Spawned call Call becomes an invoke of a pad that pops the frame
/// (given Stolen): the exception goes to a thief's closure (then Stolen),
/// or on to Dest, after the slots no other pad frees are freed.
/// Returns the invoke.
static InvokeInst *emitSpawnThrewPad(CallBase *Call, unsigned Index,
                                     BasicBlock *Dest, BasicBlock *Stolen) {
  Function *F = Call->getFunction();
  Module &M = *F->getParent();
  LLVMContext &C = F->getContext();
  std::string N = std::to_string(Index);
  BasicBlock *Pad = BasicBlock::Create(C, "spawn.threw." + N, F);
  BasicBlock *Again = BasicBlock::Create(C, "spawn.rethrow." + N, F);
  IRBuilder<> B(Pad);
  Value *H = emitCatchAllHandle(B);
  if (Stolen) {
    Value *K = B.CreateCall(getRuntimeFn(M, CILK_ABI_POP_THREW), {H});
    B.CreateCondBr(B.CreateICmpNE(K, B.getInt32(CILK_POP_OK)), Stolen,
                   Again);
  } else {
    B.CreateBr(Again);
  }
  B.SetInsertPoint(Again);
  if (MDNode *Slots = Call->getMetadata(SLOT_PAD_MD)) {
    FunctionCallee Free = slotFreeFn(M);
    for (const MDOperand &Op : Slots->operands())
      B.CreateCall(Free, {Call->getArgOperand(
                             mdconst::extract<ConstantInt>(Op)
                                 ->getZExtValue())});
  }
  emitRethrow(B, H, Dest, "spawn.never." + N);
  return toInvoke(Call, Pad);
}

void lowerFastSpawnUnwinding(Shape &S, BasicBlock *Stolen) {
  Function &F = *S.F;
  if (!F.hasPersonalityFn())
    return;
  BasicBlock *OutCatch = padTagged(F, OUT_MD);
  if (!OutCatch)
    return; // not lowered for exceptions (addExceptionalSyncs)
  DenseMap<MDNode *, InvokeInst *> Anchors = anchorsOf(F);
  for (SuspendPoint &P : S.Points) {
    if (!P.IsSpawn || P.Call->doesNotThrow())
      continue;
    BasicBlock *Dest = unwindDestOf(*P.Call, Anchors);
    if (!Dest)
      Dest = OutCatch;
    // Lazy modes: nothing pushed, unwind as C++ does (after freeing
    // slots, if the spawn has some that no pad of f frees).
    P.Call = S.isLazy() && !P.Call->getMetadata(SLOT_PAD_MD)
                 ? toInvoke(P.Call, Dest)
                 : emitSpawnThrewPad(P.Call, P.Index, Dest,
                                     S.isLazy() ? nullptr : Stolen);
  }
}

void restoreSerialUnwinding(Function &F) {
  if (!padTagged(F, OUT_MD))
    return;
  DenseMap<MDNode *, InvokeInst *> Anchors = anchorsOf(F);
  SmallVector<std::pair<CallInst *, BasicBlock *>, 8> Spawns;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I);
          CI && CI->getMetadata(EH_MD) && !isCallTo(I, CILK_ABI_SYNC_MARKER))
        if (BasicBlock *Dest = unwindDestOf(*CI, Anchors))
          Spawns.push_back({CI, Dest});
  for (auto [CI, Dest] : Spawns)
    toInvoke(CI, Dest);
  finishCloneUnwinding(F, nullptr, nullptr);
}

/// Each anchor becomes a branch: the pads it kept have their edges now.
static void removeAnchors(Function &F) {
  for (auto &[Id, A] : anchorsOf(F)) {
    BranchInst::Create(A->getNormalDest(), A->getIterator());
    A->getUnwindDest()->removePredecessor(A->getParent());
    A->eraseFromParent();
  }
}

void finishCloneUnwinding(Function &F, Value *W, Value *HeapFrame) {
  if (!F.hasPersonalityFn())
    return;
  Module &M = *F.getParent();
  removeAnchors(F);
  // Each edge leaving handlers goes straight on, and each %U.threw gives
  // way to %U: nothing is outstanding here.
  for (BasicBlock &BB : F)
    if (BB.isLandingPad() && BB.getLandingPadInst()->getMetadata(LEAVE_MD))
      BB.getSinglePredecessor()->replaceAllUsesWith(BB.getSingleSuccessor());
  for (BasicBlock &BB : make_early_inc_range(F))
    if (BB.isLandingPad() && BB.getLandingPadInst()->getMetadata(THREW_MD)) {
      BasicBlock *Chain = &BB;
      InvokeInst *Again = nullptr;
      while (!(Again = dyn_cast<InvokeInst>(Chain->getTerminator())))
        Chain = Chain->getSingleSuccessor();
      BB.replaceAllUsesWith(Again->getUnwindDest());
    }
  // eh.out: calls and resumes again, which free a heap frame first.
  BasicBlock *OutCatch = padTagged(F, OUT_MD);
  BasicBlock *Out = OutCatch ? OutCatch->getSingleSuccessor() : nullptr;
  if (Out) {
    auto *Phi = cast<PHINode>(&Out->front());
    if (HeapFrame) {
      IRBuilder<> B(OutCatch->getTerminator());
      LandingPadInst *Old = OutCatch->getLandingPadInst();
      LandingPadInst *LP = LandingPadInst::Create(Old->getType(), 0, "",
                                                  Old->getIterator());
      LP->setCleanup(true);
      Old->replaceAllUsesWith(LP);
      Old->eraseFromParent();
      Out->getTerminator()->eraseFromParent();
      while (&Out->back() != Phi)
        Out->back().eraseFromParent();
      B.SetInsertPoint(Out);
      B.CreateCall(getRuntimeFn(M, CILK_ABI_FRAME_FREE), {W, HeapFrame});
      B.CreateResume(Phi);
    } else {
      SmallVector<BasicBlock *, 8> Preds(predecessors(OutCatch));
      for (BasicBlock *Pred : Preds)
        changeToCall(cast<InvokeInst>(Pred->getTerminator()));
      for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
        BasicBlock *From = Phi->getIncomingBlock(I);
        if (From == OutCatch)
          continue;
        Instruction *Br = From->getTerminator();
        ResumeInst::Create(Phi->getIncomingValue(I), Br->getIterator());
        Br->eraseFromParent();
      }
    }
  }
  EliminateUnreachableBlocks(F);
}

void lowerSlowCloneUnwinding(Function &Slow, Value *Frame, BasicBlock *Stolen,
                             ArrayRef<SlowPoint> Points) {
  Module &M = *Slow.getParent();
  LLVMContext &C = M.getContext();
  BasicBlock *OutCatch = padTagged(Slow, OUT_MD);
  if (!OutCatch)
    return;
  DenseMap<MDNode *, InvokeInst *> Anchors = anchorsOf(Slow);
  for (const SlowPoint &SP : Points) {
    const SuspendPoint &P = *SP.P;
    if (P.IsSpawn) {
      BasicBlock *Dest = unwindDestOf(*SP.Call, Anchors);
      if (!SP.Call->doesNotThrow())
        emitSpawnThrewPad(SP.Call, P.Index, Dest ? Dest : OutCatch, Stolen);
      continue;
    }
    if (P.SyncAll || P.IsPoll)
      continue;
    // After a sync: a child's exception comes out here. The sync's anchor,
    // if it has one, begins the block (after a profile build's synced
    // hook).
    BasicBlock *Resume = SP.Resume;
    Instruction *First = &Resume->front();
    while (isProfileHook(*First))
      First = First->getNextNode();
    auto *A = dyn_cast<InvokeInst>(First);
    BasicBlock *Dest =
        A && isCallTo(*A, UNWIND_ANCHOR) ? A->getUnwindDest() : OutCatch;
    BasicBlock *Rest = Resume->splitBasicBlock(Resume->getFirstInsertionPt(),
                                               Resume->getName() + ".ok");
    std::string N = std::to_string(P.Index);
    BasicBlock *Throw = BasicBlock::Create(C, "synced.threw." + N, &Slow);
    BasicBlock *Never = neverBlock(Slow, "synced.never." + N);
    IRBuilder<> B(Resume->getTerminator());
    Value *Region = B.getInt32(P.Region);
    Value *Pending = B.CreateCall(getRuntimeFn(M, CILK_ABI_EXN_PENDING),
                                  {Frame, Region});
    B.CreateCondBr(B.CreateICmpNE(Pending, B.getInt32(0)), Throw, Rest);
    Resume->getTerminator()->eraseFromParent();
    IRBuilder<>(Throw).CreateInvoke(getRuntimeFn(M, CILK_ABI_RETHROW_PENDING),
                                    Never, Dest, {Frame, Region});
  }
  FunctionCallee Capture = getRuntimeFn(M, CILK_ABI_EXN_CAPTURE);
  FunctionCallee Keep = getRuntimeFn(M, CILK_ABI_EXN_KEEP);
  FunctionCallee RethrowPending = getRuntimeFn(M, CILK_ABI_RETHROW_PENDING);
  SmallVector<Instruction *, 16> Markers;
  for (BasicBlock &BB : Slow)
    for (Instruction &I : BB)
      if (isCallTo(I, EXN_KEEP_MARKER) || isCallTo(I, EXN_RETHROW_MARKER) ||
          isCallTo(I, EXN_ESCAPE_MARKER))
        Markers.push_back(&I);
  for (Instruction *I : Markers) {
    IRBuilder<> B(I);
    if (isCallTo(*I, EXN_KEEP_MARKER)) {
      Value *H = B.CreateCall(Capture, {cast<CallInst>(I)->getArgOperand(0)},
                              "exn.h");
      B.CreateCall(Keep, {Frame, H});
    } else if (auto *II = dyn_cast<InvokeInst>(I)) {
      // Every exception that reaches the pad stops in this frame.
      LandingPadInst *LP = II->getUnwindDest()->getLandingPadInst();
      if (!catchesAll(LP))
        LP->addClause(ConstantPointerNull::get(B.getPtrTy()));
      B.CreateInvoke(RethrowPending, II->getNormalDest(), II->getUnwindDest(),
                     {Frame, II->getArgOperand(0)});
    } else {
      // The frame is done: the runtime hands its exception to the parent.
      Instruction *Unreachable = I->getNextNode();
      B.CreateRetVoid();
      Unreachable->eraseFromParent();
    }
    I->eraseFromParent();
  }
  removeAnchors(Slow);
}

void removeExceptionMarkers(Module &M) {
  for (const char *Name : {UNWIND_ANCHOR, EXN_KEEP_MARKER, EXN_RETHROW_MARKER,
                           EXN_ESCAPE_MARKER})
    if (Function *Marker = M.getFunction(Name)) {
      if (!Marker->use_empty()) // a miscompilation: stop, as CilkSplit does
        report_fatal_error("the Cilk pass left " + Twine(Name) + " in a clone");
      Marker->eraseFromParent();
    }
}

/// At B: `call void @__cilkrt_c_threw(ptr <exception of LP>)` and
/// `unreachable` (the call does not return).
static void emitCThrew(IRBuilder<> &B, Value *LP) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Threw = M.getOrInsertFunction(
      CILK_ABI_C_THREW,
      FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  if (auto *Fn = dyn_cast<Function>(Threw.getCallee()))
    Fn->setDoesNotReturn();
  B.CreateCall(Threw, {B.CreateExtractValue(LP, 0)});
  B.CreateUnreachable();
}

/// F's landing pad that stops the program (C's personality where F has
/// none: C compiled with -fexceptions gives none to a function that
/// needs no cleanup):
///
///   c.threw:
///     %lp = landingpad { ptr, i32 } catch ptr null
///     call void @__cilkrt_c_threw(ptr <exception of %lp>)   ; noreturn
///     unreachable
static BasicBlock *cThrewPad(Function &F) {
  for (BasicBlock &BB : F) // one per function (a cleanup's pad is not it)
    if (BB.isLandingPad() && BB.size() == 4 &&
        isCallTo(*std::next(BB.begin(), 2), CILK_ABI_C_THREW))
      return &BB;
  if (!F.hasPersonalityFn())
    setPersonality(F, "__gcc_personality_v0");
  BasicBlock *Pad = BasicBlock::Create(F.getContext(), "c.threw", &F);
  IRBuilder<> B(Pad);
  emitCThrew(B, createCatchAll(B));
  return Pad;
}

bool stopExceptionsInC(Function &F) {
  if (hasCxxPersonality(F))
    return false;
  SmallVector<CallInst *, 8> Calls;
  SmallVector<ResumeInst *, 2> Resumes;
  for (BasicBlock &BB : F) {
    if (auto *R = dyn_cast<ResumeInst>(BB.getTerminator()))
      Resumes.push_back(R);
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I);
          programCallMayThrow(CI) && !CI->isMustTailCall())
        Calls.push_back(CI);
  }
  if (Calls.empty() && Resumes.empty())
    return false;
  // After a cleanup pad's cleanups have run, the exception stops there:
  //   resume { ptr, i32 } %v
  //   ->  call void @__cilkrt_c_threw(ptr <exception of %v>); unreachable
  for (ResumeInst *R : Resumes) {
    IRBuilder<> B(R);
    emitCThrew(B, R->getValue());
    R->eraseFromParent();
  }
  if (!Calls.empty()) {
    BasicBlock *Pad = cThrewPad(F);
    for (CallInst *CI : Calls)
      toInvoke(CI, Pad);
  }
  return true;
}

bool stopAtEscapingExceptions(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || hasCxxPersonality(F))
      continue;
    SmallVector<CallInst *, 8> Spawns;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CI = dyn_cast<CallInst>(&I);
            CI && isSpawn(*CI) && !CI->doesNotThrow())
          Spawns.push_back(CI);
    if (Spawns.empty())
      continue;
    BasicBlock *Pad = cThrewPad(F);
    for (CallInst *CI : Spawns)
      changeToInvokeAndSplitBasicBlock(CI, Pad);
    Changed = true;
  }
  return Changed;
}

} // namespace cilk
