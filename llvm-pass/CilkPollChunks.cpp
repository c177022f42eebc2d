//===- CilkPollChunks.cpp - A loop's poll once per chunk of iterations ----===//
//
// A loop of a lazy procedure polls on every iteration (CilkPoll.cpp). The
// poll is an exit of the loop, so the vectorizer, which wants one exit,
// and the runtime unroller leave it alone. Just before the vectorizer runs
// (VectorizerStart), this phase strip-mines each innermost loop that polls
// and otherwise exits at one test of a computable count: an inner loop of
// at most K iterations without a poll, and around it an outer loop that
// polls between chunks. K is chosen so that a chunk is about ChunkWork
// instructions: a thief's request still waits a few microseconds at most,
// and the loop runs as fast as the same loop in a C function.
//
// For the usual loop, tested at its header and polled at its latch, whose
// release block rel takes the values of the next iteration:
//
//   preheader:                        preheader:
//     br header                         %total = <exit count>  ; expanded
//                                       br outer
//                                     outer:
//                                       %x.o = phi [%x0, preheader],
//                                                  [%x, poll]
//                                       %left = phi [%total, preheader],
//                                                   [%left.next, poll]
//                                       %limit = umin(%left, K)
//   header:                             br header
//     %x = phi [%x0, preheader],      header:
//              [%x.next, latch]         %x = phi [%x.o, outer],
//     %c = <exit test>                           [%x.next, latch]
//     br %c, exit, latch                %j = phi [%limit, outer],
//   latch:                                       [%j.next, latch]
//     %x.next = ...                     %full = icmp eq i64 %j, 0
//     %cf = load atomic @tls_cf         br %full, end, latch
//     br <%cf != 0>, rel, header      latch:
//                                       %x.next = ...
//                                       %j.next = sub nuw i64 %j, 1
//                                       br header
//                                     end:
//                                       %last = icmp ule i64 %left, K
//                                       br %last, exit, poll
//                                     poll:
//                                       %left.next = sub nuw i64 %left, K
//                                       %cf = load atomic @tls_cf monotonic
//                                       br <%cf != 0>, rel', outer ; cold
//
// where rel' takes %x for %x.next: at a chunk's end the header's values
// are those the next iteration starts with. The loop's own test gives way
// to the count, %total, computed once the poll is set aside (as for the
// same loop in a C function), so the inner loop runs min(%left, K) times,
// which the vectorizer and the unroller compute (only %left lives across
// it). A loop tested at its latch and polled at its header (a do-while)
// is cut at its latch instead, after %total = count + 1 iterations in
// all, and its release takes the values its header phis receive there.
// Loops with calls (their iterations have no bound), other exits, a poll
// elsewhere or a header with side effects (it runs again after a chunk
// ends there) keep their poll.
//
//===----------------------------------------------------------------------===//

#include "CilkInternal.h"
#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/bit.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "cilk-poll-chunks"

namespace cilk {

/// About this many IR instructions run between two polls of a chunked
/// loop, before vectorization: a few microseconds of a scalar loop (coarse's
/// child, 6 instructions an iteration: 2,048 iterations, 4 us here), well
/// under one of a vectorized one. Half as many made saxpy's chunks of 1,024
/// iterations each pay the vectorizer's checks and remainder often enough to
/// run 5-8% slower than the C loop (now within 1%), with no gain in
/// bench/coarse.py (bench/results/2026-11-28-poll-chunks.md). The chunk is a
/// power of two between MinChunk and MaxChunk iterations.
static constexpr unsigned ChunkWork = 32768;
static constexpr unsigned MinChunk = 16;
static constexpr unsigned MaxChunk = 4096;

namespace {

/// A loop that polls, as found before any change.
struct PolledLoop {
  Loop *L = nullptr;
  BasicBlock *Header = nullptr, *Latch = nullptr, *Preheader = nullptr;
  BasicBlock *Poll = nullptr;  // P: the block whose branch polls
  BasicBlock *Rel = nullptr;   // P's successor out of the loop
  BasicBlock *Test = nullptr;  // E: the loop's own exit test
  BasicBlock *Exit = nullptr;  // E's successor out of the loop
  unsigned Chunk = 0;
};

} // namespace

/// Whether Br is a poll's branch: `br (icmp eq|ne (load atomic !cilk.poll),
/// 0), ...`.
static bool isPollBranch(const BranchInst *Br) {
  if (!Br || !Br->isConditional())
    return false;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  auto *Zero = Cmp ? dyn_cast<ConstantInt>(Cmp->getOperand(1)) : nullptr;
  if (!Cmp || !Cmp->isEquality() || !Zero || !Zero->isZero())
    return false;
  auto *Load = dyn_cast<LoadInst>(Cmp->getOperand(0));
  return Load && Load->getMetadata(CILK_POLL_LOAD_MD);
}

/// The successor of an exiting block's branch outside L.
static BasicBlock *exitOf(const Loop &L, BasicBlock *BB) {
  for (BasicBlock *S : successors(BB))
    if (!L.contains(S))
      return S;
  return nullptr;
}

/// The block of L whose branch polls and leaves L, if there is one.
static BasicBlock *pollingBlock(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    if (isPollBranch(dyn_cast<BranchInst>(BB->getTerminator())) &&
        exitOf(L, BB))
      return BB;
  return nullptr;
}

/// Why L, an innermost loop that polls, must poll on every iteration; or
/// the empty string, with Out filled and a preheader given to L if it had
/// none.
static StringRef checkPolledLoop(Loop *L, DominatorTree &DT, LoopInfo &LI,
                                 PolledLoop &Out) {
  PolledLoop PL;
  PL.L = L;
  PL.Header = L->getHeader();
  PL.Latch = L->getLoopLatch();
  PL.Poll = pollingBlock(*L);
  SmallVector<BasicBlock *, 4> Exiting;
  L->getExitingBlocks(Exiting);
  if (!PL.Latch || Exiting.size() != 2)
    return "it has several exits";
  for (BasicBlock *BB : Exiting) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional())
      return "it has several exits";
    if (BB == PL.Poll) {
      PL.Rel = exitOf(*L, BB);
    } else {
      PL.Test = BB;
      PL.Exit = exitOf(*L, BB);
    }
  }
  if (PL.Exit == PL.Rel || (PL.Test != PL.Header && PL.Test != PL.Latch))
    return "its exit test is neither at its start nor at its end";
  // The release saves the state at the start of an iteration: the poll
  // must be where an iteration starts or ends (where clang's header put it,
  // or where the optimizer rotated it), with nothing done before it in
  // the header. A chunk cut at the header also runs the header again when
  // the next chunk starts.
  if (PL.Poll != PL.Header && PL.Poll != PL.Latch)
    return "its poll is in the middle of an iteration";
  auto *PollBr = cast<BranchInst>(PL.Poll->getTerminator());
  Value *PollLoad = cast<ICmpInst>(PollBr->getCondition())->getOperand(0);
  if ((PL.Test == PL.Header || PL.Poll == PL.Header) &&
      any_of(*PL.Header, [&](Instruction &I) {
        return &I != PollLoad && I.mayHaveSideEffects();
      }))
    return "its header has a side effect";
  unsigned Work = 0;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB) {
      if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<IntrinsicInst>(CB))
        return "it calls a function";
      if (!isa<PHINode>(I) && !isa<DbgInfoIntrinsic>(I))
        ++Work;
    }
  // As LoopSimplify would make it for the loop passes after this one.
  PL.Preheader = L->getLoopPreheader();
  if (!PL.Preheader)
    PL.Preheader = InsertPreheaderForLoop(L, &DT, &LI, nullptr,
                                          /*PreserveLCSSA=*/false);
  if (!PL.Preheader)
    return "it has no preheader";
  PL.Chunk = std::clamp<unsigned>(llvm::bit_floor(ChunkWork / Work),
                                  MinChunk, MaxChunk);
  Out = PL;
  return "";
}

namespace {

/// Rebuilds, where a chunk ends, the values the release block takes from
/// the poll: Known maps the values the poll sees to those at the chunk's
/// end; what they compute without side effects is computed again in
/// Where.
struct Rematerializer {
  Rematerializer(const Loop &L, Instruction *Where) : L(L), Where(Where) {}
  const Loop &L;
  DenseMap<Value *, Value *> Known;
  Instruction *Where = nullptr;
  SmallVector<Instruction *, 8> Made;

  Value *get(Value *V, unsigned Depth = 0) {
    if (auto It = Known.find(V); It != Known.end())
      return It->second;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I))
      return V;
    if (Depth > 8 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
        !isSafeToSpeculativelyExecute(I))
      return nullptr;
    Instruction *Copy = I->clone();
    for (Use &Op : Copy->operands()) {
      Value *New = get(Op.get(), Depth + 1);
      if (!New) {
        Copy->deleteValue();
        return nullptr;
      }
      Op.set(New);
    }
    Copy->insertBefore(Where);
    Made.push_back(Copy);
    return Known[V] = Copy;
  }

  /// Removes what get made, when some value could not be rebuilt.
  void undo() {
    for (Instruction *I : llvm::reverse(Made))
      I->eraseFromParent();
    Made.clear();
  }
};

} // namespace

/// Strip-mines PL's loop as the comment at the top of the file shows.
/// Returns why not, with the IR as it was, if its count is unknown or a
/// value its release takes cannot be known where a chunk ends.
static StringRef chunkLoop(PolledLoop &PL, ScalarEvolution &SE) {
  Function &F = *PL.Header->getParent();
  LLVMContext &C = F.getContext();
  Loop &L = *PL.L;
  bool CutAtHeader = PL.Test == PL.Header;
  Type *I64 = Type::getInt64Ty(C);

  // The release block's values from the poll, rebuilt where a chunk ends.
  // A poll at the latch passes the next iteration's values (those the
  // header phis receive from the latch), and the chunk is cut at the
  // header, where they are the header phis; a poll at the header passes
  // the current ones (the header phis, and what the header computes from
  // them), and the chunk is cut at the latch, where the next ones are
  // at hand.
  BasicBlock *RelPad = BasicBlock::Create(C, "chunk.release", &F, PL.Rel);
  BranchInst *RelBr = BranchInst::Create(PL.Rel, RelPad);
  Rematerializer R(L, RelBr);
  SmallVector<PHINode *, 8> HeaderPhis;
  for (PHINode &Phi : PL.Header->phis()) {
    HeaderPhis.push_back(&Phi);
    Value *Next = Phi.getIncomingValueForBlock(PL.Latch);
    if (CutAtHeader) { // and polled at the latch
      if (auto *I = dyn_cast<Instruction>(Next); I && L.contains(I))
        R.Known.try_emplace(Next, &Phi);
    } else { // polled at the header
      R.Known.try_emplace(&Phi, Next);
    }
  }
  SmallVector<std::pair<PHINode *, Value *>, 8> RelValues;
  for (PHINode &Phi : PL.Rel->phis()) {
    Value *V = R.get(Phi.getIncomingValueForBlock(PL.Poll));
    if (!V) {
      R.undo();
      RelPad->eraseFromParent();
      return "its state where a chunk ends is not known";
    }
    RelValues.push_back({&Phi, V});
  }

  // The loop without its poll, whose count ScalarEvolution may now know
  // as it does the same loop's in a C function: its one exit is its test.
  BranchInst *PollBr = cast<BranchInst>(PL.Poll->getTerminator());
  BasicBlock *Stay = PollBr->getSuccessor(0) == PL.Rel
                         ? PollBr->getSuccessor(1)
                         : PollBr->getSuccessor(0);
  BranchInst *NewBr = BranchInst::Create(Stay, PollBr->getIterator());
  NewBr->setDebugLoc(PollBr->getDebugLoc());
  if (MDNode *LoopID = PollBr->getMetadata(LLVMContext::MD_loop))
    NewBr->setMetadata(LLVMContext::MD_loop, LoopID);
  PollBr->removeFromParent();
  SE.forgetLoop(&L);
  // The iterations the loop runs, computed before it: the exit count of a
  // test at the header, one more for a test at the latch (the last
  // iteration runs whole).
  const SCEV *Count = SE.getExitCount(&L, PL.Test);
  Instruction *Before = PL.Preheader->getTerminator();
  SCEVExpander Expander(SE, F.getDataLayout(), "chunk");
  if (!isa<SCEVCouldNotCompute>(Count) &&
      SE.getTypeSizeInBits(Count->getType()) <= 64) {
    Count = SE.getNoopOrZeroExtend(Count, I64);
    if (!CutAtHeader)
      Count = SE.getAddExpr(Count, SE.getOne(I64));
  }
  if (isa<SCEVCouldNotCompute>(Count) || Count->getType() != I64 ||
      !Expander.isSafeToExpandAt(Count, Before)) {
    PollBr->insertBefore(NewBr);
    NewBr->eraseFromParent();
    SE.forgetLoop(&L);
    R.undo();
    RelPad->eraseFromParent();
    return "its count of iterations is not known";
  }

  // From here on the loop changes.
  Value *Total = Expander.expandCodeFor(Count, I64, Before);
  auto *OldCmp = cast<Instruction>(PollBr->getCondition());
  PollBr->deleteValue();
  for (PHINode &Phi : PL.Rel->phis())
    Phi.removeIncomingValue(PL.Poll, /*DeletePHIIfEmpty=*/false);
  // A monotonic load is not trivially dead: the poll goes by hand.
  auto *OldLoad = cast<Instruction>(OldCmp->getOperand(0));
  OldCmp->eraseFromParent();
  if (OldLoad->use_empty())
    OldLoad->eraseFromParent();

  // outer: the phis of the loop's state between chunks.
  BasicBlock *Outer = BasicBlock::Create(C, "chunk.outer", &F, PL.Header);
  BasicBlock *Dispatch = BasicBlock::Create(C, "chunk.end", &F);
  BasicBlock *PollBB = BasicBlock::Create(C, "chunk.poll", &F);
  PL.Preheader->getTerminator()->replaceUsesOfWith(PL.Header, Outer);
  IRBuilder<> B(Outer);
  for (PHINode *Phi : HeaderPhis) {
    PHINode *O = B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".chunk");
    O->addIncoming(Phi->getIncomingValueForBlock(PL.Preheader),
                   PL.Preheader);
    O->addIncoming(CutAtHeader ? Phi
                               : Phi->getIncomingValueForBlock(PL.Latch),
                   PollBB);
    int Entry = Phi->getBasicBlockIndex(PL.Preheader);
    Phi->setIncomingBlock(Entry, Outer);
    Phi->setIncomingValue(Entry, O);
  }
  // The iterations left, and this chunk's: only %left lives across it.
  PHINode *Left = B.CreatePHI(I64, 2, "chunk.left");
  Value *Limit = B.CreateBinaryIntrinsic(Intrinsic::umin, Left,
                                         B.getInt64(PL.Chunk), nullptr,
                                         "chunk.limit");
  B.CreateBr(PL.Header);
  Left->addIncoming(Total, PL.Preheader);
  Left->addIncoming(BinaryOperator::CreateNUWSub(Left, B.getInt64(PL.Chunk),
                                                 "chunk.left.next", PollBB),
                    PollBB);

  // The chunk's counter, down to 0, and the test that ends a chunk: its
  // count, not the loop's own test, which the dispatch replaces.
  PHINode *J = PHINode::Create(I64, 2, "chunk.j");
  J->insertBefore(PL.Header->getFirstNonPHIIt());
  B.SetInsertPoint(PL.Latch->getTerminator());
  Value *JNext = B.CreateSub(J, B.getInt64(1), "chunk.j.next",
                             /*HasNUW=*/true);
  J->addIncoming(Limit, Outer);
  J->addIncoming(JNext, PL.Latch);
  auto *TestBr = cast<BranchInst>(PL.Test->getTerminator());
  auto *OldTest = dyn_cast<Instruction>(TestBr->getCondition());
  BasicBlock *Body = TestBr->getSuccessor(TestBr->getSuccessor(0) == PL.Exit);
  B.SetInsertPoint(TestBr);
  Value *Full = B.CreateICmpEQ(CutAtHeader ? J : JNext, B.getInt64(0),
                               "chunk.full");
  BranchInst *NewTest = B.CreateCondBr(Full, Dispatch, Body);
  NewTest->setMetadata(LLVMContext::MD_loop,
                       TestBr->getMetadata(LLVMContext::MD_loop));
  TestBr->eraseFromParent();
  if (OldTest)
    RecursivelyDeleteTriviallyDeadInstructions(OldTest);
  PL.Exit->replacePhiUsesWith(PL.Test, Dispatch);

  // dispatch: the loop's own exit after its last chunk, or a poll and the
  // next chunk.
  B.SetInsertPoint(Dispatch);
  B.CreateCondBr(B.CreateICmpULE(Left, B.getInt64(PL.Chunk), "chunk.last"),
                 PL.Exit, PollBB);
  BranchInst::Create(Outer, PollBB)->setDebugLoc(NewTest->getDebugLoc());
  emitControlFlowCheck(PollBB, CmpInst::ICMP_NE, CILK_CF_NORMAL, RelPad,
                       "chunk.cf", "chunk.attempted", /*Poll=*/true);
  for (auto [Phi, V] : RelValues)
    Phi->addIncoming(V, RelPad);
  return "";
}

PreservedAnalyses PollChunksPass::run(Function &F,
                                      FunctionAnalysisManager &AM) {
  if (F.isDeclaration() ||
      none_of(instructions(F), [](Instruction &I) {
        return isa<LoadInst>(I) && I.getMetadata(CILK_POLL_LOAD_MD);
      }))
    return PreservedAnalyses::all();
  auto &TLI = AM.getResult<TargetLibraryAnalysis>(F);
  auto &AC = AM.getResult<AssumptionAnalysis>(F);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  SmallPtrSet<BasicBlock *, 8> Tried; // headers of loops seen
  // Each change makes new blocks: the analyses are rebuilt after it.
  for (bool Again = true; Again;) {
    Again = false;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    ScalarEvolution SE(F, TLI, AC, DT, LI);
    for (Loop *L : LI.getLoopsInPreorder()) {
      if (!L->isInnermost() || !pollingBlock(*L) ||
          !Tried.insert(L->getHeader()).second)
        continue;
      PolledLoop PL;
      StringRef WhyNot = checkPolledLoop(L, DT, LI, PL);
      if (WhyNot.empty()) {
        Changed = true; // its LCSSA form, at least
        formLCSSA(*L, DT, &LI, &SE);
        WhyNot = chunkLoop(PL, SE);
      }
      if (!WhyNot.empty()) {
        ORE.emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "PollsEachIteration",
                                          L->getStartLoc(), L->getHeader())
                 << "loop polls on each iteration: " << WhyNot;
        });
        continue;
      }
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "PollsEachChunk",
                                  L->getStartLoc(), L->getHeader())
               << "loop polls once every " << ore::NV("Chunk", PL.Chunk)
               << " iterations";
      });
      Again = true;
      break;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cilk
