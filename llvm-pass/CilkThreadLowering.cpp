//===- CilkThreadLowering.cpp - Lower continuation-passing threads --------===//
//
// The Cilk paper's threads (the plugin's CilkThreadKeywords.cpp): a thread T is an
// ordinary function; what the pass makes is its closure and the code that
// fills one. Runs after phase 1, in every mode (the serial elision runs
// threads on the runtime's one worker: a successor waits for its missing
// arguments whatever the schedule). For each thread T started here:
//
//   %T.closure: a 48-byte runtime header, then per parameter an 8-byte link
//     word and the value (a byval parameter's bytes), the value aligned to
//     at least 8, so that a continuation (a value's address) finds its
//     closure in the word before it
//   @T.run = internal void (ptr %c): loads the slots and calls @T
//   @T.thread = internal constant %cilk.thread { @T.run, size, nparams,
//     name, id, layout, offsets, code }: id is FNV-1a of T's name, layout
//     the plugin's description of the parameters (attribute "cilk-layout")
//     or null, offsets each slot's, code with a layout T's code hash
//     (CilkPortable.cpp), else 0; a descriptor with a layout is also listed
//     in section "cilk_threads" (@T.thread.entry), where the runtime finds
//     the threads whose closures can travel to another process
//
// and each start of T:
//
//   spawn T(a, b);      ->  %c = call ptr @__cilkrt_cp_new(ptr @T.thread, i32 0,
//                                                        i64 <size>)
//                           store a, <slot 0>; store b, <slot 1>
//                           call void @__cilkrt_cp_arm(ptr %c)
//   spawn_next T(k, ?x) ->  %c = call ptr @__cilkrt_cp_new(ptr @T.thread, i32 1,
//                                                        i64 <size>)
//                           store k, <slot 0>
//                           store ptr %c, <link 1>; store <slot 1>, ptr %x
//                           (posted by the sender of x)
//   tail_call T(a);     ->  musttail call void @T(a)      (when lowerMustTail
//                           ret void                       allows it)
//                       or  %c = call ptr @__cilkrt_cp_tail(ptr @T.thread,
//                                                         i64 <size>)
//                           store a, <slot 0>
//                           (run by the caller's runner once it returns)
//
// Either way a chain of tail calls runs in constant stack space at every
// -O level (a plain call grew the stack by a frame per thread at -O0).
//
// A vector argument, `call ptr @__cilk_cp_vector_marker(ptr %p, i64 %bytes)`
// (PCM's vectors; the plugin wraps each argument of an array parameter),
// is copied to the closure's end, 16-aligned after the fixed slots, and
// its slot points to the copy:
//
//   %v = getelementptr i8, ptr %c, i64 <offset>   ; size += align16(bytes)
//   call void @llvm.memcpy(ptr %v, ptr %p, i64 %bytes); store ptr %v, <slot>
//
// A tail_call copies its vectors too: the caller's frame is gone when its
// closure runs.
//
// A vector left empty (PCM's `_`), `call ptr
// @__cilk_cp_missing_vector_marker(ptr %x, i64 %bytes, i64 <size>, i64
// <align>)` where %x is the array of continuations, one per element, is
// staged at the closure's end: each element a missing argument of its own
// (a link word, then the value), all counted in the closure's `missing`:
//
//   %cp.staged = udiv i64 %bytes, 8                  ; n elements
//   size += align16(FIRST + n * STRIDE)             ; CILK_ABI_CP_STAGE_*
//   %cp.staging = getelementptr i8, ptr %c, i64 <offset>; store it, <slot>
//   call void @__cilkrt_cp_stage(ptr %c, ptr %cp.staging, ptr %x,
//                                i64 %cp.staged, i64 <size>, i64 <align>)
//   if missing == 0: call void @__cilkrt_cp_arm(ptr %c)  ; no elements
//
// and the closure's descriptor is @T.thread.stagedI (I: the parameter),
// whose runner @T.run.stagedI gathers the values into one vector first.
//
// In a Cilk procedure, `spawn T(...)` runs T at once (__cilkrt_cp_start),
// and each continuation argument delivers into the procedure's variable:
//
//   entry:   %cp.results = alloca ptr; store ptr null, ptr %cp.results
//   call ptr @__cilk_cp_result_marker(ptr %r, i64 4)
//        ->  call ptr @__cilkrt_cp_result(ptr %cp.results, ptr %r, i64 4)
//   before each sync marker and each return:
//            call void @__cilkrt_cp_wait(ptr %cp.results)
//
// The address of %r escapes to the runtime, so the frame that holds it is
// a heap frame (CilkFrame.cpp): it stays put however the procedure is
// stolen or released while the results are out.
//
// In the lazy modes a wait would hide the procedure's ancestors from
// thieves until the results arrive: awaitAnsweringReleases makes it a
// loop, which polls (CilkPoll.cpp), around __cilkrt_cp_await, which comes
// back when a thief asks for a release; the fast clone then releases its
// frame at the poll, and its slow clone waits again. The slow and serial
// clones, and a loop that does not poll, never ask (settleAwaits): their
// __cilkrt_cp_await is 0. A profile build keeps the plain wait.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace cilk {

namespace {

/// A thread's closure as this module lays it out.
struct ThreadClosure {
  SmallVector<Type *, 8> SlotTy; // a parameter's type, or its byval type
  SmallVector<uint64_t, 8> Offset;
  uint64_t Size = 0;              // bytes, 16-aligned, without vectors
  GlobalVariable *Desc = nullptr; // @T.thread
  /// @T.thread.staged.I.J: the closures whose vectors I, J are staged.
  StringMap<GlobalVariable *> StagedDesc;
};

class ThreadLowering {
public:
  explicit ThreadLowering(Module &M) : M(M), DL(M.getDataLayout()) {}

  bool run();

private:
  ThreadClosure &closureOf(Function *T);
  GlobalVariable *descriptor(Function *T, ThreadClosure &C,
                             ArrayRef<unsigned> Staged);
  Function *buildRunner(Function *T, const ThreadClosure &C,
                        ArrayRef<unsigned> Staged, const Twine &Name);
  void lowerStart(CallBase *Call, Function *T, bool Tail);
  bool lowerMustTail(CallBase *Call, Function *T);
  bool lowerResults(Function &F);

  Module &M;
  const DataLayout &DL;
  DenseMap<Function *, ThreadClosure> Closures;
};

Type *slotType(Function *T, unsigned I) {
  if (Type *By = T->getParamByValType(I))
    return By;
  return T->getFunctionType()->getParamType(I);
}

ThreadClosure &ThreadLowering::closureOf(Function *T) {
  auto [It, New] = Closures.try_emplace(T);
  ThreadClosure &C = It->second;
  if (!New)
    return C;
  uint64_t At = CILK_ABI_CP_HEADER_SIZE;
  for (unsigned I = 0; I < T->arg_size(); ++I) {
    Type *Ty = slotType(T, I);
    uint64_t A = std::max<uint64_t>(DL.getABITypeAlign(Ty).value(), 8);
    At = alignTo(At + 8, A); // the link word sits right before the value
    C.SlotTy.push_back(Ty);
    C.Offset.push_back(At);
    At += DL.getTypeAllocSize(Ty);
  }
  C.Size = alignTo(At, 16);
  C.Desc = descriptor(T, C, {});
  return C;
}

/// Rewrites the plugin's description of T's C parameters (cilk-abi.h) as one
/// entry per slot of closure C into Out. A C parameter larger than its first
/// slot was split by the calling convention into eightbytes, one slot each;
/// each field goes to the piece that holds its offset. False if the slots
/// and the parameters do not match (T's calls would not be portable).
static bool slotLayout(StringRef CLayout, const ThreadClosure &C,
                       std::string &Out, const DataLayout &DL) {
  SmallVector<StringRef, 8> Params;
  if (!CLayout.empty())
    CLayout.split(Params, ';');
  unsigned Slot = 0;
  for (StringRef P : Params) {
    auto [SizeText, Fields] = P.split('=');
    uint64_t Size;
    if (SizeText.getAsInteger(10, Size))
      return false;
    // The slots this parameter takes: until their eightbytes cover it.
    unsigned First = Slot;
    for (uint64_t Covered = 0; Covered < Size; ++Slot) {
      if (Slot == C.SlotTy.size())
        return false;
      Covered += alignTo(DL.getTypeAllocSize(C.SlotTy[Slot]), 8);
    }
    unsigned Pieces = Slot - First;
    for (unsigned I = 0; I < Pieces; ++I) {
      if (!Out.empty() || First + I)
        Out += ';';
      if (Fields == "!" || Pieces == 1) {
        Out += Fields;
        continue;
      }
      if (Fields.contains('c'))
        return false; // a continuation is one pointer, never split
      SmallVector<StringRef, 8> List;
      Fields.split(List, ',');
      std::string Piece;
      for (StringRef F : List) {
        size_t Kind = F.find_first_of("iuf");
        uint64_t At;
        if (Kind == StringRef::npos || F.take_front(Kind).getAsInteger(10, At))
          return false;
        if (At / 8 != I)
          continue;
        if (!Piece.empty())
          Piece += ',';
        Piece += std::to_string(At % 8) + F.drop_front(Kind).str();
      }
      Out += Piece;
    }
  }
  return Slot == C.SlotTy.size();
}

/// T's descriptor for closures whose vector parameters Staged were left
/// empty (none: @T.thread).
GlobalVariable *ThreadLowering::descriptor(Function *T, ThreadClosure &C,
                                           ArrayRef<unsigned> Staged) {
  std::string Suffix;
  for (unsigned I : Staged)
    Suffix += ".staged" + std::to_string(I);
  GlobalVariable *&Desc = Staged.empty() ? C.Desc : C.StagedDesc[Suffix];
  if (Desc)
    return Desc;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  StructType *DescTy = StructType::getTypeByName(Ctx, "cilk.thread");
  if (!DescTy)
    DescTy = StructType::create(
        Ctx, {Ptr, I32, I32, Ptr, I64, Ptr, Ptr, I64}, "cilk.thread");
  auto String = [&](StringRef Suffix, StringRef Text) {
    std::string Name = (T->getName() + Suffix).str();
    if (GlobalVariable *GV = M.getNamedGlobal(Name))
      return GV;
    Constant *Init = ConstantDataArray::getString(Ctx, Text);
    return new GlobalVariable(M, Init->getType(), true,
                              GlobalValue::PrivateLinkage, Init, Name);
  };
  // Portable only with a description from the plugin (which describes a
  // vector parameter as "!"), never a closure with staged vectors, and
  // only if the thread is self-contained (CilkPortable.cpp).
  Constant *Layout = ConstantPointerNull::get(PointerType::getUnqual(Ctx));
  Attribute A = T->getFnAttribute(CILK_ABI_LAYOUT_ATTR);
  std::string Slots;
  if (A.isStringAttribute() && Staged.empty() &&
      T->hasFnAttribute(CILK_SELF_CONTAINED_ATTR) &&
      slotLayout(A.getValueAsString(), C, Slots, DL))
    Layout = String(".layout", Slots);
  GlobalVariable *OffsetsGV =
      M.getNamedGlobal((T->getName() + ".offsets").str());
  if (!OffsetsGV) {
    SmallVector<uint32_t, 8> Offsets(C.Offset.begin(), C.Offset.end());
    Constant *Init = ConstantDataArray::get(Ctx, Offsets);
    OffsetsGV = new GlobalVariable(M, Init->getType(), true,
                                   GlobalValue::PrivateLinkage, Init,
                                   T->getName() + ".offsets");
  }
  Desc = new GlobalVariable(
      M, DescTy, true, GlobalValue::InternalLinkage,
      ConstantStruct::get(
          DescTy, {buildRunner(T, C, Staged, T->getName() + ".run" + Suffix),
                   ConstantInt::get(I32, C.Size),
                   ConstantInt::get(I32, T->arg_size()),
                   String(".name", T->getName()),
                   ConstantInt::get(I64, stableId(T->getName())),
                   Layout, OffsetsGV,
                   ConstantInt::get(I64, Layout->isNullValue()
                                             ? 0
                                             : codeHash(*T))}),
      T->getName() + ".thread" + Suffix);
  Desc->setAlignment(Align(8));
  // Listed for the runtime (cilk-abi.h): only portable closures travel.
  if (!Layout->isNullValue())
    listInSection(M, Desc, T->getName() + ".thread.entry",
                  CILK_ABI_THREAD_SECTION);
  return Desc;
}

//   define internal void @T.run(ptr %c) {
//     %a0 = load <slot 0 type>, ptr (%c + offset 0)   ; byval: the address
//     ...
//     call void @T(%a0, ...)
//     ret void
//   }
//
// and for each vector parameter I left empty (@T.run.stagedI), before
// the call:
//
//     call void @__cilkrt_cp_gather(ptr %aI)   ; its values, one after another
Function *ThreadLowering::buildRunner(Function *T, const ThreadClosure &C,
                                      ArrayRef<unsigned> Staged,
                                      const Twine &Name) {
  LLVMContext &Ctx = M.getContext();
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx),
                               {PointerType::getUnqual(Ctx)}, false);
  Function *Run =
      Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  Run->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Run));
  Value *Closure = Run->getArg(0);
  Closure->setName("c");
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0; I < T->arg_size(); ++I) {
    Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Closure,
                                               C.Offset[I]);
    Args.push_back(T->hasParamAttribute(I, Attribute::ByVal)
                       ? Slot
                       : B.CreateLoad(C.SlotTy[I], Slot));
    if (is_contained(Staged, I))
      B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_GATHER), {Args.back()});
  }
  CallInst *Call = B.CreateCall(T->getFunctionType(), T, Args);
  Call->setAttributes(T->getAttributes());
  Call->setCallingConv(T->getCallingConv());
  B.CreateRetVoid();
  return Run;
}

/// The continuation variable whose address a missing argument `?x` took:
/// V is `load T, ptr (call @__cilk_cp_missing_marker(ptr %x))`.
Value *missingContinuation(Value *V) {
  auto *L = dyn_cast<LoadInst>(V);
  auto *MC = L ? dyn_cast<CallInst>(L->getPointerOperand()) : nullptr;
  return MC && isCallTo(*MC, CILK_ABI_CP_MISSING) ? MC->getArgOperand(0)
                                                  : nullptr;
}

/// V, if it is a call of the marker Name.
CallInst *markerCall(Value *V, StringRef Name) {
  auto *CI = dyn_cast<CallInst>(V);
  return CI && isCallTo(*CI, Name) ? CI : nullptr;
}

/// The call of the vector marker that V is, if it is one.
CallInst *vectorMarker(Value *V) {
  return markerCall(V, CILK_ABI_CP_VECTOR_MARKER);
}

/// The call of the marker of a vector left empty that V is, if it is one.
CallInst *missingVectorMarker(Value *V) {
  return markerCall(V, CILK_ABI_CP_MISSING_VECTOR_MARKER);
}

/// The size and alignment of the elements of a vector left empty: the
/// marker's constant third and fourth arguments.
std::pair<uint64_t, uint64_t> stagedElement(CallInst *MV) {
  auto *Size = dyn_cast<ConstantInt>(MV->getArgOperand(2));
  auto *Align = dyn_cast<ConstantInt>(MV->getArgOperand(3));
  if (!Size || !Align)
    report_fatal_error("cilk: a vector left empty has no constant element "
                       "size");
  return {Size->getZExtValue(), Align->getZExtValue()};
}

/// Whether a parameter of attribute list AL (of a function of N parameters)
/// changes how it is passed: the attributes that the verifier requires a
/// musttail call and its caller to agree on. Calls with any take the
/// trampoline: a byval struct of a musttail call would be built in the
/// caller's own incoming argument area, where the struct it is copied from
/// may lie; the closure holds a copy instead, as for spawn.
static bool hasABIParamAttr(AttributeList AL, unsigned N) {
  static const Attribute::AttrKind Kinds[] = {
      Attribute::StructRet,  Attribute::ByVal,          Attribute::InAlloca,
      Attribute::InReg,      Attribute::StackAlignment, Attribute::SwiftSelf,
      Attribute::SwiftAsync, Attribute::SwiftError,     Attribute::Preallocated,
      Attribute::ByRef};
  for (unsigned I = 0; I < N; ++I)
    for (Attribute::AttrKind K : Kinds)
      if (AL.hasParamAttr(I, K))
        return true;
  return false;
}

/// Whether nothing happens after Call: the one path from it, through
/// unconditional branches, reaches `ret void` past nothing but debug
/// records and lifetime markers (what clang emits after the statement at
/// -O0: a branch to the function's return block).
static bool endsFunction(CallInst *Call) {
  SmallPtrSet<BasicBlock *, 8> Seen;
  BasicBlock *BB = Call->getParent();
  for (BasicBlock::iterator It = std::next(Call->getIterator());;) {
    if (It == BB->end())
      return false;
    Instruction &I = *It++;
    if (auto *Ret = dyn_cast<ReturnInst>(&I))
      return !Ret->getReturnValue();
    if (auto *Br = dyn_cast<BranchInst>(&I); Br && Br->isUnconditional()) {
      BB = Br->getSuccessor(0);
      if (!Seen.insert(BB).second || isa<PHINode>(BB->front()))
        return false;
      It = BB->begin();
      continue;
    }
    if (!I.isDebugOrPseudoInst() && !I.isLifetimeStartOrEnd())
      return false;
  }
}

/// `tail_call T(args)` in thread F as a musttail call, which every -O level
/// compiles to a jump, if the verifier and the x86-64 backend allow it and
/// it means what the trampoline means:
///   - T has F's prototype and calling convention, no parameter attribute
///     that changes how it is passed (byval: hasABIParamAttr), and is not
///     variadic;
///   - no argument is a vector (the trampoline copies it: one meaning for
///     both);
///   - no local of F escapes (F's frame is gone when T runs: an argument
///     could point into it), counted after F's other starts are lowered,
///     so that their `?x` no longer take the address of x;
///   - nothing follows the call (endsFunction): under the trampoline what
///     follows runs before T, after it under a call.
/// Then the call, its callee T, is followed by `ret void`, and what came
/// after it in its block (branches, debug records, lifetime markers) goes:
///
///   call void %t(a)          ->  musttail call void @T(a)
///   br label %return             ret void
bool ThreadLowering::lowerMustTail(CallBase *Call, Function *T) {
  auto *CI = dyn_cast<CallInst>(Call);
  if (!CI)
    return false;
  Function *F = CI->getFunction();
  unsigned N = T->arg_size();
  if (F->getFunctionType() != T->getFunctionType() || T->isVarArg() ||
      F->getCallingConv() != T->getCallingConv() ||
      hasABIParamAttr(F->getAttributes(), N) ||
      hasABIParamAttr(T->getAttributes(), N) ||
      hasABIParamAttr(CI->getAttributes(), N) || !endsFunction(CI))
    return false;
  for (Value *A : CI->args())
    if (vectorMarker(A))
      return false;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I);
        AI && PointerMayBeCaptured(AI, /*ReturnCaptures=*/true,
                                   /*StoreCaptures=*/true))
      return false;
  CI->setCalledOperand(T);
  CI->setCallingConv(T->getCallingConv());
  CI->setTailCallKind(CallInst::TCK_MustTail);
  BasicBlock *BB = CI->getParent();
  while (&BB->back() != CI)
    BB->back().eraseFromParent();
  ReturnInst::Create(M.getContext(), BB)->setDebugLoc(CI->getDebugLoc());
  return true;
}

void ThreadLowering::lowerStart(CallBase *Call, Function *T, bool Tail) {
  if (Tail && lowerMustTail(Call, T))
    return;
  ThreadClosure &C = closureOf(T);
  IRBuilder<> B(Call);
  // The closure's size: its fixed slots, then each vector, 16-aligned; and
  // its missing arguments: one per `?x`, and one per element of each
  // vector left empty (Staged).
  unsigned MissingSlots = 0;
  Value *Size = B.getInt64(C.Size);
  Value *StagedElements = nullptr;
  SmallVector<Value *, 2> VectorAt(Call->arg_size(), nullptr),
      Elements(Call->arg_size(), nullptr);
  SmallVector<unsigned, 2> Staged;
  auto Append = [&](Value *Bytes) {
    Size = B.CreateAnd(B.CreateAdd(B.CreateAdd(Size, Bytes), B.getInt64(15)),
                       B.getInt64(~uint64_t(15)), "cp.size");
  };
  for (unsigned I = 0; I < Call->arg_size() && I < T->arg_size(); ++I) {
    Value *A = Call->getArgOperand(I);
    if (missingContinuation(A)) {
      ++MissingSlots;
    } else if (CallInst *VM = vectorMarker(A)) {
      VectorAt[I] = Size;
      Append(B.CreateZExtOrTrunc(VM->getArgOperand(1), B.getInt64Ty()));
    } else if (CallInst *MV = missingVectorMarker(A)) {
      auto [EltSize, EltAlign] = stagedElement(MV);
      VectorAt[I] = Size;
      Staged.push_back(I);
      Value *N = Elements[I] = B.CreateUDiv(
          B.CreateZExtOrTrunc(MV->getArgOperand(1), B.getInt64Ty()),
          B.getInt64(DL.getPointerSize()), "cp.staged");
      Append(B.CreateAdd(
          B.getInt64(CILK_ABI_CP_STAGE_FIRST(EltAlign)),
          B.CreateMul(N,
                      B.getInt64(CILK_ABI_CP_STAGE_STRIDE(EltSize, EltAlign)))));
      StagedElements = StagedElements ? B.CreateAdd(StagedElements, N) : N;
    }
  }
  Value *Missing = B.getInt32(MissingSlots);
  if (StagedElements)
    Missing = B.CreateAdd(B.CreateTrunc(StagedElements, B.getInt32Ty()),
                          Missing, "cp.missing");
  // The plugin rejects a tail_call with missing arguments: it runs next.
  if (Tail && (MissingSlots || StagedElements))
    report_fatal_error("cilk: a tail_call has missing arguments");
  Value *Closure =
      Tail ? B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_TAIL),
                          {descriptor(T, C, {}), Size},
                          T->getName() + ".closure")
           : B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_NEW),
                          {descriptor(T, C, Staged), Missing, Size},
                          T->getName() + ".closure");
  SmallVector<Instruction *, 4> Dead, DeadVectors;
  for (unsigned I = 0; I < Call->arg_size() && I < T->arg_size(); ++I) {
    Value *A = Call->getArgOperand(I);
    Value *Slot =
        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Closure, C.Offset[I]);
    if (CallInst *VM = vectorMarker(A)) {
      Value *Copy = B.CreateInBoundsGEP(B.getInt8Ty(), Closure, VectorAt[I],
                                        "cp.vector");
      B.CreateMemCpy(Copy, MaybeAlign(16), VM->getArgOperand(0), MaybeAlign(1),
                     VM->getArgOperand(1));
      B.CreateStore(Copy, Slot);
      DeadVectors.push_back(VM);
    } else if (CallInst *MV = missingVectorMarker(A)) {
      auto [EltSize, EltAlign] = stagedElement(MV);
      Value *Area = B.CreateInBoundsGEP(B.getInt8Ty(), Closure, VectorAt[I],
                                        "cp.staging");
      B.CreateStore(Area, Slot);
      B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_STAGE),
                   {Closure, Area, MV->getArgOperand(0), Elements[I],
                    B.getInt64(EltSize), B.getInt64(EltAlign)});
      DeadVectors.push_back(MV);
    } else if (Value *Cont = missingContinuation(A)) {
      Value *Link =
          B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Closure, C.Offset[I] - 8);
      B.CreateStore(Closure, Link);
      B.CreateStore(Slot, Cont);
      Dead.push_back(cast<Instruction>(A));
    } else if (T->hasParamAttribute(I, Attribute::ByVal)) {
      uint64_t Bytes = DL.getTypeAllocSize(C.SlotTy[I]);
      B.CreateMemCpy(Slot, MaybeAlign(8), A, MaybeAlign(1), Bytes);
    } else {
      B.CreateStore(A, Slot);
    }
  }
  // A closure that misses arguments is posted by the sender of the last;
  // one whose vectors left empty all have no elements, by its creator; a
  // tail call's, never (the runner runs it next).
  if (!Tail && isCilkProcedure(*Call->getFunction())) {
    B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_START), {Closure});
  } else if (StagedElements) {
    Instruction *Then = SplitBlockAndInsertIfThen(
        B.CreateICmpEQ(Missing, B.getInt32(0)), Call, false);
    IRBuilder<>(Then).CreateCall(getRuntimeFn(M, CILK_ABI_CP_ARM), {Closure});
  } else if (!Tail && !MissingSlots) {
    B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_ARM), {Closure});
  }
  Call->eraseFromParent();
  for (Instruction *L : Dead) {
    auto *MC = cast<Instruction>(cast<LoadInst>(L)->getPointerOperand());
    if (L->use_empty())
      L->eraseFromParent();
    if (MC->use_empty())
      MC->eraseFromParent();
  }
  for (Instruction *VM : DeadVectors)
    if (VM->use_empty())
      VM->eraseFromParent();
}

bool ThreadLowering::lowerResults(Function &F) {
  SmallVector<CallInst *, 4> Markers;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isCallTo(I, CILK_ABI_CP_RESULT_MARKER))
        Markers.push_back(cast<CallInst>(&I));
  if (Markers.empty())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *List = B.CreateAlloca(Ptr, nullptr, "cp.results");
  B.CreateStore(Constant::getNullValue(Ptr), List);
  for (CallInst *MC : Markers) {
    B.SetInsertPoint(MC);
    Value *Slot = B.CreateCall(
        getRuntimeFn(M, CILK_ABI_CP_RESULT),
        {List, MC->getArgOperand(0), MC->getArgOperand(1)}, "cp.result");
    MC->replaceAllUsesWith(Slot);
    MC->eraseFromParent();
  }
  SmallVector<Instruction *, 8> Waits;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isa<ReturnInst>(I) || isCallTo(I, CILK_ABI_SYNC_MARKER))
        Waits.push_back(&I);
  for (Instruction *I : Waits) {
    B.SetInsertPoint(I);
    B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_WAIT), {List})
        ->setDebugLoc(I->getDebugLoc());
  }
  return true;
}

bool ThreadLowering::run() {
  bool Changed = false;
  for (auto [Name, Tail] : {std::pair{CILK_ABI_CP_SPAWN_MARKER, false},
                            std::pair{CILK_ABI_CP_NEXT_MARKER, false},
                            std::pair{CILK_ABI_CP_TAIL_MARKER, true}}) {
    Function *Fn = M.getFunction(Name);
    if (!Fn)
      continue;
    SmallVector<CallInst *, 16> Markers;
    for (User *U : Fn->users())
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledOperand() == Fn)
        Markers.push_back(CI);
    for (CallInst *MC : Markers) {
      auto *T = dyn_cast<Function>(MC->getArgOperand(0)->stripPointerCasts());
      if (!T)
        report_fatal_error("cilk: a thread start does not name its thread");
      for (Use &U : make_early_inc_range(MC->uses()))
        if (auto *Call = dyn_cast<CallBase>(U.getUser());
            Call && Call->isCallee(&U))
          lowerStart(Call, T, Tail);
      MC->replaceAllUsesWith(T);
      MC->eraseFromParent();
      Changed = true;
    }
    if (Fn->use_empty())
      Fn->eraseFromParent();
  }
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= lowerResults(F);
  for (const char *Name : {CILK_ABI_CP_MISSING, CILK_ABI_CP_RESULT_MARKER,
                           CILK_ABI_CP_VECTOR_MARKER,
                           CILK_ABI_CP_MISSING_VECTOR_MARKER})
    if (Function *Fn = M.getFunction(Name); Fn && Fn->use_empty())
      Fn->eraseFromParent();
  return Changed;
}

} // namespace

bool lowerThreads(Module &M) { return ThreadLowering(M).run(); }

//     br label %cp.await
//   cp.await:                                 ; a loop: it polls
//     %cp.asked = call i32 @__cilkrt_cp_await(ptr %cp.results)
//     %cp.again = icmp ne i32 %cp.asked, 0
//     br i1 %cp.again, label %cp.await, label %cp.waited
//   cp.waited:
//     call void @__cilkrt_cp_wait(ptr %cp.results)
bool awaitAnsweringReleases(Function &F) {
  SmallVector<CallInst *, 4> Waits;
  for (Instruction &I : instructions(F))
    if (isCallTo(I, CILK_ABI_CP_WAIT))
      Waits.push_back(cast<CallInst>(&I));
  Module &M = *F.getParent();
  for (CallInst *Wait : Waits) {
    BasicBlock *Before = Wait->getParent();
    BasicBlock *Loop = Before->splitBasicBlock(Wait, "cp.await");
    BasicBlock *After = Loop->splitBasicBlock(Wait, "cp.waited");
    Loop->getTerminator()->eraseFromParent();
    IRBuilder<> B(Loop);
    B.SetCurrentDebugLocation(Wait->getDebugLoc());
    Value *Asked = B.CreateCall(getRuntimeFn(M, CILK_ABI_CP_AWAIT),
                                {Wait->getArgOperand(0)}, "cp.asked");
    B.CreateCondBr(B.CreateICmpNE(Asked, B.getInt32(0), "cp.again"), Loop,
                   After);
  }
  return !Waits.empty();
}

void settleAwaits(Function &F, ArrayRef<BasicBlock *> Polled) {
  SmallVector<CallInst *, 4> Awaits;
  for (Instruction &I : instructions(F))
    if (isCallTo(I, CILK_ABI_CP_AWAIT) &&
        !is_contained(Polled, I.getParent()))
      Awaits.push_back(cast<CallInst>(&I));
  for (CallInst *Await : Awaits) {
    Await->replaceAllUsesWith(ConstantInt::get(Await->getType(), 0));
    Await->eraseFromParent();
  }
}

} // namespace cilk
