//===- CilkRace.cpp - Hooks of the determinacy-race detector --------------===//
//
// With -fplugin-arg-cilk-race (opt: cilk<serial;race>) the program is its
// serial elision, run once depth first, and the detector (libcilkrace.a,
// runtime/race.c) follows its series-parallel structure with the SP-bags
// algorithm. This phase runs after phase 1, before the serial lowering,
// while the markers of spawn statements and inlets are still there. Each
// Cilk procedure becomes:
//
//   entry:
//     %race = alloca [64 x i8], align 8
//     call void @__cilkrt_race_enter(ptr %race)
//     ...
//     call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %p)
//     %r = call i32 @f(ptr %p), !cilk.spawn !0        ; (!dbg of the spawn)
//     call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 1,
//                                                   ptr %x.addr)  ; atomic
//     %x = load i32, ptr %x.addr                      ; the tail, as the
//     %s = add i32 %x, %r                             ; runtime applies it
//     store i32 %s, ptr %x.addr                       ; after a steal
//     call void @__cilk_spawn_end()
//     [call void @__cilk_inlet_begin(i32 ID) ... @__cilk_inlet_end(i32 ID)]
//     call void @__cilkrt_race_resume(ptr %race)
//     [call void @__cilkrt_race_forget(ptr %sret.tmp, i64 <size>)]
//     ...
//     call void @__cilkrt_race_sync(ptr %race)
//     call void @__cilk_sync_marker()
//     ...
//     call void @__cilkrt_race_return(ptr %race)
//     ret i32 %v
//
// C++ (a procedure with a personality routine): each landing pad begins
// with `call void @__cilkrt_race_catch(ptr %race)` (a child that threw is
// done, and the pad waits for every child, as in the parallel modes), each
// `resume` is preceded by `call void @__cilkrt_race_unwind(ptr %race)` (the
// exception leaves: a return after the sync of everything), and every call
// that may throw without a landing pad gets one, race.unwind, that calls
// the latter and resumes. A spawned invoke stays one: the child's
// exception unwinds into the parent's pad as in the serial elision.
//
// The tail is the child's, not the parent's: the result assignment and the
// inlet run when the child returns, logically in parallel with the rest of
// the parent up to its sync. A tail that reads before it writes (`x op=
// spawn`, an inlet) is atomic (the runtime applies it under the parent's
// lock), so it never races with the parent's strands or another such
// tail; `x = spawn` is not.
//
// Every function defined in the module gets sanitize_thread, so that the
// ThreadSanitizer instrumentation (added by registerCilkPipeline at the end
// of the pipeline) calls the detector at each memory access, and
// "frame-pointer"="all": at a function's exit the detector finds the end of
// its frame through the frame pointer, to forget the accesses to its locals
// (a later sibling's frame reuses the memory). Cilk procedures, and spawned
// calls of any function, are not inlined: an inlined child's locals could
// share a stack slot with its sibling's without a return in between.
//
// After ThreadSanitizer, RaceFramesPass has every function forget its
// by-value parameters where it exits, removes ThreadSanitizer's function
// entry hooks (no-ops in the detector) and the exit hooks of functions
// whose frames hold nothing checked (no local but the race record, no
// argument passed in the frame): fib's race build runs 7% fewer
// instructions.
//
//   call void @__cilkrt_race_forget(ptr %b, i64 2400)   ; ptr byval %b
//   call void @__tsan_func_exit()
//   ret i64 %s
//
// A by-value parameter is the caller's copy, in its outgoing arguments:
// above the callee's frame, which the exit hook forgets, and reused by the
// caller before the caller's own exit forgets it. The next call's copy
// overwrites it, and where the caller's frame has a variable size (a VLA)
// the copy is pushed below its stack pointer and popped after the call,
// where the next callee's frame then lies. Any function's parameters, not
// only a Cilk procedure's: a spawned C function's accesses to its copy are
// logically parallel with its parent's continuation, whose calls write
// there next.
//
// At the end of the pipeline, before ThreadSanitizer, RaceLocalsPass marks
// the end of each local's lifetime where the local's address escapes:
//
//   call void @__cilkrt_race_scope_end(ptr %t, i64 4)   ; !dbg of the end
//   call void @llvm.lifetime.end.p0(i64 4, ptr %t)
//
// The slot may be another local's next (stack colouring shares slots, and
// inlining brings the locals of calls into one frame); a strand that still
// used the local in parallel races with its end.
//
// It also checks the accesses that ThreadSanitizer leaves out although
// another strand may reach their memory. ThreadSanitizer skips an access to
// a local when the access's address is not captured, not when the local is
// not: a member or element at a nonzero offset (q.c, a[1]) is reached
// through a GEP that only the load or store uses, so the parent's read of a
// struct member that a spawn's tail writes would not be seen. And it has no
// check for a size other than 1, 2, 4, 8 or 16 bytes (a struct of three
// chars returned in a register is stored as an i24). Each such access gets
// a check of its own, located at it:
//
//   call void @__tsan_read_range(ptr nocapture %q.c, i64 8)  ; !dbg of the load
//   %v = load i64, ptr %q.c
//
// (nocapture: the call does not make ThreadSanitizer check it a second time).
//
// So is the source of a by-value argument (byval), which the code generator
// copies into the caller's outgoing arguments: a read of the whole
// aggregate, checked where the caller makes the copy, located at the call.
// A spawned call's copy is the parent's, made before the child starts, so
// its check goes before the spawn hook: the child reads only its copy, and
// the parent's writes to the source after the spawn do not race with it.
// Only the calls that are left after inlining have a copy; an inlined
// callee reads the source itself, or the copy the inliner makes with a
// memcpy, and ThreadSanitizer checks those.
//
//   call void @__tsan_read_range(ptr nocapture %bg, i64 2400)  ; !dbg of the call
//   call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %bg)
//   %x = call i64 @rd(ptr byval(%struct.Big) %bg), !cilk.spawn !0
//
// And first, it checks a loop's walk over memory once, before the loop
// (hoistLoopChecks; RaceLoopsPass does it first, before the vectorizer,
// and keeps such a loop scalar: the vectorizer's wide accesses would not
// keep !nosanitize, and a vectorized loop with a small bound, unrolled,
// is no loop any more): where a loop calls nothing and has no atomic access (one
// strand, one set of locks, from its first iteration to its last), exits only
// at its latch, and runs a computable number of times, each plain access of
// a block that runs in every iteration, to consecutive addresses, is checked
// as one range in the preheader, located at the access, which is then left
// to itself (!nosanitize):
//
//   preheader:
//     call void @__tsan_read_range(ptr %lowest, i64 <trips * size>)
//   loop:
//     %v = load double, ptr %a.i, !nosanitize
//
// Walks of one kind and element size whose lowest addresses differ by
// constants that leave no gap are one range (a stencil's c[x - 1], c[x]
// and c[x + 1]: the row and one element on either side), located at the
// lowest walk's access.
//
// The detector's verdicts are the same: the strand and its locks are those
// of every iteration, and one strand's accesses do not race with each other
// in whatever order they are checked.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace cilk {

/// The end marker of the inlet whose begin marker is Begin (same ID, same
/// function), or null.
static CallInst *inletEnd(CallInst *Begin) {
  Function *End = Begin->getModule()->getFunction(CILK_ABI_INLET_END);
  if (!End)
    return nullptr;
  for (User *U : End->users())
    if (auto *CI = dyn_cast<CallInst>(U);
        CI && CI->getFunction() == Begin->getFunction() &&
        CI->getArgOperand(0) == Begin->getArgOperand(0))
      return CI;
  return nullptr;
}

/// Where the spawn statement of Call ends (the last instruction of its
/// result assignment, or of the inlet that follows it), or null if nothing
/// follows the call; Atomic: that tail reads before it writes.
static Instruction *spawnTailEnd(CallInst *Call, bool &Atomic) {
  Atomic = false;
  Instruction *Last = nullptr;
  SpawnStatement St;
  if (findSpawnStatement(Call, St)) {
    Last = St.End;
    Atomic = any_of(St.Insts, [](Instruction *I) {
      return isa<LoadInst>(I) || isa<AtomicRMWInst>(I) ||
             isa<AtomicCmpXchgInst>(I);
    });
  }
  Instruction *Next = nextNonDebug(Last ? Last : Call);
  if (Next && isCallTo(*Next, CILK_ABI_INLET_BEGIN))
    if (CallInst *End = inletEnd(cast<CallInst>(Next))) {
      Last = End;
      Atomic = true;
    }
  return Last;
}

/// True if U only reads a value for an inlet call's argument marker (the
/// arguments are evaluated at the spawn; after a steal the inlet has a
/// copy).
static bool readForInletArgs(Instruction *U) {
  return isa<LoadInst>(U) && all_of(U->users(), [](User *V) {
           auto *I = dyn_cast<Instruction>(V);
           return I && isCallTo(*I, CILK_ABI_INLET_ARGS);
         });
}

/// The addresses tail instruction I reads or writes: a load's or store's,
/// and a memcpy's, memmove's or memset's (an aggregate result is copied
/// into its destination by one, from the child's sret temporary or from
/// the temporary its registers were stored into).
static SmallVector<Value *, 2> accessedPointers(Instruction *I) {
  if (Value *P = getLoadStorePointerOperand(I))
    return {P};
  if (auto *MT = dyn_cast<MemTransferInst>(I))
    return {MT->getRawDest(), MT->getRawSource()};
  if (auto *MS = dyn_cast<MemSetInst>(I))
    return {MS->getRawDest()};
  return {};
}

/// The instructions from Call to TailEnd, which the spawn statement's
/// markers delimit (single entry: nothing else jumps in).
static SmallVector<Instruction *, 16> tailInstructions(CallInst *Call,
                                                       Instruction *TailEnd) {
  SmallVector<Instruction *, 16> Insts;
  SmallPtrSet<BasicBlock *, 8> Seen{Call->getParent()};
  SmallVector<Instruction *, 8> Starts{Call->getNextNode()};
  while (!Starts.empty()) {
    for (Instruction *I = Starts.pop_back_val(); I; I = I->getNextNode()) {
      if (I == TailEnd)
        break;
      Insts.push_back(I);
      if (I->isTerminator())
        for (BasicBlock *Succ : successors(I))
          if (Seen.insert(Succ).second)
            Starts.push_back(&Succ->front());
    }
  }
  return Insts;
}

/// The instructions of F that reach A's memory (through GEPs and casts),
/// lifetime markers and an inlet's argument reads aside; false if some
/// use is none of a load, a store to it or a memory intrinsic (A may
/// escape: ThreadSanitizer checks it anyway).
static bool accessesOf(AllocaInst *A, SmallPtrSetImpl<Instruction *> &Out) {
  return allUsersSatisfy(A, [&](Instruction *U) {
    if (readForInletArgs(U))
      return true;
    auto *St = dyn_cast<StoreInst>(U);
    if (!isa<LoadInst>(U) && !(St && St->getValueOperand() != A) &&
        !isa<MemIntrinsic>(U))
      return false;
    Out.insert(U);
    return true;
  });
}

/// True if an instruction that IsTarget may run after From (exclusive)
/// before one that IsSync: a spawn's tail that ends at From (or its hook)
/// is logically in parallel with it then.
static bool reachedBeforeSync(Instruction *From,
                              function_ref<bool(Instruction *)> IsTarget,
                              function_ref<bool(Instruction *)> IsSync) {
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<Instruction *, 8> Starts;
  auto Follow = [&](Instruction *Term) {
    for (BasicBlock *Succ : successors(Term))
      if (Seen.insert(Succ).second)
        Starts.push_back(&Succ->front());
  };
  if (From->isTerminator())
    Follow(From);
  else
    Starts.push_back(From->getNextNode());
  while (!Starts.empty()) {
    for (Instruction *I = Starts.pop_back_val(); I; I = I->getNextNode()) {
      if (IsSync(I))
        break;
      if (IsTarget(I))
        return true;
      if (I->isTerminator())
        Follow(I);
    }
  }
  return false;
}

static void instrument(Function &F) {
  Module &M = *F.getParent();
  auto Hook = [&](StringRef Name) { return getRuntimeFn(M, Name); };
  const DataLayout &DL = M.getDataLayout();
  insertImplicitSyncs(F);
  // C++: a spawned invoke is a call while the hooks go in (a spawn
  // statement is the straight line from its call), and an invoke of its
  // landing pad again after.
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator());
        II && isSpawn(*II) && !isa<PHINode>(II->getUnwindDest()->front()))
      Invokes.push_back(II);
  SmallVector<std::pair<CallInst *, BasicBlock *>, 8> SpawnedInvokes;
  for (InvokeInst *II : Invokes) {
    BasicBlock *Normal = II->getNormalDest();
    BasicBlock *Unwind = II->getUnwindDest();
    SpawnedInvokes.push_back({changeToCall(II), Unwind});
    MergeBlockIntoPredecessor(Normal);
  }

  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&*Entry.getFirstInsertionPt());
  AllocaInst *Rec = B.CreateAlloca(
      ArrayType::get(B.getInt8Ty(), CILK_ABI_PROF_SIZE), nullptr, "race");
  Rec->setAlignment(Align(8));
  B.SetInsertPoint(&*Entry.getFirstNonPHIOrDbgOrAlloca());
  B.CreateCall(Hook(CILK_ABI_RACE_ENTER), {Rec});

  SmallVector<CallInst *, 16> Spawns;
  SmallVector<Instruction *, 16> Syncs, Rets;
  bool Regions = false;
  for (Instruction &I : instructions(F)) {
    if (auto *CI = dyn_cast<CallInst>(&I); CI && isSpawn(*CI))
      Spawns.push_back(CI);
    else if (isCallTo(I, CILK_ABI_SYNC_MARKER))
      Syncs.push_back(&I);
    else if (isa<ReturnInst>(I))
      Rets.push_back(&I);
    Regions |= isCallTo(I, CILK_ABI_REGION_BEGIN);
  }
  // The syncs that wait for every child: all of them, where F opens no
  // sync region (a region's sync waits for the region's children only).
  SmallPtrSet<Instruction *, 16> FullSyncs;
  if (!Regions)
    FullSyncs.insert(Syncs.begin(), Syncs.end());
  for (CallInst *Call : Spawns) {
    // A spawned C function (OpenCilk's cilk_spawn) is not inlined either:
    // with the copy of a by-value argument then forwarded to the parent's
    // variable, the child would read the parent's memory.
    Call->addFnAttr(Attribute::NoInline);
    SmallVector<AllocaInst *, 4> Own = spawnOwnTemporaries(Call);
    bool Atomic;
    Instruction *TailEnd = spawnTailEnd(Call, Atomic);
    // Located at the spawn: the detector names the spawn by this call's
    // return address. The spawn's pointer arguments go along, unused, so
    // that they escape: in the elision the child cannot keep them, and
    // ThreadSanitizer would not instrument the parent's accesses to a
    // local whose address no call captures.
    SmallVector<Value *, 4> Args{Rec};
    for (Value *A : Call->args())
      if (A->getType()->isPointerTy())
        Args.push_back(A);
    CallInst::Create(Hook(CILK_ABI_RACE_SPAWN), Args, "", Call->getIterator())
        ->setDebugLoc(Call->getDebugLoc());
    // The locals the tail reads or writes go along too, for the same
    // reason: the parent's continuation may read them before the sync.
    // (Not the tail's own, such as an inlet's parameters, which the parent
    // only sets before the call: after a steal the inlet gets a copy. Nor
    // a local of which no access may come after the tail before a sync
    // that waits for it, such as fib's `x`, read after the sync only: no
    // access to it can race, and none is checked.) So does a pointer the
    // parent computed for the tail (`*p = spawn`, `p->s = spawn`, hoisted
    // before the call): it may be the address of a local that only the
    // optimizer finds, and that would not escape then.
    if (TailEnd) {
      SmallVector<Value *, 4> TailArgs{Rec, B.getInt32(Atomic)};
      SmallVector<Instruction *, 16> Tail = tailInstructions(Call, TailEnd);
      SmallPtrSet<Instruction *, 16> InTail(Tail.begin(), Tail.end());
      for (Instruction *I : Tail)
        for (Value *P : accessedPointers(I)) {
          Value *Obj = getUnderlyingObject(P);
          if (is_contained(TailArgs, Obj) || is_contained(Args, Obj))
            continue;
          if (auto *A = dyn_cast<AllocaInst>(Obj)) {
            SmallPtrSet<Instruction *, 16> Accesses;
            if (!allUsersSatisfy(A, [&](Instruction *U) {
                  auto *St = dyn_cast<StoreInst>(U);
                  return InTail.count(U) ||
                         (St && St->getValueOperand() != A) ||
                         readForInletArgs(U);
                }) &&
                (!accessesOf(A, Accesses) ||
                 reachedBeforeSync(
                     TailEnd,
                     [&](Instruction *I) { return Accesses.count(I) != 0; },
                     [&](Instruction *I) {
                       return FullSyncs.count(I) != 0;
                     })))
              TailArgs.push_back(A);
          } else if (auto *OI = dyn_cast<Instruction>(Obj);
                     OI && OI != Call && !InTail.count(OI)) {
            TailArgs.push_back(OI);
          }
        }
      // A tail whose accesses no check sees (fib's `x = spawn`: a local
      // that does not escape) needs no strand of its own.
      bool Seen = TailArgs.size() > 2 || any_of(Tail, [&](Instruction *I) {
        if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
          return true;
        return any_of(accessedPointers(I), [&](Value *P) {
          auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(P));
          SmallPtrSet<Instruction *, 16> Accesses;
          return !A || is_contained(Args, A) || !accessesOf(A, Accesses);
        });
      });
      if (Seen)
        CallInst::Create(Hook(CILK_ABI_RACE_TAIL), TailArgs, "",
                         std::next(Call->getIterator()));
    }
    Instruction *After = TailEnd ? TailEnd : Call;
    auto *Resume = CallInst::Create(Hook(CILK_ABI_RACE_RESUME), {Rec}, "",
                                    std::next(After->getIterator()));
    // An aggregate result arrives in a temporary of the parent that every
    // spawn of the statement reuses; after a steal each child has its own.
    // Once the tail has read it, it belongs to no one.
    for (unsigned I = 0; I < Call->arg_size(); ++I)
      if (Call->paramHasAttr(I, Attribute::StructRet))
        CallInst::Create(
            Hook(CILK_ABI_RACE_FORGET),
            {Call->getArgOperand(I),
             B.getInt64(DL.getTypeAllocSize(Call->getParamStructRetType(I)))},
            "", std::next(Resume->getIterator()));
    // So does a temporary the child received in a loop (a C++ argument's
    // copy, a lambda), which the next iteration makes again in the same
    // local: the parallel modes give each spawn storage of its own.
    for (AllocaInst *A : Own)
      CallInst::Create(Hook(CILK_ABI_RACE_FORGET),
                       {A, B.getInt64(A->getAllocationSize(DL)
                                          ->getFixedValue())},
                       "", std::next(Resume->getIterator()));
  }
  for (Instruction *I : Syncs)
    CallInst::Create(Hook(CILK_ABI_RACE_SYNC), {Rec}, "", I->getIterator());
  hookRegions(F, Rec, CILK_ABI_RACE_REGION_BEGIN, CILK_ABI_RACE_REGION_END);
  for (Instruction *I : Rets)
    CallInst::Create(Hook(CILK_ABI_RACE_RETURN), {Rec}, "", I->getIterator());
  for (auto [CI, Unwind] : SpawnedInvokes)
    changeToInvokeAndSplitBasicBlock(CI, Unwind);
  // C++: the hooks of landing pads and of exceptions that leave F (see the
  // file comment).
  if (F.hasPersonalityFn())
    hookUnwinding(F, Rec, CILK_ABI_RACE_CATCH, CILK_ABI_RACE_UNWIND,
                  "race.unwind", [](CallInst &) { return false; });
}

/// The tail hooks that hand A to the detector, if nothing else lets it
/// escape: loads, stores to it, memory intrinsics, lifetime markers and
/// range checks aside, each of its users is one; else false.
static bool escapesToTailsOnly(AllocaInst *A,
                               SmallVectorImpl<Instruction *> &Tails) {
  return allUsersSatisfy(A, [&](Instruction *U) {
    auto *St = dyn_cast<StoreInst>(U);
    if (isa<LoadInst>(U) || (St && St->getValueOperand() != A) ||
        isa<MemIntrinsic>(U) || isCallTo(*U, CILK_ABI_RACE_READ_RANGE) ||
        isCallTo(*U, CILK_ABI_RACE_WRITE_RANGE))
      return true;
    if (!isCallTo(*U, CILK_ABI_RACE_TAIL))
      return false;
    Tails.push_back(U);
    return true;
  });
}

/// True if End may run after one of Tails before a sync of every region:
/// the tail's child may still be writing the local that ends there.
static bool endMayMeetTail(Instruction *End, ArrayRef<Instruction *> Tails,
                           bool Regions) {
  if (Regions)
    return !Tails.empty();
  return any_of(Tails, [&](Instruction *T) {
    return reachedBeforeSync(
        T, [&](Instruction *I) { return I == End; },
        [](Instruction *I) { return isCallTo(*I, CILK_ABI_RACE_SYNC); });
  });
}

/// Marks the end of each escaping local's lifetime (see the file comment).
static bool markScopeEnds(Function &F, const DataLayout &DL) {
  SmallVector<std::pair<IntrinsicInst *, AllocaInst *>, 8> Ends;
  bool Regions = false;
  for (Instruction &I : instructions(F)) {
    Regions |= isCallTo(I, CILK_ABI_RACE_REGION_BEGIN);
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && II->getIntrinsicID() == Intrinsic::lifetime_end)
      if (auto *AI =
              dyn_cast<AllocaInst>(getUnderlyingObject(II->getArgOperand(1)));
          AI && PointerMayBeCaptured(AI, /*ReturnCaptures=*/true,
                                     /*StoreCaptures=*/true))
        Ends.push_back({II, AI});
  }
  if (Ends.empty())
    return false;
  Module &M = *F.getParent();
  Type *I64 = Type::getInt64Ty(M.getContext());
  for (auto [II, AI] : Ends) {
    auto *Size = cast<ConstantInt>(II->getArgOperand(0));
    uint64_t N = Size->isMinusOne()
                     ? AI->getAllocationSize(DL).value_or(TypeSize::getFixed(0))
                           .getFixedValue()
                     : Size->getZExtValue();
    // A local that only spawns' tails write in parallel, all of them
    // synced where it ends (pfold's `part`), ends in no race: its shadow
    // is only forgotten, without the check of a write.
    SmallVector<Instruction *, 4> Tails;
    bool Synced = escapesToTailsOnly(AI, Tails) &&
                  !endMayMeetTail(II, Tails, Regions);
    CallInst::Create(getRuntimeFn(M, Synced ? CILK_ABI_RACE_FORGET
                                            : CILK_ABI_RACE_SCOPE_END),
                     {II->getArgOperand(1), ConstantInt::get(I64, N)}, "",
                     II->getIterator())
        ->setDebugLoc(II->getDebugLoc());
  }
  return true;
}

namespace {
/// Whether another strand may reach a local (its address may escape).
struct EscapeCache {
  SmallDenseMap<AllocaInst *, bool, 8> Escapes;
  bool operator()(AllocaInst *A) {
    auto [It, New] = Escapes.try_emplace(A, false);
    if (New)
      It->second = PointerMayBeCaptured(A, /*ReturnCaptures=*/true,
                                        /*StoreCaptures=*/true);
    return It->second;
  }
};
} // namespace

/// The address of I, a load or store, if ThreadSanitizer would check it:
/// a fixed size, address space 0, not a local that does not escape (that
/// local, if any, in *Local); else null.
static Value *sharedAddress(Instruction &I, const DataLayout &DL,
                            EscapeCache &MayEscape,
                            AllocaInst **Local = nullptr) {
  Value *P = getLoadStorePointerOperand(&I);
  TypeSize N = DL.getTypeStoreSize(getLoadStoreType(&I));
  if (N.isScalable() || P->getType()->getPointerAddressSpace() != 0)
    return nullptr;
  auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(P));
  if (A && !MayEscape(A))
    return nullptr;
  if (Local)
    *Local = A;
  return P;
}

/// Before At, located at Access (a load or store, or a call that copies a
/// by-value argument: a read): a check of Len bytes from P, as Access
/// reads or writes them.
///
///   call void @__tsan_read_range(ptr nocapture %p, i64 %len)
static void checkRange(Instruction *Access, Value *P, Value *Len,
                       Instruction *At) {
  Module &M = *At->getModule();
  auto *Check = CallInst::Create(
      getRuntimeFn(M, isa<StoreInst>(Access) ? CILK_ABI_RACE_WRITE_RANGE
                                             : CILK_ABI_RACE_READ_RANGE),
      {P, Len}, "", At->getIterator());
  Check->setDebugLoc(Access->getDebugLoc());
  Check->addParamAttr(0, Attribute::NoCapture);
}

/// Checks the walks of L over memory once, before it (see the file
/// comment).
static bool hoistLoopChecks(Loop &L, ScalarEvolution &SE, DominatorTree &DT,
                            const DataLayout &DL, EscapeCache &MayEscape) {
  BasicBlock *Pre = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Pre || !Latch || L.getExitingBlock() != Latch)
    return false;
  const SCEV *Back = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Back))
    return false;
  SmallVector<Instruction *, 8> Walks;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *II = dyn_cast<IntrinsicInst>(&I);
      bool Inert = II && (!II->mayReadOrWriteMemory() ||
                          II->isAssumeLikeIntrinsic() ||
                          II->isLifetimeStartOrEnd());
      if ((isa<CallBase>(I) && !Inert) ||
          isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst>(I) ||
          (isa<LoadInst>(I) && !cast<LoadInst>(I).isUnordered()) ||
          (isa<StoreInst>(I) && !cast<StoreInst>(I).isUnordered()))
        return false; // another strand, or other locks, may begin inside
      if (!isa<LoadInst, StoreInst>(I) ||
          I.hasMetadata(LLVMContext::MD_nosanitize) ||
          !DT.dominates(BB, Latch))
        continue;
      Value *P = sharedAddress(I, DL, MayEscape);
      if (!P)
        continue; // ThreadSanitizer leaves it out
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(P));
      if (!AR || AR->getLoop() != &L || !AR->isAffine())
        continue;
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (!Step || Step->getAPInt().abs() !=
                       DL.getTypeStoreSize(getLoadStoreType(&I)))
        continue; // not consecutive: the range would hold others' bytes
      Walks.push_back(&I);
    }
  if (Walks.empty())
    return false;
  Module &M = *Pre->getModule();
  Type *I64 = Type::getInt64Ty(M.getContext());
  SCEVExpander Exp(SE, DL, "race.walk");
  Instruction *At = Pre->getTerminator();
  const SCEV *Trips = SE.getAddExpr(SE.getTruncateOrZeroExtend(Back, I64),
                                    SE.getOne(I64));
  // Each walk's lowest address; walks of one kind and element size whose
  // lowest addresses differ by constants are one range where those
  // differences leave no gap (each walk covers at least one element):
  // `c[x - 1] + c[x] + c[x + 1]` is one read of the row and one element
  // on either side, checked once, located at the lowest walk's access.
  struct Walk {
    Instruction *I;
    const SCEV *Lowest;
    uint64_t N;
    int64_t Off = 0;       // from its cluster's first walk's Lowest
    Walk *Lead = nullptr;  // that first walk (null: itself)
  };
  SmallVector<Walk, 8> Ws;
  for (Instruction *I : Walks) {
    auto *AR = cast<SCEVAddRecExpr>(SE.getSCEV(getLoadStorePointerOperand(I)));
    const SCEV *Lowest = AR->getStart();
    if (cast<SCEVConstant>(AR->getStepRecurrence(SE))->getAPInt().isNegative())
      Lowest = AR->evaluateAtIteration(Back, SE);
    Ws.push_back({I, Lowest,
                  DL.getTypeStoreSize(getLoadStoreType(I)).getFixedValue()});
  }
  for (Walk &W : Ws)
    for (Walk &Lead : Ws) {
      if (&Lead == &W)
        break;
      if (Lead.Lead || isa<StoreInst>(Lead.I) != isa<StoreInst>(W.I) ||
          Lead.N != W.N)
        continue;
      auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(W.Lowest, Lead.Lowest));
      if (D && D->getAPInt().getSignificantBits() <= 32) {
        W.Lead = &Lead;
        W.Off = D->getAPInt().getSExtValue();
        break;
      }
    }
  bool Changed = false;
  for (Walk &Lead : Ws) {
    if (Lead.Lead)
      continue;
    // Lead's cluster, by offset: runs with no gap between them.
    SmallVector<Walk *, 4> Cluster{&Lead};
    for (Walk &W : Ws)
      if (W.Lead == &Lead)
        Cluster.push_back(&W);
    llvm::sort(Cluster, [](Walk *A, Walk *B) { return A->Off < B->Off; });
    for (size_t From = 0; From < Cluster.size();) {
      size_t To = From + 1;
      while (To < Cluster.size() &&
             Cluster[To]->Off - Cluster[To - 1]->Off <= int64_t(Lead.N))
        ++To;
      Walk &First = *Cluster[From];
      int64_t Span = Cluster[To - 1]->Off - First.Off;
      const SCEV *Bytes =
          SE.getAddExpr(SE.getMulExpr(Trips, SE.getConstant(I64, Lead.N)),
                        SE.getConstant(I64, Span));
      if (Exp.isSafeToExpand(First.Lowest) && Exp.isSafeToExpand(Bytes)) {
        Value *Lo = Exp.expandCodeFor(
            First.Lowest, PointerType::getUnqual(M.getContext()), At);
        checkRange(First.I, Lo, Exp.expandCodeFor(Bytes, I64, At), At);
        for (size_t K = From; K < To; ++K)
          Cluster[K]->I->setMetadata(LLVMContext::MD_nosanitize,
                                     MDNode::get(M.getContext(), {}));
        Changed = true;
      }
      From = To;
    }
  }
  return Changed;
}

/// True if ThreadSanitizer has a check for an access of N bytes.
static bool tsanHasSize(uint64_t N) {
  return N == 1 || N == 2 || N == 4 || N == 8 || N == 16;
}

/// Checks the plain loads and stores that ThreadSanitizer leaves out
/// although another strand may reach their memory (see the file comment):
/// those of a size it has no check for (a struct of three chars returned
/// in a register is stored as an i24), and those whose address is derived
/// from a local that may be captured but is not captured itself. A local
/// that does not escape is left out, as ThreadSanitizer leaves it.
static bool checkMissedAccesses(Function &F, const DataLayout &DL,
                                EscapeCache &MayEscape) {
  SmallVector<Instruction *, 16> Missed;
  for (Instruction &I : instructions(F)) {
    auto *L = dyn_cast<LoadInst>(&I);
    auto *St = dyn_cast<StoreInst>(&I);
    if (((!L || L->isAtomic()) && (!St || St->isAtomic())) ||
        I.hasMetadata(LLVMContext::MD_nosanitize))
      continue;
    AllocaInst *A;
    Value *P = sharedAddress(I, DL, MayEscape, &A);
    if (!P)
      continue;
    if (!tsanHasSize(DL.getTypeStoreSize(getLoadStoreType(&I))) ||
        (A && P != A &&
         !PointerMayBeCaptured(P, /*ReturnCaptures=*/true,
                               /*StoreCaptures=*/true)))
      Missed.push_back(&I);
  }
  if (Missed.empty())
    return false;
  // Before each, located at it, a check of its store size.
  Type *I64 = Type::getInt64Ty(F.getContext());
  for (Instruction *I : Missed)
    checkRange(I, getLoadStorePointerOperand(I),
               ConstantInt::get(I64, DL.getTypeStoreSize(getLoadStoreType(I))),
               I);
  return true;
}

/// The spawn hook of Call, a spawned call (instrument() puts it right
/// before the call, in its block), or null.
static Instruction *spawnHookOf(CallBase *Call) {
  for (Instruction *I = Call->getPrevNode(); I; I = I->getPrevNode())
    if (isCallTo(*I, CILK_ABI_RACE_SPAWN))
      return I;
  return nullptr;
}

/// Checks each by-value argument's source as a read, which the code
/// generator's copy into the outgoing arguments is (see the file comment):
/// where the caller's strand reads it, located at the call. A spawned
/// call's copy is made before the child starts: its check goes before the
/// spawn hook, as the parent's read, not the child's (the child reads only
/// its copy, so the parent's writes to the source after the spawn do not
/// race with it). Left out, as ThreadSanitizer leaves them: a local that
/// does not escape, and constant data. So is a spawned call's source that
/// is not computed before its hook, and a spawned call without a hook
/// (neither is expected: instrument() hooks every spawn and hands the hook
/// the call's pointer arguments, unless a pass rewrote the call's alone).
static bool checkByValSources(Function &F, const DataLayout &DL,
                              EscapeCache &MayEscape) {
  SmallVector<std::tuple<Value *, uint64_t, CallBase *, Instruction *>, 8>
      Sources;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    Instruction *At = isSpawn(*Call) ? spawnHookOf(Call) : Call;
    for (unsigned K = 0; At && K < Call->arg_size(); ++K) {
      Value *P = Call->getArgOperand(K);
      if (!Call->isByValArgument(K) ||
          P->getType()->getPointerAddressSpace() != 0)
        continue;
      Value *Obj = getUnderlyingObject(P);
      if (auto *A = dyn_cast<AllocaInst>(Obj); A && !MayEscape(A))
        continue;
      if (auto *GV = dyn_cast<GlobalVariable>(Obj); GV && GV->isConstant())
        continue;
      if (auto *PI = dyn_cast<Instruction>(P);
          PI && At != Call && PI->getParent() == At->getParent() &&
          At->comesBefore(PI))
        continue;
      Sources.push_back(
          {P, DL.getTypeAllocSize(Call->getParamByValType(K)), Call, At});
    }
  }
  Type *I64 = Type::getInt64Ty(F.getContext());
  for (auto [P, N, Call, At] : Sources)
    checkRange(Call, P, ConstantInt::get(I64, N), At);
  return !Sources.empty();
}

/// hoistLoopChecks on every loop of F; KeepScalar: a loop whose checks
/// moved is not to be vectorized (the vectorizer's wide accesses would
/// not keep !nosanitize, and a vectorized loop, unrolled, may be no loop
/// any more).
static bool hoistLoopsChecks(Function &F, FunctionAnalysisManager &FAM,
                             EscapeCache &MayEscape, bool KeepScalar) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (hoistLoopChecks(*L, SE, DT, F.getDataLayout(), MayEscape)) {
      if (KeepScalar)
        addStringMetadataToLoop(L, "llvm.loop.vectorize.enable", 0);
      Changed = true;
    }
  return Changed;
}

PreservedAnalyses RaceLocalsPass::run(Function &F,
                                      FunctionAnalysisManager &FAM) {
  if (!F.hasFnAttribute(Attribute::SanitizeThread))
    return PreservedAnalyses::all();
  const DataLayout &DL = F.getDataLayout();
  EscapeCache MayEscape;
  bool Changed = hoistLoopsChecks(F, FAM, MayEscape, false);
  Changed |= checkMissedAccesses(F, DL, MayEscape);
  Changed |= checkByValSources(F, DL, MayEscape);
  Changed |= markScopeEnds(F, DL);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses RaceLoopsPass::run(Function &F,
                                     FunctionAnalysisManager &FAM) {
  if (!F.hasFnAttribute(Attribute::SanitizeThread))
    return PreservedAnalyses::all();
  EscapeCache MayEscape;
  return hoistLoopsChecks(F, FAM, MayEscape, true) ? PreservedAnalyses::none()
                                                   : PreservedAnalyses::all();
}

/// True if F's frame holds nothing the detector may have checked: its only
/// local is its race record (the argument of its enter hook, which the
/// hooks read and write but never check), and no call passes an argument
/// in F's frame (byval: the callee forgets its accesses to the copy at its
/// exits, but not if it is left otherwise, by a longjmp back into F).
static bool frameUnchecked(Function &F) {
  Value *Local = nullptr, *Record = nullptr;
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I)) {
      if (Local)
        return false;
      Local = &I;
    } else if (isCallTo(I, CILK_ABI_RACE_ENTER)) {
      Record = cast<CallBase>(I).getArgOperand(0);
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      for (unsigned K = 0; K < CB->arg_size(); ++K)
        if (CB->isByValArgument(K) || CB->isInAllocaArgument(K) ||
            CB->isPassPointeeByValueArgument(K))
          return false;
    }
  }
  return !Local || Local == Record;
}

/// ThreadSanitizer's entry hook is a no-op in the detector (race.c); its
/// exit hook forgets the returning function's frame and what lies below,
/// where only the function's own frame can still hold checked accesses
/// (each callee forgot its own at its exit). The function's by-value
/// parameters lie above its frame: each exit forgets them first (see the
/// file comment). ThreadSanitizer puts an exit hook at every exit of a
/// function with a checked access or a call (before a musttail call, and
/// on the unwinding paths), so every exit after an access to them has one.
///
///   call void @__tsan_func_entry(ptr %ra)     ; removed
///   ...
///   call void @__cilkrt_race_forget(ptr %b, i64 <size>)   ; ptr byval %b
///   call void @__tsan_func_exit()             ; removed if frameUnchecked
///   ret i32 %r
PreservedAnalyses RaceFramesPass::run(Function &F, FunctionAnalysisManager &) {
  if (!F.hasFnAttribute(Attribute::SanitizeThread))
    return PreservedAnalyses::all();
  SmallVector<Argument *, 2> ByVal;
  for (Argument &A : F.args())
    if (A.hasByValAttr() && !A.use_empty())
      ByVal.push_back(&A);
  bool DropExits = frameUnchecked(F);
  SmallVector<Instruction *, 8> Exits, Dead;
  for (Instruction &I : instructions(F))
    if (isCallTo(I, "__tsan_func_exit"))
      Exits.push_back(&I);
    else if (isCallTo(I, "__tsan_func_entry"))
      Dead.push_back(&I);
  if (!ByVal.empty()) {
    Module &M = *F.getParent();
    const DataLayout &DL = M.getDataLayout();
    Type *I64 = Type::getInt64Ty(M.getContext());
    for (Instruction *Exit : Exits)
      for (Argument *A : ByVal)
        CallInst::Create(
            getRuntimeFn(M, CILK_ABI_RACE_FORGET),
            {A, ConstantInt::get(
                    I64, DL.getTypeAllocSize(A->getParamByValType()))},
            "", Exit->getIterator())
            ->setDebugLoc(Exit->getDebugLoc());
  }
  if (DropExits)
    Dead.append(Exits.begin(), Exits.end());
  for (Instruction *I : Dead) {
    Value *Arg = I->getNumOperands() > 1 ? I->getOperand(0) : nullptr;
    I->eraseFromParent();
    if (auto *RA = dyn_cast_or_null<Instruction>(Arg); RA && RA->use_empty())
      RA->eraseFromParent(); // the entry hook's llvm.returnaddress
  }
  return Dead.empty() && (ByVal.empty() || Exits.empty())
             ? PreservedAnalyses::all()
             : PreservedAnalyses::none();
}

bool instrumentForRace(Module &M) {
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    F.addFnAttr(Attribute::SanitizeThread);
    F.addFnAttr("frame-pointer", "all");
    if (isCilkProcedure(F)) {
      F.removeFnAttr(Attribute::AlwaysInline);
      F.addFnAttr(Attribute::NoInline);
      instrument(F);
    }
  }
  return true;
}

} // namespace cilk
