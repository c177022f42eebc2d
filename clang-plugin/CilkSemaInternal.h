//===- CilkSemaInternal.h - What the checks' files share --------*- C++ -*-===//
//
// The private side of CilkSema.h, as LLVM's CoroInternal.h is for the
// coroutine passes: the diagnostics, predicates, collector and body checker
// that the files of the checks share. Only they include it. BodyChecker
// checks and rewrites one body; its members are defined by concern:
//
//   CilkSema.cpp          the driver: CilkConsumer, BodyChecker::run and the
//                         predicates declared here
//   CilkSemaCilk5.cpp     Cilk-5's rules: spawn, sync, abort, inlets, and
//                         -Wcilk-unsynced
//   CilkSemaThreads.cpp   continuation-passing threads: calls of threads,
//                         spawn_next, tail_call, missing arguments,
//                         send_argument, `cont` variables, vectors
//   CilkSemaOpenCilk.cpp  what only OpenCilk's spelling needs: a spawned
//                         assignment, cilk_scope's syncs, cilk_for's breaks
//   CilkSemaRewrite.cpp   the markers that checked spawns, syncs, aborts and
//                         returns become
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKSEMAINTERNAL_H
#define CILK_CLANG_PLUGIN_CILKSEMAINTERNAL_H

#include "CilkOpenCilk.h"
#include "CilkSema.h"
#include "CilkThreadKeywords.h"
#include "CilkTokens.h"
#include "cilk-abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang {
class Sema;
} // namespace clang

namespace cilk {

// Every includer is one of the checks' .cpp files, which name clang's AST
// unqualified; CilkSema.h, which the rest of the plugin includes, does not.
using namespace clang;

/// Custom diagnostics. Every message names the rule that was broken.
struct CilkDiags {
  explicit CilkDiags(DiagnosticsEngine &D) : D(D) {
#define CILK_DIAG(Name, Level, Text)                                           \
  Name = D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Level, Text);
#include "CilkDiags.def"
  }
  DiagnosticsEngine &D;
#define CILK_DIAG(Name, Level, Text) unsigned Name;
#include "CilkDiags.def"
};

/// What makes CE a call of a Cilk procedure: the procedure it names, or the
/// declaration of the pointer, array, field or typedef it calls through
/// (`f(x)`, `(*f)(x)`, `t[i](x)`, `s->f(x)`); null for a C call.
const NamedDecl *cilkCallee(const ASTContext &Ctx, const CallExpr *CE);
/// Where the word `spawn` of this spawn operator was spelled: the key of
/// SpawnLog, and the place diagnostics point at (a file location, so that no
/// "expanded from macro" note points into the predefines): keywordLoc of
/// the operator (CilkTokens.h).
SourceLocation spawnKeywordLoc(const SourceManager &SM,
                               const UnaryOperator *UO);
/// E without the parentheses around it (implicit casts stay), nor, in
/// C++, the binding of a class-typed result to its temporary.
const Expr *ignoreParens(const Expr *E);
/// The word an __extension__ operator was spelled as, read where it was
/// spelled (Lexer::getImmediateMacroName reads the wrong buffer for a spawn
/// in another macro's argument); empty if it was written out.
llvm::StringRef spelledWord(const ASTContext &Ctx, const UnaryOperator *UO);
/// A spawn is an __extension__ operator expanded from a spawn keyword, or
/// one written out (as in `clang -E` output) in front of a call of a Cilk
/// procedure: system headers never put __extension__ there.
bool isSpawnOperator(const ASTContext &Ctx, const UnaryOperator *UO);
/// A spawn in OpenCilk's spelling: of any function, from any function.
bool isOpenCilkSpawn(const ASTContext &Ctx, const UnaryOperator *UO);
/// Where a diagnostic about the called function points: its name.
SourceLocation calleeLoc(const CallExpr *CE);
/// True if E names a function called Name.
bool refersTo(const DeclRefExpr *E, llvm::StringRef Name);
/// True if CE calls a function called Name directly.
bool isCallOf(const CallExpr *CE, llvm::StringRef Name);
/// Returns the parent of S, stepping over parentheses and implicit casts
/// (and full-expression wrappers, and C++'s temporaries of class-typed
/// values); Top is set to the outermost node stepped over, i.e. the child
/// of the returned parent.
Stmt *parentThroughWrappers(const ParentMap &PM, Stmt *S, Stmt *&Top);
/// True if S lies inside Outer (or is Outer).
bool isWithin(const ParentMap &PM, Stmt *S, Stmt *Outer);
/// True if Child sits where a statement is executed for its effect: in a
/// block, under a label, or as the body of a selection or iteration
/// statement (but not as its condition, increment or initializer).
bool isStatementPosition(const Stmt *Parent, const Stmt *Child);

/// Collects the spawn operators, sync keywords and direct calls of Cilk
/// procedures in a function body or initializer.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const ASTContext &Ctx) : Ctx(Ctx) {}
  /// C++: a lambda's body, and a local class's member functions, are
  /// functions of their own (CilkConsumer checks them); only a lambda's
  /// captures are evaluated here.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    for (Expr *Init : LE->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  /// The statement after each `cilk_scope`: the first (outermost) node
  /// that begins where it was written.
  bool VisitStmt(Stmt *S) {
    SourceLocation L = S->getBeginLoc();
    if (isScopeStart(Ctx.getSourceManager(), L) &&
        ScopeLocs.insert(L.getRawEncoding()).second)
      Scopes.push_back(S);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (isSpawnOperator(Ctx, UO))
      Spawns.push_back(UO);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (refersTo(E, CILK_ABI_LIBC_SYNC))
      SyncRefs.push_back(E);
    else if (refersTo(E, CILK_ABI_SYNC_ANY))
      AnySyncRefs.push_back(E);
    else if (refersTo(E, CILK_ABI_LIBC_ABORT))
      AbortRefs.push_back(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const NamedDecl *Target = cilkCallee(Ctx, CE))
      CilkCalls.push_back({CE, Target});
    if (const FunctionDecl *Callee = CE->getDirectCallee();
        Callee && isThread(Callee))
      ThreadCalls.push_back(CE);
    if (isCallOf(CE, CILK_ABI_CP_NEXT_MARKER) ||
        isCallOf(CE, CILK_ABI_CP_TAIL_MARKER))
      ThreadKeywords.push_back(CE);
    if (isCallOf(CE, CILK_ABI_CP_MISSING))
      Missing.push_back(CE);
    if (isCallOf(CE, CILK_ABI_CP_SEND))
      Sends.push_back(CE);
    if (isCallOf(CE, CILK_ABI_CP_VECTOR_MARKER))
      Vectors.push_back(CE);
    if (isCallOf(CE, CILK_ABI_SYNCHED))
      Synched.push_back(CE);
    if (isCallOf(CE, CILK_ABI_INLET_BEGIN))
      InletBegins.push_back(CE);
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      unsigned ID = Callee->getBuiltinID();
      if (Callee->hasAttr<ReturnsTwiceAttr>() ||
          (ID && Ctx.BuiltinInfo.isReturnsTwice(ID)))
        ReturnsTwice.push_back(CE);
    }
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  bool VisitDoStmt(DoStmt *D) {
    if (isForBody(Ctx.getSourceManager(), D->getDoLoc()))
      ForBodies.push_back(D);
    if (isSpawnBody(Ctx.getSourceManager(), D->getDoLoc()))
      SpawnBodies.push_back(D);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (isContinuation(VD) && !isa<ParmVarDecl>(VD))
      Continuations.push_back(VD);
    return true;
  }
  bool VisitAddrLabelExpr(AddrLabelExpr *E) {
    LabelAddresses.push_back(E);
    return true;
  }
  bool VisitGotoStmt(GotoStmt *G) {
    Gotos.push_back(G);
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    Switches.push_back(S);
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *T) {
    Tries.push_back(T);
    return true;
  }

  llvm::SmallVector<UnaryOperator *, 16> Spawns;
  llvm::SmallVector<DeclRefExpr *, 8> SyncRefs;
  llvm::SmallVector<DeclRefExpr *, 4> AnySyncRefs; // cilk_sync
  llvm::SmallVector<Stmt *, 2> Scopes;             // cilk_scope's statements
  llvm::SmallVector<DoStmt *, 2> ForBodies;        // cilk_for's (the do-while)
  llvm::SmallVector<DoStmt *, 2> SpawnBodies;      // spawned statements' do
  llvm::SmallVector<DeclRefExpr *, 4> AbortRefs;
  llvm::SmallVector<CallExpr *, 4> Synched;
  llvm::SmallVector<CallExpr *, 4> InletBegins;
  llvm::SmallVector<std::pair<CallExpr *, const NamedDecl *>, 16> CilkCalls;
  llvm::SmallVector<AddrLabelExpr *, 2> LabelAddresses;
  llvm::SmallVector<CallExpr *, 2> ReturnsTwice; // setjmp and relatives
  llvm::SmallVector<ReturnStmt *, 8> Returns;
  llvm::SmallVector<GotoStmt *, 4> Gotos;
  llvm::SmallVector<SwitchStmt *, 4> Switches;
  llvm::SmallVector<CXXTryStmt *, 2> Tries;
  /// Continuation-passing threads: direct calls of threads, spawn_next
  /// and tail_call markers, missing arguments, sends, `cont` variables.
  llvm::SmallVector<CallExpr *, 4> ThreadCalls, ThreadKeywords, Missing, Sends,
      Vectors;
  llvm::SmallVector<VarDecl *, 4> Continuations;

private:
  const ASTContext &Ctx;
  llvm::DenseSet<unsigned> ScopeLocs;
};

/// Checks and rewrites one function body (or file-scope initializer, with
/// FD == nullptr).
class BodyChecker {
public:
  BodyChecker(ASTContext &Ctx, Sema &S, CilkDiags &Diags, SpawnLog &Log,
              FunctionDecl *FD, bool Parallel, bool WarnUnsynced)
      : Ctx(Ctx), S(S), SM(Ctx.getSourceManager()), Diags(Diags), Log(Log),
        FD(FD),
        InCilk(FD && isCilkProcedure(FD)), InThread(FD && isThread(FD)),
        Parallel(Parallel),
        WarnUnsynced(WarnUnsynced) {}

  /// Checks Root (FD's body, or the initializer) and, unless an error has
  /// been reported in the translation unit, rewrites it.
  void run(Stmt *Root);

private:
  // Each member's contract is stated where it is defined.

  // Shared by the concerns (CilkSema.cpp).
  static bool isValueOfStmtExpr(const ParentMap &PM, const Stmt *Block,
                                const Stmt *S);

  // Cilk-5's rules (CilkSemaCilk5.cpp).
  CallExpr *checkSpawn(ParentMap &PM, UnaryOperator *UO);
  bool checkSpawnContext(const ParentMap &PM, UnaryOperator *UO,
                         SourceLocation Loc, const CallExpr *CE,
                         const NamedDecl *Target);
  void warnUnsyncedUses(const ParentMap &PM);
  void checkKeywordStatement(
      const ParentMap &PM, DeclRefExpr *E, unsigned InC, unsigned NotStatement,
      llvm::SmallVectorImpl<std::pair<Stmt *, Stmt *>> &Good);
  void checkInletBodies(const ParentMap &PM,
                        llvm::ArrayRef<CallExpr *> Begins);
  void checkJumps(Stmt *S, bool InLoop, bool InSwitch);

  // OpenCilk's spelling (CilkSemaOpenCilk.cpp).
  CallExpr *moveSpawnToCall(ParentMap &PM, UnaryOperator *UO);
  static void breaksOut(Stmt *S, bool Inner,
                        llvm::SmallVectorImpl<Stmt *> &Out);
  static void jumpsOut(const ParentMap &PM, Stmt *S, Stmt *Scope,
                       bool InLoop, bool InSwitch,
                       llvm::SmallVectorImpl<Stmt *> &Out);
  void syncAtScopeExits(ParentMap &PM, Stmt *S);
  void markTryStatements(ParentMap &PM, llvm::ArrayRef<CXXTryStmt *> Tries);
  void checkJumpsIntoScopes(const ParentMap &PM, const Collector &C);

  // Continuation-passing threads (CilkSemaThreads.cpp).
  static const DeclRefExpr *subscriptedVariable(const Expr *E);
  static bool isContinuationExpr(const Expr *E);
  QualType writtenType(const Expr *E) const;
  bool sameSlot(QualType Want, QualType Got) const;
  bool checkContinuationArguments(const CallExpr *CE,
                                  const FunctionDecl *Callee);
  bool checkResultArguments(const CallExpr *CE, const FunctionDecl *Callee);
  static std::optional<uint64_t> vectorLength(const ParmVarDecl *P);
  static CallExpr *vectorCall(const Expr *E);
  bool checkVectorArguments(const CallExpr *Call, const FunctionDecl *Callee);
  static Expr *missingOperand(const CallExpr *M);
  bool checkMissingVector(SourceLocation Loc, const CallExpr *M,
                          const ParmVarDecl *P, const FunctionDecl *Callee,
                          uint64_t N);
  void wrapVectorArguments(CallExpr *CE, const FunctionDecl *Callee);
  IntegerLiteral *sizeLiteral(uint64_t V, SourceLocation Loc);
  void wrapArgument(CallExpr *CE, unsigned I, FunctionDecl *Marker, Expr *P,
                    llvm::ArrayRef<Expr *> Sizes);
  static CallExpr *missingCall(const Expr *E);
  static CallExpr *markedCall(const ParentMap &PM, CallExpr *Marker);
  static CompoundStmt *sendStatementBlock(const ParentMap &PM, Stmt *Send);
  void reportNotContinuation(SourceLocation Loc, const Expr *X);
  void checkSentValue(const ParentMap &PM, const CallExpr *Send);
  void checkThreadBody(const ParentMap &PM, Collector &C);
  void wrapResultArguments(CallExpr *CE);

  // The markers (CilkSemaRewrite.cpp).
  void rewriteSpawn(CallExpr *CE, llvm::StringRef MarkerName);
  bool rewriteObjectSpawn(CallExpr *CE);
  void replaceByMarkerCall(Stmt *Parent, Stmt *SyncStmt,
                           llvm::StringRef Name);
  void endSpawnStatement(Stmt *Parent, Stmt *S);
  void endDeclaration(Stmt *Root, DeclStmt *DS);
  static void replaceChild(Stmt *Parent, Stmt *Old, Stmt *New);
  /// A call of the marker Name (a void function of no arguments, or of
  /// one int, K).
  CallExpr *markerCall(llvm::StringRef Name, SourceLocation Loc,
                       std::optional<unsigned> K = std::nullopt);
  void syncBeforeReturn(Stmt *Parent, ReturnStmt *R);

  ASTContext &Ctx;
  Sema &S; // answers C's assignment rules for send_argument
  const SourceManager &SM;
  CilkDiags &Diags;
  SpawnLog &Log;
  FunctionDecl *FD;
  bool InCilk;
  bool InThread;
  /// Spawns of threads, checked.
  llvm::SmallVector<CallExpr *, 8> ThreadSpawns;
  /// OpenCilk spawns of functions not known to be Cilk procedures, checked.
  llvm::SmallVector<CallExpr *, 8> AnySpawns;
  /// spawn_next calls, checked, and their threads.
  llvm::SmallVector<std::pair<CallExpr *, const FunctionDecl *>, 4> NextCalls;
  /// cilk_vector(p, n) calls that are arguments of vector parameters.
  llvm::SmallPtrSet<const CallExpr *, 4> PlacedVectors;
  bool Parallel;
  bool WarnUnsynced;
  /// Spawns assigned in statement position: (parent, statement).
  llvm::SmallVector<std::pair<Stmt *, Stmt *>, 8> Assignments;
  /// C++ declarations whose spawn statement ends after them, with a marker
  /// (endDeclaration): a constructor or a conversion function converts the
  /// result (`std::optional<int> o = cilk_spawn f();`), or a braced list of
  /// objects among the arguments is destroyed after the result's store.
  llvm::SmallVector<DeclStmt *, 2> DeclsEndedAfter;
  /// Variables assigned by a spawn (`v = spawn`, `v op= spawn`, `T v =
  /// spawn`): the statement, the variable, its reference on the left (none
  /// for a declaration) and the spawn keyword.
  struct Destination {
    Stmt *Statement;
    VarDecl *Var;
    DeclRefExpr *Ref;
    BinaryOperatorKind Op; // BO_Assign, BO_AddAssign, ...
    SourceLocation Spawn;
    bool Any; // spelled cilk_spawn: the messages say cilk_sync
  };
  llvm::SmallVector<Destination, 8> Destinations;
  /// Spawns and syncs in inlet bodies, reported there.
  llvm::DenseSet<const Stmt *> InletOnly;
  /// C++: the `try` blocks that spawn, which sync where they are left as a
  /// cilk_scope does (OpenCilk's rule).
  llvm::SmallPtrSet<const Stmt *, 2> TryScopes;
};

} // namespace cilk

#endif
