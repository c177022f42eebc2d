//===- CilkFor.cpp - cilk_for: divide and conquer over the iterations -----===//
//
// The plugin (clang-plugin/CilkOpenCilk.cpp) compiles a cilk_for as a loop
// over a count whose body clang outlined into a captured statement:
//
//   %n = ...                                   ; the iterations
//   %k0 = call i64 @__cilk_for_begin(i64 %n, i64 %grain, ptr %k)
//   store i64 %k0, ptr %k
//   ...                                        ; while k < n:
//   store ptr %k, ptr <field at Off of %ctx>   ;   the context: addresses
//   ...                                        ;   of what the body uses
//   call void @__captured_stmt(ptr %ctx)       ;   the body, for k
//   ...                                        ;   k += 1
//
// In the serial elision (serial mode, but for the race detector and the
// profile, which see the parallel modes' structure) the marker is 0 and the
// loop stays. Otherwise the body's call becomes one call of a
// divide-and-conquer Cilk procedure over [0, n), and the loop ends after it:
//
//   %g = <%grain if > 0, else call i64 @__cilkrt_for_grain(i64 %n)>  (race
//                                               builds: 1, each iteration
//                                               a strand of its own)
//   call void @f.cilk_for(ptr %ctx, i64 0, i64 %n, i64 %g)
//   store i64 <%n - 1>, ptr %k                 ; k += 1 makes it n
//
//   define internal void @f.cilk_for(ptr %ctx, i64 %lo, i64 %hi, i64 %g)
//       "cilk" {
//   entry:                                  ; %lo.addr = %lo
//   split:                                  ; while hi - lo > g:
//     call void @f.cilk_for(ptr %ctx, i64 %l, i64 %mid, i64 %g),
//         !cilk.spawn                       ;   the first half, spawned
//                                           ;   lo = mid
//   leaf:
//     call void @f.cilk_for.chunk(ptr %ctx, i64 %l, i64 %hi)
//     call void @__cilk_sync_marker()
//     ret void
//   }
//
//   define internal void @f.cilk_for.chunk(ptr %ctx, i64 %lo, i64 %hi) {
//     memcpy(%copy, %ctx)                    ; this chunk's own context,
//     store ptr %k.addr, <%copy + Off>       ; with its own k
//     ...                                    ; for k in [lo, hi):
//     call void @f.cilk_for.body(ptr %copy)  ;   the body, never polled
//   }
//
// (a plain function, whose k and copy SROA keeps in registers; for a body
// that spawns, the chunk's loop is the procedure's own, so that the body's
// spawns stay parallel: a plain function would reach its serial elision).
//
// The body is called by a Cilk procedure: if it spawns, holds a cilk_for
// or calls a procedure of this module that spawns, it is one too (its
// implicit sync ends each iteration; the calls become spawns and syncs,
// not computations nested in a C function). The procedure's call is an
// ordinary call of a procedure that spawns (CilkCalls.cpp, CilkEntry.cpp).
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

namespace {

/// What one cilk_for's lowering needs.
struct ForLoop {
  CallInst *Begin;    // __cilk_for_begin(n, grain, &k)
  CallBase *Body;     // the captured statement's call (or invoke: C++)
  AllocaInst *Ctx;    // its context
  uint64_t KOffset;   // where the context holds &k
};

} // namespace

/// Finds the captured call of the loop that Begin starts: the call of an
/// outlined function whose context holds Begin's k.
static bool findLoop(CallInst *Begin, ForLoop &L) {
  L.Begin = Begin;
  Value *K = Begin->getArgOperand(2)->stripPointerCasts();
  const DataLayout &DL = Begin->getModule()->getDataLayout();
  for (User *U : K->users()) {
    auto *SI = dyn_cast<StoreInst>(U);
    if (!SI || SI->getValueOperand()->stripPointerCasts() != K)
      continue;
    APInt Off(DL.getIndexTypeSizeInBits(SI->getPointerOperandType()), 0);
    auto *Ctx = dyn_cast<AllocaInst>(
        SI->getPointerOperand()->stripAndAccumulateConstantOffsets(
            DL, Off, /*AllowNonInbounds=*/true));
    if (!Ctx)
      continue;
    for (User *CU : Ctx->users())
      if (auto *CI = dyn_cast<CallBase>(CU);
          CI && CI->arg_size() == 1 && CI->getArgOperand(0) == Ctx &&
          CI->getCalledFunction() &&
          CI->getCalledFunction()->hasLocalLinkage()) {
        L.Body = CI;
        L.Ctx = Ctx;
        L.KOffset = Off.getZExtValue();
        return true;
      }
  }
  return false;
}

DILocation *describeOutlined(Function &New, const Instruction *Where) {
  const DILocation *At = Where->getDebugLoc();
  DISubprogram *Outer = Where->getFunction()->getSubprogram();
  if (!At || !Outer || !Outer->getUnit())
    return nullptr;
  Module &M = *New.getParent();
  DIBuilder DIB(M, /*AllowUnresolved=*/false, Outer->getUnit());
  DISubprogram *SP = DIB.createFunction(
      Outer->getFile(), New.getName(), New.getName(), Outer->getFile(),
      At->getLine(), DIB.createSubroutineType(DIB.getOrCreateTypeArray({})),
      At->getLine(), DINode::FlagArtificial,
      DISubprogram::SPFlagDefinition | DISubprogram::SPFlagLocalToUnit);
  New.setSubprogram(SP);
  DIB.finalizeSubprogram(SP);
  DIB.finalize();
  return DILocation::get(M.getContext(), At->getLine(), At->getColumn(), SP);
}

/// Emits, at B, the loop of one chunk: for k in [Lo, Hi), the body with a
/// copy of Ctx whose k field points at this chunk's own k. B ends in the
/// block after the loop.
static void emitChunk(IRBuilder<> &B, const ForLoop &L, Value *Ctx,
                      Value *Lo, Value *Hi, bool Race) {
  Function *D = B.GetInsertBlock()->getParent();
  LLVMContext &C = D->getContext();
  const DataLayout &DL = D->getDataLayout();
  Type *I64 = B.getInt64Ty();
  Type *CtxTy = L.Ctx->getAllocatedType();
  IRBuilder<> AB(&D->getEntryBlock(), D->getEntryBlock().begin());
  AllocaInst *KAddr = AB.CreateAlloca(I64, nullptr, "k.addr");
  AllocaInst *Copy = AB.CreateAlloca(CtxTy, nullptr, "ctx.copy");
  Copy->setAlignment(L.Ctx->getAlign());

  auto *Cond = BasicBlock::Create(C, "cond", D);
  auto *Body = BasicBlock::Create(C, "body", D);
  auto *Done = BasicBlock::Create(C, "done", D);
  B.CreateMemCpy(Copy, Copy->getAlign(), Ctx, L.Ctx->getAlign(),
                 DL.getTypeAllocSize(CtxTy));
  B.CreateStore(KAddr, B.CreateConstGEP1_64(B.getInt8Ty(), Copy, L.KOffset,
                                            "k.field"));
  B.CreateStore(Lo, KAddr);
  B.CreateBr(Cond);

  B.SetInsertPoint(Cond);
  Value *K = B.CreateLoad(I64, KAddr, "k");
  B.CreateCondBr(B.CreateICmpULT(K, Hi, "more"), Body, Done);

  B.SetInsertPoint(Body);
  CallInst *Call = B.CreateCall(L.Body->getFunctionType(),
                                L.Body->getCalledOperand(), {Copy});
  Call->setAttributes(L.Body->getAttributes());
  // The race detector names the body's lines, which the body keeps only
  // where it is not inlined into this function, which has none.
  if (Race)
    Call->addFnAttr(Attribute::NoInline);
  Value *K1 = B.CreateAdd(B.CreateLoad(I64, KAddr, "k.now"),
                          ConstantInt::get(I64, 1), "k.next");
  B.CreateStore(K1, KAddr);
  // The chunk is the grain: no poll inside it (CilkPoll.cpp).
  BranchInst *Latch = B.CreateBr(Cond);
  MDNode *Grain = MDNode::get(C, MDString::get(C, CILK_GRAIN_LOOP_MD));
  MDNode *Loop = MDNode::getDistinct(C, {nullptr, Grain});
  Loop->replaceOperandWith(0, Loop);
  Latch->setMetadata(LLVMContext::MD_loop, Loop);
  B.SetInsertPoint(Done);
}

/// An outlined function of loop L: C++'s (L's function's personality
/// routine) if the body may throw, so that the body's exception unwinds
/// through the divide and conquer to the cilk_for (CilkExceptions.cpp),
/// else one that never unwinds.
static void setUnwinding(Function &New, const ForLoop &L) {
  Function &F = *L.Begin->getFunction();
  if (hasCxxPersonality(F) && !L.Body->doesNotThrow())
    New.setPersonalityFn(F.getPersonalityFn());
  else
    New.addFnAttr(Attribute::NoUnwind);
}

//   define internal void @f.cilk_for.chunk(ptr %ctx, i64 %lo, i64 %hi)
// A plain function, for a body that does not spawn: its k and context copy
// stay on the stack (in registers once the body is inlined), where the
// procedure would keep them in its frame.
static Function *buildChunk(const ForLoop &L, const Twine &Name, bool Race) {
  Module &M = *L.Begin->getModule();
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *Ptr = PointerType::getUnqual(C);
  Function *Chunk = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I64}, false),
      GlobalValue::InternalLinkage, Name, M);
  setUnwinding(*Chunk, L);
  Chunk->getArg(0)->setName("ctx");
  Chunk->getArg(1)->setName("lo");
  Chunk->getArg(2)->setName("hi");
  IRBuilder<> B(BasicBlock::Create(C, "entry", Chunk));
  B.SetCurrentDebugLocation(describeOutlined(*Chunk, L.Begin));
  emitChunk(B, L, Chunk->getArg(0), Chunk->getArg(1), Chunk->getArg(2),
            Race);
  B.CreateRetVoid();
  return Chunk;
}

//   define internal void @f.cilk_for(ptr %ctx, i64 %lo, i64 %hi, i64 %g)
//   (see the file comment; the chunk is a call of @f.cilk_for.chunk unless
//   the body spawns)
static Function *buildDriver(const ForLoop &L, bool BodySpawns, bool Race) {
  Function &F = *L.Begin->getFunction();
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *Ptr = PointerType::getUnqual(C);
  Function *D = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I64, I64}, false),
      GlobalValue::InternalLinkage, F.getName() + ".cilk_for", M);
  D->addFnAttr(CILK_ABI_FN_ATTR);
  setUnwinding(*D, L);
  Argument *Ctx = D->getArg(0), *Lo = D->getArg(1), *Hi = D->getArg(2),
           *G = D->getArg(3);
  Ctx->setName("ctx");
  Lo->setName("lo");
  Hi->setName("hi");
  G->setName("g");

  auto *Entry = BasicBlock::Create(C, "entry", D);
  auto *Split = BasicBlock::Create(C, "split", D);
  auto *Spawn = BasicBlock::Create(C, "spawn", D);
  auto *Leaf = BasicBlock::Create(C, "leaf", D);

  IRBuilder<> B(Entry);
  B.SetCurrentDebugLocation(describeOutlined(*D, L.Begin));
  AllocaInst *LoAddr = B.CreateAlloca(I64, nullptr, "lo.addr");
  B.CreateStore(Lo, LoAddr);
  B.CreateBr(Split);

  B.SetInsertPoint(Split);
  Value *L0 = B.CreateLoad(I64, LoAddr, "l");
  Value *Len = B.CreateSub(Hi, L0, "len");
  B.CreateCondBr(B.CreateICmpUGT(Len, G, "big"), Spawn, Leaf);

  B.SetInsertPoint(Spawn);
  Value *Mid = B.CreateAdd(L0, B.CreateLShr(Len, 1), "mid");
  CallInst *Child = B.CreateCall(D, {Ctx, L0, Mid, G});
  Child->setMetadata(CILK_ABI_SPAWN_MD, MDNode::get(C, {}));
  B.CreateStore(Mid, LoAddr);
  B.CreateBr(Split);

  B.SetInsertPoint(Leaf);
  Value *First = B.CreateLoad(I64, LoAddr, "first");
  if (BodySpawns)
    emitChunk(B, L, Ctx, First, Hi, Race);
  else
    B.CreateCall(buildChunk(L, D->getName() + ".chunk", Race),
                 {Ctx, First, Hi});
  B.CreateCall(getRuntimeFn(M, CILK_ABI_SYNC_MARKER));
  B.CreateRetVoid();
  return D;
}

bool hasCilkFor(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (isCallTo(I, CILK_ABI_FOR_BEGIN))
      return true;
  return false;
}

bool lowerCilkFors(Module &M, Mode TheMode, Instrument I) {
  Function *Marker = M.getFunction(CILK_ABI_FOR_BEGIN);
  if (!Marker)
    return false;
  // A body that calls a procedure that spawns (or holds a cilk_for) is a
  // procedure too, so that the call is a spawn and a sync
  // (CilkCalls.cpp), not a computation nested in a C function.
  SmallPtrSet<const Function *, 16> Spawning = spawningProcedures(M);
  SmallVector<CallInst *, 4> Begins;
  for (User *U : Marker->users())
    if (auto *CI = dyn_cast<CallInst>(U);
        CI && CI->getCalledFunction() == Marker)
      Begins.push_back(CI);
  bool Serial = TheMode == Mode::Serial && I == Instrument::None;
  for (CallInst *MC : Begins) {
    ForLoop L;
    bool Found = findLoop(MC, L);
    // Named for gdb and the race detector's reports, not __captured_stmt.
    if (Found)
      L.Body->getCalledFunction()->setName(MC->getFunction()->getName() +
                                          ".cilk_for.body");
    if (!Serial && Found) {
      Function *Captured = L.Body->getCalledFunction();
      bool BodySpawns = spawnsOrSyncs(*Captured) || hasCilkFor(*Captured) ||
                        callsSpawning(*Captured, Spawning);
      if (BodySpawns)
        Captured->addFnAttr(CILK_ABI_FN_ATTR);
      Function *D = buildDriver(L, BodySpawns, I == Instrument::Race);
      Spawning.insert(D);
      IRBuilder<> B(L.Body);
      Value *N = MC->getArgOperand(0);
      Value *G;
      if (I == Instrument::Race) {
        G = B.getInt64(1);
      } else {
        Value *Given = MC->getArgOperand(1);
        Value *Default =
            B.CreateCall(getRuntimeFn(M, CILK_ABI_FOR_GRAIN), {N}, "grain");
        G = B.CreateSelect(B.CreateICmpSGT(Given, B.getInt64(0)), Given,
                           Default, "g");
      }
      // C++: the body may throw, in the scope of a handler or cleanup.
      if (auto *II = dyn_cast<InvokeInst>(L.Body)) {
        BasicBlock *Normal = II->getNormalDest();
        B.CreateInvoke(D, Normal, II->getUnwindDest(),
                       {L.Ctx, B.getInt64(0), N, G});
        B.SetInsertPoint(Normal, Normal->getFirstInsertionPt());
      } else {
        B.CreateCall(D, {L.Ctx, B.getInt64(0), N, G});
      }
      B.CreateStore(B.CreateSub(N, B.getInt64(1)),
                    MC->getArgOperand(2)->stripPointerCasts());
      L.Body->eraseFromParent();
    }
    MC->replaceAllUsesWith(ConstantInt::get(MC->getType(), 0));
    MC->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return !Begins.empty();
}

} // namespace cilk
