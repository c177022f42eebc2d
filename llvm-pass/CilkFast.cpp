//===- CilkFast.cpp - The fast clone (f itself) ---------------------------===//
//
// Eager mode (Cilk-5, memo Figure 4). On entry:
//
//   %w = load ptr, ptr @__cilkrt_tls_worker
//   %frame = alloca %f.closure              ; or, for a heap frame:
//   %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @f.desc)
//   store ptr @f.desc, ptr %frame
//
// Per spawn N:
//
//   store <each value live across N>, ptr <its field>   ; stack frame only
//   store i32 N, ptr <frame.resume>
//   <push %frame>
//   %r = call @g(...)
//   <pop; if a thief may have the frame: br label %pop.slow.N>
//   ; tail.N, resume.N: f's code, the result assigned in place
//
// pop.slow.N:                              ; rare: THE conflict or a steal
//   store %r, ptr %result.N
//   %k = call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.N)
//   br (%k != 0), label %stolen, label %tail.N
// stolen:                                  ; the thief has the frame now
//   ret <poison>
//
// A sync is a no-op: a frame that was never stolen has no outstanding
// children. A heap frame is freed at each return.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

/// Copies alloca A's value into its frame field.
static void emitSaveField(IRBuilder<> &B, const Shape &S, Value *Frame,
                          AllocaInst *A) {
  const DataLayout &DL = S.F->getDataLayout();
  Value *Field = fieldAddr(B, Frame, S.FieldOffset.lookup(A),
                           A->getName() + ".field");
  Type *Ty = A->getAllocatedType();
  bool Array = !isa<ConstantInt>(A->getArraySize()) ||
               !cast<ConstantInt>(A->getArraySize())->isOne();
  if (!Array && (Ty->isSingleValueType())) {
    B.CreateAlignedStore(B.CreateAlignedLoad(Ty, A, A->getAlign()), Field,
                         A->getAlign());
    return;
  }
  B.CreateMemCpy(Field, A->getAlign(), A, A->getAlign(),
                 *A->getAllocationSize(DL));
}

void buildFastClone(Shape &S) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  BasicBlock &Entry = F.getEntryBlock();

  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  Value *W = emitLoadWorker(B);
  Value *Frame;
  if (S.HeapFrame) {
    Frame = B.CreateCall(getRuntimeFn(M, CILK_ABI_FRAME_ALLOC), {W, S.Desc},
                         "frame");
  } else {
    AllocaInst *A = B.CreateAlloca(S.FrameTy, nullptr, "frame");
    A->setAlignment(S.FrameAlign);
    Frame = A;
  }
  B.CreateAlignedStore(S.Desc, fieldAddr(B, Frame, CILK_ABI_FRAME_DESC_OFFSET),
                       Align(8));
  if (S.HeapFrame) {
    for (AllocaInst *A : S.Fields)
      A->replaceAllUsesWith(fieldAddr(B, Frame, S.FieldOffset.lookup(A),
                                      A->getName() + ".field"));
    for (AllocaInst *A : S.Fields) // B may point at one of them until here
      A->eraseFromParent();
  }

  BasicBlock *Stolen = BasicBlock::Create(C, "stolen", &F);
  ReturnInst::Create(C,
                     F.getReturnType()->isVoidTy()
                         ? nullptr
                         : PoisonValue::get(F.getReturnType()),
                     Stolen);

  for (SuspendPoint &P : S.Points) {
    if (!P.IsSpawn) {
      P.Call->eraseFromParent();
      continue;
    }
    CallBase *Call = P.Call;
    B.SetInsertPoint(Call);
    if (!S.HeapFrame)
      for (AllocaInst *A : P.LiveAcross)
        emitSaveField(B, S, Frame, A);
    emitSetResume(B, Frame, P.Index);
    emitPush(B, W, Frame);
    // The tail (or the resume block) continues in place.
    BasicBlock *Cont = Call->getParent()->getTerminator()->getSuccessor(0);
    emitPopAfterSpawn(Call, P, W, createResultSlot(Entry, P, P.ResultMemory),
                      Cont, Stolen);
  }

  if (S.HeapFrame) {
    FunctionCallee Free = getRuntimeFn(M, CILK_ABI_FRAME_FREE);
    for (BasicBlock &BB : F)
      if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator());
          R && &BB != Stolen)
        CallInst::Create(Free, {W, Frame}, "", R->getIterator());
  }
  F.addFnAttr(Attribute::NoInline);
}

} // namespace cilk
