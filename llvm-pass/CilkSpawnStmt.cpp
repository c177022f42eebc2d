//===- CilkSpawnStmt.cpp - Spawned statements: `cilk_spawn { ... }` ------===//
//
// The plugin (clang-plugin/CilkOpenCilk.cpp) compiles `cilk_spawn S`, S a
// block, loop, `if` or `switch`, as a marker followed by S as a captured
// statement, which clang outlines into a function of a context:
//
//   call void @__cilk_spawn_stmt()
//   store ptr %x, ptr <field 0 of %ctx>        ; the context: the addresses
//   store ptr %i, ptr <field 1 of %ctx>        ; of the variables S uses
//   call void @__captured_stmt(ptr %ctx)       ; S
//
// The spawn hands the context's fields, read before it (arguments are
// evaluated before a spawn), to a procedure of its own that rebuilds the
// context: the parent may fill %ctx again (a loop's next iteration) while
// the child still runs.
//
//   %x.f = load ptr, ptr <field 0 of %ctx>
//   %i.v = load i32, ptr %i                    ; a snapshot (below)
//   call void @f.cilk_spawn(ptr %x.f, i32 %i.v), !cilk.spawn
//
//   define internal void @f.cilk_spawn(ptr %0, i32 %1) [cilk if S spawns] {
//     %ctx = alloca <the context's type>
//     %snap = alloca i32
//     store i32 %1, ptr %snap
//     store ptr %0, ptr <field 0 of %ctx>
//     store ptr %snap, ptr <field 1 of %ctx>
//     <S, inlined: @__captured_stmt's body>   (race builds: its call)
//   }
//
// Snapshots. A variable of the parent that S only reads, and whose address
// the parent gives nothing but the contexts of captured statements that
// only read it, is passed by value: S reads what it held at the spawn, as
// in the serial projection, even where the parent's continuation changes
// it meanwhile (`for (...; i++) cilk_spawn { a[i] = f(i); }`: OpenCilk's
// compiler passes such values too, once they are in registers). A
// variable S writes, or whose address escapes, stays shared.
//
// In the serial elision (but for the race detector) the marker goes and S
// runs in place.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace cilk {

namespace {

/// One spawned statement.
struct SpawnStmt {
  CallInst *Marker;
  CallInst *Body;   // the captured statement's call
  AllocaInst *Ctx;  // its context
  StructType *CtxTy;
  /// Per field: the parent's variable passed by value, or null.
  SmallVector<AllocaInst *, 8> Snapshot;
};

} // namespace

/// The captured statement's call after Marker in its block: the first call
/// of a local function whose one argument is an alloca of a structure.
static bool findBody(CallInst *Marker, SpawnStmt &S) {
  S.Marker = Marker;
  for (Instruction *I = Marker->getNextNode(); I; I = I->getNextNode()) {
    auto *CI = dyn_cast<CallInst>(I);
    if (!CI || !CI->getCalledFunction() ||
        !CI->getCalledFunction()->hasLocalLinkage() || CI->arg_size() != 1)
      continue;
    auto *Ctx = dyn_cast<AllocaInst>(CI->getArgOperand(0));
    auto *Ty = Ctx ? dyn_cast<StructType>(Ctx->getAllocatedType()) : nullptr;
    if (!Ty || CI->getCalledFunction()->isDeclaration())
      continue;
    S.Body = CI;
    S.Ctx = Ctx;
    S.CtxTy = Ty;
    return true;
  }
  return false;
}

/// The field of Ctx that P addresses (a constant offset from Ctx), or -1
/// (also where P is no pointer: a call or store that uses Ctx).
static int fieldOf(Value *P, Value *Ctx, StructType *Ty,
                   const DataLayout &DL) {
  if (!P->getType()->isPointerTy())
    return -1;
  APInt Off(DL.getIndexTypeSizeInBits(P->getType()), 0);
  if (P->stripAndAccumulateConstantOffsets(DL, Off, true) != Ctx)
    return -1;
  const StructLayout *SL = DL.getStructLayout(Ty);
  uint64_t O = Off.getZExtValue();
  if (O >= SL->getSizeInBytes())
    return -1;
  unsigned K = SL->getElementContainingOffset(O);
  return SL->getElementOffset(K) == O ? int(K) : -1;
}

/// The fields of the context that Body only reads through: each loaded
/// pointer is only loaded from, by plain loads (not volatile, not
/// atomic). The context is Body's argument, or a load of the slot it was
/// stored in (clang's -O0 code).
static SmallBitVector readOnlyFields(Function &Body, StructType *Ty) {
  const DataLayout &DL = Body.getDataLayout();
  unsigned N = Ty->getNumElements();
  SmallBitVector ReadOnly(N, true);
  Argument *Arg = Body.getArg(0);
  SmallVector<Value *, 4> Ctxs{Arg};
  for (User *U : Arg->users()) {
    auto *SI = dyn_cast<StoreInst>(U);
    auto *Slot = SI ? dyn_cast<AllocaInst>(SI->getPointerOperand()) : nullptr;
    if (!Slot || SI->getValueOperand() != Arg)
      continue;
    bool OnlyLoads = true;
    for (User *SU : Slot->users())
      if (SU != SI && !isa<LoadInst>(SU) && !isa<DbgInfoIntrinsic>(SU))
        OnlyLoads = false;
    if (!OnlyLoads)
      return SmallBitVector(N, false);
    for (User *SU : Slot->users())
      if (isa<LoadInst>(SU))
        Ctxs.push_back(SU);
  }
  // Every use of a context is the slot's store or a field's address.
  for (Value *C : Ctxs)
    for (User *U : C->users()) {
      if (auto *SI = dyn_cast<StoreInst>(U);
          SI && C == Arg && SI->getValueOperand() == Arg)
        continue;
      if (isa<DbgInfoIntrinsic>(U))
        continue;
      int K = fieldOf(U, C, Ty, DL);
      if (K < 0 && isa<LoadInst>(U))
        K = fieldOf(cast<LoadInst>(U)->getPointerOperand(), C, Ty, DL);
      if (K < 0)
        return SmallBitVector(N, false); // the context itself escapes
      SmallVector<User *, 4> Work{U};
      if (!isa<LoadInst>(U))
        Work.assign(U->user_begin(), U->user_end());
      for (User *W : Work) {
        auto *Field = dyn_cast<LoadInst>(W);
        if (!Field) {
          ReadOnly.reset(K);
          continue;
        }
        for (User *FU : Field->users())
          if (auto *L = dyn_cast<LoadInst>(FU); L ? !L->isSimple()
                                                  : !isa<DbgInfoIntrinsic>(FU))
            ReadOnly.reset(K);
      }
    }
  return ReadOnly;
}

/// True if St stores a variable's address into a field of a captured
/// statement's context (an alloca whose one other use is the call of a
/// local function, clang's outlining: S's, a cilk_for body's, another
/// spawned statement's) that the statement only reads through.
static bool onlyReadThrough(StoreInst *St) {
  const DataLayout &DL = St->getModule()->getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(St->getPointerOperandType()), 0);
  auto *Ctx = dyn_cast<AllocaInst>(
      St->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off,
                                                                  true));
  auto *Ty = Ctx ? dyn_cast<StructType>(Ctx->getAllocatedType()) : nullptr;
  if (!Ty)
    return false;
  Function *Body = nullptr;
  for (User *U : Ctx->users()) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI)
      continue;
    Function *Callee = CI->getCalledFunction();
    if (!Callee || !Callee->hasLocalLinkage() || Callee->isDeclaration() ||
        CI->arg_size() != 1 || CI->getArgOperand(0) != Ctx ||
        (Body && Body != Callee))
      return false;
    Body = Callee;
  }
  int K = fieldOf(St->getPointerOperand(), Ctx, Ty, DL);
  return Body && K >= 0 && readOnlyFields(*Body, Ty)[K];
}

/// For each field: the parent's variable that S may pass by value, or
/// null. A first-class alloca of the parent that only the parent writes,
/// and whose address only the contexts of captured statements that read
/// it receive (S's, others that share it).
static void findSnapshots(SpawnStmt &S) {
  const DataLayout &DL = S.Marker->getModule()->getDataLayout();
  unsigned N = S.CtxTy->getNumElements();
  S.Snapshot.assign(N, nullptr);
  for (Instruction *I = S.Marker->getNextNode(); I != S.Body;
       I = I->getNextNode()) {
    auto *SI = dyn_cast<StoreInst>(I);
    if (!SI)
      continue;
    int K = fieldOf(SI->getPointerOperand(), S.Ctx, S.CtxTy, DL);
    auto *Var = dyn_cast<AllocaInst>(SI->getValueOperand());
    if (K < 0 || !Var || !Var->isStaticAlloca() ||
        !Var->getAllocatedType()->isSingleValueType() ||
        Var->getAllocatedType()->isVectorTy())
      continue;
    // Volatile and atomic accesses say that someone else may write it.
    bool ReadOnly = llvm::all_of(Var->users(), [&](User *U) {
      if (auto *St = dyn_cast<StoreInst>(U))
        return St->isSimple() &&
               (St->getPointerOperand() == Var ||
                (St->getValueOperand() == Var && onlyReadThrough(St)));
      if (auto *II = dyn_cast<IntrinsicInst>(U))
        return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
      auto *L = dyn_cast<LoadInst>(U);
      return L && L->isSimple();
    });
    if (ReadOnly)
      S.Snapshot[K] = Var;
  }
}

//   define internal void @f.cilk_spawn(<fields, snapshots by value>)
// (see the file comment): the context rebuilt, then S's call, which the
// caller inlines.
static Function *buildTask(const SpawnStmt &S, CallInst *&Call) {
  Function &F = *S.Marker->getFunction();
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Function *Body = S.Body->getCalledFunction();
  SmallVector<Type *, 8> Params;
  for (unsigned K = 0; K < S.CtxTy->getNumElements(); ++K)
    Params.push_back(S.Snapshot[K] ? S.Snapshot[K]->getAllocatedType()
                                   : S.CtxTy->getElementType(K));
  Function *T = Function::Create(
      FunctionType::get(Type::getVoidTy(C), Params, false),
      GlobalValue::InternalLinkage, F.getName() + ".cilk_spawn", M);
  // Body's function attributes (optnone and noinline at -O0, the target's).
  T->setAttributes(
      AttributeList::get(C, Body->getAttributes().getFnAttrs(), {}, {}));
  IRBuilder<> B(BasicBlock::Create(C, "entry", T));
  B.SetCurrentDebugLocation(describeOutlined(*T, S.Body));
  AllocaInst *Ctx = B.CreateAlloca(S.CtxTy, nullptr, "ctx");
  Ctx->setAlignment(S.Ctx->getAlign());
  for (unsigned K = 0; K < S.CtxTy->getNumElements(); ++K) {
    Value *V = T->getArg(K);
    if (AllocaInst *Var = S.Snapshot[K]) {
      AllocaInst *Snap =
          B.CreateAlloca(Var->getAllocatedType(), nullptr,
                         Var->getName() + ".snapshot");
      Snap->setAlignment(Var->getAlign());
      B.CreateAlignedStore(V, Snap, Var->getAlign());
      V = Snap;
    }
    B.CreateStore(V, B.CreateStructGEP(S.CtxTy, Ctx, K));
  }
  Call = B.CreateCall(Body, {Ctx});
  B.CreateRetVoid();
  return T;
}

/// S's call becomes the spawn of its own procedure, S inlined into it but
/// in race builds, whose reports name S's function (the inlined code's
/// lines would name clang's __captured_stmt).
static void lower(SpawnStmt &S, SmallPtrSetImpl<const Function *> &Spawning,
                  bool Race) {
  Module &M = *S.Marker->getModule();
  Function *Body = S.Body->getCalledFunction();
  bool Spawns = spawnsOrSyncs(*Body) || hasCilkFor(*Body) ||
                callsSpawning(*Body, Spawning);
  CallInst *Inner;
  Function *T = buildTask(S, Inner);
  if (Spawns) {
    T->addFnAttr(CILK_ABI_FN_ATTR);
    Spawning.insert(T);
  }
  IRBuilder<> B(S.Body);
  const DataLayout &DL = M.getDataLayout();
  SmallVector<Value *, 8> Args;
  for (unsigned K = 0; K < S.CtxTy->getNumElements(); ++K) {
    Type *FieldTy = S.CtxTy->getElementType(K);
    Value *V = B.CreateAlignedLoad(FieldTy,
                                   B.CreateStructGEP(S.CtxTy, S.Ctx, K),
                                   DL.getABITypeAlign(FieldTy));
    if (AllocaInst *Var = S.Snapshot[K])
      V = B.CreateAlignedLoad(Var->getAllocatedType(), V, Var->getAlign(),
                              Var->getName());
    Args.push_back(V);
  }
  CallInst *Spawn = B.CreateCall(T, Args);
  Spawn->setMetadata(CILK_ABI_SPAWN_MD, MDNode::get(M.getContext(), {}));
  S.Body->eraseFromParent();
  if (Race) {
    Inner->addFnAttr(Attribute::NoInline);
    return;
  }
  InlineFunctionInfo IFI;
  InlineFunction(*Inner, IFI);
  if (Body->use_empty())
    Body->eraseFromParent();
}

bool lowerSpawnedStatements(Module &M, Mode TheMode, Instrument I) {
  Function *Marker = M.getFunction(CILK_ABI_SPAWN_STMT);
  if (!Marker)
    return false;
  bool Serial = TheMode == Mode::Serial && I != Instrument::Race;
  // Bodies are named for gdb and the race detector's reports after the
  // function they are in, outermost first (a body in a body: f's
  // f.cilk_spawn.body.cilk_spawn.body).
  SmallVector<std::pair<Function *, Function *>, 4> Named; // (in, body)
  for (User *U : Marker->users())
    if (auto *CI = dyn_cast<CallInst>(U);
        CI && CI->getCalledFunction() == Marker)
      if (SpawnStmt S; findBody(CI, S))
        Named.push_back({CI->getFunction(), S.Body->getCalledFunction()});
  SmallPtrSet<Function *, 8> Unnamed;
  for (auto [In, Body] : Named)
    Unnamed.insert(Body);
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (auto [In, Body] : Named)
      if (Unnamed.count(Body) && !Unnamed.count(In)) {
        Body->setName(In->getName() + ".cilk_spawn.body");
        Unnamed.erase(Body);
        Progress = true;
      }
  }
  // Innermost first, in rounds: a statement whose body holds another's
  // marker waits until that one is lowered, so that lowering it (which
  // inlines the body and deletes it) finds every statement inside done,
  // and knows whether it spawns.
  for (;;) {
    SmallVector<CallInst *, 4> Markers;
    SmallPtrSet<const Function *, 8> Holding;
    for (User *U : Marker->users())
      if (auto *CI = dyn_cast<CallInst>(U);
          CI && CI->getCalledFunction() == Marker) {
        Markers.push_back(CI);
        Holding.insert(CI->getFunction());
      }
    if (Markers.empty())
      break;
    SmallVector<SpawnStmt, 4> Ready;
    for (CallInst *MC : Markers) {
      SpawnStmt S;
      if (!findBody(MC, S)) {
        MC->eraseFromParent(); // no statement after it: nothing to spawn
        continue;
      }
      if (Serial || !Holding.count(S.Body->getCalledFunction()))
        Ready.push_back(S);
    }
    if (!Serial) {
      // Every context of the round as clang left it, before any is
      // lowered.
      for (SpawnStmt &S : Ready)
        findSnapshots(S);
      // Which bodies are procedures: those that spawn, sync, hold a
      // cilk_for or call a procedure of this module that spawns.
      SmallPtrSet<const Function *, 16> Spawning = spawningProcedures(M);
      for (SpawnStmt &S : Ready)
        lower(S, Spawning, I == Instrument::Race);
    }
    for (SpawnStmt &S : Ready)
      S.Marker->eraseFromParent();
  }
  Marker->eraseFromParent();
  return true;
}

} // namespace cilk
