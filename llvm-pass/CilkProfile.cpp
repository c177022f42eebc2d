//===- CilkProfile.cpp - Work and span instrumentation --------------------===//
//
// With -fplugin-arg-cilk-profile (opt: cilk<MODE;profile>) every Cilk
// procedure, leaves included, calls the runtime at each strand boundary
// (CILK_ABI_PROF_* in cilk-abi.h). It runs after phase 1 and before the
// mode's lowering, on the procedure as the programmer wrote it:
//
//   entry:
//     %prof = alloca [64 x i8], align 8
//     call void @__cilkrt_prof_enter(ptr %prof)
//     ...
//     call void @__cilkrt_prof_spawn(ptr %prof)
//     %x = call i32 @fib(i32 %n1), !cilk.spawn !0
//     (serial mode: call void @__cilkrt_prof_resume(ptr %prof) here)
//     ...
//     call void @__cilkrt_prof_sync(ptr %prof)
//       (@__cilkrt_prof_sync_empty where the sync follows a spawn
//        statement at once: the runtime then reads no clock)
//     call void @__cilkrt_sync_marker()
//     call void @__cilkrt_prof_synced(ptr %prof)
//     ...
//     call void @__cilkrt_prof_return(ptr %prof)
//     ret i32 %r
//
// A thread computation's start and the wait for its results (CilkThreadLowering.cpp)
// become @__cilkrt_prof_cp_start(ptr %prof, ptr %c) and
// @__cilkrt_prof_cp_wait(ptr %prof, ptr %cp.results): strand boundaries.
//
// and Cilk_user_work (a call of @__cilkrt_user_work()) reads the record:
// @__cilkrt_prof_user_work(ptr %prof); Cilk_user_critical_path and
// wsp_getworkspan() (@__cilkrt_workspan(ptr %out) ->
// @__cilkrt_prof_workspan(ptr %prof, ptr %out)) likewise.
//
// In the parallel modes the continuation of a spawn is only known once
// CilkPrepare has separated the spawn's result tail, so CilkPrepare puts the
// resume hook first in `resume.N` (where both clones continue). The record's
// address escapes into the runtime and lives across spawns, so it is a heap
// frame field, at the same address whichever worker runs the procedure: a
// child finishing on another worker writes into it.
//
// Quiet clones: before the hooks, each procedure f gets a copy f.quiet
// without them, which the mode lowers as it lowers f (f.quiet.fast, ...):
// the code of a build without profiling, whose calls and spawns run quiet
// clones. A spawn of a procedure with a quiet clone calls the
// spawn_quietable hook, which may set the flag for a child whose subtree is
// expected to take less than the profile's grain (CILK_ABI_PROF_QUIET).
// After the lowering, what a spawn enters of f (its fast clone, or f itself
// for a leaf and in the serial elision) first tests it:
//
//   entry:
//     (allocas)
//     %quiet.addr = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_prof_quiet)
//     %quiet = load i8, ptr %quiet.addr
//     %is.quiet = icmp ne i8 %quiet, 0
//     br i1 %is.quiet, label %prof.quiet, label %entry.profiled
//   prof.quiet:
//     store i8 0, ptr %quiet.addr
//     %r = tail call i32 @fib.quiet.fast(i32 %n)
//     ret i32 %r
//
// A procedure that reads its record (Cilk_user_work, wsp_getworkspan()) or
// runs thread computations gets no quiet clone, nor do its callers: its
// figures need every strand timed.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace cilk {

bool isCallTo(const Instruction &I, StringRef Name) {
  auto *CB = dyn_cast<CallBase>(&I);
  Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name;
}

Value *profileRecord(Function &F) {
  // Not always in the entry block: C++'s hooked unwinding and the heap
  // frame's set-up split it (the resume hooks of a C++ procedure were
  // missing, so its spawns after the first and their strands went
  // uncounted).
  for (Instruction &I : instructions(F))
    if (isCallTo(I, CILK_ABI_PROF_ENTER))
      return cast<CallBase>(I).getArgOperand(0);
  return nullptr;
}

bool insertImplicitSyncs(Function &F) {
  // Forward dataflow: is a child possibly outstanding on entry to each
  // block? A spawn makes it so, a sync of region 0 ends it (one of a
  // nested region leaves the children from before the region).
  RegionDepths Regions = regionDepths(F);
  bool Changed = !Regions.Nested;
  if (Changed) // one region: no hooks at its markers either
    removeRegionMarkers(F);
  auto Transfer = [&](BasicBlock &BB, bool Outstanding) {
    for (Instruction &I : BB) {
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
        Outstanding = true;
      else if (isCallTo(I, CILK_ABI_SYNC_MARKER) && !Regions.of(&I))
        Outstanding = false;
    }
    return Outstanding;
  };
  SmallPtrSet<BasicBlock *, 16> In; // blocks entered with a child outstanding
  SmallVector<BasicBlock *, 16> Work;
  for (BasicBlock &BB : F)
    if (Transfer(BB, false))
      append_range(Work, successors(&BB));
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (In.insert(BB).second && Transfer(*BB, true))
      append_range(Work, successors(BB));
  }

  Module &M = *F.getParent();
  FunctionCallee Marker = M.getOrInsertFunction(
      CILK_ABI_SYNC_MARKER, Type::getVoidTy(M.getContext()));
  for (BasicBlock &BB : F) {
    bool Outstanding = In.count(&BB);
    for (Instruction &I : make_early_inc_range(BB)) {
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB)) {
        Outstanding = true;
      } else if (isCallTo(I, CILK_ABI_SYNC_MARKER)) {
        // A sync no spawn can precede does nothing (the plugin puts one
        // before every return of a procedure that spawns, so that the
        // returned value is read after the children's results arrived).
        bool Nested = Regions.of(&I);
        if (!Outstanding && isa<CallInst>(I)) { // (an invoke: C++'s pad)
          I.eraseFromParent();
          Changed = true;
        }
        Outstanding &= Nested;
      } else if (isa<ReturnInst>(I) && Outstanding) {
        CallInst::Create(Marker, "", I.getIterator());
        Changed = true;
      }
    }
  }
  return Changed;
}

/// F's record, first in its frame, and its enter hook.
static Value *makeRecord(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&*Entry.getFirstInsertionPt());
  AllocaInst *Prof = B.CreateAlloca(
      ArrayType::get(B.getInt8Ty(), CILK_ABI_PROF_SIZE), nullptr, "prof");
  Prof->setAlignment(Align(8));
  B.SetInsertPoint(&*Entry.getFirstNonPHIOrDbgOrAlloca());
  B.CreateCall(getRuntimeFn(*F.getParent(), CILK_ABI_PROF_ENTER), {Prof});
  return Prof;
}

/// The calls of the statement of spawn Call after it, up to its end marker
/// (the tail's: its result assignment and temporaries' destructors), found
/// from the normal edge of a spawned invoke too.
static void statementCalls(CallBase *Call,
                           SmallPtrSetImpl<Instruction *> &Calls) {
  SmallVector<Instruction *, 8> Starts;
  if (auto *II = dyn_cast<InvokeInst>(Call))
    Starts.push_back(&II->getNormalDest()->front());
  else
    Starts.push_back(Call->getNextNode());
  SmallPtrSet<BasicBlock *, 8> Seen;
  while (!Starts.empty())
    for (Instruction *I = Starts.pop_back_val(); I; I = I->getNextNode()) {
      if (isCallTo(*I, CILK_ABI_SPAWN_END) ||
          isCallTo(*I, CILK_ABI_SYNC_MARKER) ||
          (isa<CallBase>(I) && isSpawn(*cast<CallBase>(I))))
        break;
      if (isa<CallInst>(I))
        Calls.insert(I);
      if (I->isTerminator())
        for (BasicBlock *Succ : successors(I))
          if (!Succ->isEHPad() && Seen.insert(Succ).second)
            Starts.push_back(&Succ->front());
    }
}

bool prepareProfile(Module &M) {
  bool Changed = false;
  // A C function of this file that is spawned (OpenCilk's cilk_spawn of
  // any function) is a child whose strand must be timed: a procedure
  // without spawns, which its hooks make one (its time was nobody's).
  for (Function &F : M)
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U);
          CB && isSpawn(*CB) && CB->getCalledFunction() == &F &&
          !isCilkProcedure(F) && F.hasExactDefinition() && !F.isVarArg()) {
        F.addFnAttr(CILK_ABI_FN_ATTR);
        Changed = true;
        break;
      }
  // C++: an exception leaves a procedure through its landing pads only,
  // and every pad tells the record. So every procedure that may unwind
  // has C++'s personality, and each of its calls that may throw a pad
  // (prof.unwind, where it had none), before the parallel modes carry
  // children's exceptions (CilkExceptions.cpp): a spawn or sync with a pad
  // keeps it there, and each pad syncs first. Left as they are: the calls
  // of a spawn statement's tail (the lowering knows a statement as the
  // path from its call to its end) and the markers but sync's.
  Changed |= giveCxxPersonalities(M);
  for (Function &F : M) {
    if (!isCilkProcedure(F) || F.isDeclaration() || !F.hasPersonalityFn())
      continue;
    insertImplicitSyncs(F); // they may throw a child's exception too
    SmallPtrSet<Instruction *, 16> Tails;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
        statementCalls(CB, Tails);
    hookUnwinding(F, makeRecord(F), CILK_ABI_PROF_CATCH, CILK_ABI_PROF_UNWIND,
                  "prof.unwind", [&](CallInst &CI) {
                    Function *Callee = CI.getCalledFunction();
                    return Tails.count(&CI) ||
                           (Callee && Callee->getName().starts_with("__cilk") &&
                            Callee->getName() != CILK_ABI_SYNC_MARKER);
                  });
    Changed = true;
  }
  return Changed;
}

static void instrument(Function &F, Mode TheMode) {
  Module &M = *F.getParent();
  auto Hook = [&](StringRef Name) { return getRuntimeFn(M, Name); };
  insertImplicitSyncs(F);
  Value *Prof = profileRecord(F);
  if (!Prof)
    Prof = makeRecord(F);

  SmallVector<Instruction *, 16> Spawns, Syncs, Rets;
  for (Instruction &I : instructions(F)) {
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isSpawn(*CB))
      Spawns.push_back(&I);
    else if (isCallTo(I, CILK_ABI_SYNC_MARKER))
      Syncs.push_back(&I);
    else if (isa<ReturnInst>(I))
      Rets.push_back(&I);
  }
  for (Instruction *I : Spawns) {
    // Only a child whose entry tests the quiet flag may run quiet.
    Function *Callee = cast<CallBase>(I)->getCalledFunction();
    bool Quietable =
        Callee &&
        M.getFunction((Callee->getName() + CILK_ABI_QUIET_SUFFIX).str());
    CallInst::Create(Hook(Quietable ? CILK_ABI_PROF_SPAWN_QUIETABLE
                                    : CILK_ABI_PROF_SPAWN),
                     {Prof}, "", I->getIterator());
    if (TheMode != Mode::Serial)
      continue;
    // The serial elision keeps C++'s spawned invokes: resume on the normal
    // edge (its pad's catch hook knows the child is done).
    CallInst::Create(Hook(CILK_ABI_PROF_RESUME), {Prof}, "",
                     returnPoint(cast<CallBase>(I)));
  }
  // A sync that follows a spawn statement at once ends a strand with
  // nothing of F's own in it.
  SmallPtrSet<Instruction *, 8> EmptyBefore;
  for (Instruction *I : Spawns) {
    SpawnStatement St;
    Instruction *Last =
        findSpawnStatement(cast<CallBase>(I), St) ? St.End : I;
    Instruction *Next = nextNonDebug(Last);
    while (Next && isLifetimeMarker(Next))
      Next = nextNonDebug(Next);
    if (Next && isCallTo(*Next, CILK_ABI_SYNC_MARKER))
      EmptyBefore.insert(Next);
  }
  for (Instruction *I : Syncs) {
    CallInst::Create(Hook(EmptyBefore.count(I) ? CILK_ABI_PROF_SYNC_EMPTY
                                               : CILK_ABI_PROF_SYNC),
                     {Prof}, "", I->getIterator());
    CallInst::Create(Hook(CILK_ABI_PROF_SYNCED), {Prof}, "",
                     std::next(I->getIterator()));
  }
  for (Instruction *I : Rets)
    CallInst::Create(Hook(CILK_ABI_PROF_RETURN), {Prof}, "", I->getIterator());
  hookRegions(F, Prof, CILK_ABI_PROF_REGION_BEGIN, CILK_ABI_PROF_REGION_END);

  // Cilk_user_work, Cilk_user_critical_path and wsp_getworkspan() read
  // this record, and a thread computation's start and the wait for its
  // results (CilkThreadLowering.cpp) end strands of F: the same call with the
  // record first.
  static constexpr std::pair<StringRef, StringRef> WithRecord[] = {
      {CILK_ABI_USER_WORK, CILK_ABI_PROF_USER_WORK},
      {CILK_ABI_USER_CRITICAL_PATH, CILK_ABI_PROF_USER_CRITICAL_PATH},
      {CILK_ABI_WORKSPAN, CILK_ABI_PROF_WORKSPAN},
      {CILK_ABI_CP_START, CILK_ABI_PROF_CP_START},
      {CILK_ABI_CP_WAIT, CILK_ABI_PROF_CP_WAIT}};
  SmallVector<std::pair<CallInst *, StringRef>, 2> Calls;
  for (Instruction &I : instructions(F))
    for (auto [Plain, Profiled] : WithRecord)
      if (isCallTo(I, Plain))
        Calls.push_back({cast<CallInst>(&I), Profiled});
  for (auto [CI, Name] : Calls) {
    SmallVector<Value *, 2> Args{Prof};
    append_range(Args, CI->args());
    auto *Read = CallInst::Create(Hook(Name), Args, "", CI->getIterator());
    Read->takeName(CI);
    CI->replaceAllUsesWith(Read);
    CI->eraseFromParent();
  }
}

/// The procedures that must stay profiled: those that read their records
/// (Cilk_user_work, wsp_getworkspan()) or run thread computations, whose
/// figures need every strand timed, and those that call or spawn them
/// (quiet code would run them unprofiled).
static SmallPtrSet<Function *, 8> readersOfRecords(Module &M) {
  SmallPtrSet<Function *, 8> Readers;
  SmallVector<Function *, 8> Work;
  for (StringRef Reads :
       {CILK_ABI_USER_WORK, CILK_ABI_USER_CRITICAL_PATH, CILK_ABI_WORKSPAN,
        CILK_ABI_CP_START, CILK_ABI_CP_WAIT})
    if (Function *Fn = M.getFunction(Reads))
      Work.push_back(Fn);
  while (!Work.empty())
    for (User *U : Work.pop_back_val()->users())
      if (auto *CB = dyn_cast<CallBase>(U))
        if (Function *Caller = CB->getFunction();
            Readers.insert(Caller).second)
          Work.push_back(Caller);
  return Readers;
}

/// The quiet clones (see the IR above), made before the hooks: each Cilk
/// procedure F but Cilk main and readersOfRecords becomes F and F.quiet,
/// the same procedure without hooks (C++'s record and pads are removed),
/// which the mode lowers as it lowers F, so that a quiet subtree runs the
/// code of a build without profiling; calls and spawns in quiet code run
/// quiet clones.
static void makeQuietClones(Module &M) {
  SmallPtrSet<Function *, 8> Readers = readersOfRecords(M);
  MapVector<Function *, Function *> Quiet;
  for (Function &F : M)
    if (isCilkProcedure(F) && !F.isDeclaration() && !F.isVarArg() &&
        F.getName() != CILK_ABI_MAIN && !Readers.count(&F))
      Quiet[&F] = nullptr;
  for (auto &[F, Q] : Quiet) {
    ValueToValueMapTy VMap;
    Q = CloneFunction(F, VMap);
    Q->setName(F->getName() + CILK_ABI_QUIET_SUFFIX);
    Q->setLinkage(GlobalValue::InternalLinkage);
    Q->setDSOLocal(true);
    Q->setComdat(nullptr);
    Q->addFnAttr(CILK_QUIET_ATTR);
  }
  for (auto &[F, Q] : Quiet) {
    SmallVector<Instruction *, 8> Hooks;
    for (Instruction &I : instructions(*Q)) {
      if (isProfileHook(I))
        Hooks.push_back(&I);
      else if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *QC = Quiet.lookup(CB->getCalledFunction()))
          CB->setCalledFunction(QC);
    }
    for (Instruction *I : Hooks)
      I->eraseFromParent();
  }
}

/// Makes F run Q when this thread's quiet flag is set (see the IR above).
static void addQuietEntry(Function &F, Function &Q) {
  Module &M = *F.getParent();
  BasicBlock &Entry = F.getEntryBlock();
  // The entry's allocas stay static (-O0 leaves some after other code).
  Instruction *First = &*Entry.getFirstNonPHIOrDbgOrAlloca();
  for (Instruction &I : make_early_inc_range(Entry))
    if (isa<AllocaInst>(I) && cast<AllocaInst>(I).isStaticAlloca() &&
        !I.comesBefore(First))
      I.moveBefore(First);
  BasicBlock *Profiled = Entry.splitBasicBlock(First, "entry.profiled");
  BasicBlock *Quiet =
      BasicBlock::Create(M.getContext(), "prof.quiet", &F, Profiled);
  IRBuilder<> B(Entry.getTerminator());
  if (DISubprogram *SP = F.getSubprogram()) // calls of F's file need one
    B.SetCurrentDebugLocation(DILocation::get(M.getContext(), 0, 0, SP));
  Value *Addr = B.CreateThreadLocalAddress(
      runtimeTLS(M, CILK_ABI_PROF_QUIET, B.getInt8Ty()));
  Addr->setName("quiet.addr");
  Value *Set = B.CreateICmpNE(B.CreateLoad(B.getInt8Ty(), Addr, "quiet"),
                              B.getInt8(0), "is.quiet");
  B.CreateCondBr(Set, Quiet, Profiled);
  Entry.getTerminator()->eraseFromParent();
  B.SetInsertPoint(Quiet);
  B.CreateStore(B.getInt8(0), Addr);
  SmallVector<Value *, 8> Args(llvm::make_pointer_range(F.args()));
  CallInst *Call = B.CreateCall(&Q, Args);
  Call->setAttributes(interfaceAttributes(F, false));
  Call->setCallingConv(F.getCallingConv());
  Call->setTailCall();
  if (F.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
}

bool buildQuietClones(Module &M) {
  // What a spawn or call enters of F and of F.quiet: the fast clones of
  // procedures that spawn or sync, else the procedures themselves (leaves,
  // and every procedure of the serial elision).
  SmallVector<std::pair<Function *, Function *>, 16> Entries;
  for (Function &F : M) {
    if (F.isDeclaration() || !profileRecord(F))
      continue;
    StringRef Name = F.getName();
    std::string QuietName =
        Name.consume_back(CILK_ABI_FAST_SUFFIX)
            ? (Name + CILK_ABI_QUIET_SUFFIX + CILK_ABI_FAST_SUFFIX).str()
            : (Name + CILK_ABI_QUIET_SUFFIX).str();
    if (Function *Q = M.getFunction(QuietName))
      Entries.push_back({&F, Q});
  }
  for (auto [F, Q] : Entries)
    addQuietEntry(*F, *Q);
  for (Function &F : M)
    F.removeFnAttr(CILK_QUIET_ATTR);
  return !Entries.empty();
}

bool instrumentForProfile(Module &M, Mode TheMode) {
  makeQuietClones(M);
  bool Changed = false;
  for (Function &F : M)
    if (isCilkProcedure(F) && !F.isDeclaration() &&
        !F.hasFnAttribute(CILK_QUIET_ATTR)) {
      instrument(F, TheMode);
      Changed = true;
    }
  return Changed;
}

} // namespace cilk
