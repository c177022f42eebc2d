//===- CilkSlow.cpp - The slow clone @f.slow ------------------------------===//
//
// The scheduler enters the slow clone of a stolen or resumed frame:
//
//   define internal void @f.slow(ptr %frame) {
//   entry.dispatch:
//     %w = load ptr, ptr @__cilkrt_tls_worker        ; thread-local
//     %x.field = getelementptr inbounds i8, ptr %frame, i64 <off>  ; per field
//     %resume.idx = load i32, ptr <frame.resume>
//     switch i32 %resume.idx, label %unreachable [ i32 1, label %resume.1 ... ]
//
// Frame fields replace their allocas; everything else is f's code. A spawn
// publishes the frame, as in Cilk-5 (this path is rare):
//
//     store i32 N, ptr <frame.resume>
//     <push %frame>
//     %r = call @g(...)                       ; g's fast clone
//     <pop; if a thief may have the frame:>
//       store %r, ptr %result.N
//       %k = call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.N)
//       br (%k != 0), label %stolen, label %apply.N
//   apply.N:                                   ; the result, under the lock
//     store %r, ptr %result.N
//     call void @__cilkrt_apply(ptr %w, ptr %frame, i32 N, ptr %result.N)
//     br label %resume.N
//
// A sync suspends when children are outstanding:
//
//     store i32 K, ptr <frame.resume>
//     %s = call i32 @__cilkrt_sync(ptr %w, ptr %frame)
//     br (%s != 0), label %stolen, label %resume.K
//   stolen:
//     ret void
//
// A landing pad's sync of every region (__cilkrt_sync_threw,
// CilkExceptions.cpp) suspends at each region with children out, one after
// the other: the dispatch enters it again at its call, `sync.all.K` (an
// atomic procedure's through `reenter.K`, which gives back the lock the
// dispatch took), not after it.
//
// In the lazy modes a spawned fast clone may also come back released (see
// emitReleasedCheck), and a frame released before a spawn (indolent)
// resumes at the call, `spawn.N`, with resume index N' > every N.
//
// `ret %v` stores %v into the frame's result field for the runtime; an
// sret result is made at `call ptr @__cilkrt_result_addr(ptr %frame)`.
//
// A procedure with user inlets or abort (Shape::Atomic) holds its frame's
// lock while its code runs: taken at entry and after each spawn or sync
// that continues here (the runtime's apply takes it for a spawn with a
// tail), given back before each spawn, sync and return:
//
//     call void @__cilkrt_frame_unlock(ptr %frame)
//     store i32 N, ptr <frame.resume>
//     ...
//   locked.N:
//     call void @__cilkrt_frame_lock(ptr %frame)
//     br label %resume.N
//
// `abort;` is `call void @__cilkrt_abort(ptr %frame)` and SYNCHED is
// `call i32 @__cilkrt_synched(ptr %frame)`.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

/// Lazy modes: the fast clone a slow clone spawned may come back released;
/// this frame, pushed before the call, is then the bottom of the release.
/// Splits the block after Call:
///
///     %r = call @g(...)
///     %cf.after.N = load atomic i32, ptr @__cilkrt_tls_cf unordered
///     %releasing.N = icmp eq i32 %cf.after.N, 2
///     br i1 %releasing.N, label %released.N, label %pop.N
///   released.N:
///     call void @__cilkrt_release_bottom(ptr %w, ptr %frame)
///     br label %stolen
///   pop.N:                                     ; as in eager mode
static void emitReleasedCheck(CallBase *Call, const SuspendPoint &P, Value *W,
                              Value *Frame, BasicBlock *Stolen) {
  Function *Slow = Call->getFunction();
  LLVMContext &C = Slow->getContext();
  std::string N = std::to_string(P.Index);
  BasicBlock *Pop = Call->getParent()->splitBasicBlock(
      std::next(Call->getIterator()), "pop." + N);
  BasicBlock *Released = BasicBlock::Create(C, "released." + N, Slow, Pop);
  IRBuilder<> RB(Released);
  RB.CreateCall(getRuntimeFn(*Slow->getParent(), CILK_ABI_RELEASE_BOTTOM),
                {W, Frame});
  RB.CreateBr(Stolen);

  emitControlFlowCheck(Call->getParent(), CmpInst::ICMP_EQ, CILK_CF_RELEASING,
                       Released, "cf.after." + N, "releasing." + N);
}

void buildSlowClone(Shape &S) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  Function *Slow = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr}, false),
      GlobalValue::InternalLinkage, F.getName() + ".slow", M);
  S.Slow = Slow;
  Argument *Frame = Slow->getArg(0);
  Frame->setName("frame");

  // Parameters are never read on the slow path (CilkPrepare spilled those
  // live across a suspend point), except sret: it is the frame's result
  // field. It maps to %frame for now and is rewritten below.
  ValueToValueMapTy VMap;
  for (Argument &A : F.args())
    VMap[&A] = &A == S.SRet ? static_cast<Value *>(Frame)
                            : PoisonValue::get(A.getType());
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Slow, &F, VMap, CloneFunctionChangeType::GlobalChanges,
                    Returns);
  Slow->setAttributes(AttributeList::get(
      C, AttributeList::FunctionIndex,
      AttrBuilder(C, F.getAttributes().getFnAttrs())));
  Slow->removeFnAttr(CILK_ABI_FN_ATTR);
  Slow->setLinkage(GlobalValue::InternalLinkage);
  Slow->setDSOLocal(true);

  BasicBlock *OldEntry = &Slow->getEntryBlock();
  BasicBlock *Entry = BasicBlock::Create(C, "entry.dispatch", Slow, OldEntry);
  IRBuilder<> B(Entry);
  Value *W = emitLoadWorker(B);

  // An aggregate result is made where the runtime says: the frame's result
  // field, or the address the caller gave, when the caller takes it in
  // place (a C++ object may point into itself: it is made in its place,
  // never copied there).
  Value *RetP = nullptr;
  if (S.SRet)
    RetP = B.CreateCall(getRuntimeFn(M, CILK_ABI_RESULT_ADDR), {Frame},
                        "retval");
  else if (S.RetTy)
    RetP = fieldAddr(B, Frame, S.RetvalOffset, "retval");
  if (S.SRet)
    Frame->replaceUsesWithIf(RetP, [&](Use &U) { return U.getUser() != RetP; });

  // (Their declares move here: the old entry is unreachable in this clone.)
  SmallVector<std::pair<AllocaInst *, uint64_t>, 8> Fields;
  for (AllocaInst *A : S.Fields)
    Fields.push_back({cast<AllocaInst>(VMap[A]), S.FieldOffset.lookup(A)});
  placeFieldsInFrame(B, Frame, Fields);
  // The remaining static allocas are private to one stretch between
  // suspend points; they move to the new entry.
  for (Instruction &I : make_early_inc_range(*OldEntry))
    if (auto *A = dyn_cast<AllocaInst>(&I);
        A && isa<ConstantInt>(A->getArraySize()))
      A->moveBefore(*Entry, Entry->end());

  BasicBlock *Stolen = BasicBlock::Create(C, "stolen", Slow);
  ReturnInst::Create(C, Stolen);

  FunctionCallee Lock = getRuntimeFn(M, CILK_ABI_FRAME_LOCK);
  FunctionCallee Unlock = getRuntimeFn(M, CILK_ABI_FRAME_UNLOCK);
  // A block that takes the lock and goes on to Resume (Atomic only).
  auto Relock = [&](BasicBlock *Resume, const Twine &Name) {
    if (!S.Atomic)
      return Resume;
    BasicBlock *BB = BasicBlock::Create(C, Name, Slow, Resume);
    IRBuilder<> LB(BB);
    LB.CreateCall(Lock, {Frame});
    LB.CreateBr(Resume);
    return BB;
  };

  for (ReturnInst *R : Returns) {
    IRBuilder<> RB(R);
    if (Value *V = R->getReturnValue(); V && !S.SRet)
      RB.CreateStore(V, RetP);
    if (S.Atomic)
      RB.CreateCall(Unlock, {Frame});
    RB.CreateRetVoid();
    R->eraseFromParent();
  }

  FunctionCallee Apply = getRuntimeFn(M, CILK_ABI_APPLY);
  FunctionCallee Sync = getRuntimeFn(M, CILK_ABI_SYNC);
  SmallVector<SlowPoint, 8> SlowPoints;
  // Where the dispatch enters for a resume index, if not its resume block.
  DenseMap<unsigned, BasicBlock *> Reenter;
  for (SuspendPoint &P : S.Points) {
    auto *Call = cast<CallBase>(VMap[P.Call]);
    auto *Resume = cast<BasicBlock>(VMap[P.Resume]);
    SlowPoints.push_back({&P, P.IsSpawn ? Call : nullptr, Resume});
    std::string N = std::to_string(P.Index);
    if (P.IsPoll) { // the frame is a closure already: nothing to release
      Call->eraseFromParent();
      continue;
    }
    Instruction *Term = Call->getParent()->getTerminator();
    B.SetInsertPoint(Call);
    if (S.Atomic)
      B.CreateCall(Unlock, {Frame});
    emitSetResume(B, Frame, P.Index);
    if (P.SyncAll) {
      // A landing pad's syncs, one region after the other: resumed after
      // the children of one came back, the frame goes on to the next (the
      // regions synced already pass at once).
      BasicBlock *Again = Call->getParent()->splitBasicBlock(
          Call->getIterator(), "sync.all." + N);
      B.SetInsertPoint(Call);
      Reenter[P.Index] = Again;
      if (S.Atomic) { // the dispatch took the lock
        BasicBlock *Enter = BasicBlock::Create(C, "reenter." + N, Slow, Again);
        CallInst::Create(Unlock, {Frame}, "", Enter);
        BranchInst::Create(Again, Enter);
        Reenter[P.Index] = Enter;
      }
    }
    if (!P.IsSpawn) {
      Value *Susp = B.CreateCall(
          P.SyncAll ? getRuntimeFn(M, CILK_ABI_SYNC_THREW) : Sync, {W, Frame},
          "suspend");
      B.SetInsertPoint(Term);
      B.CreateCondBr(B.CreateICmpNE(Susp, B.getInt32(0)), Stolen,
                     Relock(Resume, "locked." + N));
      Term->eraseFromParent();
      Call->eraseFromParent();
      continue;
    }
    emitPush(B, Frame);

    Value *ResultP = createResultSlot(
        *Entry, P, P.ResultMemory ? VMap[P.ResultMemory] : nullptr);
    // The tail is the inlet's business here: apply the result through the
    // runtime, under the frame's lock. The cloned tail block becomes
    // unreachable.
    BasicBlock *Cont = P.Tail ? Resume : Relock(Resume, "locked." + N);
    if (P.Tail) {
      Cont = BasicBlock::Create(C, "apply." + N, Slow, Resume);
      IRBuilder<> AB(Cont);
      if (!Call->getType()->isVoidTy())
        AB.CreateStore(Call, ResultP);
      AB.CreateCall(Apply, {W, Frame, AB.getInt32(P.Index), ResultP});
      AB.CreateBr(Resume);
    }
    emitPopAfterSpawn(Call, P, W, ResultP, Cont, Stolen, /*Fenced=*/true);
    if (S.isLazy())
      emitReleasedCheck(Call, P, W, Frame, Stolen);
  }

  for (CallInst *A : S.Aborts) {
    auto *CI = cast<CallInst>(VMap[A]);
    CallInst::Create(getRuntimeFn(M, CILK_ABI_ABORT), {Frame}, "",
                     CI->getIterator());
    CI->eraseFromParent();
  }
  for (CallInst *Q : S.Synched) {
    auto *CI = cast<CallInst>(VMap[Q]);
    CI->replaceAllUsesWith(CallInst::Create(
        getRuntimeFn(M, CILK_ABI_SYNCHED_SLOW), {Frame}, "synched",
        CI->getIterator()));
    CI->eraseFromParent();
  }

  lowerSlowCloneUnwinding(*Slow, Frame, Stolen, SlowPoints);

  // Dispatch on the resume index, at the procedure's opening line: a
  // debugger stopped on entry to f.slow is before the resume point, which
  // the next step reaches.
  B.SetInsertPoint(Entry);
  if (DISubprogram *SP = Slow->getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(C, SP->getScopeLine(), 0, SP));
  else
    B.SetCurrentDebugLocation(DebugLoc());
  if (S.Atomic)
    B.CreateCall(Lock, {Frame});
  // A resume index the procedure does not have is a runtime bug; trap
  // rather than run into whatever code follows (unreachable at -O0).
  BasicBlock *Bad = BasicBlock::Create(C, "bad.resume", Slow);
  IRBuilder<>(Bad).CreateIntrinsic(Intrinsic::trap, {}, {});
  new UnreachableInst(C, Bad);
  Value *Idx = B.CreateAlignedLoad(
      B.getInt32Ty(), fieldAddr(B, Frame, CILK_ABI_FRAME_RESUME_OFFSET),
      Align(8), "resume.idx");
  SwitchInst *SW = B.CreateSwitch(Idx, Bad, S.Points.size());
  for (SuspendPoint &P : S.Points) {
    BasicBlock *To = Reenter.lookup(P.Index);
    SW->addCase(B.getInt32(P.Index),
                To ? To : cast<BasicBlock>(VMap[P.Resume]));
    if (P.Respawn)
      SW->addCase(B.getInt32(P.RespawnIndex),
                  cast<BasicBlock>(VMap[P.Respawn]));
  }

  // Entered in the middle, the clone may reach an alloca's uses without
  // its lifetime.start: drop the markers (this path is rare).
  for (BasicBlock &BB : *Slow)
    for (Instruction &I : make_early_inc_range(BB))
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
  removeUnreachableBlocks(*Slow);
}

} // namespace cilk
