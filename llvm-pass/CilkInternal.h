//===- CilkInternal.h - What the Cilk pass's phases share ----*- C++ -*-===//
//
// The private side of CilkPass.h, as LLVM's CoroInternal.h is for the
// coroutine passes: the phases and the helpers the pass's files share.
//
// Phases, one file each (modelled on llvm/lib/Transforms/Coroutines):
//   CilkMarkers.cpp  recognize: annotations -> "cilk" function attribute,
//                    spawn markers -> direct calls tagged !cilk.spawn
//   CilkReducers.cpp reducer views: runtime calls, or the variables
//   CilkSpawnStmt.cpp spawned statements: a procedure of their own
//   CilkFor.cpp      cilk_for: a divide-and-conquer procedure over chunks
//   CilkThreadLowering.cpp  continuation-passing threads
//   CilkCalls.cpp    (parallel modes) calls of procedures that spawn
//   CilkRegions.cpp  sync regions: the children each sync waits for
//   CilkPortable.cpp (parallel modes) what may run in another process
//   CilkProfile.cpp  (profile builds) strand hooks for work and span
//   CilkRace.cpp     (race builds) the race detector's hooks
//   CilkSerial.cpp   lower to the serial elision (spawn = call, sync = nop)
//   CilkExceptions.cpp (parallel modes, C++) spawned invokes before and
//                    after the lowering
//   CilkSplit.cpp    the parallel modes: split each Cilk procedure into a
//                    fast clone, a slow clone and inlets (CilkShape.h)
//
//===----------------------------------------------------------------------===//
#ifndef CILK_LLVM_PASS_CILKINTERNAL_H
#define CILK_LLVM_PASS_CILKINTERNAL_H

#include "CilkPass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"

namespace cilk {

/// Phase 1 (CilkMarkers.cpp). Returns true if the module changed.
bool recognizeCilkMarks(llvm::Module &M);
/// After phase 1, in every mode (CilkThreadLowering.cpp): closures, runners and
/// starts of continuation-passing threads, and the results that Cilk
/// procedures wait for.
bool lowerThreads(llvm::Module &M);
/// Lazy modes (CilkThreadLowering.cpp): each wait of F for thread results
/// becomes a loop around __cilkrt_cp_await, which the loop's poll answers.
bool awaitAnsweringReleases(llvm::Function &F);
/// Makes each __cilkrt_cp_await of F that is not in one of the blocks
/// Polled (the polled loops' headers) 0: it never asks.
void settleAwaits(llvm::Function &F,
                  llvm::ArrayRef<llvm::BasicBlock *> Polled = {});
/// Before phase 1's lowering (CilkPortable.cpp): gives every function whose
/// code, and all it calls, behaves the same in any process of a
/// distributed run the attribute CILK_SELF_CONTAINED_ATTR, which the
/// descriptors read and CilkPass::run removes at its end. Its value is the
/// function's code hash, in hex.
void markSelfContained(llvm::Module &M);
inline constexpr const char *CILK_SELF_CONTAINED_ATTR = "cilk-self-contained";
/// Profile builds: a quiet clone (CilkProfile.cpp), which gets no hooks;
/// removed once the quiet entries are built.
inline constexpr const char *CILK_QUIET_ATTR = "cilk-quiet";
/// The code hash of a self-contained function (markSelfContained): a hash
/// of its code and of all it calls, the same in every build of the same
/// code; 0 for any other function.
uint64_t codeHash(const llvm::Function &F);
/// Appends the machine-independent description of a value of type Ty at
/// byte Base (cilk-abi.h's FIELD list) to Out; false if it has none (a
/// pointer, a union, x86_fp80, a vector).
bool describeType(llvm::Type *Ty, const llvm::DataLayout &DL, uint64_t Base,
                  std::string &Out);
/// A name's stable id (FNV-1a, CILK_ABI_FNV_*): how the runtime names a
/// thread or procedure across processes.
uint64_t stableId(llvm::StringRef Name);
/// `@Name = internal constant ptr Target, section Section`, kept until the
/// linker gathers the section (@llvm.compiler.used).
void listInSection(llvm::Module &M, llvm::Constant *Target,
                   const llvm::Twine &Name, llvm::StringRef Section);
/// Profile builds (CilkProfile.cpp), before C++'s unwinding is lowered:
/// the C functions this file spawns become procedures, and in C++ every
/// procedure's record, its landing pads' catch hooks and its unwind hooks
/// (every call that may throw gets a pad).
bool prepareProfile(llvm::Module &M);
/// Profile builds (CilkProfile.cpp), after phase 1: a profile record and
/// the CILK_ABI_PROF_* hooks in every Cilk procedure.
bool instrumentForProfile(llvm::Module &M, Mode TheMode);
/// Profile builds, after the mode's lowering: every profiled procedure
/// that can be spawned first tests CILK_ABI_PROF_QUIET and runs its quiet
/// clone if it is set (CilkProfile.cpp).
bool buildQuietClones(llvm::Module &M);
/// Race builds (CilkRace.cpp), after phase 1 and before the serial
/// elision: the CILK_ABI_RACE_* hooks in every Cilk procedure, and the
/// attributes that have every function instrumented by ThreadSanitizer.
bool instrumentForRace(llvm::Module &M);
/// Race builds, at the end of the pipeline before ThreadSanitizer: a
/// CILK_ABI_RACE_SCOPE_END hook before the end of each escaping local's
/// lifetime, and a CILK_ABI_RACE_READ_RANGE or _WRITE_RANGE check before
/// each access that ThreadSanitizer would leave out although another
/// strand may reach its memory, the read of a by-value argument's source
/// for its copy included (before the call; before a spawned call's spawn
/// hook: the parent's read) (CilkRace.cpp).
struct RaceLocalsPass : llvm::PassInfoMixin<RaceLocalsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  static bool isRequired() { return true; }
};
/// Race builds, before the loop vectorizer: each loop's walks over memory
/// checked once, before the loop, and the loop left scalar (CilkRace.cpp:
/// hoistLoopChecks).
struct RaceLoopsPass : llvm::PassInfoMixin<RaceLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  static bool isRequired() { return true; }
};
/// Race builds, after ThreadSanitizer: every function forgets the
/// accesses to its by-value parameters (the caller's memory) at each exit,
/// and a function whose frame holds no memory the detector checks (no
/// local but the race record, no argument passed on the stack) loses
/// ThreadSanitizer's function entry and exit hooks, whose only work is to
/// forget the frame's accesses (CilkRace.cpp).
struct RaceFramesPass : llvm::PassInfoMixin<RaceFramesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  static bool isRequired() { return true; }
};
/// F's profile record (the argument of its enter hook), or null.
llvm::Value *profileRecord(llvm::Function &F);
/// Puts a sync marker before every return of F that may follow a spawn and
/// is not synced yet (Cilk's implicit sync at return), and removes the sync
/// markers that no spawn can precede, and the region markers of F if they
/// do not nest alike (CilkRegions.cpp).
bool insertImplicitSyncs(llvm::Function &F);
/// True if I is a direct call to the function named Name.
bool isCallTo(const llvm::Instruction &I, llvm::StringRef Name);
/// True if Name is one of the profile hooks CILK_ABI_PROF_* (CilkABI.cpp).
bool isProfileHookName(llvm::StringRef Name);
/// True if I is a call of one of the profile hooks.
bool isProfileHook(const llvm::Instruction &I);
/// True if files other than F's may reach F by its name: defined here, with
/// a linkage that emits it here (CilkEntry.cpp).
bool isVisibleToOtherFiles(const llvm::Function &F);
/// Declares the runtime entry point Name (a CILK_ABI_* name) in M with its
/// ABI type (CilkABI.cpp).
llvm::FunctionCallee getRuntimeFn(llvm::Module &M, llvm::StringRef Name);
/// What a spawn's tail does with a result made in place (CilkPrepare.cpp)
/// or to record that it was made (guardSpawnedResults), which a child that
/// threw never made: the unwind inlet leaves it out (CilkInlet.cpp).
inline constexpr const char *CILK_RESULT_USE_MD = "cilk.result.use";
/// True if V points into the procedure's own result, its sret parameter:
/// `T r = cilk_spawn f(); ... return r;` (a C++ named return value) makes r
/// in the caller's memory, which outlives every child.
inline bool isOwnResult(const llvm::Value *V) {
  auto *A = llvm::dyn_cast<llvm::Argument>(llvm::getUnderlyingObject(V));
  return A && A->hasStructRetAttr();
}
/// Where code that runs when CB returns goes: right after it, or at the
/// start of an invoke's normal destination, split off if other edges
/// enter it (CilkABI.cpp).
llvm::BasicBlock::iterator returnPoint(llvm::CallBase *CB);
/// aligned_alloc and free, for a spawn's own storage (CilkTail.cpp).
llvm::FunctionCallee slotAllocFn(llvm::Module &M);
llvm::FunctionCallee slotFreeFn(llvm::Module &M);
/// The direct calls of M's function Name (none if M has none).
llvm::SmallVector<llvm::CallInst *, 16> callsTo(llvm::Module &M,
                                                llvm::StringRef Name);
/// The symbol f.fast, by which other files spawn f, for each Cilk procedure
/// defined here that is not split (every one in serial mode, the leaves in
/// the others) and not in Skip (CilkEntry.cpp).
bool aliasFastSymbols(
    llvm::Module &M,
    const llvm::MapVector<llvm::Function *, llvm::Function *> &Skip);
/// Cilk-5's EXPORT(f): `mt_f(CilkContext *, params)` calls the C-callable
/// symbol of each procedure named in Names (CilkEntry.cpp).
bool buildExports(llvm::Module &M, llvm::ArrayRef<std::string> Names);
/// Phase 2 for Mode::Serial (CilkSerial.cpp).
bool lowerToSerialElision(llvm::Module &M);
/// Before the mode's lowering, in every mode (CilkTail.cpp): evaluates the
/// destination of each spawn in F before the call, and marks the end of
/// each spawn statement that assigns a result.
bool hoistSpawnDestinations(llvm::Function &F, bool Parallel);
/// After hoistSpawnDestinations: the locals of spawn Call's parent that
/// only its statement uses, in a loop, which the parallel modes give
/// storage of their own for each spawn (CilkTail.cpp).
llvm::SmallVector<llvm::AllocaInst *, 4>
spawnOwnTemporaries(llvm::CallBase *Call);
/// A tool's hooks told of C++ unwinding in F, a procedure with a
/// personality (race and profile builds; CilkExceptions.cpp): Catch(Rec)
/// first in each landing pad, Unwind(Rec) before each resume, and each
/// call that may throw and has no landing pad, but those Skip names,
/// becomes an invoke of a cleanup pad PadName that calls Unwind(Rec) and
/// resumes.
void hookUnwinding(llvm::Function &F, llvm::Value *Rec, llvm::StringRef Catch,
                   llvm::StringRef Unwind, llvm::StringRef PadName,
                   llvm::function_ref<bool(llvm::CallInst &)> Skip);
/// Before hoistSpawnDestinations (CilkExceptions.cpp): every synced
/// invoke of F becomes a call, and with Spawns every spawned one (C's in
/// the parallel modes); the serial elision keeps its spawned invokes.
bool dropSpawnUnwindEdges(llvm::Function &F, bool Spawns);
/// The parallel modes, instead of both (CilkExceptions.cpp): each spawned
/// or synced invoke becomes a call, hoistSpawnDestinations runs, and an
/// anchor after each statement (or sync) keeps its landing pad.
bool anchorUnwindEdges(llvm::Function &F);
/// The parallel modes, before the split, for a procedure F with a
/// personality (CilkExceptions.cpp): each landing pad syncs first, and
/// what would unwind out of F reaches eh.out, which syncs too.
bool addExceptionalSyncs(llvm::Function &F);
/// After the split: the markers above are gone from every clone; their
/// declarations go too.
void removeExceptionMarkers(llvm::Module &M);
/// The code of F's C++ catch handlers: what runs between a call of
/// __cxa_begin_catch and the matching __cxa_end_catch, on every path
/// (CilkExceptions.cpp).
struct HandlerCode {
  llvm::SmallVector<llvm::CallBase *, 8> Calls; // but begin and end catch
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> Blocks; // with any of it
};
HandlerCode findHandlerCode(llvm::Function &F);
/// The parallel modes, before CilkCalls (CilkExceptions.cpp): the calls in
/// C++ catch handlers get CILK_IN_HANDLER_MD, and the spawns among them
/// become calls, so that a handler never goes on on another thread.
bool keepHandlersOnTheirThread(llvm::Module &M);
/// The parallel modes, after keepHandlersOnTheirThread (CilkExceptions.cpp):
/// `T x = cilk_spawn f();` of a C++ class T with a destructor (x a local
/// or the procedure's named return value): the spawn's statement records
/// in a flag of the parent that the child returned, and each destruction
/// of x happens only if it did (f may throw, and the parent's landing pad
/// after a later sync destroys x).
bool guardSpawnedResults(llvm::Module &M);
/// Metadata of a call in a catch handler: never a spawn, and a call of a
/// procedure that spawns reaches its C entry point.
inline constexpr const char *CILK_IN_HANDLER_MD = "cilk.in.handler";
/// Metadata of a sync marker that waits for the children of every region.
inline constexpr const char *CILK_SYNC_ALL_MD = "cilk.sync.all";
/// The parallel modes, after lowering, for the functions of other
/// languages than C++ (C with -fexceptions) (CilkExceptions.cpp): an
/// exception that leaves a spawned call stops the program
/// (CILK_ABI_C_THREW).
bool stopAtEscapingExceptions(llvm::Module &M);
/// The parallel modes, before F, a procedure of C (with -fexceptions),
/// becomes its fast and slow clones: an exception that reaches F from a
/// call or leaves its cleanups stops the program (CILK_ABI_C_THREW), so
/// that none unwinds into the runtime's frames. Its serial clone, made
/// before, unwinds as C does.
bool stopExceptionsInC(llvm::Function &F);
/// F is C++'s (its personality routine): the parallel modes carry its
/// children's exceptions.
bool hasCxxPersonality(const llvm::Function &F);
/// M is C++'s: some code catches or cleans up, or it names a mangled
/// function (C compiled with -fexceptions unwinds too, but is not).
bool isCxxModule(const llvm::Module &M);
/// I invokes the anchor that keeps a spawn statement's landing pad
/// (CilkExceptions.cpp: anchorUnwindEdges).
bool isUnwindAnchor(const llvm::Instruction &I);
/// The parallel modes and the race and profile builds, first
/// (CilkExceptions.cpp): a C++ procedure that may unwind but has no
/// landing pad (so no personality routine) gets C++'s, so that a child's
/// exception is carried through it too, and the tools' hooks see it.
bool giveCxxPersonalities(llvm::Module &M);
/// The serial meaning of the keywords that concern children in F (no child
/// is ever outstanding): `abort;` and the inlet markers go, SYNCHED is 1
/// (CilkSerial.cpp). Sync markers stay.
bool lowerChildKeywordsSerially(llvm::Function &F);
/// Phase 2 for the parallel modes (CilkSplit.cpp and the phases listed in
/// CilkShape.h): fast clone, slow clone, inlets and descriptor.
/// Exceptions: C++ exceptions are carried to syncs (the plain parallel
/// modes; CilkExceptions.cpp).
bool lowerToClones(llvm::Module &M, Mode TheMode, bool Exceptions);

/// The return attributes that a poison result makes undefined behaviour
/// (noundef, which MemorySanitizer builds put on every result, and
/// dereferenceability): a fast clone whose frame was stolen or released
/// returns poison, so they are dropped from fast clones and spawn calls
/// (CilkABI.cpp).
const llvm::AttributeMask &poisonIntolerantRetAttrs();

/// True if F is a Cilk procedure (carries the "cilk" function attribute).
bool isCilkProcedure(const llvm::Function &F);
/// True if the call was a spawn (tagged !cilk.spawn by phase 1).
bool isSpawn(const llvm::CallBase &CB);
/// True if the spawn's callee, declared here, may be a C function or a
/// Cilk procedure of another file (OpenCilk's cilk_spawn, CilkMarkers.cpp):
/// tagged !cilk.spawn.any.
bool isSpawnOfMaybeC(const llvm::CallBase &CB);
/// The tag of a spawn's own storage for a temporary (CilkTail.cpp).
inline constexpr const char *CILK_SLOT_MD = "cilk.slot";
/// True if F has a spawn or a sync marker.
bool spawnsOrSyncs(const llvm::Function &F);
/// The cilk_for loops the plugin marked: a divide-and-conquer procedure over
/// the iterations, or (serial mode, but for the race detector) the loop as
/// it is (CilkFor.cpp). True if anything changed.
bool lowerCilkFors(llvm::Module &M, Mode TheMode, Instrument I);

/// Reducers, after the optimizer's loop passes (CilkReducers.cpp): hoists
/// view lookups out of loops that call nothing (a cilk_for's chunk), where
/// no view can change.
struct HoistViewsPass : llvm::PassInfoMixin<HoistViewsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

/// Lazy modes, just before the vectorizer (CilkPollChunks.cpp): each
/// innermost loop that polls runs in chunks of iterations without a poll,
/// with a poll between chunks.
struct PollChunksPass : llvm::PassInfoMixin<PollChunksPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

/// Reducers (CilkReducers.cpp): in the parallel modes, lets the optimizer
/// reuse a view up to the next call and registers the module with the
/// runtime; in the serial elision, every view is the variable.
bool lowerReducers(llvm::Module &M, Mode TheMode, Instrument I);
/// The loop metadata string of a cilk_for chunk's loop, which never polls.
inline constexpr const char *CILK_GRAIN_LOOP_MD = "cilk.grain";
/// The parallel modes: each call, in a Cilk procedure, of a Cilk procedure
/// of this module that spawns or syncs becomes a spawn followed by a sync
/// (CilkCalls.cpp). True if anything changed.
bool spawnCallsOfProcedures(llvm::Module &M);
/// The Cilk procedures of M that spawn, sync or hold a cilk_for, and those
/// that call one of them (CilkCalls.cpp).
llvm::SmallPtrSet<const llvm::Function *, 16>
spawningProcedures(const llvm::Module &M);
/// True if F calls a procedure of Spawning with a plain call, which
/// spawnCallsOfProcedures makes a spawn and a sync in a Cilk procedure.
bool callsSpawning(const llvm::Function &F,
                   const llvm::SmallPtrSetImpl<const llvm::Function *> &Spawning);
/// True if F holds a cilk_for the pass has not lowered yet (CilkFor.cpp).
bool hasCilkFor(const llvm::Function &F);
/// Spawned statements (`cilk_spawn { ... }`, CilkSpawnStmt.cpp): each
/// becomes a spawn of a procedure of its own, or (serial mode, but for the
/// race detector) runs in place. True if anything changed.
bool lowerSpawnedStatements(llvm::Module &M, Mode TheMode, Instrument I);
/// Gives New, a function the pass outlined for the construct at Where (a
/// cilk_for, a spawned statement), a subprogram of its own at Where's line
/// if Where's function has one, and returns the location for New's
/// instructions: gdb and the race detector's reports show the construct,
/// and code inlined into New keeps its lines (CilkFor.cpp).
llvm::DILocation *describeOutlined(llvm::Function &New,
                                   const llvm::Instruction *Where);

/// Sync regions (CilkRegions.cpp; cilk-abi.h, CILK_ABI_REGION_BEGIN): the
/// depth of regions at each spawn, sync, poll and try marker of F. 0 everywhere
/// if F has no markers, or markers that do not nest alike on every path
/// (at -O1 and above a cleanup's dispatch switch can merge paths of
/// several depths): each sync then waits for all of F's children.
struct RegionDepths {
  llvm::DenseMap<const llvm::Instruction *, unsigned> Depth;
  bool Nested = true; // false: the markers do not nest alike
  unsigned of(const llvm::Instruction *I) const { return Depth.lookup(I); }
};
RegionDepths regionDepths(llvm::Function &F);
/// C++, parallel modes (CilkRegions.cpp): what a landing pad's sync throws
/// again, the first in serial order of the exceptions of region Pad and
/// deeper (and the procedure's own), and the edges of exceptional code
/// where the exception leaves its try statement's handlers for an outer
/// one's: there the first of region Region and deeper wins again.
struct ExceptionRegions {
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> Pad;
  struct Leave {
    llvm::Instruction *Term;
    unsigned Succ;
    unsigned Region;
  };
  llvm::SmallVector<Leave, 2> Leaves;
};
ExceptionRegions exceptionRegions(llvm::Function &F);
/// The successors (with their numbers) of BB that an exception in flight
/// goes on to: an invoke's normal one only (a cleanup's destructor
/// returned; its unwind edge starts another pad's exception).
llvm::SmallVector<std::pair<unsigned, llvm::BasicBlock *>, 2>
normalSuccessors(llvm::BasicBlock *BB);
/// Whether BB calls __cxa_begin_catch: a handler catches the exception.
bool beginsCatch(const llvm::BasicBlock &BB);
/// C++: puts region end markers where exceptional code leaves regions (a
/// catch handler's end, joining the code after its try block; a return
/// in a handler), so that the markers nest alike on every path and each
/// region's hooks see its end. Before anything asks regionDepths.
bool closeRegionsOnUnwindPaths(llvm::Function &F);
/// Removes F's region markers (insertImplicitSyncs, where they do not nest
/// alike: F is one region then, for the hooks of race and profile builds
/// as for its syncs).
void removeRegionMarkers(llvm::Function &F);
/// Race and profile builds: a call of BeginHook(Record) after each region
/// begin marker of F, of EndHook(Record) before each end marker.
void hookRegions(llvm::Function &F, llvm::Value *Record,
                 llvm::StringRef BeginHook, llvm::StringRef EndHook);
/// Removes the region markers from M, at the end of the pass.
bool removeRegionMarkers(llvm::Module &M);

} // namespace cilk

#endif
