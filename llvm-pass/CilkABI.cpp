//===- CilkABI.cpp - The runtime interface (cilk-abi.h) as IR -------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace cilk {

void reportUnsupported(Function &F, const Twine &Msg, const Instruction *At) {
  // A profile build's quiet clone has its procedure's errors, which the
  // procedure reports.
  if (F.hasFnAttribute(CILK_QUIET_ATTR))
    return;
  // The plugin has clang track locations (CilkPlugin.cpp): with At's, the
  // error points at the statement; without, at the procedure.
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, "Cilk procedure '" + demangle(F.getName()) + "': " + Msg,
      At ? At->getDebugLoc() : DiagnosticLocation()));
}

BasicBlock::iterator returnPoint(CallBase *CB) {
  auto *II = dyn_cast<InvokeInst>(CB);
  if (!II)
    return std::next(CB->getIterator());
  BasicBlock *Normal = II->getNormalDest();
  if (!Normal->getSinglePredecessor())
    Normal = SplitEdge(II->getParent(), Normal);
  return Normal->getFirstInsertionPt();
}

Value *fieldAddr(IRBuilder<> &B, Value *Frame, uint64_t Off,
                 const Twine &Name) {
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Frame, Off, Name);
}

/// The runtime's thread-local Name. libcilkrt is a static library, so in
/// code for an executable (PIE or not) it is local-exec: an %fs-relative
/// access with a constant offset, no register to keep it in. Elsewhere
/// (-fPIC) it is initial-exec: the offset comes from the GOT.
GlobalVariable *runtimeTLS(Module &M, StringRef Name, Type *Ty) {
  if (auto *GV = M.getNamedGlobal(Name))
    return GV;
  bool Executable = M.getPIELevel() != PIELevel::Default ||
                    M.getPICLevel() == PICLevel::NotPIC;
  return new GlobalVariable(M, Ty, false, GlobalValue::ExternalLinkage,
                            nullptr, Name, nullptr,
                            Executable ? GlobalValue::LocalExecTLSModel
                                       : GlobalValue::InitialExecTLSModel);
}

//   %w = load ptr, ptr @__cilkrt_tls_worker
Value *emitLoadWorker(IRBuilder<> &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  GlobalVariable *TLS = runtimeTLS(M, CILK_ABI_TLS_WORKER, B.getPtrTy());
  Value *Addr = B.CreateThreadLocalAddress(TLS);
  return B.CreateAlignedLoad(B.getPtrTy(), Addr, Align(8), "w");
}

// The load is unordered: thieves store to the word from other threads, so
// it must be atomic (no data race, never torn), but it needs no ordering,
// and unlike a monotonic load x86 folds it into the comparison: the check
// is `cmpl $0, %fs:__cilkrt_tls_cf@TPOFF; jne <rare>`, two instructions.
// An unordered load may be merged with an earlier one or hoisted out of a
// loop where nothing writes the word, and a spawned child that is inlined
// or known not to write memory writes nothing: the empty asm with a memory
// clobber before the load (no instruction) keeps every check where it is,
// so a thief's request is seen at the next check. The rare branch is
// weighted cold, so the common path falls through and the release blocks
// go to the end of the function.
void emitControlFlowCheck(BasicBlock *BB, CmpInst::Predicate Pred,
                          int Against, BasicBlock *Rare, const Twine &CFName,
                          const Twine &CondName, bool Poll) {
  Instruction *Br = BB->getTerminator();
  IRBuilder<> B(Br);
  Module &M = *BB->getModule();
  GlobalVariable *TLS = runtimeTLS(M, CILK_ABI_TLS_CF, B.getInt32Ty());
  if (!Poll)
    B.CreateCall(InlineAsm::get(FunctionType::get(B.getVoidTy(), false), "",
                                "~{memory}", /*hasSideEffects=*/true));
  Value *Addr = B.CreateThreadLocalAddress(TLS);
  LoadInst *CF = B.CreateAlignedLoad(B.getInt32Ty(), Addr, Align(4), CFName);
  CF->setAtomic(Poll ? AtomicOrdering::Monotonic : AtomicOrdering::Unordered);
  if (Poll)
    CF->setMetadata(CILK_POLL_LOAD_MD, MDNode::get(B.getContext(), {}));
  B.CreateCondBr(B.CreateICmp(Pred, CF, B.getInt32(Against), CondName), Rare,
                 Br->getSuccessor(0),
                 MDBuilder(B.getContext()).createUnlikelyBranchWeights());
  Br->eraseFromParent();
}

//   %resume = getelementptr inbounds i8, ptr %frame, i64 8
//   store i32 N, ptr %resume
StoreInst *emitSetResume(IRBuilder<> &B, Value *Frame, unsigned Index) {
  return B.CreateAlignedStore(
      B.getInt32(Index), fieldAddr(B, Frame, CILK_ABI_FRAME_RESUME_OFFSET),
      Align(8));
}

// The deque's tail is this thread's __cilkrt_tls_tail, at a constant
// address (%fs-relative), not a field behind the worker's pointer: the
// loads that follow a store to an address known late wait for it. Without
// a fence, a model of eager fib ran at 3.8 times the two-call serial fib
// with the tail in the worker, 2.07 with it thread-local (variants 2 and 7
// of bench/eager-deque-mock.c, bench/results/2026-11-28-eager-deque-mock.md).
static Value *tailAddr(IRBuilder<> &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  return B.CreateThreadLocalAddress(
      runtimeTLS(M, CILK_ABI_TLS_TAIL, B.getPtrTy()));
}

//   %tail = load atomic ptr, ptr @__cilkrt_tls_tail monotonic
//   store ptr %frame, ptr %tail
//   %tail.next = getelementptr inbounds ptr, ptr %tail, i64 1
//   store atomic ptr %tail.next, ptr @__cilkrt_tls_tail release
//
// or, where the frame's last pop left the tail at Popped, only
//   %tail.next = getelementptr inbounds ptr, ptr %popped, i64 1
//   store atomic ptr %tail.next, ptr @__cilkrt_tls_tail release
Value *emitPush(IRBuilder<> &B, Value *Frame, Value *Popped) {
  Value *TailAddr = tailAddr(B);
  Value *Tail = Popped;
  if (!Popped) {
    LoadInst *T =
        B.CreateAlignedLoad(B.getPtrTy(), TailAddr, Align(8), "tail");
    T->setAtomic(AtomicOrdering::Monotonic);
    B.CreateAlignedStore(Frame, T, Align(8));
    Tail = T;
  }
  Value *Next =
      B.CreateConstInBoundsGEP1_64(B.getPtrTy(), Tail, 1, "tail.next");
  StoreInst *S = B.CreateAlignedStore(Next, TailAddr, Align(8));
  S->setAtomic(AtomicOrdering::Release);
  return Tail;
}

/// Whether the pop limit's acquire may be an unordered load and a
/// compiler fence (emitLimitCompare): on x86, but not for ThreadSanitizer,
/// which would see a relaxed load and no order with the thief's release.
static bool popLimitIsPlain(const Function &F) {
  return Triple(F.getParent()->getTargetTriple()).isX86() &&
         !F.hasFnAttribute(Attribute::SanitizeThread);
}

/// The unfenced pop's test, after its store: whether the pop limit passed
/// Slot. The continuing edge needs emitAfterLimit.
static Value *emitLimitCompare(IRBuilder<> &B, Value *Slot) {
  B.CreateFence(AtomicOrdering::SequentiallyConsistent, SyncScope::SingleThread);
  Module &M = *B.GetInsertBlock()->getModule();
  LoadInst *L = B.CreateAlignedLoad(
      B.getPtrTy(),
      B.CreateThreadLocalAddress(
          runtimeTLS(M, CILK_ABI_TLS_POP_LIMIT, B.getPtrTy())),
      Align(8), "limit");
  // Acquire: a thief that looked at the entry and put head back, then the
  // limit, has done with it before the frame's next push writes the entry
  // again. On x86 every load is an acquire, and the compiler's part is a
  // fence on the edge that continues (emitAfterLimit): an unordered load
  // before it folds into the compare (cmpq %fs:limit), an acquire does not,
  // one instruction more on every pop.
  L->setAtomic(popLimitIsPlain(*B.GetInsertBlock()->getParent())
                   ? AtomicOrdering::Unordered
                   : AtomicOrdering::Acquire);
  return B.CreateICmpUGT(L, Slot, "stolen");
}

/// The rest of emitLimitCompare's acquire, at the start of Next.
static void emitAfterLimit(BasicBlock *Next) {
  if (popLimitIsPlain(*Next->getParent()))
    IRBuilder<>(Next, Next->getFirstInsertionPt())
        .CreateFence(AtomicOrdering::Acquire, SyncScope::SingleThread);
}

// Fenced (a slow clone's pop, rare):
//   atomicrmw sub ptr @__cilkrt_tls_tail, i64 8 seq_cst   ; lock sub
//   %tail.popped = load atomic ptr, ptr @__cilkrt_tls_tail monotonic
//   %head = load atomic ptr, ptr %w.head seq_cst
//   %stolen = icmp ugt ptr %head, %tail.popped
// or not (eager mode's fast clone, whose %tail.popped CilkFast.cpp then
// takes from the push instead: popAtPushedSlot):
//   %tail = load atomic ptr, ptr @__cilkrt_tls_tail monotonic
//   %tail.popped = getelementptr inbounds ptr, ptr %tail, i64 -1
//   store atomic ptr %tail.popped, ptr @__cilkrt_tls_tail monotonic
//   fence syncscope("singlethread") seq_cst
//   %limit = load atomic ptr, ptr @__cilkrt_tls_pop_limit acquire
//   %stolen = icmp ugt ptr %limit, %tail.popped
// (on x86: load atomic ... unordered, and in the block that continues
//   fence syncscope("singlethread") acquire)
//
// Without the fence, the compiler keeps the load of the limit after the
// store of the tail and the processor may not (x86's store buffer): in
// eager mode a thief that raises head (and the limit with it) makes up for
// that with a fence that acts on every thread of the process
// (runtime/fence.h), or, in the pops that follow such a steal, raises the
// limit past any tail so that they fence in __cilkrt_pop_slow
// (runtime/deque.h: deque_owner_fences). The limit is head's thread-local
// copy, read at a constant %fs offset: the pop needs neither the worker
// (loaded on the rare path only) nor a test of its own for the fenced
// pops, 3 instructions fewer than with head in the worker and a count of
// fenced pops to test (eager fib: 12.5 instructions a spawn over the
// two-call serial fib, was 15.5). A locked
// instruction on every pop cost eager fib about 80% of its time. In the
// lazy modes thieves fence only themselves, so the slow clone's pop, which
// all modes share, keeps its own: one locked instruction, which
// decrements the tail as well (about 1 ns; an mfence costs 20).
static std::pair<Value *, Value *> emitPopConflict(IRBuilder<> &B, Value *W,
                                                   bool Fenced) {
  Value *TailAddr = tailAddr(B);
  if (Fenced) {
    B.CreateAtomicRMW(AtomicRMWInst::Sub, TailAddr, B.getInt64(sizeof(void *)),
                      Align(8), AtomicOrdering::SequentiallyConsistent);
    LoadInst *T =
        B.CreateAlignedLoad(B.getPtrTy(), TailAddr, Align(8), "tail.popped");
    T->setAtomic(AtomicOrdering::Monotonic);
    Value *HeadAddr = fieldAddr(B, W, CILK_ABI_WORKER_HEAD_OFFSET, "w.head");
    LoadInst *H = B.CreateAlignedLoad(B.getPtrTy(), HeadAddr, Align(8), "head");
    H->setAtomic(AtomicOrdering::SequentiallyConsistent);
    return {B.CreateICmpUGT(H, T, "stolen"), T};
  }
  LoadInst *T = B.CreateAlignedLoad(B.getPtrTy(), TailAddr, Align(8), "tail");
  T->setAtomic(AtomicOrdering::Monotonic);
  Value *Popped =
      B.CreateConstInBoundsGEP1_64(B.getPtrTy(), T, -1, "tail.popped");
  B.CreateAlignedStore(Popped, TailAddr, Align(8))
      ->setAtomic(AtomicOrdering::Monotonic);
  return {emitLimitCompare(B, Popped), Popped};
}

Value *createResultSlot(BasicBlock &Entry, const SuspendPoint &P,
                        Value *ResultMemory) {
  Type *Ty = P.Call->getType();
  if (!Ty->isVoidTy()) {
    IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
    return B.CreateAlloca(Ty, nullptr, "result." + Twine(P.Index));
  }
  if (ResultMemory)
    return ResultMemory;
  return Constant::getNullValue(PointerType::getUnqual(Entry.getContext()));
}

Value *emitPopAfterSpawn(CallBase *Call, const SuspendPoint &P, Value *W,
                         Value *ResultSlot, BasicBlock *Cont,
                         BasicBlock *Stolen, bool Fenced) {
  Function *F = Call->getFunction();
  LLVMContext &C = F->getContext();
  BasicBlock *Spawn = Call->getParent();
  Instruction *Term = Spawn->getTerminator();
  IRBuilder<> B(Term);
  bool Own = !W; // a worker loaded on the rare path, not kept across the call
  BasicBlock *Popped = nullptr, *Next = Cont;
  if (Own) {
    Next = Popped =
        BasicBlock::Create(C, "popped." + Twine(P.Index), F, Cont);
    BranchInst::Create(Cont, Popped);
  }
  BasicBlock *PopSlowBB = BasicBlock::Create(
      C, "pop.slow." + Twine(P.Index), F, Next);
  IRBuilder<> PB(PopSlowBB);
  if (!Call->getType()->isVoidTy())
    PB.CreateStore(Call, ResultSlot);
  if (Own)
    W = emitLoadWorker(PB);
  Value *K = PB.CreateCall(getRuntimeFn(*F->getParent(), CILK_ABI_POP_SLOW),
                           {W, ResultSlot}, "pop");
  // Loaded again after the call rather than kept across it, which would
  // take a callee-saved register: a push and a pop on every call. So is
  // the result, which the call leaves in its slot when the frame is still
  // this worker's.
  LoadInst *TailAgain = nullptr, *ResultAgain = nullptr;
  if (Own) {
    TailAgain = PB.CreateAlignedLoad(PB.getPtrTy(), tailAddr(PB), Align(8),
                                     "tail.again");
    TailAgain->setAtomic(AtomicOrdering::Monotonic);
    if (!Call->getType()->isVoidTy())
      ResultAgain = PB.CreateLoad(Call->getType(), ResultSlot,
                                  Call->getName() + ".again");
  }
  PB.CreateCondBr(PB.CreateICmpNE(K, PB.getInt32(CILK_POP_OK)), Stolen, Next);

  auto [Conflict, Tail] = emitPopConflict(B, W, Fenced);
  B.CreateCondBr(Conflict, PopSlowBB, Next);
  Term->eraseFromParent();
  if (!Fenced)
    emitAfterLimit(Next);
  if (!Own)
    return nullptr;
  IRBuilder<> MB(Popped, Popped->getFirstInsertionPt());
  PHINode *TailNow = MB.CreatePHI(B.getPtrTy(), 2, "tail.now");
  TailNow->addIncoming(Tail, B.GetInsertBlock());
  TailNow->addIncoming(TailAgain, PopSlowBB);
  if (ResultAgain) {
    PHINode *ResultNow = MB.CreatePHI(Call->getType(), 2,
                                        Call->getName() + ".now");
    ResultNow->addIncoming(Call, B.GetInsertBlock());
    ResultNow->addIncoming(ResultAgain, PopSlowBB);
    Call->replaceUsesWithIf(ResultNow, [&](Use &U) {
      auto *I = cast<Instruction>(U.getUser());
      return I != ResultNow && I->getParent() != PopSlowBB &&
             I->getParent() != Spawn;
    });
  }
  return TailNow;
}

Instruction *emitStepCheck(CallBase *Next, const SuspendPoint &From,
                           Value *ResultSlot, AllocaInst *Home,
                           BasicBlock *Stolen) {
  Function *F = Next->getFunction();
  LLVMContext &C = F->getContext();
  BasicBlock *Check = Next->getParent();
  BasicBlock *Call =
      Check->splitBasicBlock(Next->getIterator(), "call." + Twine(From.Index));
  BasicBlock *StepSlow = BasicBlock::Create(
      C, "pop.step." + Twine(From.Index), F, Call);
  IRBuilder<> PB(StepSlow);
  if (!From.Call->getType()->isVoidTy())
    PB.CreateStore(From.Call, ResultSlot);
  Value *K = PB.CreateCall(getRuntimeFn(*F->getParent(), CILK_ABI_POP_STEP),
                           {emitLoadWorker(PB), ResultSlot}, "step");
  PB.CreateCondBr(PB.CreateICmpNE(K, PB.getInt32(CILK_POP_OK)), Stolen, Call);

  Instruction *Term = Check->getTerminator();
  IRBuilder<> B(Term);
  auto *Slot = B.CreateAlignedLoad(B.getPtrTy(), Home, Align(8),
                                   /*isVolatile=*/true, "slot");
  B.CreateCondBr(emitLimitCompare(B, Slot), StepSlow, Call);
  Term->eraseFromParent();
  emitAfterLimit(Call);
  return Slot;
}

bool isProfileHookName(StringRef Name) {
  static constexpr StringLiteral Hooks[] = {
      CILK_ABI_PROF_ENTER,      CILK_ABI_PROF_SPAWN,  CILK_ABI_PROF_RESUME,
      CILK_ABI_PROF_SYNC,       CILK_ABI_PROF_SYNCED, CILK_ABI_PROF_RETURN,
      CILK_ABI_PROF_SYNC_EMPTY, CILK_ABI_PROF_REGION_BEGIN,
      CILK_ABI_PROF_REGION_END, CILK_ABI_PROF_CATCH,  CILK_ABI_PROF_UNWIND,
      CILK_ABI_PROF_SPAWN_QUIETABLE};
  return is_contained(Hooks, Name);
}

bool isProfileHook(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  return Callee && isProfileHookName(Callee->getName());
}

const AttributeMask &poisonIntolerantRetAttrs() {
  static const AttributeMask Mask = [] {
    AttributeMask M;
    M.addAttribute(Attribute::NoUndef);
    M.addAttribute(Attribute::Dereferenceable);
    M.addAttribute(Attribute::DereferenceableOrNull);
    return M;
  }();
  return Mask;
}

SmallVector<CallInst *, 16> callsTo(Module &M, StringRef Name) {
  SmallVector<CallInst *, 16> Calls;
  if (Function *F = M.getFunction(Name))
    for (User *U : F->users())
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == F)
        Calls.push_back(CI);
  return Calls;
}

/// A C library function, which throws no C++ exception.
static FunctionCallee libcFn(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee FC = M.getOrInsertFunction(Name, Ty);
  if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
    Fn->addFnAttr(Attribute::NoUnwind);
  return FC;
}

FunctionCallee slotAllocFn(Module &M) {
  Type *I64 = Type::getInt64Ty(M.getContext());
  return libcFn(M, "aligned_alloc",
                FunctionType::get(PointerType::getUnqual(M.getContext()),
                                  {I64, I64}, false));
}

FunctionCallee slotFreeFn(Module &M) {
  LLVMContext &C = M.getContext();
  return libcFn(M, "free",
                FunctionType::get(Type::getVoidTy(C),
                                  {PointerType::getUnqual(C)}, false));
}

FunctionCallee getRuntimeFn(Module &M, StringRef Name) {
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  Type *I32 = Type::getInt32Ty(C);
  Type *Void = Type::getVoidTy(C);
  FunctionType *Ty;
  if (Name == CILK_ABI_POP_SLOW || Name == CILK_ABI_POP_STEP)
    Ty = FunctionType::get(I32, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_APPLY)
    Ty = FunctionType::get(Void, {Ptr, Ptr, I32, Ptr}, false);
  else if (Name == CILK_ABI_SYNC || Name == CILK_ABI_SYNC_THREW)
    Ty = FunctionType::get(I32, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_EXN_CAPTURE || Name == CILK_ABI_RESULT_ADDR)
    Ty = FunctionType::get(Ptr, {Ptr}, false);
  else if (Name == CILK_ABI_POP_THREW || Name == CILK_ABI_CP_AWAIT)
    Ty = FunctionType::get(I32, {Ptr}, false);
  else if (Name == CILK_ABI_EXN_PENDING)
    Ty = FunctionType::get(I32, {Ptr, I32}, false);
  else if (Name == CILK_ABI_EXN_KEEP)
    Ty = FunctionType::get(Void, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_EXN_RETHROW || Name == CILK_ABI_TOP_THREW)
    Ty = FunctionType::get(Void, {Ptr}, false);
  else if (Name == CILK_ABI_RETHROW_PENDING)
    Ty = FunctionType::get(Void, {Ptr, I32}, false);
  else if (Name == CILK_ABI_FRAME_ALLOC)
    Ty = FunctionType::get(Ptr, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_FRAME_FREE)
    Ty = FunctionType::get(Void, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_ALLOCA)
    Ty = FunctionType::get(Ptr, {Ptr, Type::getInt64Ty(C)}, false);
  else if (Name == CILK_ABI_FREE_ALLOCAS)
    Ty = FunctionType::get(Void, {Ptr}, false);
  else if (Name == CILK_ABI_RUN)
    Ty = FunctionType::get(I32, {Ptr, Ptr, Ptr, Ptr, Type::getInt64Ty(C)},
                           false);
  else if (Name == CILK_ABI_CLOSURE_NEW)
    Ty = FunctionType::get(Ptr, {Ptr}, false);
  else if (Name == CILK_ABI_RELEASE)
    Ty = FunctionType::get(Void, {Ptr, Ptr, I32}, false);
  else if (Name == CILK_ABI_RELEASE_BOTTOM)
    Ty = FunctionType::get(Void, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_FRAME_LOCK || Name == CILK_ABI_FRAME_UNLOCK ||
           Name == CILK_ABI_ABORT)
    Ty = FunctionType::get(Void, {Ptr}, false);
  else if (Name == CILK_ABI_SYNCHED_SLOW)
    Ty = FunctionType::get(I32, {Ptr}, false);
  else if (Name == CILK_ABI_PROF_USER_WORK ||
           Name == CILK_ABI_PROF_USER_CRITICAL_PATH)
    Ty = FunctionType::get(Type::getInt64Ty(C), {Ptr}, false);
  else if (Name == CILK_ABI_PROF_WORKSPAN || Name == CILK_ABI_PROF_CP_START ||
           Name == CILK_ABI_PROF_CP_WAIT)
    Ty = FunctionType::get(Void, {Ptr, Ptr}, false);
  else if (Name == CILK_ABI_CP_NEW)
    Ty = FunctionType::get(Ptr, {Ptr, I32, Type::getInt64Ty(C)}, false);
  else if (Name == CILK_ABI_CP_TAIL)
    Ty = FunctionType::get(Ptr, {Ptr, Type::getInt64Ty(C)}, false);
  else if (Name == CILK_ABI_CP_RESULT)
    Ty = FunctionType::get(Ptr, {Ptr, Ptr, Type::getInt64Ty(C)}, false);
  else if (Name == CILK_ABI_CP_STAGE)
    Ty = FunctionType::get(Void,
                           {Ptr, Ptr, Ptr, Type::getInt64Ty(C),
                            Type::getInt64Ty(C), Type::getInt64Ty(C)},
                           false);
  else if (Name == CILK_ABI_CP_ARM || Name == CILK_ABI_CP_START ||
           Name == CILK_ABI_CP_WAIT || Name == CILK_ABI_CP_GATHER)
    Ty = FunctionType::get(Void, {Ptr}, false);
  else if (Name == CILK_ABI_SPAWN_END || Name == CILK_ABI_SYNC_MARKER ||
           Name == CILK_ABI_REGION_BEGIN || Name == CILK_ABI_REGION_END ||
           Name == CILK_ABI_HYPER_ENABLE)
    Ty = FunctionType::get(Void, {}, false);
  else if (Name == CILK_ABI_FOR_GRAIN)
    Ty = FunctionType::get(Type::getInt64Ty(C), {Type::getInt64Ty(C)}, false);
  else if (Name == CILK_ABI_RACE_SPAWN) // the spawn's pointer arguments
    Ty = FunctionType::get(Void, {Ptr}, true);
  else if (Name == CILK_ABI_RACE_TAIL) // atomic, the tail's locals
    Ty = FunctionType::get(Void, {Ptr, I32}, true);
  else if (Name == CILK_ABI_RACE_FORGET || Name == CILK_ABI_RACE_SCOPE_END ||
           Name == CILK_ABI_RACE_READ_RANGE ||
           Name == CILK_ABI_RACE_WRITE_RANGE)
    Ty = FunctionType::get(Void, {Ptr, Type::getInt64Ty(C)}, false);
  else if (isProfileHookName(Name) || Name == CILK_ABI_RACE_ENTER ||
           Name == CILK_ABI_RACE_RESUME || Name == CILK_ABI_RACE_SYNC ||
           Name == CILK_ABI_RACE_RETURN || Name == CILK_ABI_RACE_CATCH ||
           Name == CILK_ABI_RACE_UNWIND ||
           Name == CILK_ABI_RACE_REGION_BEGIN ||
           Name == CILK_ABI_RACE_REGION_END)
    Ty = FunctionType::get(Void, {Ptr}, false);
  else
    llvm_unreachable("unknown Cilk runtime function");
  FunctionCallee FC = M.getOrInsertFunction(Name, Ty);
  auto *Fn = dyn_cast<Function>(FC.getCallee());
  if (!Fn)
    return FC;
  // What throws a C++ exception: a computation's (its caller's handlers
  // get what its top frame threw) and those that throw a held one again.
  if (Name == CILK_ABI_EXN_RETHROW || Name == CILK_ABI_RETHROW_PENDING)
    Fn->setDoesNotReturn();
  else if (Name != CILK_ABI_RUN)
    Fn->addFnAttr(Attribute::NoUnwind);
  return FC;
}

} // namespace cilk
