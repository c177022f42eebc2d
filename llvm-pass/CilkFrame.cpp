//===- CilkFrame.cpp - Which allocas the frame holds; %f.closure ----------===//
//
// After CilkPrepare, everything that must survive a suspend point is an
// alloca. An alloca becomes a frame field when its value is live across
// some suspend point, or when a spawn delivers a result into it:
//
//   - a field whose address does not escape stays an alloca in the fast
//     clone (so the optimizer keeps it in registers) and is copied into the
//     frame at each spawn it is live across; a thief copies the whole frame
//     off the victim's stack;
//   - a field whose address escapes (a child may write through it) lives in
//     the frame from entry in both clones, and the frame comes from the
//     heap: it must outlive the fast clone's C frame after a steal.
//
// The slow clone uses every field in place.
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

namespace {

/// How one instruction touches an alloca.
enum class Access { None, Use, Kill };

struct AllocaUses {
  bool Escapes = false;
  DenseMap<Instruction *, Access> ByInst;
};

AllocaUses analyzeUses(AllocaInst *A, const DataLayout &DL) {
  AllocaUses R;
  std::optional<TypeSize> Size = A->getAllocationSize(DL);
  auto Covers = [&](Value *Ptr, uint64_t Bytes) {
    return Ptr == A && Size && !Size->isScalable() &&
           Size->getFixedValue() == Bytes;
  };
  SmallVector<Value *, 8> Work{A};
  SmallPtrSet<Value *, 8> Visited;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Visited.insert(V).second)
      continue;
    for (Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      Access K = Access::Use;
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
          isa<AddrSpaceCastInst>(I)) {
        Work.push_back(I);
        continue;
      } else if (isa<LoadInst>(I)) {
        K = Access::Use;
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() != SI->getPointerOperandIndex())
          R.Escapes = true;
        else if (Covers(V, DL.getTypeStoreSize(
                               SI->getValueOperand()->getType())))
          K = Access::Kill;
        else
          K = Access::None; // a partial write: neither reads nor kills
      } else if (auto *II = dyn_cast<IntrinsicInst>(I);
                 II && II->isLifetimeStartOrEnd()) {
        K = V == A ? Access::Kill : Access::None;
      } else if (auto *MI = dyn_cast<MemIntrinsic>(I)) {
        auto *Len = dyn_cast<ConstantInt>(MI->getLength());
        bool IsDest = U.getOperandNo() == 0;
        if (!IsDest)
          K = Access::Use;
        else if (Len && Covers(V, Len->getZExtValue()))
          K = Access::Kill;
        else
          K = Access::None;
      } else {
        R.Escapes = true; // passed to a call, stored, compared, ...
      }
      Access &Cur = R.ByInst[I];
      if (Cur != Access::Use) // a use wins over a kill in one instruction
        Cur = K == Access::None ? Cur : K;
    }
  }
  return R;
}

/// Blocks reachable from each block by one or more edges.
struct Reachability {
  DenseMap<BasicBlock *, unsigned> Num;
  std::vector<BitVector> From;
  explicit Reachability(Function &F) {
    for (BasicBlock &BB : F)
      Num[&BB] = Num.size();
    From.assign(Num.size(), BitVector(Num.size()));
    for (BasicBlock &BB : F) {
      SmallVector<BasicBlock *, 16> Work(succ_begin(&BB), succ_end(&BB));
      BitVector &R = From[Num[&BB]];
      while (!Work.empty()) {
        BasicBlock *B = Work.pop_back_val();
        if (R.test(Num[B]))
          continue;
        R.set(Num[B]);
        append_range(Work, successors(B));
      }
    }
  }
  /// Can control pass from instruction I to the end of block To?
  bool reaches(Instruction *I, BasicBlock *To) {
    return I->getParent() == To || From[Num[I->getParent()]].test(Num[To]);
  }
};

/// Backward dataflow: the blocks on entry to which A's current value may
/// still be read.
BitVector liveIn(Function &F, Reachability &R, const AllocaUses &U) {
  unsigned N = R.Num.size();
  BitVector Gen(N), Kill(N), Live(N);
  for (BasicBlock &BB : F) {
    unsigned B = R.Num[&BB];
    bool First = true;
    for (Instruction &I : BB) {
      auto It = U.ByInst.find(&I);
      if (It == U.ByInst.end() || It->second == Access::None)
        continue;
      // A use before any kill is live on entry; any kill, even after a
      // use, stops liveness flowing through the block.
      if (It->second == Access::Use && First)
        Gen.set(B);
      if (It->second == Access::Kill)
        Kill.set(B);
      First = false;
    }
  }
  Live = Gen;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F) {
      unsigned B = R.Num[&BB];
      if (Live.test(B) || Kill.test(B))
        continue;
      for (BasicBlock *Succ : successors(&BB))
        if (Live.test(R.Num[Succ])) {
          Live.set(B);
          Changed = true;
          break;
        }
    }
  }
  return Live;
}

} // namespace

bool isInletLocal(AllocaInst *A, const SmallPtrSetImpl<BasicBlock *> &Region) {
  SmallVector<Value *, 8> Work{A};
  while (!Work.empty())
    for (User *U : Work.pop_back_val()->users()) {
      auto *I = cast<Instruction>(U);
      if (!Region.count(I->getParent()))
        return false;
      if (isa<GetElementPtrInst>(I) || isa<CastInst>(I))
        Work.push_back(I);
    }
  return true;
}

/// The block right after a suspend point: the spawn's tail (it may read the
/// old value of `x op= spawn`) or the resume block.
static BasicBlock *afterPoint(const SuspendPoint &P) {
  return P.Tail ? P.Tail : P.Resume;
}

bool buildFrame(Shape &S) {
  Function &F = *S.F;
  const DataLayout &DL = F.getDataLayout();
  Reachability R(F);

  SmallPtrSet<AllocaInst *, 8> Forced, Resident, Private;
  for (SuspendPoint &P : S.Points) {
    if (P.DstField)
      Forced.insert(P.DstField);
    for (Value *V : P.Carried)
      if (auto *Base = dyn_cast<AllocaInst>(getUnderlyingObject(V))) {
        // The tail writes through a pointer into this local: it must stay
        // where it is after a steal.
        Forced.insert(Base);
        Resident.insert(Base);
      }
    if (P.ResultMemory)
      Private.insert(P.ResultMemory);
    Private.insert(P.TailTemps.begin(), P.TailTemps.end());
    Private.insert(P.ArgTemps.begin(), P.ArgTemps.end());
  }

  // A tail copied whole into its inlet (a user inlet's, one with control
  // flow) reads and writes the procedure's variables in the frame when it
  // runs after a steal: each one it shares with the rest of the procedure
  // is a field (its own locals stay in the inlet).
  for (SuspendPoint &P : S.Points) {
    if (P.DstKind != CILK_DST_FRAME)
      continue;
    SmallPtrSet<BasicBlock *, 16> Region(P.TailBlocks.begin(),
                                         P.TailBlocks.end());
    for (BasicBlock *BB : P.TailBlocks)
      for (Instruction &I : *BB)
        for (Value *Op : I.operands())
          if (auto *A = dyn_cast<AllocaInst>(Op);
              A && !Private.count(A) && !isInletLocal(A, Region)) {
            Forced.insert(A);
            if (analyzeUses(A, DL).Escapes)
              Resident.insert(A);
          }
  }

  // C++: a child that threw skips its spawn's tail, and its exception
  // reaches a landing pad after the continuation, which reads what the
  // tail would have overwritten (`x = cilk_spawn f();` in a try block
  // whose handler reads x: the x from before the spawn, which a thief
  // finds in the frame only if it was copied there at the spawn).
  // The pads each spawn's continuation reaches, by block number.
  DenseMap<const SuspendPoint *, BitVector> PadsAfter;
  for (SuspendPoint &P : S.Points) {
    if (!P.IsSpawn || !P.Tail)
      continue;
    BitVector &B = PadsAfter[&P];
    B.resize(R.Num.size());
    for (BasicBlock &BB : F)
      if (BB.isEHPad() && R.reaches(&P.Resume->front(), &BB))
        B.set(R.Num[&BB]);
  }
  auto readByPadAfterThrow = [&](const SuspendPoint &P, const BitVector &In) {
    auto It = PadsAfter.find(&P);
    return It != PadsAfter.end() && In.anyCommon(It->second);
  };

  DenseMap<AllocaInst *, SmallVector<unsigned, 4>> LiveAt; // point indices
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : instructions(F))
    if (auto *A = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(A);

  for (AllocaInst *A : Allocas) {
    if (Private.count(A))
      continue;
    AllocaUses U = analyzeUses(A, DL);
    bool Live = false;
    if (U.Escapes) {
      // Anything may read it through the escaped address later: live
      // across every suspend point some access can reach.
      for (SuspendPoint &P : S.Points)
        if (any_of(U.ByInst, [&](auto &KV) {
              return R.reaches(KV.first, P.Call->getParent());
            })) {
          Live = true;
          LiveAt[A].push_back(P.Index);
          if (P.Respawn)
            LiveAt[A].push_back(P.RespawnIndex);
        }
      if (Live)
        Resident.insert(A);
    } else {
      BitVector In = liveIn(F, R, U);
      for (SuspendPoint &P : S.Points) {
        if (In.test(R.Num[afterPoint(P)]) || readByPadAfterThrow(P, In)) {
          Live = true;
          LiveAt[A].push_back(P.Index);
        }
        if (P.Respawn &&
            (In.test(R.Num[P.Respawn]) || readByPadAfterThrow(P, In))) {
          Live = true;
          LiveAt[A].push_back(P.RespawnIndex);
        }
      }
    }
    if (!Live && !Forced.count(A))
      continue;
    if (!A->isStaticAlloca()) {
      reportUnsupported(F, "a variable-length array or alloca() is live "
                           "across a spawn or sync");
      return false;
    }
    S.Fields.push_back(A);
  }
  // Each user inlet's arguments side by side, so that one span of the
  // frame holds them (the site's dst_offset and args_size).
  for (SuspendPoint &P : S.Points)
    for (AllocaInst *A : P.InletArgs)
      if (auto It = find(S.Fields, A); It != S.Fields.end()) {
        S.Fields.erase(It);
        S.Fields.push_back(A);
      }
  S.HeapFrame = any_of(S.Fields, [&](AllocaInst *A) {
    return Resident.count(A);
  });

  for (SuspendPoint &P : S.Points) {
    for (AllocaInst *A : S.Fields) {
      if (is_contained(LiveAt.lookup(A), P.Index))
        P.LiveAcross.push_back(A);
      if (P.Respawn && is_contained(LiveAt.lookup(A), P.RespawnIndex))
        P.LiveBefore.push_back(A);
    }
    // A thief reads the saved destination address when it steals.
    // (It was stored before the call, so a frame that resumes at the call
    // needs it too.)
    if (P.DstKind == CILK_DST_POINTER) {
      if (!is_contained(P.LiveAcross, P.DstField))
        P.LiveAcross.push_back(P.DstField);
      if (P.Respawn && !is_contained(P.LiveBefore, P.DstField))
        P.LiveBefore.push_back(P.DstField);
    }
  }

  // The layout: the ABI header, an sret result's address, the regions'
  // counts, then each field at its alloca's alignment, then the slow
  // clone's result. Explicit i8
  // padding keeps every offset where fieldAddr() expects it.
  LLVMContext &C = F.getContext();
  StructType *Header = StructType::getTypeByName(C, "cilk.frame");
  if (!Header)
    Header = StructType::create(
        C,
        {PointerType::getUnqual(C), Type::getInt32Ty(C), Type::getInt32Ty(C),
         ArrayType::get(PointerType::getUnqual(C), CILK_ABI_FRAME_RT_WORDS)},
        "cilk.frame");
  const StructLayout *HL = DL.getStructLayout(Header);
  if (HL->getSizeInBytes() != CILK_ABI_FRAME_HEADER_SIZE ||
      HL->getElementOffset(0) != CILK_ABI_FRAME_DESC_OFFSET ||
      HL->getElementOffset(1) != CILK_ABI_FRAME_RESUME_OFFSET)
    report_fatal_error("%cilk.frame does not match cilk-abi.h");

  SmallVector<Type *, 16> Elts{Header};
  uint64_t Off = CILK_ABI_FRAME_HEADER_SIZE;
  Align MaxAlign(16);
  auto Place = [&](Type *Ty, Align Al) {
    uint64_t At = alignTo(Off, Al);
    if (At != Off)
      Elts.push_back(ArrayType::get(Type::getInt8Ty(C), At - Off));
    Elts.push_back(Ty);
    Off = At + DL.getTypeAllocSize(Ty);
    MaxAlign = std::max(MaxAlign, Al);
    return At;
  };
  // The address the caller gave for an sret result, first (the runtime
  // finds it there).
  if (S.SRet &&
      Place(PointerType::getUnqual(C), Align(8)) != CILK_ABI_FRAME_SRET_OFFSET)
    report_fatal_error("the sret address is not where cilk-abi.h says");
  // The runtime's counts of children, one per nested sync region.
  if (S.NumRegions)
    S.RegionsOffset =
        Place(ArrayType::get(Type::getInt64Ty(C), S.NumRegions), Align(8));
  for (AllocaInst *A : S.Fields) {
    Type *Ty = A->getAllocatedType();
    if (auto *N = dyn_cast<ConstantInt>(A->getArraySize()); N && !N->isOne())
      Ty = ArrayType::get(Ty, N->getZExtValue());
    S.FieldOffset[A] =
        Place(Ty, std::max(A->getAlign(), DL.getABITypeAlign(Ty)));
  }
  S.RetTy = S.SRet ? S.SRet->getParamStructRetType()
                   : (F.getReturnType()->isVoidTy() ? nullptr
                                                    : F.getReturnType());
  if (S.RetTy)
    S.RetvalOffset = Place(S.RetTy, DL.getABITypeAlign(S.RetTy));
  // desc->size covers the whole alloca: a thief copies exactly that much.
  S.FrameSize = alignTo(Off, MaxAlign);
  if (S.FrameSize != Off)
    Elts.push_back(ArrayType::get(Type::getInt8Ty(C), S.FrameSize - Off));
  S.FrameTy = StructType::create(C, Elts, (F.getName() + ".closure").str(),
                                 /*isPacked=*/true);
  S.FrameAlign = MaxAlign;
  if (DL.getTypeAllocSize(S.FrameTy) != S.FrameSize)
    report_fatal_error("%" + S.FrameTy->getName() + " has the wrong size");
  return true;
}

// Each alloca's uses go to its field, at B:
//   %x.field = getelementptr inbounds i8, ptr %frame, i64 <off of x>
// and its variable's debug info reads the frame (as coroutine frames are
// described), so that a debugger shows the arguments and locals of a frame
// whose variables live in a closure:
//   %frame.debug = alloca ptr
//   store ptr %frame, ptr %frame.debug
//   #dbg_declare(ptr %frame.debug, !x, !DIExpression(DW_OP_deref,
//                DW_OP_plus_uconst, <off of x>))
// No slot is made without variables to describe (no -g: the plugin's
// location tracking makes subprograms but no declares), so the fast path
// of a heap frame pays nothing for it.
void placeFieldsInFrame(IRBuilder<> &B, Value *Frame,
                        ArrayRef<std::pair<AllocaInst *, uint64_t>> Fields) {
  SmallVector<std::pair<DbgVariableRecord *, uint64_t>, 8> Declares;
  for (auto [A, Off] : Fields)
    for (DbgVariableRecord *D : findDVRDeclares(A))
      Declares.push_back({D, Off});
  if (!Declares.empty()) {
    Value *Slot = B.CreateAlloca(B.getPtrTy(), nullptr, "frame.debug");
    StoreInst *Store = B.CreateStore(Frame, Slot);
    DIBuilder DIB(*B.GetInsertBlock()->getModule(), /*AllowUnresolved=*/false);
    for (auto [D, Off] : Declares) {
      DIB.insertDeclare(Slot, D->getVariable(),
                        DIExpression::prepend(D->getExpression(),
                                              DIExpression::DerefBefore,
                                              int64_t(Off)),
                        D->getDebugLoc().get(), Store);
      D->eraseFromParent();
    }
  }
  for (auto [A, Off] : Fields)
    A->replaceAllUsesWith(fieldAddr(B, Frame, Off, A->getName() + ".field"));
  for (auto [A, Off] : Fields) // B may point at one of them until here
    A->eraseFromParent();
}

} // namespace cilk
