//===- CilkShape.h - What the Cilk lowering knows about one procedure -----===//
//
// A Shape is built once per Cilk procedure (as coroutine lowering builds its
// coro::Shape) and read by every phase that produces code:
//
//   CilkPrepare.cpp  normalize: implicit syncs, one block per suspend point,
//                    spawn result tails separated, SSA values live across a
//                    suspend point demoted to allocas
//   CilkFrame.cpp    which allocas the frame holds, and %f.closure
//   CilkSlow.cpp     @f.slow, entered by the scheduler
//   CilkFast.cpp     the fast clone (f, named f.fast at the end)
//   CilkWaits.cpp    whether a lazy release's frame waits for its child
//   CilkInlet.cpp    @f.inlet.N per assigned spawn result, and @f.desc
//   CilkEntry.cpp    @f.serial, and the C entry point @f of @f.fast
//   CilkABI.cpp      runtime declarations, deque push/pop sequences
//
//===----------------------------------------------------------------------===//
#ifndef CILK_LLVM_PASS_CILKSHAPE_H
#define CILK_LLVM_PASS_CILKSHAPE_H

#include "CilkInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class AllocaInst;
class BasicBlock;
class CallBase;
class CallInst;
class Function;
class GlobalVariable;
class StructType;
} // namespace llvm

namespace cilk {

/// Indolent or sedative: closures are made by release, not at spawns.
inline bool isLazyMode(Mode M) {
  return M == Mode::Indolent || M == Mode::Sedative;
}

/// A point where the procedure may be suspended and later resumed by its
/// slow clone: after a spawn (its continuation may be stolen), at a sync,
/// or at a lazy loop's poll.
/// Resume indices are 1, 2, ... in program order; 0 is never a resume point.
struct SuspendPoint {
  unsigned Index = 0;
  llvm::CallBase *Call = nullptr; // the spawned call, or the sync marker
  bool IsSpawn = false;
  /// A lazy loop's poll (CilkPoll.cpp): Call is its marker.
  bool IsPoll = false;
  /// A landing pad's sync (CilkExceptions.cpp): it waits for the children
  /// of every region.
  bool SyncAll = false;
  /// The sync region of the spawn or sync (CilkRegions.cpp): 0 for the
  /// procedure's own.
  unsigned Region = 0;
  /// The first block of the spawn's tail, the code that applies its result
  /// (`x = r`, `x += r`, a struct copy, a compare-exchange loop), up to
  /// Resume. Null when the result is discarded.
  llvm::BasicBlock *Tail = nullptr;
  /// Where the slow clone continues; the first block after the point.
  llvm::BasicBlock *Resume = nullptr;
  /// Where the result goes (CILK_DST_*): a frame field (the alloca the
  /// result is assigned to) or an address saved in a frame field.
  int DstKind = 0;
  llvm::Value *Dst = nullptr;             // the destination pointer
  llvm::AllocaInst *DstField = nullptr;   // the alloca holding it or it
  bool TailReadsDst = false;              // `x op= spawn`: reads old value
  /// The memory the spawned call writes its result to (its sret argument).
  llvm::AllocaInst *ResultMemory = nullptr;
  /// The spawned call's sret result is made in memory of this frame that
  /// never moves (a heap frame's field, the spawn's own storage), which
  /// the tail reads: nothing is delivered (cilk-abi.h: the site's
  /// in_place).
  bool InPlace = false;
  /// Allocas the tail uses for itself only (clang's coercion temporaries).
  llvm::SmallVector<llvm::AllocaInst *, 2> TailTemps;
  /// Values from before the call that the tail uses, each saved in a frame
  /// field before the call and reloaded in the tail: DstField
  /// (CILK_DST_POINTER) or one of InletArgs (CILK_DST_FRAME).
  llvm::SmallVector<llvm::Value *, 2> Carried;
  /// Private copies of the spawned call's byval arguments, filled right
  /// before the call (and before the push): the callee's own copy is made
  /// by the call itself, too late once a thief runs the continuation.
  llvm::SmallVector<llvm::AllocaInst *, 2> ArgTemps;
  /// The first of the instructions that belong to the spawn itself and run
  /// again when a frame resumes at it (indolent spawn.N): the copies above
  /// and a profile build's spawn hook. The call when there are none.
  llvm::Instruction *SpawnBegin = nullptr;
  /// Frame allocas whose value must survive this point.
  llvm::SmallVector<llvm::AllocaInst *, 8> LiveAcross;
  llvm::Function *Inlet = nullptr;
  /// C++: the inlet without what needs the result (CilkInlet.cpp), for a
  /// child that threw; null if that leaves nothing to do.
  llvm::Function *Unwind = nullptr;
  /// DstKind CILK_DST_FRAME (a user inlet, `name(spawn g(a), b)` of
  /// CilkInlets.cpp in the plugin; a tail with control flow): the
  /// tail's blocks, Tail first, which the inlet copies and runs over the
  /// frame.
  llvm::SmallVector<llvm::BasicBlock *, 8> TailBlocks;
  /// The variables holding its other arguments (a user inlet's; the saved
  /// values of Carried): each spawn's own values, which the inlet reads
  /// from the frame as it was at the spawn.
  llvm::SmallVector<llvm::AllocaInst *, 4> InletArgs;

  /// Indolent mode: a frame released by the check before the spawned call
  /// resumes at the spawn, in the block `spawn.N` that ends with the call,
  /// with its own resume index (after every suspend point's), saving the
  /// allocas live into it.
  llvm::BasicBlock *Respawn = nullptr;
  unsigned RespawnIndex = 0;
  llvm::SmallVector<llvm::AllocaInst *, 8> LiveBefore;
};

struct Shape {
  llvm::Function *F = nullptr;
  Mode TheMode = Mode::Eager; // the fast clone's strategy
  llvm::SmallVector<SuspendPoint, 8> Points;
  /// Resume indices in use: 1 .. NumResumeIndices - 1.
  unsigned NumResumeIndices = 0;
  /// Nested sync regions: the frame holds a count of children for each
  /// (the runtime's), at RegionsOffset.
  unsigned NumRegions = 0;
  uint64_t RegionsOffset = 0;

  /// Indolent or sedative: closures are made by release, not at spawns.
  bool isLazy() const { return isLazyMode(TheMode); }

  /// Allocas that live in the frame, with their byte offsets in it.
  llvm::SmallVector<llvm::AllocaInst *, 8> Fields;
  llvm::DenseMap<llvm::AllocaInst *, uint64_t> FieldOffset;
  /// Frame fields the fast clone uses in place (not copies): their address
  /// escapes. Any such field makes the whole frame a heap frame.
  bool HeapFrame = false;
  llvm::StructType *FrameTy = nullptr; // %f.closure
  llvm::Align FrameAlign;
  uint64_t FrameSize = 0;
  /// The slow clone's result: F's return type, or the sret pointee type.
  llvm::Type *RetTy = nullptr;
  uint64_t RetvalOffset = 0;
  /// The sret parameter, whose value the fast clone keeps in the frame at
  /// CILK_ABI_FRAME_SRET_OFFSET (emitSaveSRet).
  llvm::Argument *SRet = nullptr;

  llvm::Function *Slow = nullptr;
  llvm::GlobalVariable *Desc = nullptr;

  /// The procedure has user inlets or aborts (CILK_DESC_ATOMIC): its slow
  /// clone holds the frame's lock while it runs, so that inlets applied by
  /// other workers run between its strands, never during one.
  bool Atomic = false;
  /// `abort;` and SYNCHED in f, lowered per clone.
  llvm::SmallVector<llvm::CallInst *, 4> Aborts, Synched;

};

/// A spawn statement after its call (CilkTail.cpp): the instructions up to
/// the end marker CILK_ABI_SPAWN_END.
struct SpawnStatement {
  llvm::CallInst *End = nullptr;
  /// Those in the call's block, in order, and all of them.
  llvm::SmallVector<llvm::Instruction *, 16> First;
  llvm::SmallPtrSet<llvm::Instruction *, 32> Insts;
  /// The blocks after the call's, the last one holding End: control flow
  /// inside the statement.
  llvm::SmallVector<llvm::BasicBlock *, 4> Blocks;
  /// The statement was not found because code after the call may throw
  /// (C++: a constructor that converts the result, an assignment
  /// operator that allocates): a landing pad is among its successors
  /// (End is the marker that would have ended it, if one follows).
  bool Throws = false;
  /// True if every use of A, lifetime markers aside, is in the statement.
  bool isLocal(llvm::AllocaInst *A) const;
};
/// True for llvm.lifetime.start/end.
bool isLifetimeMarker(const llvm::Instruction *I);
/// The first instruction after I that is not a debug intrinsic, or null.
llvm::Instruction *nextNonDebug(llvm::Instruction *I);
/// True if Fn holds for every user of A, through GEPs and casts, that is not
/// a lifetime marker.
bool allUsersSatisfy(llvm::AllocaInst *A,
                     llvm::function_ref<bool(llvm::Instruction *)> Fn);
/// Finds spawn Call's statement: false if it has no end marker, or one that
/// not every path from the call reaches first.
bool findSpawnStatement(llvm::CallBase *Call, SpawnStatement &St);
/// True if the address of A reaches a call other than Call, or memory
/// (CilkTail.cpp): a spawn's destination that lives in a heap frame, into
/// which the child writes its aggregate result in place.
bool addressEscapesBesides(llvm::AllocaInst *A, llvm::CallBase *Call);

// ---- CilkExceptions.cpp: C++ exceptions in the clones ----

/// Eager fast clone, after its pops and before its pushes: each spawned
/// call that may throw gets a pad that pops and hands the exception to a
/// thief's closure (Stolen) or throws it on into f's landing pad; in the
/// lazy modes the call unwinds to that pad. Nothing if f was not prepared
/// for exceptions (addExceptionalSyncs).
void lowerFastSpawnUnwinding(Shape &S, llvm::BasicBlock *Stolen);
/// A fast or serial clone: plain C++ unwinding again (f's pads in place
/// of their exceptional syncs, calls and resumes in place of eh.out, which
/// frees HeapFrame, if not null, with worker W first).
void finishCloneUnwinding(llvm::Function &F, llvm::Value *W,
                          llvm::Value *HeapFrame);
/// At the end of B's block, a landing pad that catches everything, and the
/// handle of the exception it caught (CILK_ABI_EXN_CAPTURE).
llvm::Value *emitCatchAllHandle(llvm::IRBuilder<> &B);
/// The serial clone: its spawns unwind into f's pads again.
void restoreSerialUnwinding(llvm::Function &F);
/// A suspend point of the slow clone: the spawned call there (for a spawn)
/// and the block where the clone resumes.
struct SlowPoint {
  const SuspendPoint *P = nullptr;
  llvm::CallBase *Call = nullptr;
  llvm::BasicBlock *Resume = nullptr;
};
/// The slow clone: every exception is held in the frame and thrown again
/// after every child is done (the comment at the top of the file).
void lowerSlowCloneUnwinding(llvm::Function &Slow, llvm::Value *Frame,
                             llvm::BasicBlock *Stolen,
                             llvm::ArrayRef<SlowPoint> Points);

/// CilkWaits.cpp: in the release block at B of spawn P (a lazy fast
/// clone's release.N, while S's sync markers are still there), whether
/// the code after P reaches a sync of P's region before anything else,
/// from the values the frame holds there: an i32, 0 for no or unknown
/// (cilk-abi.h: CILK_ABI_RELEASE's waits).
llvm::Value *emitWaitsAtSync(llvm::IRBuilder<> &B, const Shape &S,
                             const SuspendPoint &P);

/// Phase entry points; each returns false after reporting an unsupported
/// construct to the LLVMContext (a clang error with the function's name).
bool prepareProcedure(Shape &S);
bool buildFrame(Shape &S);
void buildSlowClone(Shape &S);
void buildInletsAndDescriptor(Shape &S);
void buildFastClone(Shape &S);
/// The description of a portable procedure's frame, result and spawn
/// results (cilk-abi.h: CILK_ABI_PROC_SECTION), or "" if its frames never
/// leave their process (CilkPortable.cpp).
std::string procedureLayout(const Shape &S);

/// CilkEntry.cpp: the procedures that get a C entry point, each with its
/// serial elision (built before the split), and the entry points themselves
/// (built after it: f becomes f.fast and its C entry point takes the name).
using SerialClones = llvm::MapVector<llvm::Function *, llvm::Function *>;
SerialClones buildSerialClones(llvm::ArrayRef<llvm::Function *> Procs);
/// The attributes that describe F's interface (parameters, result and, with
/// WithFnAttrs, how it is compiled), for a function or call of F's type.
llvm::AttributeList interfaceAttributes(const llvm::Function &F,
                                        bool WithFnAttrs);
bool buildEntryPoints(llvm::Module &M, const SerialClones &Serial);
/// Makes every spawn through a pointer in F call the fast clone the pointer
/// leads to (see CILK_ABI_ENTRY_MAGIC); run on F after its serial clone is
/// taken, whose spawns call the pointer itself.
bool findFastClonesOfPointers(llvm::Function &F);

/// Replaces each alloca of Fields by its field at the given offset in the
/// frame Frame, the field addresses and the debug info of their variables
/// (through a stack slot holding Frame) emitted at B (CilkFrame.cpp).
void placeFieldsInFrame(
    llvm::IRBuilder<> &B, llvm::Value *Frame,
    llvm::ArrayRef<std::pair<llvm::AllocaInst *, uint64_t>> Fields);

/// True if every use of A lies in Region: a local of a user inlet.
bool isInletLocal(llvm::AllocaInst *A,
                  const llvm::SmallPtrSetImpl<llvm::BasicBlock *> &Region);

/// Reports an unsupported construct in F as a compile error, at At's
/// source location if it has one.
void reportUnsupported(llvm::Function &F, const llvm::Twine &Msg,
                       const llvm::Instruction *At = nullptr);

// ---- CilkPoll.cpp ----

/// The marker of a loop's poll, inserted and lowered by the pass alone.
inline constexpr const char *CILK_POLL_MARKER = "__cilk_poll_marker";
/// The metadata kind on a poll's load of the control word, by which
/// CilkPollChunks.cpp finds the polls once the optimizer has moved them.
inline constexpr const char *CILK_POLL_LOAD_MD = "cilk.poll";
/// The headers of F's loops that poll: those without a spawn or sync of
/// their own, outside spawn statements.
llvm::SmallVector<llvm::BasicBlock *, 4> loopsToPoll(llvm::Function &F);
/// Marks each of these loop headers with a poll.
void insertPolls(llvm::ArrayRef<llvm::BasicBlock *> Headers);
bool isPollMarker(const llvm::Instruction &I);

// ---- CilkABI.cpp: the runtime interface as IR ----

/// A pointer to the frame field at byte offset Off.
llvm::Value *fieldAddr(llvm::IRBuilder<> &B, llvm::Value *Frame, uint64_t Off,
                       const llvm::Twine &Name = "");
/// The runtime's thread-local Name, of type Ty, declared in M.
llvm::GlobalVariable *runtimeTLS(llvm::Module &M, llvm::StringRef Name,
                                 llvm::Type *Ty);
/// Loads this thread's worker (CILK_ABI_TLS_WORKER).
llvm::Value *emitLoadWorker(llvm::IRBuilder<> &B);
/// Replaces BB's unconditional branch by
///   call void asm sideeffect "", "~{memory}"()
///   %CFName = load atomic i32, ptr @__cilkrt_tls_cf unordered
///   %CondName = icmp Pred i32 %CFName, Against
///   br i1 %CondName, label %Rare, label <the old successor>, !prof <cold>
/// A Poll loads monotonic instead, without the asm (CilkPoll.cpp).
void emitControlFlowCheck(llvm::BasicBlock *BB, llvm::CmpInst::Predicate Pred,
                          int Against, llvm::BasicBlock *Rare,
                          const llvm::Twine &CFName,
                          const llvm::Twine &CondName, bool Poll = false);
/// `frame->resume = Index`
llvm::StoreInst *emitSetResume(llvm::IRBuilder<> &B, llvm::Value *Frame,
                               unsigned Index);
/// Pushes Frame on this thread's deque: *tail = frame; tail + 1
/// (release). Popped, if given, is the tail now, where Frame's own last
/// pop left it: the entry there is Frame already (a pop leaves its entry in
/// place), and the push only moves the tail. Returns the slot that holds
/// Frame: the tail that the matching pop leaves.
llvm::Value *emitPush(llvm::IRBuilder<> &B, llvm::Value *Frame,
                      llvm::Value *Popped = nullptr);
/// Where the runtime reads spawn P's result on the rare paths: a new alloca
/// `result.N` in Entry for a result in registers, the sret memory (mapped
/// through ResultMemory), or null for void.
llvm::Value *createResultSlot(llvm::BasicBlock &Entry, const SuspendPoint &P,
                              llvm::Value *ResultMemory);
/// Replaces the branch after spawn P's call (in a clone where it is Call,
/// with worker W) by the owner's half of THE, Fenced or not (eager mode's
/// fast clone: its thieves fence for it, runtime/fence.h), and its rare
/// path:
///   <pop>; br %stolen, label %pop.slow.N, label %Cont
///   pop.slow.N: store the result in ResultSlot; __cilkrt_pop_slow;
///               br (stolen), label %Stolen, label %Cont
/// With a null W, the worker is loaded on the rare path, both paths go on
/// through a block popped.N, and the result is the tail there (the runtime
/// leaves the tail where the pop put it whenever it says CILK_POP_OK);
/// otherwise the result is null.
llvm::Value *emitPopAfterSpawn(llvm::CallBase *Call, const SuspendPoint &P,
                               llvm::Value *W, llvm::Value *ResultSlot,
                               llvm::BasicBlock *Cont,
                               llvm::BasicBlock *Stolen, bool Fenced);

/// Eager mode's step from spawn From to the spawn whose call is Next
/// (CilkFast.cpp: stepTarget; cilk-abi.h: CILK_ABI_POP_STEP), in place of
/// From's pop and Next's push:
///   %slot = load volatile ptr, ptr %slot.home
///   <the pop's test of %slot against the limit>
///   br %stolen, label %pop.step.N, label %call.N
/// pop.step.N:                 ; N: From's index
///   store <From's result>, ptr <ResultSlot>
///   %step = call i32 @__cilkrt_pop_step(ptr <worker>, ptr <ResultSlot>)
///   br (%step != 0), label %Stolen, label %call.N
/// call.N:
///   <Next>
/// Returns the load of %slot.home, before which the fast clone saves
/// Next's values and resume index.
llvm::Instruction *emitStepCheck(llvm::CallBase *Next, const SuspendPoint &From,
                                 llvm::Value *ResultSlot,
                                 llvm::AllocaInst *Home,
                                 llvm::BasicBlock *Stolen);

} // namespace cilk

#endif
