//===- CilkInlet.cpp - Inlets @f.inlet.N and the descriptor @f.desc -------===//
//
// An inlet applies a spawn's result that arrives after its parent was
// stolen. It is the spawn's tail block with the destination and the result
// as parameters; for `a[i] += spawn g()`:
//
//   define internal void @f.inlet.N(ptr %dst, ptr %result, ptr %frame) {
//     %r = load i32, ptr %result
//     %old = load i32, ptr %dst
//     %new = add nsw i32 %old, %r
//     store i32 %new, ptr %dst
//     ret void
//   }
//
// The runtime calls it holding the parent's lock, with %dst computed from
// the frame (a field, or an address saved in one: site->dst_kind).
//
// A user inlet (`name(spawn g(), b)`), or a tail with control flow or
// several values from before the call, copies the tail's blocks whole
// (CILK_DST_FRAME): the variables it shares with the procedure are fields
// of %frame, its arguments besides the result are read from %args (a
// copy, at the same offsets, of their span as it was at the spawn: the
// procedure may have run the same spawn again since), its own locals stay
// its own.
//
//   define internal void @f.inlet.N(ptr %args, ptr %result, ptr %frame) {
//   entry:
//     %x.field = getelementptr inbounds i8, ptr %frame, i64 <off>
//     %b.field = getelementptr inbounds i8, ptr %args, i64 <off>
//     %r = load i32, ptr %result
//     br label %tail.N
//   tail.N: ...                 ; the body; `abort;` is
//     ...                       ; __cilkrt_abort(%frame), SYNCHED is 0
//   ret:
//     ret void
//   }
//
//   @f.desc = internal constant %cilk.desc {
//       ptr @f.slow, i32 <frame size>, i32 <flags>, i32 <result offset>,
//       i32 <sites>, ptr @f.sites, ptr @f.name, i64 <id>, ptr @f.layout,
//       i64 <code>, i32 <regions>, i32 <their counts' offset>,
//       i32 <sret result's size, or 0> }
//   @f.desc.entry = internal constant ptr @f.desc, section "cilk_procs"
//       ; only a portable procedure's: @f.layout is its description
//       ; (CilkPortable.cpp), null for any other, id FNV-1a of f, and
//       ; code the code hash of f (codeHash), 0 for any other
//   @f.sites = internal constant [N x %cilk.site] [ { ptr inlet, i32 kind,
//       i32 offset, i32 args size, i32 region, i32 in place, ptr unwind },
//       ... ]
//       ; unwind: @f.unwind.N, the inlet without what needs the result
//       ; (C++: the spawn's temporaries destroyed after a child threw)
//                                    ; indexed by resume index
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace cilk {

/// `void @f.inlet.N(ptr, ptr %result, ptr %frame)` (__cilk_inlet_fn),
/// compiled as f is; the first parameter is named FirstName.
static Function *createInletFunction(Function &F, const SuspendPoint &P,
                                     StringRef FirstName) {
  LLVMContext &C = F.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  Function *In = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, Ptr}, false),
      GlobalValue::InternalLinkage,
      F.getName() + ".inlet." + std::to_string(P.Index), F.getParent());
  In->setDSOLocal(true);
  In->addFnAttr(Attribute::NoUnwind);
  if (F.hasFnAttribute(Attribute::OptimizeNone)) {
    In->addFnAttr(Attribute::OptimizeNone);
    In->addFnAttr(Attribute::NoInline);
  }
  In->getArg(0)->setName(FirstName);
  In->getArg(1)->setName("result");
  In->getArg(2)->setName("frame");
  return In;
}

/// NI, a copy of an instruction of f, in an inlet, which has no debug info
/// of its own: drop f's locations and assignment-tracking links, which
/// must stay within one function.
static void dropDebugInfo(Instruction *NI) {
  NI->setDebugLoc(DebugLoc());
  NI->setMetadata(LLVMContext::MD_DIAssignID, nullptr);
}

/// True if I, remapped into inlet In, still uses a value of f.
static bool usesOtherFunction(const Instruction &I, const Function *In) {
  return any_of(I.operands(), [&](const Value *Op) {
    if (auto *OI = dyn_cast<Instruction>(Op))
      return OI->getFunction() != In;
    if (auto *A = dyn_cast<Argument>(Op))
      return A->getParent() != In;
    return false;
  });
}

static Function *buildInlet(Shape &S, SuspendPoint &P) {
  Function &F = *S.F;
  LLVMContext &C = F.getContext();
  Function *In = createInletFunction(F, P, "dst");
  Argument *Dst = In->getArg(0), *Result = In->getArg(1);

  IRBuilder<> B(BasicBlock::Create(C, "entry", In));
  ValueToValueMapTy VM;
  for (AllocaInst *T : P.TailTemps) {
    AllocaInst *NT = B.CreateAlloca(T->getAllocatedType(), T->getArraySize());
    NT->setAlignment(T->getAlign());
    VM[T] = NT;
  }
  VM[P.Dst] = Dst;
  if (!P.Call->getType()->isVoidTy())
    VM[P.Call] = B.CreateLoad(P.Call->getType(), Result, "r");
  if (P.ResultMemory)
    VM[P.ResultMemory] = Result;
  for (Instruction &I : *P.Tail) {
    if (I.isTerminator())
      break;
    // The reload of a saved destination is the parameter.
    if (&I == P.Dst)
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
      continue;
    Instruction *NI = I.clone();
    dropDebugInfo(NI);
    RemapInstruction(NI, VM, RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
    if (usesOtherFunction(*NI, In)) {
      NI->deleteValue();
      In->eraseFromParent();
      reportUnsupported(F,
                        "a spawn's assignment uses values other than "
                        "its result and its destination",
                        P.Call);
      return nullptr;
    }
    B.Insert(NI, I.getName());
    VM[&I] = NI;
  }
  B.CreateRetVoid();
  return In;
}

static Function *buildFrameInlet(Shape &S, SuspendPoint &P) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Function *In = createInletFunction(F, P, "args");
  Argument *Args = In->getArg(0), *Result = In->getArg(1),
           *Frame = In->getArg(2);

  IRBuilder<> B(BasicBlock::Create(C, "entry", In));
  SmallPtrSet<BasicBlock *, 16> Region(P.TailBlocks.begin(),
                                       P.TailBlocks.end());
  ValueToValueMapTy VM;
  for (BasicBlock *BB : P.TailBlocks)
    for (Instruction &I : *BB)
      for (Value *Op : I.operands()) {
        auto *A = dyn_cast<AllocaInst>(Op);
        if (!A || VM.count(A))
          continue;
        if (A == P.ResultMemory) {
          VM[A] = Result;
        } else if (S.FieldOffset.count(A)) {
          VM[A] = fieldAddr(B, is_contained(P.InletArgs, A) ? Args : Frame,
                            S.FieldOffset.lookup(A), A->getName() + ".field");
        } else if (isInletLocal(A, Region)) {
          AllocaInst *L = B.CreateAlloca(A->getAllocatedType(),
                                         A->getArraySize(), A->getName());
          L->setAlignment(A->getAlign());
          VM[A] = L;
        }
      }
  if (!P.Call->getType()->isVoidTy())
    VM[P.Call] = B.CreateLoad(P.Call->getType(), Result, "r");
  // The procedure's own result, made in its caller's memory (a C++ named
  // return value that the body updates): where the frame says.
  if (S.SRet && any_of(S.SRet->users(), [&](User *U) {
        auto *I = dyn_cast<Instruction>(U);
        return I && Region.count(I->getParent());
      }))
    VM[S.SRet] = B.CreateCall(getRuntimeFn(M, CILK_ABI_RESULT_ADDR), {Frame},
                              S.SRet->getName());
  BasicBlock *Ret = BasicBlock::Create(C, "ret", In);
  ReturnInst::Create(C, Ret);
  VM[P.Resume] = Ret;
  for (BasicBlock *BB : P.TailBlocks)
    VM[BB] = BasicBlock::Create(C, BB->getName(), In, Ret);
  B.CreateBr(cast<BasicBlock>(VM[P.Tail]));

  FunctionCallee Abort = getRuntimeFn(M, CILK_ABI_ABORT);
  for (BasicBlock *BB : P.TailBlocks) {
    auto *NB = cast<BasicBlock>(VM[BB]);
    for (Instruction &I : *BB) {
      if (isa<DbgInfoIntrinsic>(I))
        continue;
      if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
        continue;
      if (isCallTo(I, CILK_ABI_SYNCHED)) {
        // Other children may still be out; Cilk-5 allows 0 whenever the
        // runtime cannot promise 1.
        VM[&I] = ConstantInt::get(I.getType(), 0);
        continue;
      }
      Instruction *NI = isCallTo(I, CILK_ABI_ABORT_MARKER)
                            ? CallInst::Create(Abort, {Frame})
                            : I.clone();
      // C++: what the body invokes, the inlet calls (its landing pads are
      // the procedure's; see extendToUserInlet), and the spawn statement's
      // unwind anchor is a branch.
      if (isUnwindAnchor(I)) {
        BranchInst::Create(cast<InvokeInst>(I).getNormalDest(), NB);
        NI->deleteValue();
        continue;
      }
      if (auto *II = dyn_cast<InvokeInst>(NI)) {
        SmallVector<Value *, 8> Args(II->args());
        SmallVector<OperandBundleDef, 1> Bundles;
        II->getOperandBundlesAsDefs(Bundles);
        auto *CI = CallInst::Create(II->getFunctionType(),
                                    II->getCalledOperand(), Args, Bundles);
        CI->setAttributes(II->getAttributes());
        CI->setCallingConv(II->getCallingConv());
        dropDebugInfo(CI);
        CI->insertInto(NB, NB->end());
        CI->setName(I.getName());
        VM[&I] = CI;
        BranchInst::Create(II->getNormalDest(), NB);
        II->deleteValue();
        continue;
      }
      dropDebugInfo(NI);
      NI->insertInto(NB, NB->end());
      NI->setName(I.getName());
      VM[&I] = NI;
    }
  }
  for (BasicBlock *BB : P.TailBlocks)
    for (Instruction &I : *cast<BasicBlock>(VM[BB])) {
      RemapInstruction(&I, VM,
                       RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
      if (usesOtherFunction(I, In)) {
        In->eraseFromParent();
        reportUnsupported(F, "an inlet uses a value computed outside it "
                             "that is not one of the procedure's "
                             "variables");
        return nullptr;
      }
    }
  return In;
}

/// The unwind inlet of In (C++): a copy without what uses the result (the
/// result parameter, or a result made in place: CILK_RESULT_USE_MD), run
/// when the child threw after the parent was stolen: the spawn's argument
/// temporaries still end there, its result never began. Null if no call
/// is left (nothing to destroy).
static Function *buildUnwindInlet(Function *In) {
  ValueToValueMapTy VM;
  Function *U = CloneFunction(In, VM);
  std::string Name = In->getName().str();
  U->setName(Name.replace(Name.rfind(".inlet."), 7, ".unwind."));
  SmallVector<Instruction *, 16> Work, Dead;
  SmallPtrSet<Instruction *, 16> Seen;
  for (User *Us : U->getArg(1)->users())
    Work.push_back(cast<Instruction>(Us));
  for (BasicBlock &BB : *U) // a result made in place: its users
    for (Instruction &I : BB)
      if (I.getMetadata(CILK_RESULT_USE_MD))
        Work.push_back(&I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second)
      continue;
    Dead.push_back(I);
    for (User *Us : I->users())
      Work.push_back(cast<Instruction>(Us));
  }
  for (Instruction *I : reverse(Dead)) {
    if (I->isTerminator()) { // control flow on the result: the first way
      BranchInst::Create(I->getSuccessor(0), I->getIterator());
      for (unsigned K = 1; K < I->getNumSuccessors(); ++K)
        I->getSuccessor(K)->removePredecessor(I->getParent());
    }
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  EliminateUnreachableBlocks(*U);
  for (BasicBlock &BB : *U)
    for (Instruction &I : BB)
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        return U;
  U->eraseFromParent();
  return nullptr;
}

void buildInletsAndDescriptor(Shape &S) {
  Function &F = *S.F;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  Type *I32 = Type::getInt32Ty(C);

  StructType *SiteTy = StructType::getTypeByName(C, "cilk.site");
  if (!SiteTy)
    SiteTy = StructType::create(C, {Ptr, I32, I32, I32, I32, I32, Ptr},
                                "cilk.site");
  StructType *DescTy = StructType::getTypeByName(C, "cilk.desc");
  if (!DescTy)
    DescTy = StructType::create(
        C,
        {Ptr, I32, I32, I32, I32, Ptr, Ptr, Type::getInt64Ty(C), Ptr,
         Type::getInt64Ty(C), I32, I32, I32},
        "cilk.desc");

  SmallVector<Constant *, 8> Sites{Constant::getNullValue(SiteTy)};
  for (SuspendPoint &P : S.Points) {
    if (P.Tail)
      P.Inlet = P.DstKind == CILK_DST_FRAME ? buildFrameInlet(S, P)
                                             : buildInlet(S, P);
    if (P.Inlet && hasCxxPersonality(F))
      P.Unwind = buildUnwindInlet(P.Inlet);
    Constant *Inlet = P.Inlet ? static_cast<Constant *>(P.Inlet)
                              : Constant::getNullValue(Ptr);
    Constant *Unwind = P.Unwind ? static_cast<Constant *>(P.Unwind)
                                : Constant::getNullValue(Ptr);
    uint64_t Off = P.DstField ? S.FieldOffset.lookup(P.DstField) : 0;
    // A user inlet's arguments: one span of fields (buildFrame).
    uint64_t ArgsEnd = 0;
    for (AllocaInst *A : P.InletArgs) {
      uint64_t At = S.FieldOffset.lookup(A);
      Off = ArgsEnd ? std::min(Off, At) : At;
      ArgsEnd = std::max(ArgsEnd,
                         At + A->getAllocationSize(F.getDataLayout())
                                  ->getFixedValue());
    }
    Sites.push_back(ConstantStruct::get(
        SiteTy, {Inlet, ConstantInt::get(I32, P.Inlet ? P.DstKind : 0),
                 ConstantInt::get(I32, Off),
                 ConstantInt::get(I32, ArgsEnd ? ArgsEnd - Off : 0),
                 ConstantInt::get(I32, P.Region),
                 ConstantInt::get(I32, P.InPlace), Unwind}));
  }
  // Indolent resume points before a call deliver nothing; they are in
  // the call's region.
  Sites.resize(S.NumResumeIndices, Constant::getNullValue(SiteTy));
  for (SuspendPoint &P : S.Points)
    if (P.Respawn && P.Region)
      Sites[P.RespawnIndex] = ConstantStruct::get(
          SiteTy, {Constant::getNullValue(Ptr), ConstantInt::get(I32, 0),
                   ConstantInt::get(I32, 0), ConstantInt::get(I32, 0),
                   ConstantInt::get(I32, P.Region), ConstantInt::get(I32, 0),
                   Constant::getNullValue(Ptr)});
  auto *SitesTy = ArrayType::get(SiteTy, Sites.size());
  auto *SitesGV = new GlobalVariable(M, SitesTy, true,
                                     GlobalValue::InternalLinkage,
                                     ConstantArray::get(SitesTy, Sites),
                                     F.getName() + ".sites");
  Constant *Name = ConstantDataArray::getString(C, F.getName());
  auto *NameGV = new GlobalVariable(M, Name->getType(), true,
                                    GlobalValue::PrivateLinkage, Name,
                                    F.getName() + ".name");
  NameGV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  // Portable frames (CilkPortable.cpp) carry their description.
  std::string Layout = procedureLayout(S);
  Constant *LayoutGV = Constant::getNullValue(Ptr);
  if (!Layout.empty()) {
    Constant *Init = ConstantDataArray::getString(C, Layout);
    auto *GV = new GlobalVariable(M, Init->getType(), true,
                                  GlobalValue::PrivateLinkage, Init,
                                  F.getName() + ".layout");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    LayoutGV = GV;
  }
  Constant *Desc = ConstantStruct::get(
      DescTy,
      {S.Slow, ConstantInt::get(I32, S.FrameSize),
       ConstantInt::get(I32, (S.HeapFrame ? CILK_DESC_HEAP_FRAME : 0) |
                                 (S.isLazy() ? CILK_DESC_LAZY : 0) |
                                 (S.Atomic ? CILK_DESC_ATOMIC : 0)),
       ConstantInt::get(I32, S.RetvalOffset),
       ConstantInt::get(I32, Sites.size()), SitesGV, NameGV,
       ConstantInt::get(Type::getInt64Ty(C), stableId(F.getName())),
       LayoutGV,
       ConstantInt::get(Type::getInt64Ty(C),
                        Layout.empty() ? 0 : codeHash(F)),
       ConstantInt::get(I32, S.NumRegions),
       ConstantInt::get(I32, S.RegionsOffset),
       ConstantInt::get(I32, S.SRet ? F.getDataLayout().getTypeAllocSize(
                                          S.SRet->getParamStructRetType())
                                    : 0)});
  S.Desc = new GlobalVariable(M, DescTy, true, GlobalValue::InternalLinkage,
                              Desc, F.getName() + ".desc");
  S.Desc->setAlignment(Align(8));
  if (!Layout.empty())
    listInSection(M, S.Desc, F.getName() + ".desc.entry",
                  CILK_ABI_PROC_SECTION);
}

} // namespace cilk
