//===- CilkMarkers.cpp - Recognize the frontend's Cilk marks --------------===//
//
// The clang plugin cannot emit IR directly; it leaves three kinds of marks:
//
//   @llvm.global.annotations entry { ptr @fib, ptr @.str("cilk"), ... }
//       -> fib gets the function attribute "cilk"; the entry is removed.
//
//   %f = call ptr @__cilk_spawn_marker(ptr @fib)
//   %x = call i32 %f(i32 %n1)
//       -> %x = call i32 @fib(i32 %n1), !cilk.spawn !0
//
//   %f = call ptr @__cilk_spawn_any_marker(ptr @g)    (OpenCilk's spelling)
//   %y = call i32 %f(i32 %n1)
//       -> %y = call i32 @g(i32 %n1), !cilk.spawn !0, !cilk.spawn.any !0
//          while g is only declared here (it may be a C function: see
//          CilkEntry.cpp's findFastClonesOfPointers), else the same as
//          above: a spawn of a function defined here, Cilk procedure or
//          not, or of a pointer, is an ordinary spawn.
//
//   %o = call ptr @__cilk_spawn_object_marker(ptr %obj)   (C++: a member
//   call void @_ZN1S1fEv(ptr %o), ...                      function, a
//       -> call void @_ZN1S1fEv(ptr %obj), !cilk.spawn !0  lambda's call)
//          the call that takes %o as an argument (its `this`; a virtual
//          call also loads its vtable through %o) is the spawn, with
//          !cilk.spawn.any as above when it calls a declaration.
//
//   call void @__cilk_sync_marker()
//       -> left for the mode's lowering (a sync point).
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "cilk-abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

bool isCilkProcedure(const Function &F) {
  return F.hasFnAttribute(CILK_ABI_FN_ATTR);
}

bool isSpawn(const CallBase &CB) {
  return CB.getMetadata(CILK_ABI_SPAWN_MD) != nullptr;
}

bool isSpawnOfMaybeC(const CallBase &CB) {
  return CB.getMetadata(CILK_ABI_SPAWN_ANY_MD) != nullptr;
}

bool spawnsOrSyncs(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I);
          CB && (isSpawn(*CB) || isCallTo(I, CILK_ABI_SYNC_MARKER)))
        return true;
  return false;
}

/// The function attribute that annotation C (a string) stands for: "cilk"
/// for a Cilk procedure, "cilk_thread" for a thread, "cilk-layout" for a
/// thread's parameter description (its value in *Value); empty for others.
static StringRef cilkAttributeOf(const Constant *C, StringRef *Value) {
  auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return {};
  auto *Data = dyn_cast<ConstantDataArray>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return {};
  StringRef S = Data->getAsCString();
  if (S == CILK_ABI_ANNOTATION)
    return CILK_ABI_FN_ATTR;
  if (S == CILK_ABI_THREAD_ANNOTATION)
    return CILK_ABI_THREAD_ANNOTATION;
  if (S.consume_front(CILK_ABI_LAYOUT_ANNOTATION)) {
    *Value = S;
    return CILK_ABI_LAYOUT_ATTR;
  }
  return {};
}

/// Moves "cilk", "cilk_thread" and "cilk_layout=" annotations into function attributes and drops them from
/// @llvm.global.annotations (deleting the global when nothing else is left).
static bool annotationsToAttributes(Module &M) {
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return false;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return false;

  SmallVector<Constant *, 8> Kept;
  // The annotation and file-name strings of removed entries (shared between
  // entries, hence a set); deleted below if nothing else refers to them.
  SmallSetVector<GlobalVariable *, 4> MaybeDead;
  bool Changed = false;
  for (Use &U : Array->operands()) {
    auto *Entry = cast<ConstantStruct>(U.get());
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    StringRef Value;
    StringRef Attr = cilkAttributeOf(Entry->getOperand(1), &Value);
    if (F && !Attr.empty()) {
      F->addFnAttr(Attr, Value);
      for (unsigned Op : {1u, 2u})
        if (auto *GV = dyn_cast<GlobalVariable>(
                Entry->getOperand(Op)->stripPointerCasts()))
          MaybeDead.insert(GV);
      Changed = true;
      continue;
    }
    Kept.push_back(Entry);
  }
  if (!Changed)
    return false;

  if (Kept.empty()) {
    Annotations->eraseFromParent();
  } else {
    auto *Ty = ArrayType::get(Array->getType()->getElementType(), Kept.size());
    auto *NewGV = new GlobalVariable(
        M, Ty, Annotations->isConstant(), Annotations->getLinkage(),
        ConstantArray::get(Ty, Kept), "", Annotations,
        Annotations->getThreadLocalMode());
    NewGV->setSection(Annotations->getSection());
    NewGV->takeName(Annotations);
    Annotations->eraseFromParent();
  }
  for (GlobalVariable *GV : MaybeDead) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty())
      GV->eraseFromParent();
  }
  return true;
}

/// Folds every `call ptr @<MarkerName>(ptr %fn)` into the call that uses
/// its result as callee, which becomes a direct call of %fn tagged
/// !cilk.spawn (and !cilk.spawn.any for Any's spawns of declarations).
static bool foldSpawnMarkers(Module &M, StringRef MarkerName, bool Any) {
  Function *Marker = M.getFunction(MarkerName);
  if (!Marker)
    return false;
  LLVMContext &Ctx = M.getContext();
  MDNode *Tag = MDNode::get(Ctx, {});

  SmallVector<CallInst *, 16> MarkerCalls = callsTo(M, MarkerName);

  for (CallInst *MC : MarkerCalls) {
    Value *Callee = MC->getArgOperand(0);
    auto *Declared = dyn_cast<Function>(Callee->stripPointerCasts());
    bool MaybeC = Any && Declared && Declared->isDeclaration() &&
                  !isCilkProcedure(*Declared);
    for (Use &U : make_early_inc_range(MC->uses())) {
      auto *Spawned = dyn_cast<CallBase>(U.getUser());
      if (Spawned && Spawned->isCallee(&U)) {
        Spawned->setMetadata(CILK_ABI_SPAWN_MD, Tag);
        if (MaybeC)
          Spawned->setMetadata(CILK_ABI_SPAWN_ANY_MD, Tag);
      }
    }
    // Every use, callee or not, now sees the function itself.
    MC->replaceAllUsesWith(Callee);
    MC->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return !MarkerCalls.empty();
}

/// Folds every `call ptr @__cilk_spawn_object_marker(ptr %obj)` into the
/// one call that passes its result as an argument, tagged as a spawn. (A
/// marker whose object reaches no call, or several, as no frontend writes
/// it, spawns nothing: the call runs in series.)
static bool foldObjectMarkers(Module &M) {
  Function *Marker = M.getFunction(CILK_ABI_SPAWN_OBJECT_MARKER);
  if (!Marker)
    return false;
  MDNode *Tag = MDNode::get(M.getContext(), {});
  SmallVector<CallInst *, 16> MarkerCalls =
      callsTo(M, CILK_ABI_SPAWN_OBJECT_MARKER);
  for (CallInst *MC : MarkerCalls) {
    SmallSetVector<CallBase *, 2> Calls;
    for (Use &U : MC->uses())
      if (auto *CB = dyn_cast<CallBase>(U.getUser());
          CB && CB->isArgOperand(&U))
        Calls.insert(CB);
    if (Calls.size() == 1) {
      CallBase *Spawned = Calls.front();
      Spawned->setMetadata(CILK_ABI_SPAWN_MD, Tag);
      auto *Callee = dyn_cast<Function>(
          Spawned->getCalledOperand()->stripPointerCasts());
      if (Callee && Callee->isDeclaration() && !isCilkProcedure(*Callee))
        Spawned->setMetadata(CILK_ABI_SPAWN_ANY_MD, Tag);
    }
    MC->replaceAllUsesWith(MC->getArgOperand(0));
    MC->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return !MarkerCalls.empty();
}

bool recognizeCilkMarks(Module &M) {
  bool Changed = annotationsToAttributes(M);
  Changed |= foldSpawnMarkers(M, CILK_ABI_SPAWN_MARKER, false);
  Changed |= foldSpawnMarkers(M, CILK_ABI_SPAWN_ANY_MARKER, true);
  Changed |= foldObjectMarkers(M);
  return Changed;
}

} // namespace cilk
