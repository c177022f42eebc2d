//===- CilkEntry.cpp - C entry points of Cilk procedures ------------------===//
//
// A C caller of a Cilk procedure (a header without `cilk`, a function
// pointer handed to qsort, a thread of the program's own) knows nothing of
// frames, checks or deques. If it called the fast clone, a release or a
// steal would cross its C frame: its return value would be a dummy and its
// code would go on with it. So every Cilk procedure f that spawns or syncs
// is reached under two symbols:
//
//   @f.fast   the fast clone; every spawn of f calls it, in any file
//   @f        its C entry point, for every other use (calls, addresses)
//
// Before the split (the clone is taken from f as written):
//
//   @f.serial   f's serial elision: sync markers and profile hooks dropped,
//               each spawn a plain call (of g.serial for a procedure g of
//               this module, else of the C entry point g)
//
// After the split, f becomes @f.fast and the C entry point takes its name:
//
//   define T @f(params) {
//   entry:                   ; a computation of its own (nested on a
//     %args = alloca %f.entry.args           ; worker: runtime/entry.c)
//                                            ; { params..., T tmp }
//     store <each param>, ptr <its field>
//     %result = alloca T                     ; sret: the sret parameter
//     %k = call i32 @__cilkrt_run(ptr @f.entry, ptr %args, ptr <tmp>,
//                                 ptr %result, i64 sizeof(T))
//                                 ; sret: <tmp> is %result, where the result
//                                 ; is made in place (never copied)
//     %ran = icmp eq i32 %k, 0               ; CILK_RUN_DONE
//     br i1 %ran, label %done, label %serial
//   serial:                  ; not run (a profile build's worker called, or
//     %r = call T @f.serial(params)          ; no pool): f's serial elision
//     ret T %r
//   done:
//     %v = load T, ptr %result
//     ret T %v
//   }
//
//   define internal void @f.entry(ptr %args) {   ; on a worker
//     %p.N = load <param N>, ptr <its field>     ; sret: the caller's
//     %r = call T @f.fast(%p.0, ...)
//     store T %r, ptr <tmp>
//     ret void
//   }
//
// Every address of f is @f, so a spawn through a pointer needs a way from
// @f to @f.fast: @f carries it as prefix data (CILK_ABI_ENTRY_MAGIC),
//
//   define T @f(params) prefix <{ i64, i64 }> <{ i64 MAGIC,
//       i64 sub (i64 ptrtoint (ptr @f.fast to i64),
//                i64 ptrtoint (ptr @f to i64)) }>
//
// (an offset, not an address: code must not need a relocation at load time)
// A Cilk procedure without spawn or sync never publishes a frame: it is one
// function for spawns and C calls alike, and where other files may spawn it
// @f.fast is an alias of it. A spawn of a procedure declared here but defined
// elsewhere calls @g.fast. Cilk main is entered by the runtime only and keeps
// its name.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cilk {

/// True if U is the callee of a spawn.
static bool isSpawnCallee(const Use &U) {
  auto *CB = dyn_cast<CallBase>(U.getUser());
  return CB && CB->isCallee(&U) && isSpawn(*CB);
}

bool isVisibleToOtherFiles(const Function &F) {
  return !F.isDeclaration() && !F.hasLocalLinkage() &&
         !F.hasAvailableExternallyLinkage();
}

/// True if F gets a C entry point: Cilk main never does; a variadic
/// procedure is rejected by CilkPrepare.
static bool needsEntry(const Function &F) {
  return F.getName() != CILK_ABI_MAIN && !F.isVarArg();
}

SerialClones buildSerialClones(ArrayRef<Function *> Procs) {
  SerialClones Serial;
  for (Function *F : Procs) {
    if (!needsEntry(*F))
      continue;
    ValueToValueMapTy VMap;
    Function *S = CloneFunction(F, VMap);
    restoreSerialUnwinding(*S);
    S->setName(F->getName() + CILK_ABI_SERIAL_SUFFIX);
    S->setLinkage(GlobalValue::InternalLinkage);
    S->setDSOLocal(true);
    S->setComdat(nullptr);
    S->removeFnAttr(CILK_ABI_FN_ATTR);
    Serial[F] = S;
  }
  for (auto &[F, S] : Serial) {
    lowerChildKeywordsSerially(*S);
    SmallVector<Instruction *, 8> Dead;
    for (Instruction &I : instructions(*S)) {
      if (isCallTo(I, CILK_ABI_SYNC_MARKER) || isProfileHook(I)) {
        Dead.push_back(&I);
        continue;
      }
      // A thread computation's start and wait, without the record.
      for (auto [Profiled, Plain] :
           {std::pair{CILK_ABI_PROF_CP_START, CILK_ABI_CP_START},
            std::pair{CILK_ABI_PROF_CP_WAIT, CILK_ABI_CP_WAIT}})
        if (isCallTo(I, Profiled)) {
          CallInst::Create(getRuntimeFn(*S->getParent(), Plain),
                           {cast<CallInst>(I).getArgOperand(1)}, "",
                           I.getIterator());
          Dead.push_back(&I);
        }
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || !isSpawn(*CB))
        continue;
      CB->setMetadata(CILK_ABI_SPAWN_MD, nullptr);
      if (Function *G = CB->getCalledFunction())
        if (Function *GS = Serial.lookup(G))
          CB->setCalledFunction(GS);
    }
    for (Instruction *I : Dead)
      I->eraseFromParent();
  }
  return Serial;
}

/// Declared in CilkShape.h. The "cilk" attribute stays with F: what
/// takes F's interface is not a Cilk procedure.
AttributeList interfaceAttributes(const Function &F, bool WithFnAttrs) {
  LLVMContext &C = F.getContext();
  AttributeList A = F.getAttributes();
  SmallVector<AttributeSet, 8> Params;
  for (unsigned I = 0; I < F.arg_size(); ++I)
    Params.push_back(A.getParamAttrs(I));
  AttributeSet Fn = WithFnAttrs ? A.getFnAttrs().removeAttribute(
                                      C, CILK_ABI_FN_ATTR)
                                : AttributeSet();
  return AttributeList::get(C, Fn, A.getRetAttrs(), Params);
}

/// Calls Callee (F's type and interface) with Args and returns its result.
static void emitForward(IRBuilder<> &B, Function &Callee, const Function &F,
                        ArrayRef<Value *> Args) {
  CallInst *Call = B.CreateCall(&Callee, Args);
  Call->setAttributes(interfaceAttributes(F, false));
  if (Callee.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
}

/// The struct the C entry point passes to its thunk: each parameter (for
/// sret, the caller's memory, where the result is made in place) and then
/// the fast clone's result (unused for sret).
struct EntryArgs {
  StructType *Ty = nullptr;
  Type *ResultTy = nullptr; // null: void
  int SRet = -1;            // index of the sret parameter
  unsigned TmpField = 0;
};

static EntryArgs entryArgs(Function &F, StringRef Name) {
  EntryArgs E;
  SmallVector<Type *, 8> Fields;
  for (Argument &A : F.args()) {
    if (A.hasStructRetAttr()) {
      E.SRet = A.getArgNo();
      E.ResultTy = A.getParamStructRetType();
    }
    Fields.push_back(A.getType());
  }
  if (!F.getReturnType()->isVoidTy())
    E.ResultTy = F.getReturnType();
  E.TmpField = Fields.size();
  Fields.push_back(E.ResultTy ? E.ResultTy
                              : Type::getInt8Ty(F.getContext()));
  E.Ty = StructType::create(Fields, (Name + ".entry.args").str());
  return E;
}

//   define internal void @f.entry(ptr %args)   (see the file comment)
static Function *buildThunk(Function &Fast, StringRef Name,
                            const EntryArgs &E) {
  Module &M = *Fast.getParent();
  LLVMContext &C = M.getContext();
  Function *T = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C)},
                        false),
      GlobalValue::InternalLinkage, Name + ".entry", M);
  T->setAttributes(AttributeList::get(
      C, AttributeList::FunctionIndex,
      AttrBuilder(C, interfaceAttributes(Fast, true).getFnAttrs())));
  T->addFnAttr(Attribute::NoUnwind);
  Argument *Args = T->getArg(0);
  Args->setName("args");
  IRBuilder<> B(BasicBlock::Create(C, "entry", T));
  Value *Tmp = B.CreateStructGEP(E.Ty, Args, E.TmpField, "tmp");
  SmallVector<Value *, 8> Params;
  for (Argument &A : Fast.args())
    Params.push_back(B.CreateLoad(A.getType(),
                                  B.CreateStructGEP(E.Ty, Args, A.getArgNo()),
                                  "p." + Twine(A.getArgNo())));
  CallInst *Call = B.CreateCall(&Fast, Params);
  Call->setAttributes(interfaceAttributes(Fast, false));
  if (!Fast.getReturnType()->isVoidTy())
    B.CreateStore(Call, Tmp);
  B.CreateRetVoid();
  // C++: an exception that leaves the top frame is the computation's; the
  // runtime throws it again in the caller of f (CILK_ABI_TOP_THREW):
  //   invoke @f.fast(...) unwind label %threw
  //   threw:  landingpad catch ptr null; call @__cilkrt_top_threw(<held>)
  if (hasCxxPersonality(Fast) && !Call->doesNotThrow()) {
    T->setPersonalityFn(Fast.getPersonalityFn());
    BasicBlock *Threw = BasicBlock::Create(C, "threw", T);
    IRBuilder<> TB(Threw);
    TB.CreateCall(getRuntimeFn(M, CILK_ABI_TOP_THREW), {emitCatchAllHandle(TB)});
    TB.CreateRetVoid();
    changeToInvokeAndSplitBasicBlock(Call, Threw);
  }
  return T;
}

/// Gives E, the C entry point of Fast (a clone of f, which clang
/// described), a subprogram named f with f's parameters, each at its
/// argument: gdb sets a breakpoint `break f if n == 3` at every place named
/// f, and a place without debug information cannot evaluate the condition.
/// Returns the location for E's instructions (null if f has none).
static DILocation *describeEntry(Function &E, Function &Fast,
                                 Function &Serial) {
  DISubprogram *SP = Fast.getSubprogram();
  if (!SP || !SP->getUnit())
    return nullptr;
  Module &M = *E.getParent();
  DIBuilder DIB(M, /*AllowUnresolved=*/false, SP->getUnit());
  DISubprogram *ESP = DIB.createFunction(
      SP->getScope(), SP->getName(), E.getName(), SP->getFile(),
      SP->getLine(), SP->getType(), SP->getScopeLine(),
      SP->getFlags() | DINode::FlagArtificial,
      DISubprogram::SPFlagDefinition |
          (E.hasLocalLinkage() ? DISubprogram::SPFlagLocalToUnit
                               : DISubprogram::SPFlagZero));
  E.setSubprogram(ESP);
  auto *Loc = DILocation::get(M.getContext(), SP->getScopeLine(), 0, ESP);
  // f's parameters, as clang described them in f (the serial clone keeps
  // f's code as it was; the fast clone may hold them in a heap frame).
  SmallVector<DILocalVariable *, 8> Params(E.arg_size());
  auto Note = [&](DILocalVariable *V) {
    if (V && V->isParameter() && V->getArg() <= Params.size() &&
        !Params[V->getArg() - 1])
      Params[V->getArg() - 1] = V;
  };
  for (Function *F : {&Serial, &Fast})
    for (Instruction &I : instructions(*F)) {
      if (auto *DVI = dyn_cast<DbgVariableIntrinsic>(&I))
        Note(DVI->getVariable());
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
        Note(R.getVariable());
    }
  BasicBlock &Entry = E.getEntryBlock();
  for (Argument &A : E.args())
    if (DILocalVariable *V = Params[A.getArgNo()])
      DIB.insertDbgValueIntrinsic(
          &A,
          DIB.createParameterVariable(ESP, V->getName(), V->getArg(),
                                      V->getFile(), V->getLine(),
                                      V->getType()),
          DIB.createExpression(), Loc, &*Entry.getFirstInsertionPt());
  DIB.finalizeSubprogram(ESP);
  DIB.finalize();
  return Loc;
}

//   define T @f(params)   (see the file comment)
static void buildEntry(Function &Fast, Function &Serial, const Twine &Name) {
  Module &M = *Fast.getParent();
  LLVMContext &C = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  std::string N = Name.str();
  Function *E = Function::Create(Fast.getFunctionType(), Fast.getLinkage(),
                                 Fast.getAddressSpace(), N, &M);
  E->copyAttributesFrom(&Fast);
  E->setAttributes(interfaceAttributes(Fast, true));
  E->setComdat(Fast.getComdat());
  for (Argument &A : E->args())
    A.setName(Fast.getArg(A.getArgNo())->getName());

  // Every use but a spawn reaches f as C code does: through its entry point.
  Fast.replaceUsesWithIf(E, [](Use &U) { return !isSpawnCallee(U); });

  // (After the uses were redirected: this use of @f.fast must stay.)
  // The distance between the two is data: their addresses matter (C++
  // marks member functions unnamed_addr, for which the backend writes the
  // distance through the PLT, a 32-bit relocation in a 64-bit field).
  Fast.setUnnamedAddr(GlobalValue::UnnamedAddr::None);
  E->setUnnamedAddr(GlobalValue::UnnamedAddr::None);
  Type *I64 = Type::getInt64Ty(C);
  E->setPrefixData(ConstantStruct::getAnon(
      {ConstantInt::get(I64, CILK_ABI_ENTRY_MAGIC),
       ConstantExpr::getSub(ConstantExpr::getPtrToInt(&Fast, I64),
                            ConstantExpr::getPtrToInt(E, I64))},
      /*Packed=*/true));

  EntryArgs EA = entryArgs(Fast, N);
  Function *Thunk = buildThunk(Fast, N, EA);

  BasicBlock *Entry = BasicBlock::Create(C, "entry", E);
  BasicBlock *SerialBB = BasicBlock::Create(C, "serial", E);
  BasicBlock *Done = BasicBlock::Create(C, "done", E);
  SmallVector<Value *, 8> Params;
  for (Argument &A : E->args())
    Params.push_back(&A);

  IRBuilder<> B(SerialBB);
  emitForward(B, Serial, Fast, Params);

  B.SetInsertPoint(Entry);
  Value *Args = B.CreateAlloca(EA.Ty, nullptr, "args");
  for (Argument &A : E->args())
    B.CreateStore(&A, B.CreateStructGEP(EA.Ty, Args, A.getArgNo()));
  Value *Tmp = B.CreateStructGEP(EA.Ty, Args, EA.TmpField, "tmp");
  Value *Result;
  if (EA.SRet >= 0) // made in place: the runtime copies nothing
    Tmp = Result = E->getArg(EA.SRet);
  else if (EA.ResultTy)
    Result = B.CreateAlloca(EA.ResultTy, nullptr, "result");
  else
    Result = Constant::getNullValue(B.getPtrTy());
  uint64_t Size = EA.ResultTy ? DL.getTypeAllocSize(EA.ResultTy) : 0;
  Value *K = B.CreateCall(getRuntimeFn(M, CILK_ABI_RUN),
                          {Thunk, Args, Tmp, Result, B.getInt64(Size)}, "k");
  B.CreateCondBr(B.CreateICmpEQ(K, B.getInt32(CILK_RUN_DONE), "ran"), Done,
                 SerialBB);

  B.SetInsertPoint(Done);
  if (E->getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(B.CreateLoad(EA.ResultTy, Result, "v"));

  if (DILocation *Loc = describeEntry(*E, Fast, Serial))
    for (Instruction &I : instructions(*E))
      if (!I.getDebugLoc())
        I.setDebugLoc(Loc);
}

//   spawn %p(args)  ->
//     %p.magic.addr = getelementptr i8, ptr %p, i64 -16
//     %p.magic = load i64, ptr %p.magic.addr, !nosanitize
//     %p.is.entry = icmp eq i64 %p.magic, MAGIC
//     %p.offset.addr = getelementptr i8, ptr %p, i64 -8
//     %p.offset = load i64, ptr %p.offset.addr, !nosanitize
//     %p.fast = getelementptr i8, ptr %p, i64 %p.offset
//     %p.callee = select i1 %p.is.entry, ptr %p.fast, ptr %p
//     spawn %p.callee(args)
// Both loads read the 16 bytes of code or data below the function, readable
// wherever a function is. Without the magic, %p is a procedure without spawn
// or sync (its own fast clone) or a C function: a call of it is the spawn of
// a procedure that never suspends.
bool findFastClonesOfPointers(Function &F) {
  bool Changed = false;
  LLVMContext &C = F.getContext();
  MDNode *NoSanitize = MDNode::get(C, {});
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || !isSpawn(*CB) ||
        (isa<Function>(CB->getCalledOperand()->stripPointerCasts()) &&
         !isSpawnOfMaybeC(*CB)))
      continue;
    IRBuilder<> B(CB);
    Value *P = CB->getCalledOperand();
    auto Load = [&](Type *Ty, int64_t Off, const Twine &Name) {
      LoadInst *L = B.CreateLoad(
          Ty, B.CreateConstGEP1_64(B.getInt8Ty(), P, Off, Name + ".addr"),
          Name);
      L->setMetadata(LLVMContext::MD_nosanitize, NoSanitize);
      return L;
    };
    Value *Magic = Load(B.getInt64Ty(), -CILK_ABI_ENTRY_PREFIX_SIZE, "p.magic");
    Value *IsEntry =
        B.CreateICmpEQ(Magic, B.getInt64(CILK_ABI_ENTRY_MAGIC), "p.is.entry");
    Value *Fast = B.CreateGEP(B.getInt8Ty(), P, Load(B.getInt64Ty(), -8, "p.offset"),
                              "p.fast");
    CB->setCalledOperand(B.CreateSelect(IsEntry, Fast, P, "p.callee"));
    Changed = true;
  }
  return Changed;
}

/// The symbol other files spawn G by: an alias of G (a procedure without
/// spawn or sync defined here), or a declaration of G's fast clone.
static Constant *fastSymbol(Module &M, Function &G) {
  std::string Name = (G.getName() + CILK_ABI_FAST_SUFFIX).str();
  if (GlobalValue *Known = M.getNamedValue(Name))
    return Known;
  if (!G.isDeclaration())
    return GlobalAlias::create(G.getLinkage(), Name, &G);
  Function *D = Function::Create(G.getFunctionType(),
                                 GlobalValue::ExternalLinkage, Name, &M);
  D->setAttributes(G.getAttributes());
  return D;
}

bool buildEntryPoints(Module &M, const SerialClones &Serial) {
  bool Changed = false;
  for (auto &[F, S] : Serial) {
    std::string Name = F->getName().str();
    F->setName(Name + CILK_ABI_FAST_SUFFIX);
    buildEntry(*F, *S, Name);
    Changed = true;
  }

  // Spawns of procedures of other files call their fast clones.
  SmallVector<Function *, 8> Declared;
  for (Function &G : M)
    if (G.isDeclaration() && !G.isIntrinsic() &&
        !G.getName().ends_with(CILK_ABI_FAST_SUFFIX))
      Declared.push_back(&G);
  for (Function *G : Declared)
    for (Use &U : make_early_inc_range(G->uses()))
      if (isSpawnCallee(U) && !isSpawnOfMaybeC(*cast<CallBase>(U.getUser()))) {
        U.set(fastSymbol(M, *G));
        Changed = true;
      }
  return aliasFastSymbols(M, Serial) || Changed;
}

//   define T @mt_f(ptr %context, params) {
//     %r = call T @f(params)        ; the C entry point (a leaf: f itself)
//     ret T %r
//   }
// (A struct result returned through memory comes first, before the context,
// as the C calling convention passes it.)
bool buildExports(Module &M, ArrayRef<std::string> Names) {
  LLVMContext &C = M.getContext();
  for (const std::string &Name : Names) {
    Function *F = M.getFunction(Name);
    GlobalValue *Known = M.getNamedValue("mt_" + Name);
    if (!F || (Known && !Known->isDeclaration()))
      continue;
    unsigned Ctx = F->arg_size() && F->getArg(0)->hasStructRetAttr() ? 1 : 0;
    SmallVector<Type *, 8> Params(F->getFunctionType()->params());
    Params.insert(Params.begin() + Ctx, PointerType::getUnqual(C));
    AttributeList A = interfaceAttributes(*F, true);
    SmallVector<AttributeSet, 8> ParamAttrs;
    for (unsigned I = 0; I < F->arg_size(); ++I)
      ParamAttrs.push_back(A.getParamAttrs(I));
    ParamAttrs.insert(ParamAttrs.begin() + Ctx, AttributeSet());
    // A procedure every file that uses it defines (C++: an inline
    // function, a template's instance) exports from each: one copy stays.
    bool Shared = F->hasLinkOnceLinkage() || F->hasWeakLinkage();
    Function *Mt = Function::Create(
        FunctionType::get(F->getReturnType(), Params, false),
        Shared ? F->getLinkage() : GlobalValue::ExternalLinkage, "mt_" + Name,
        M);
    if (Shared && F->hasComdat())
      Mt->setComdat(M.getOrInsertComdat(Mt->getName()));
    Mt->setAttributes(
        AttributeList::get(C, A.getFnAttrs(), A.getRetAttrs(), ParamAttrs));
    // This file may declare it too (`extern T EXPORT(f)(...)`) and call it.
    if (Known) {
      Mt->takeName(Known);
      Known->replaceAllUsesWith(Mt);
      Known->eraseFromParent();
    }
    Mt->getArg(Ctx)->setName("context");
    IRBuilder<> B(BasicBlock::Create(C, "entry", Mt));
    SmallVector<Value *, 8> Args;
    for (Argument &Arg : Mt->args())
      if (Arg.getArgNo() != Ctx)
        Args.push_back(&Arg);
    emitForward(B, *F, *F, Args);
  }
  return !Names.empty();
}

bool aliasFastSymbols(Module &M, const SerialClones &Serial) {
  SmallVector<Function *, 8> Leaves;
  for (Function &G : M)
    if (isCilkProcedure(G) && isVisibleToOtherFiles(G) && !Serial.count(&G) &&
        G.getName() != CILK_ABI_MAIN)
      Leaves.push_back(&G);
  for (Function *G : Leaves)
    fastSymbol(M, *G);
  return !Leaves.empty();
}

} // namespace cilk
