//===- CilkSema.cpp - Cilk checks and AST rewriting -----------------------===//

#include "CilkSema.h"
#include "CilkReducers.h"
#include "CilkOpenCilk.h"
#include "CilkThreadKeywords.h"
#include "cilk-abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Token.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cilk {

bool hasAnnotation(const FunctionDecl *FD, llvm::StringRef Name) {
  for (const FunctionDecl *R : FD->redecls())
    for (const auto *A : R->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == Name)
        return true;
  return false;
}

FunctionDecl *runtimeFunction(ASTContext &Ctx, llvm::StringRef Name) {
  for (NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (auto *F = dyn_cast<FunctionDecl>(D))
      return F;
  llvm::report_fatal_error("cilk plugin: the predefined declaration of " +
                           Name + " is missing");
}

Expr *functionPointer(ASTContext &Ctx, FunctionDecl *F, SourceLocation Loc) {
  auto *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(),
                                  SourceLocation(), F, false, Loc,
                                  F->getType(), VK_LValue);
  return ImplicitCastExpr::Create(Ctx, Ctx.getPointerType(F->getType()),
                                  CK_FunctionToPointerDecay, Ref, nullptr,
                                  VK_PRValue, FPOptionsOverride());
}

bool isCilkProcedure(const FunctionDecl *FD) {
  return hasAnnotation(FD, CILK_ABI_ANNOTATION);
}

static llvm::DenseSet<const Decl *> CilkPointerDecls;

void markCilkPointer(const Decl *D) {
  CilkPointerDecls.insert(D->getCanonicalDecl());
}

void forgetCilkPointers() { CilkPointerDecls.clear(); }

/// D if it is a Cilk procedure or a declared pointer to them, else null.
static const NamedDecl *cilkDecl(const ValueDecl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return isCilkProcedure(FD) ? FD : nullptr;
  return CilkPointerDecls.count(D->getCanonicalDecl()) ? D : nullptr;
}

/// A typedef declared `cilk` that T names, directly or through pointers
/// (`fp_t`, `fn_t *`), or null.
static const NamedDecl *cilkTypedefIn(const ASTContext &Ctx, QualType T) {
  while (!T.isNull()) {
    if (const auto *TT = dyn_cast<TypedefType>(T.getTypePtr()))
      if (CilkPointerDecls.count(TT->getDecl()->getCanonicalDecl()))
        return TT->getDecl();
    if (const auto *P = dyn_cast<PointerType>(T.getTypePtr())) {
      T = P->getPointeeType();
      continue;
    }
    QualType D = T.getSingleStepDesugaredType(Ctx);
    if (D == T)
      return nullptr;
    T = D;
  }
  return nullptr;
}

/// What makes CE a call of a Cilk procedure: the procedure it names, or the
/// declaration of the pointer, array, field or typedef it calls through
/// (`f(x)`, `(*f)(x)`, `t[i](x)`, `s->f(x)`); null for a C call.
static const NamedDecl *cilkCallee(const ASTContext &Ctx, const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return isCilkProcedure(FD) ? FD : nullptr;
  const Expr *E = CE->getCallee();
  for (;;) {
    if (const NamedDecl *TD = cilkTypedefIn(Ctx, E->getType()))
      return TD;
    if (const Expr *Inner = E->IgnoreParenImpCasts(); Inner != E) {
      E = Inner;
      continue;
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return cilkDecl(R->getDecl());
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return cilkDecl(M->getMemberDecl());
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else
      return nullptr;
  }
}

/// The cilk annotation on this one declaration, written or inherited.
static const AnnotateAttr *cilkAttrOf(const FunctionDecl *FD) {
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == CILK_ABI_ANNOTATION)
      return A;
  return nullptr;
}

/// Where the word `spawn` of this spawn operator was spelled: the key of
/// SpawnLog, and the place diagnostics point at (a file location, so that no
/// "expanded from macro" note points into the predefines). A spawn written
/// in a macro's argument (`LOOP(x += spawn f(i))`) was expanded before the
/// argument was substituted: the argument's expansions are stepped over.
static SourceLocation spawnKeywordLoc(const SourceManager &SM,
                                      const UnaryOperator *UO) {
  SourceLocation Op = UO->getOperatorLoc();
  while (Op.isMacroID() && SM.isMacroArgExpansion(Op))
    Op = SM.getImmediateSpellingLoc(Op);
  return Op.isMacroID() ? SM.getImmediateExpansionRange(Op).getBegin() : Op;
}

static const Expr *ignoreParens(const Expr *E) {
  while (const auto *P = dyn_cast<ParenExpr>(E))
    E = P->getSubExpr();
  return E;
}

/// The keywords that expand to a spawn operator: Cilk-5's and OpenCilk's.
static bool isSpawnWord(llvm::StringRef W) {
  return W == "spawn" || W == "cilk_spawn" || W == "_Cilk_spawn";
}

/// The word an __extension__ operator was spelled as, read where it was
/// spelled (Lexer::getImmediateMacroName reads the wrong buffer for a spawn
/// in another macro's argument); empty if it was written out.
static llvm::StringRef spelledWord(const ASTContext &Ctx,
                                   const UnaryOperator *UO) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!UO->getOperatorLoc().isMacroID())
    return {};
  return Lexer::getSourceText(CharSourceRange::getTokenRange(SM.getSpellingLoc(
                                  spawnKeywordLoc(SM, UO))),
                              SM, Ctx.getLangOpts());
}

/// A spawn is an __extension__ operator expanded from a spawn keyword, or
/// one written out (as in `clang -E` output) in front of a call of a Cilk
/// procedure: system headers never put __extension__ there.
static bool isSpawnOperator(const ASTContext &Ctx, const UnaryOperator *UO) {
  if (UO->getOpcode() != UO_Extension)
    return false;
  if (isSpawnWord(spelledWord(Ctx, UO)))
    return true;
  const auto *CE = dyn_cast<CallExpr>(ignoreParens(UO->getSubExpr()));
  return CE && cilkCallee(Ctx, CE);
}

/// A spawn in OpenCilk's spelling: of any function, from any function.
static bool isOpenCilkSpawn(const ASTContext &Ctx, const UnaryOperator *UO) {
  llvm::StringRef W = spelledWord(Ctx, UO);
  return W == "cilk_spawn" || W == "_Cilk_spawn";
}

/// Where a diagnostic about the called function points: its name.
static SourceLocation calleeLoc(const CallExpr *CE) {
  return CE->getCallee()->IgnoreParenImpCasts()->getExprLoc();
}

static bool refersTo(const DeclRefExpr *E, llvm::StringRef Name) {
  const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
  return FD && FD->getIdentifier() && FD->getName() == Name;
}

static bool isCallOf(const CallExpr *CE, llvm::StringRef Name) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && FD->getName() == Name;
}

void SpawnRecorder::MacroExpands(const Token &Name, const MacroDefinition &MD,
                                 SourceRange, const MacroArgs *) {
  // Only the keyword: <cilk/cilk_stub.h> defines cilk_spawn away.
  const MacroInfo *MI = MD.getMacroInfo();
  if (!isSpawnWord(Name.getIdentifierInfo()->getName()) || !MI ||
      MI->getNumTokens() != 1 ||
      MI->getReplacementToken(0).isNot(tok::kw___extension__))
    return;
  SourceLocation Spelled = SM.getSpellingLoc(Name.getLocation());
  Log->Expansions.insert(
      {Spelled.getRawEncoding(), SM.getFileLoc(Name.getLocation())});
}

namespace {

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

/// Collects the spawn operators, sync keywords and direct calls of Cilk
/// procedures in a function body or initializer.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const ASTContext &Ctx) : Ctx(Ctx) {}
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

  llvm::SmallVector<UnaryOperator *, 16> Spawns;
  llvm::SmallVector<DeclRefExpr *, 8> SyncRefs;
  llvm::SmallVector<DeclRefExpr *, 4> AnySyncRefs; // cilk_sync
  llvm::SmallVector<Stmt *, 2> Scopes;             // cilk_scope's statements
  llvm::SmallVector<DoStmt *, 2> ForBodies;        // cilk_for's (the do-while)
  llvm::SmallVector<DeclRefExpr *, 4> AbortRefs;
  llvm::SmallVector<CallExpr *, 4> Synched;
  llvm::SmallVector<CallExpr *, 4> InletBegins;
  llvm::SmallVector<std::pair<CallExpr *, const NamedDecl *>, 16> CilkCalls;
  llvm::SmallVector<AddrLabelExpr *, 2> LabelAddresses;
  llvm::SmallVector<CallExpr *, 2> ReturnsTwice; // setjmp and relatives
  llvm::SmallVector<ReturnStmt *, 8> Returns;
  /// Continuation-passing threads: direct calls of threads, spawn_next
  /// and tail_call markers, missing arguments, sends, `cont` variables.
  llvm::SmallVector<CallExpr *, 4> ThreadCalls, ThreadKeywords, Missing, Sends,
      Vectors;
  llvm::SmallVector<VarDecl *, 4> Continuations;

private:
  const ASTContext &Ctx;
  llvm::DenseSet<unsigned> ScopeLocs;
};

/// Returns the parent of S, stepping over parentheses and implicit casts
/// (and full-expression wrappers); Top is set to the outermost node stepped
/// over, i.e. the child of the returned parent.
Stmt *parentThroughWrappers(const ParentMap &PM, Stmt *S, Stmt *&Top) {
  Top = S;
  Stmt *P = PM.getParent(S);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) ||
               isa<FullExpr>(P))) {
    Top = P;
    P = PM.getParent(P);
  }
  return P;
}

/// True if Child sits where a statement is executed for its effect: in a
/// block, under a label, or as the body of a selection or iteration
/// statement (but not as its condition, increment or initializer).
bool isStatementPosition(const Stmt *Parent, const Stmt *Child) {
  if (!Parent)
    return false;
  if (isa<CompoundStmt>(Parent) || isa<LabelStmt>(Parent) ||
      isa<AttributedStmt>(Parent))
    return true;
  if (const auto *C = dyn_cast<SwitchCase>(Parent))
    return C->getSubStmt() == Child;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == Child || If->getElse() == Child;
  if (const auto *W = dyn_cast<WhileStmt>(Parent))
    return W->getBody() == Child;
  if (const auto *D = dyn_cast<DoStmt>(Parent))
    return D->getBody() == Child;
  if (const auto *F = dyn_cast<ForStmt>(Parent))
    return F->getBody() == Child;
  if (const auto *S = dyn_cast<SwitchStmt>(Parent))
    return S->getBody() == Child;
  return false;
}

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

  void run(Stmt *Root) {
    Collector C(Ctx);
    C.TraverseStmt(Root);
    if (C.Spawns.empty() && C.SyncRefs.empty() && C.CilkCalls.empty() &&
        C.AbortRefs.empty() && C.Synched.empty() && C.ThreadCalls.empty() &&
        C.ThreadKeywords.empty() && C.Missing.empty() && C.Sends.empty() &&
        C.Continuations.empty() && C.Vectors.empty() &&
        C.AnySyncRefs.empty() && C.ForBodies.empty() && !InThread)
      return;
    // A cilk_for body's iterations run in parallel: none may end the loop.
    for (DoStmt *D : C.ForBodies) {
      llvm::SmallVector<Stmt *, 2> Breaks;
      breaksOut(D->getBody(), false, Breaks);
      for (Stmt *B : Breaks)
        Diags.D.Report(SM.getFileLoc(B->getBeginLoc()), Diags.BreakInFor);
    }
    // A function that spawns in OpenCilk's spelling, or runs a cilk_for, is
    // a Cilk procedure (its C callers reach it through its C entry point,
    // CilkEntry.cpp; a cilk_for is a call of a procedure that spawns, which
    // only a procedure makes in parallel on a worker, CilkCalls.cpp).
    if (FD && !InCilk && !InThread &&
        (!C.ForBodies.empty() ||
         llvm::any_of(C.Spawns, [&](const UnaryOperator *UO) {
           return isOpenCilkSpawn(Ctx, UO);
         }))) {
      FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, CILK_ABI_ANNOTATION,
                                               nullptr, 0, FD->getLocation()));
      markImplicitProcedure(FD);
      InCilk = true;
    }
    ParentMap PM(Root);
    checkInletBodies(PM, C.InletBegins);
    checkThreadBody(PM, C);

    llvm::SmallVector<CallExpr *, 16> GoodSpawns;
    llvm::DenseSet<const CallExpr *> SpawnedCalls;
    for (UnaryOperator *UO : C.Spawns) {
      Log.Matched.insert(
          SM.getSpellingLoc(spawnKeywordLoc(SM, UO)).getRawEncoding());
      if (const auto *CE = dyn_cast<CallExpr>(ignoreParens(UO->getSubExpr())))
        SpawnedCalls.insert(CE);
      if (InletOnly.count(UO))
        continue;
      if (CallExpr *CE = checkSpawn(PM, UO))
        GoodSpawns.push_back(CE);
    }

    // Cilk-5's rule, in Cilk code: a procedure declared `cilk` is spawned.
    // A C function calls it as C code of another file does (its C entry
    // point, CilkEntry.cpp), and anyone calls an implicit procedure.
    for (auto [CE, Target] : C.CilkCalls) {
      const auto *TargetFD = dyn_cast<FunctionDecl>(Target);
      if (!SpawnedCalls.count(CE) && (InCilk || InThread) &&
          !(TargetFD && isImplicitProcedure(TargetFD)))
        Diags.D.Report(calleeLoc(CE), Diags.CilkCallNoSpawn) << Target;
    }
    for (CallExpr *CE : C.ThreadCalls)
      if (!SpawnedCalls.count(CE))
        Diags.D.Report(calleeLoc(CE), Diags.ThreadCalled)
            << CE->getDirectCallee();
    for (CallExpr *VM : C.Vectors)
      if (!PlacedVectors.count(VM))
        Diags.D.Report(SM.getFileLoc(VM->getExprLoc()),
                       Diags.VectorNotArgument);

    llvm::SmallVector<std::pair<Stmt *, Stmt *>, 8> GoodSyncs;
    for (DeclRefExpr *E : C.SyncRefs)
      if (!InletOnly.count(E))
        checkKeywordStatement(PM, E, Diags.SyncInCFunction,
                              Diags.SyncNotStatement, GoodSyncs);
    // cilk_sync: a sync where the function spawns, else nothing.
    llvm::SmallVector<std::pair<Stmt *, Stmt *>, 8> NoOpSyncs;
    for (DeclRefExpr *E : C.AnySyncRefs) {
      Stmt *Top;
      Stmt *P = parentThroughWrappers(PM, E, Top);
      SourceLocation Loc = SM.getFileLoc(E->getExprLoc());
      if (!isStatementPosition(P, Top) || isValueOfStmtExpr(PM, P, Top))
        Diags.D.Report(Loc, Diags.SyncAnyNotStatement);
      else if (InThread)
        Diags.D.Report(Loc, Diags.SyncInThread) << FD;
      else
        (InCilk ? GoodSyncs : NoOpSyncs).push_back({P, Top});
    }
    llvm::SmallVector<std::pair<Stmt *, Stmt *>, 4> GoodAborts;
    for (DeclRefExpr *E : C.AbortRefs)
      checkKeywordStatement(PM, E, Diags.AbortInCFunction,
                            Diags.AbortNotStatement, GoodAborts);
    if (!InCilk)
      for (CallExpr *CE : C.Synched) {
        SourceLocation Loc = SM.getFileLoc(CE->getExprLoc());
        if (FD)
          Diags.D.Report(Loc, Diags.SynchedInCFunction) << FD;
        else
          Diags.D.Report(Loc, Diags.SynchedOutsideFunction);
      }

    // A slow clone resumes in the middle of the procedure, where a label's
    // address taken in the fast clone means nothing.
    if (InCilk && Parallel && (!C.Spawns.empty() || !C.SyncRefs.empty()))
      for (AddrLabelExpr *E : C.LabelAddresses)
        Diags.D.Report(E->getAmpAmpLoc(), Diags.LabelAddress);
    // Likewise a setjmp's saved stack pointer; whether a longjmp crosses a
    // spawn or sync is not known here, hence a warning.
    if (InCilk && Parallel && (!C.Spawns.empty() || !C.SyncRefs.empty()))
      for (CallExpr *CE : C.ReturnsTwice) {
        // Name what the user wrote: glibc's setjmp is a macro.
        SourceLocation L = CE->getBeginLoc();
        llvm::StringRef Name =
            L.isMacroID()
                ? Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts())
                : CE->getDirectCallee()->getName();
        Diags.D.Report(SM.getFileLoc(CE->getExprLoc()),
                       Diags.SetjmpInProcedure)
            << Name;
      }

    // Rewrite only an error-free AST: codegen will not run otherwise, and
    // recovery expressions make poor parents.
    if (Diags.D.hasErrorOccurred())
      return;
    if (WarnUnsynced)
      warnUnsyncedUses(PM);
    for (CallExpr *CE : GoodSpawns)
      rewriteSpawn(CE, CILK_ABI_SPAWN_MARKER);
    for (CallExpr *CE : AnySpawns)
      rewriteSpawn(CE, CILK_ABI_SPAWN_ANY_MARKER);
    for (CallExpr *CE : ThreadSpawns) {
      if (InCilk)
        wrapResultArguments(CE);
      wrapVectorArguments(CE, CE->getDirectCallee());
      rewriteSpawn(CE, CILK_ABI_CP_SPAWN_MARKER);
    }
    for (auto [CE, Callee] : NextCalls)
      wrapVectorArguments(CE, Callee);
    for (auto [Parent, Stmt] : Assignments)
      endSpawnStatement(Parent, Stmt);
    for (auto [Parent, Stmt] : GoodSyncs)
      replaceByMarkerCall(Parent, Stmt, CILK_ABI_SYNC_MARKER);
    for (auto [Parent, Stmt] : NoOpSyncs)
      replaceChild(Parent, Stmt, new (Ctx) NullStmt(Stmt->getBeginLoc()));
    for (auto [Parent, Stmt] : GoodAborts)
      replaceByMarkerCall(Parent, Stmt, CILK_ABI_ABORT_MARKER);
    // A thread computation started here delivers into the procedure's
    // variables: the return waits for it before reading them, too.
    bool Spawns =
        !GoodSpawns.empty() || !AnySpawns.empty() || !ThreadSpawns.empty();
    if (InCilk && Spawns)
      for (ReturnStmt *R : C.Returns)
        syncBeforeReturn(PM.getParent(R), R);
    // Last: the scopes' statements may have been wrapped above.
    if (InCilk && Spawns && !C.Scopes.empty()) {
      ParentMap Now(Root);
      for (Stmt *S : C.Scopes)
        syncAtScopeExits(Now, S);
    }
  }

private:
  /// Diagnoses a misplaced or malformed spawn. Returns the spawned call if the
  /// spawn is well-formed.
  /// `cilk_spawn lhs = f(args);` (OpenCilk spawns the whole statement)
  /// becomes `lhs = cilk_spawn f(args);`: lhs is evaluated before the spawn
  /// instead of in the child, which no race-free program can tell. Returns
  /// the call, or null if the statement is not of that form.
  CallExpr *moveSpawnToCall(ParentMap &PM, UnaryOperator *UO) {
    auto *BO = dyn_cast_or_null<BinaryOperator>(PM.getParent(UO));
    if (!BO || !BO->isAssignmentOp() || BO->getLHS() != UO)
      return nullptr;
    auto *CE = dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenImpCasts());
    if (!CE)
      return nullptr;
    Stmt *CallParent = PM.getParent(CE);
    BO->setLHS(UO->getSubExpr());
    replaceChild(CallParent, CE, UO);
    UO->setSubExpr(CE);
    UO->setType(CE->getType());
    UO->setValueKind(CE->getValueKind());
    PM.addStmt(BO); // (setParent would not replace the old parents)
    return CE;
  }

  CallExpr *checkSpawn(ParentMap &PM, UnaryOperator *UO) {
    SourceLocation Loc = spawnKeywordLoc(SM, UO);
    bool Any = isOpenCilkSpawn(Ctx, UO);
    llvm::StringRef Word = Any ? spelledWord(Ctx, UO) : "spawn";
    if (!FD) {
      Diags.D.Report(Loc, Diags.SpawnOutsideFunction) << Word;
      return nullptr;
    }
    if (!InCilk && !InThread) {
      Diags.D.Report(Loc, Diags.SpawnInCFunction) << FD;
      return nullptr;
    }
    // Clang has already reported what is wrong inside; say nothing more.
    if (UO->containsErrors())
      return nullptr;
    Expr *Sub = const_cast<Expr *>(ignoreParens(UO->getSubExpr()));
    auto *CE = dyn_cast<CallExpr>(Sub);
    if (!CE && Any)
      CE = moveSpawnToCall(PM, UO);
    if (!CE) {
      if (Any)
        Diags.D.Report(Loc, Diags.SpawnNotCallAny) << Word;
      else
        Diags.D.Report(Sub->getExprLoc(), Diags.SpawnNotCall) << Word << 0;
      return nullptr;
    }
    if (const FunctionDecl *Callee = CE->getDirectCallee();
        Callee && isThread(Callee)) {
      bool VectorsOk = checkVectorArguments(CE, Callee);
      if (checkSpawnContext(PM, UO, Loc, CE, Callee) &&
          (InCilk ? checkResultArguments(CE, Callee)
                  : checkContinuationArguments(CE, Callee)) &&
          VectorsOk)
        ThreadSpawns.push_back(CE);
      return nullptr;
    }
    if (const NamedDecl *Target = cilkCallee(Ctx, CE)) {
      if (InThread) {
        Diags.D.Report(calleeLoc(CE), Diags.ThreadSpawnsProcedure) << Target;
        return nullptr;
      }
      return checkSpawnContext(PM, UO, Loc, CE, Target) ? CE : nullptr;
    }
    // OpenCilk spawns any function, directly or through any pointer.
    if (Any && !InThread) {
      if (checkSpawnContext(PM, UO, Loc, CE, nullptr))
        AnySpawns.push_back(CE);
      return nullptr;
    }
    FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      Diags.D.Report(CE->getCallee()->getExprLoc(), Diags.SpawnIndirect);
      return nullptr;
    }
    // An implicit declaration (C89, a warning here as in Cilk-5's gcc)
    // declares a C function; unless clang already failed on it.
    if (!Callee->isImplicit() || !Diags.D.hasErrorOccurred())
      Diags.D.Report(calleeLoc(CE), Diags.SpawnOfCFunction) << Callee;
    return nullptr;
  }

  /// True if S, a statement of Block, gives the value of a statement
  /// expression `({ ...; S; })`: an expression, not a statement.
  static bool isValueOfStmtExpr(const ParentMap &PM, const Stmt *Block,
                                const Stmt *S) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Block);
    const auto *SE = CS ? dyn_cast_or_null<StmtExpr>(PM.getParent(CS)) : nullptr;
    return SE && CS->body_back() == S && !SE->getType()->isVoidType();
  }

  /// A spawn must be `spawn f(a);`, `lhs op= spawn f(a);` or the initializer
  /// of a declaration `T x = spawn f(a);`.
  bool checkSpawnContext(const ParentMap &PM, UnaryOperator *UO,
                         SourceLocation Loc, const CallExpr *CE,
                         const NamedDecl *Target) {
    Stmt *Top;
    Stmt *P = parentThroughWrappers(PM, UO, Top);
    if (isStatementPosition(P, Top) && !isValueOfStmtExpr(PM, P, Top))
      return true;
    // A declaration; in OpenCilk's spelling, not a `for` loop's
    // initializer (OpenCilk rejects it; Cilk-5 took it).
    if (auto *DS = dyn_cast_or_null<DeclStmt>(P);
        DS && (!isOpenCilkSpawn(Ctx, UO) ||
               isStatementPosition(PM.getParent(DS), DS))) {
      for (Decl *D : DS->decls())
        if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == Top) {
          Destinations.push_back(
              {DS, VD, nullptr, BO_Assign, Loc, isOpenCilkSpawn(Ctx, UO)});
          return true;
        }
    }
    if (auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->isAssignmentOp() && BO->getRHS() == Top) {
      P = parentThroughWrappers(PM, BO, Top);
      if (isStatementPosition(P, Top) && !isValueOfStmtExpr(PM, P, Top)) {
        Assignments.push_back({P, Top});
        if (auto *DR = dyn_cast<DeclRefExpr>(
                BO->getLHS()->IgnoreParenImpCasts()))
          if (auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
            Destinations.push_back({Top, VD, DR, BO->getOpcode(), Loc,
                                    isOpenCilkSpawn(Ctx, UO)});
        return true;
      }
    }
    bool Any = isOpenCilkSpawn(Ctx, UO);
    if (isa_and_nonnull<ReturnStmt>(P)) {
      if (Any)
        Diags.D.Report(Loc, Diags.SpawnReturnedAny) << spelledWord(Ctx, UO);
      else
        Diags.D.Report(Loc, Diags.SpawnReturned);
      return false;
    }
    if (isa_and_nonnull<RecoveryExpr>(P) &&
        CE->getCallReturnType(Ctx)->isVoidType()) {
      if (Target)
        Diags.D.Report(Loc, Diags.SpawnVoidAssigned) << Target;
      return false;
    }
    Diags.D.Report(Loc, Diags.SpawnInExpression)
        << (Any ? spelledWord(Ctx, UO) : "spawn");
    return false;
  }

  /// -Wcilk-unsynced: a use of a variable that a spawn assigns, after the
  /// spawn and before any sync can have come between. From the spawn
  /// statement outwards: the statements after it in each enclosing block
  /// (the walk ends at a return, whose implicit sync comes first, and at a
  /// statement that syncs anywhere inside, and at a jump: what follows it
  /// is reached from elsewhere, such as another case), and the whole of each
  /// enclosing loop without a sync (the next iteration runs while the
  /// child may still be out). Another spawn's assignment of the variable
  /// is a use only if the two results do not commute (`x = spawn` twice,
  /// or `x = ` and `x += `; not `x += spawn` in a loop). One warning per
  /// use, at the first spawn that reaches it.
  void warnUnsyncedUses(const ParentMap &PM) {
    llvm::DenseMap<const DeclRefExpr *, BinaryOperatorKind> SpawnRefs;
    for (const Destination &D : Destinations)
      if (D.Ref)
        SpawnRefs[D.Ref] = D.Op;
    llvm::SmallPtrSet<const Expr *, 8> Reported; // one warning per use
    for (const Destination &D : Destinations) {
      // The parameters of an inlet call (CilkInlets.cpp) are read by its
      // body, which runs when the child returns.
      if (!D.Var->hasLocalStorage() || D.Var->getName().starts_with("__cilk_"))
        continue;
      UseFinder Find(D.Var, D.Op, SpawnRefs);
      const Expr *Use = nullptr;
      for (Stmt *Cur = D.Statement; !Use;) {
        if (isScopeStart(SM, Cur->getBeginLoc()))
          break; // the end of a cilk_scope syncs
        Stmt *P = PM.getParent(Cur);
        if (!P)
          break;
        if (auto *CS = dyn_cast<CompoundStmt>(P)) {
          auto It = llvm::find(CS->body(), Cur);
          bool Stop = false;
          for (++It; It != CS->body_end() && !Use && !Stop; ++It) {
            if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt>(*It) ||
                Find.syncs(*It))
              Stop = true;
            else
              Use = Find.use(*It);
          }
          if (Stop)
            break;
        } else if (isa<ForStmt, WhileStmt, DoStmt>(P)) {
          if (Find.syncs(P))
            break;
          Use = Find.use(P);
        }
        Cur = P;
      }
      if (!Use || !Reported.insert(Use).second)
        continue;
      Diags.D.Report(SM.getFileLoc(Use->getExprLoc()),
                     Find.conflict() ? Diags.SpawnsConflict
                                     : Diags.UnsyncedUse)
          << D.Var->getName() << (D.Any ? "cilk_sync" : "sync");
      Diags.D.Report(D.Spawn, Diags.SpawnedHere) << D.Var->getName();
    }
  }

  /// Finds, in a statement, a sync, or an evaluated use of Var (not in a
  /// return, which syncs first): a use that is not one of SpawnRefs, or a
  /// spawn's assignment of Var that does not commute with Op (conflict()).
  class UseFinder : public RecursiveASTVisitor<UseFinder> {
  public:
    UseFinder(
        const VarDecl *Var, BinaryOperatorKind Op,
        const llvm::DenseMap<const DeclRefExpr *, BinaryOperatorKind> &SpawnRefs)
        : Var(Var), Op(Op), SpawnRefs(SpawnRefs) {}
    bool conflict() const { return Conflict; }
    const Expr *use(Stmt *S) {
      Found = nullptr;
      LookForSync = false;
      TraverseStmt(S);
      return Found;
    }
    bool syncs(Stmt *S) {
      Found = nullptr;
      LookForSync = true;
      TraverseStmt(S);
      return Found != nullptr;
    }
    bool TraverseReturnStmt(ReturnStmt *R) {
      return LookForSync ? RecursiveASTVisitor::TraverseReturnStmt(R) : true;
    }
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
      return true; // sizeof, alignof: not evaluated
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (LookForSync) {
        if (refersTo(E, CILK_ABI_LIBC_SYNC) || refersTo(E, CILK_ABI_SYNC_ANY))
          Found = E;
      } else if (E->getDecl() == Var) {
        auto It = SpawnRefs.find(E);
        Conflict = It != SpawnRefs.end();
        if (!Conflict || !commute(Op, It->second))
          Found = E;
      }
      return !Found;
    }

  private:
    /// Two spawns' results applied by these operators, in either order,
    /// give the same value (Cilk-5 applies each atomically).
    static bool commute(BinaryOperatorKind A, BinaryOperatorKind B) {
      auto Additive = [](BinaryOperatorKind K) {
        return K == BO_AddAssign || K == BO_SubAssign;
      };
      if (Additive(A) && Additive(B))
        return true;
      return A == B && (A == BO_MulAssign || A == BO_OrAssign ||
                        A == BO_AndAssign || A == BO_XorAssign);
    }

    const VarDecl *Var;
    BinaryOperatorKind Op;
    const llvm::DenseMap<const DeclRefExpr *, BinaryOperatorKind> &SpawnRefs;
    const Expr *Found = nullptr;
    bool LookForSync = false;
    bool Conflict = false;
  };

  /// `sync;` and `abort;` are DeclRefExprs of __cilk_sync and
  /// __cilk_abort (decayed to pointers) in statement position. A call
  /// `sync()` or `abort()` is the C library's. InC and NotStatement are
  /// the keyword's diagnostics.
  void checkKeywordStatement(
      const ParentMap &PM, DeclRefExpr *E, unsigned InC, unsigned NotStatement,
      llvm::SmallVectorImpl<std::pair<Stmt *, Stmt *>> &Good) {
    Stmt *Top;
    Stmt *P = parentThroughWrappers(PM, E, Top);
    if (auto *Call = dyn_cast_or_null<CallExpr>(P);
        Call && Call->getCallee() == Top)
      return;
    SourceLocation Loc = SM.getFileLoc(E->getExprLoc());
    if (InThread && InC == Diags.SyncInCFunction) {
      Diags.D.Report(Loc, Diags.SyncInThread) << FD;
      return;
    }
    if (!InCilk) {
      if (FD)
        Diags.D.Report(Loc, InC) << FD;
      else
        Diags.D.Report(Loc, NotStatement);
      return;
    }
    if (!isStatementPosition(P, Top)) {
      Diags.D.Report(Loc, NotStatement);
      return;
    }
    Good.push_back({P, Top});
  }

  /// The body of each inlet call (the statement after its begin marker,
  /// CilkInlets.cpp) may neither spawn nor sync, nor jump out of itself.
  void checkInletBodies(const ParentMap &PM,
                        llvm::ArrayRef<CallExpr *> Begins) {
    for (CallExpr *Begin : Begins) {
      Stmt *Top;
      auto *Block =
          dyn_cast_or_null<CompoundStmt>(parentThroughWrappers(PM, Begin, Top));
      if (!Block)
        continue;
      auto It = llvm::find(Block->body(), Top);
      if (It == Block->body_end() || std::next(It) == Block->body_end())
        continue;
      Stmt *Body = *std::next(It);
      Collector C(Ctx);
      C.TraverseStmt(Body);
      for (UnaryOperator *UO : C.Spawns) {
        Diags.D.Report(spawnKeywordLoc(SM, UO), Diags.InInlet) << "spawn";
        InletOnly.insert(UO);
      }
      for (DeclRefExpr *E : C.SyncRefs) {
        Diags.D.Report(SM.getFileLoc(E->getExprLoc()), Diags.InInlet)
            << "sync";
        InletOnly.insert(E);
      }
      checkJumps(Body, false, false);
    }
  }

  /// break and continue must stay inside the inlet's own loops.
  void checkJumps(Stmt *S, bool InLoop, bool InSwitch) {
    if (!S)
      return;
    if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
      Diags.D.Report(SM.getFileLoc(S->getBeginLoc()), Diags.JumpOutOfInlet)
          << "break";
    if (isa<ContinueStmt>(S) && !InLoop)
      Diags.D.Report(SM.getFileLoc(S->getBeginLoc()), Diags.JumpOutOfInlet)
          << "continue";
    InLoop |= isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
    InSwitch |= isa<SwitchStmt>(S);
    for (Stmt *Child : S->children())
      checkJumps(Child, InLoop, InSwitch);
  }

  /// f(a)  ->  ((T)<marker>((void *)f))(a), the marker
  /// __cilk_spawn_marker (or __cilk_cp_spawn_marker for a thread)
  void rewriteSpawn(CallExpr *CE, llvm::StringRef MarkerName) {
    FunctionDecl *Marker = runtimeFunction(Ctx, MarkerName);
    Expr *Callee = CE->getCallee();
    SourceLocation Loc = Callee->getBeginLoc();
    Expr *AsVoidPtr =
        ImplicitCastExpr::Create(Ctx, Ctx.VoidPtrTy, CK_BitCast, Callee,
                                 nullptr, VK_PRValue, FPOptionsOverride());
    Expr *Args[] = {AsVoidPtr};
    CallExpr *MarkerCall =
        CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc), Args,
                         Ctx.VoidPtrTy, VK_PRValue, Loc, FPOptionsOverride());
    CE->setCallee(ImplicitCastExpr::Create(Ctx, Callee->getType(), CK_BitCast,
                                           MarkerCall, nullptr, VK_PRValue,
                                           FPOptionsOverride()));
  }

  /// sync;  ->  __cilk_sync_marker();  (abort; likewise)
  void replaceByMarkerCall(Stmt *Parent, Stmt *SyncStmt,
                           llvm::StringRef Name) {
    FunctionDecl *Marker = runtimeFunction(Ctx, Name);
    SourceLocation Loc = SyncStmt->getBeginLoc();
    CallExpr *Call = CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc), {},
                                      Ctx.VoidTy, VK_PRValue, Loc,
                                      FPOptionsOverride());
    for (Stmt *&Child : Parent->children())
      if (Child == SyncStmt) {
        Child = Call;
        return;
      }
    llvm_unreachable("keyword statement not found under its parent");
  }

  /// lhs op= spawn f(a);  ->  { lhs op= spawn f(a); __cilk_spawn_end(); }
  /// The marker ends the code of the assignment, whatever control flow
  /// it has (a compare-exchange loop for an _Atomic lhs, a sanitizer's
  /// checks): the pass evaluates lhs before the spawn and makes the rest
  /// the spawn's tail.
  void endSpawnStatement(Stmt *Parent, Stmt *S) {
    FunctionDecl *Marker = runtimeFunction(Ctx, CILK_ABI_SPAWN_END);
    SourceLocation Loc = S->getEndLoc();
    Stmt *Body[] = {S, CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc), {},
                                        Ctx.VoidTy, VK_PRValue, Loc,
                                        FPOptionsOverride())};
    auto *Block = CompoundStmt::Create(Ctx, Body, FPOptionsOverride(),
                                       S->getBeginLoc(), Loc);
    for (Stmt *&Child : Parent->children())
      if (Child == S) {
        Child = Block;
        return;
      }
    llvm_unreachable("spawn statement not found under its parent");
  }

  /// Replaces Old, a child of Parent, by New.
  static void replaceChild(Stmt *Parent, Stmt *Old, Stmt *New) {
    for (Stmt *&Child : Parent->children())
      if (Child == Old) {
        Child = New;
        return;
      }
    llvm_unreachable("statement not found under its parent");
  }

  CallExpr *syncMarkerCall(SourceLocation Loc) {
    return CallExpr::Create(
        Ctx, functionPointer(Ctx, runtimeFunction(Ctx, CILK_ABI_SYNC_MARKER), Loc),
        {}, Ctx.VoidTy, VK_PRValue, Loc, FPOptionsOverride());
  }

  /// Collects the `break`s in S that leave it.
  static void breaksOut(Stmt *S, bool Inner,
                        llvm::SmallVectorImpl<Stmt *> &Out) {
    if (!S || isa<Expr>(S))
      return;
    if (isa<BreakStmt>(S) && !Inner)
      Out.push_back(S);
    Inner |= isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S);
    for (Stmt *Child : S->children())
      breaksOut(Child, Inner, Out);
  }

  /// Collects the jumps in S that leave it: break and continue outside
  /// S's own loops (and break outside its switches), and every goto (its
  /// label may lie outside; a sync too many changes no result).
  static void jumpsOut(Stmt *S, bool InLoop, bool InSwitch,
                       llvm::SmallVectorImpl<Stmt *> &Out) {
    if (!S)
      return;
    if ((isa<BreakStmt>(S) && !InLoop && !InSwitch) ||
        (isa<ContinueStmt>(S) && !InLoop) || isa<GotoStmt>(S))
      Out.push_back(S);
    if (isa<Expr>(S))
      return; // statement expressions aside, no jumps in expressions
    InLoop |= isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
    InSwitch |= isa<SwitchStmt>(S);
    for (Stmt *Child : S->children())
      jumpsOut(Child, InLoop, InSwitch, Out);
  }

  /// cilk_scope S  ->  { S'; __cilk_sync_marker(); }, where S' is S with
  /// `{ __cilk_sync_marker(); J }` for each jump J that leaves it (a return
  /// syncs anyway). The sync waits for every child of the procedure, those
  /// spawned before the scope too: a sync more than OpenCilk's, which
  /// waits for the scope's own only, changes no result. A spawn statement
  /// wrapped by endSpawnStatement is taken with its end marker.
  void syncAtScopeExits(ParentMap &PM, Stmt *S) {
    llvm::SmallVector<Stmt *, 4> Jumps;
    jumpsOut(S, false, false, Jumps);
    // Nested scopes are rewritten first: PM follows each replacement.
    auto Wrap = [&](Stmt *Old, llvm::ArrayRef<Stmt *> Body) {
      Stmt *Parent = PM.getParent(Old);
      auto *New = CompoundStmt::Create(Ctx, Body, FPOptionsOverride(),
                                       Old->getBeginLoc(), Old->getEndLoc());
      replaceChild(Parent, Old, New);
      PM.setParent(New, Parent);
      PM.addStmt(New);
    };
    for (Stmt *J : Jumps)
      Wrap(J, {syncMarkerCall(J->getBeginLoc()), J});
    Stmt *Unit = S;
    for (;;) {
      auto *P = dyn_cast_or_null<CompoundStmt>(PM.getParent(Unit));
      auto *End = P && P->size() == 2 && P->body_front() == Unit
                      ? dyn_cast<CallExpr>(P->body_back())
                      : nullptr;
      if (!End || !isCallOf(End, CILK_ABI_SPAWN_END))
        break;
      Unit = P;
    }
    if (PM.getParent(Unit))
      Wrap(Unit, {Unit, syncMarkerCall(Unit->getEndLoc())});
  }

  /// return e;  ->  { __cilk_sync_marker(); return e; }
  /// Cilk's implicit sync at return comes before e is evaluated, so that e
  /// sees the results of the children (the pass removes the syncs no
  /// spawn can precede, as in `if (n < 2) return n;`).
  void syncBeforeReturn(Stmt *Parent, ReturnStmt *R) {
    FunctionDecl *Marker = runtimeFunction(Ctx, CILK_ABI_SYNC_MARKER);
    SourceLocation Loc = R->getBeginLoc();
    Stmt *Body[] = {CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc), {},
                                     Ctx.VoidTy, VK_PRValue, Loc,
                                     FPOptionsOverride()),
                    R};
    auto *Block =
        CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), Loc, Loc);
    for (Stmt *&Child : Parent->children())
      if (Child == R) {
        Child = Block;
        return;
      }
    llvm_unreachable("return statement not found under its parent");
  }

  /// The variable E names, or whose element (of any dimension) E is: `x`
  /// for `x` and `x[i][j]`; null for anything else.
  static const DeclRefExpr *subscriptedVariable(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase()->IgnoreParenImpCasts();
    return dyn_cast<DeclRefExpr>(E);
  }

  /// E, a continuation: a `cont` parameter or variable, or an element of
  /// an array of them.
  static bool isContinuationExpr(const Expr *E) {
    const DeclRefExpr *R = subscriptedVariable(E);
    return R && isContinuation(R->getDecl());
  }

  /// The type of E as written, before clang converted it to its
  /// destination: arrays and functions decay, as they do in any operand.
  QualType writtenType(const Expr *E) const {
    QualType T = E->IgnoreParenImpCasts()->getType();
    if (T->isArrayType())
      return Ctx.getArrayDecayedType(T);
    if (T->isFunctionType())
      return Ctx.getPointerType(T);
    return T;
  }

  /// True if a continuation to a Got slot may stand for one to a Want
  /// slot: the two are one type to C (compatible, as an enum and its
  /// integer type are), so that what is sent lands as it was sent, and the
  /// slot is not more qualified than Want (a `const` result).
  bool sameSlot(QualType Want, QualType Got) const {
    return Ctx.typesAreCompatible(Want.getUnqualifiedType(),
                                  Got.getUnqualifiedType()) &&
           Want.isAtLeastAsQualifiedAs(Got);
  }

  /// In a thread, each argument for a `cont` parameter of Callee must be a
  /// continuation of the parameter's type. False after an error.
  bool checkContinuationArguments(const CallExpr *CE,
                                  const FunctionDecl *Callee) {
    bool Ok = true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      const Expr *A = CE->getArg(I);
      if (!isContinuation(P) || missingCall(A))
        continue; // a missing argument's type is checkThreadBody's
      SourceLocation Loc = SM.getFileLoc(A->getExprLoc());
      if (!isContinuationExpr(A)) {
        Diags.D.Report(Loc, Diags.ContArgument) << P << Callee;
        Ok = false;
        continue;
      }
      QualType Want = P->getType()->getPointeeType();
      QualType Got = writtenType(A)->getPointeeType();
      if (Want.isNull() || Got.isNull() || sameSlot(Want, Got))
        continue;
      // An array of continuations passed whole decays to a pointer to its
      // first one: the message names the type its elements receive.
      bool Array = A->IgnoreParenImpCasts()->getType()->isArrayType() &&
                   Got->isPointerType();
      Diags.D.Report(Loc, Diags.ContArgumentType)
          << P << Callee << Want << Array
          << (Array ? Got->getPointeeType() : Got);
      Ok = false;
    }
    return Ok;
  }

  /// A Cilk procedure's `spawn T(..., &r, ...)`: each argument for a `cont`
  /// parameter of thread Callee must be the address of a variable of the
  /// parameter's type, which the result is written to. False after an
  /// error.
  bool checkResultArguments(const CallExpr *CE, const FunctionDecl *Callee) {
    bool Ok = true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      if (!isContinuation(P))
        continue;
      QualType Want = P->getType()->getPointeeType();
      QualType Written = writtenType(CE->getArg(I));
      QualType Got = Written->getPointeeType();
      if (Want.isNull() || (!Got.isNull() && sameSlot(Want, Got)))
        continue;
      Diags.D.Report(SM.getFileLoc(CE->getArg(I)->getExprLoc()),
                     Diags.ResultArgumentType)
          << P << Callee << Want << Written;
      Ok = false;
    }
    return Ok;
  }

  /// The element count of P's vector if P is a thread's vector parameter
  /// (declared as an array: PCM's vectors in closures): N for `T v[N]`, 0
  /// for `T v[]` (or a variable length).
  static std::optional<uint64_t> vectorLength(const ParmVarDecl *P) {
    if (isContinuation(P))
      return std::nullopt;
    const ArrayType *AT = P->getOriginalType()->getAsArrayTypeUnsafe();
    if (!AT)
      return std::nullopt;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      return CAT->getZExtSize();
    return 0;
  }

  /// The `cilk_vector(p, n)` call E is, if it is one.
  static CallExpr *vectorCall(const Expr *E) {
    auto *CE = dyn_cast<CallExpr>(const_cast<Expr *>(E->IgnoreParenCasts()));
    return CE && isCallOf(CE, CILK_ABI_CP_VECTOR_MARKER) ? CE : nullptr;
  }

  /// Each argument for a vector parameter of thread Callee in Call (a
  /// spawn, spawn_next or tail_call): for `T v[]` a `cilk_vector(p, n)`,
  /// for `T v[N]` the array itself, and never missing. False after an
  /// error.
  bool checkVectorArguments(const CallExpr *Call, const FunctionDecl *Callee) {
    bool Ok = true;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      std::optional<uint64_t> N = vectorLength(P);
      if (!N)
        continue;
      const Expr *A = Call->getArg(I);
      const CallExpr *VM = vectorCall(A);
      if (VM)
        PlacedVectors.insert(VM);
      SourceLocation Loc = SM.getFileLoc(A->getExprLoc());
      if (const CallExpr *M = missingCall(A)) {
        if (checkMissingVector(Loc, M, P, Callee, *N))
          continue;
      } else if (!*N && !VM)
        Diags.D.Report(Loc, Diags.VectorNeedsLength) << P << Callee;
      else if (*N && VM)
        Diags.D.Report(Loc, Diags.VectorHasLength)
            << P << Callee << static_cast<unsigned>(*N);
      else
        continue;
      Ok = false;
    }
    return Ok;
  }

  /// The operand x of the missing-argument marker `?x`, M.
  static Expr *missingOperand(const CallExpr *M) {
    const auto *Addr =
        dyn_cast<UnaryOperator>(M->getArg(0)->IgnoreParenImpCasts());
    return Addr && Addr->getOpcode() == UO_AddrOf
               ? Addr->getSubExpr()->IgnoreParens()
               : nullptr;
  }

  /// `?x` (its marker M) for vector parameter P of Callee, which has N
  /// elements (0: any number), left empty to be filled by sends (PCM's
  /// `_`): x must be an array of continuations of P's element type, N of
  /// them if N. False after an error.
  bool checkMissingVector(SourceLocation Loc, const CallExpr *M,
                          const ParmVarDecl *P, const FunctionDecl *Callee,
                          uint64_t N) {
    QualType Elem =
        P->getOriginalType()->getAsArrayTypeUnsafe()->getElementType();
    const Expr *X = missingOperand(M);
    if (!X || !isContinuationExpr(X))
      return false; // not a continuation: MissingNotCont says so
    const ArrayType *AT = Ctx.getAsArrayType(X->getType());
    if (!AT) {
      Diags.D.Report(Loc, Diags.VectorMissing) << P << Callee << Elem;
      return false;
    }
    QualType Sent = AT->getElementType()->getPointeeType();
    if (Sent.isNull() || !Ctx.hasSameUnqualifiedType(Sent, Elem)) {
      Diags.D.Report(Loc, Diags.VectorMissingType)
          << P << Callee << Elem
          << (Sent.isNull() ? AT->getElementType() : Sent);
      return false;
    }
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    if (N && (!CAT || CAT->getZExtSize() != N)) {
      Diags.D.Report(Loc, Diags.VectorMissingLength)
          << P << Callee << static_cast<unsigned>(N);
      return false;
    }
    return true;
  }

  /// A spawn or spawn_next of Callee: each argument p for a vector
  /// parameter `T v[N]` becomes
  ///   (T *)__cilk_cp_vector_marker((void *)p, N * sizeof(T))
  /// (a `T v[]` one is already `cilk_vector(p, n)`), and each missing one
  /// `?x`, for either, becomes
  ///   (T *)__cilk_cp_missing_vector_marker((void *)&x, sizeof x,
  ///                                        sizeof(T), _Alignof(T))
  void wrapVectorArguments(CallExpr *CE, const FunctionDecl *Callee) {
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      std::optional<uint64_t> N = vectorLength(P);
      if (!N)
        continue;
      QualType Elem = P->getOriginalType()->getAsArrayTypeUnsafe()
                          ->getElementType();
      uint64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
      if (const CallExpr *M = missingCall(CE->getArg(I)))
        wrapArgument(
            CE, I,
            runtimeFunction(Ctx, CILK_ABI_CP_MISSING_VECTOR_MARKER),
            const_cast<Expr *>(M->getArg(0)),
            {new (Ctx) UnaryExprOrTypeTraitExpr(
                 UETT_SizeOf, missingOperand(M), Ctx.getSizeType(),
                 M->getBeginLoc(), M->getEndLoc()),
             sizeLiteral(Size, M->getBeginLoc()),
             sizeLiteral(Ctx.getTypeAlignInChars(Elem).getQuantity(),
                         M->getBeginLoc())});
      else if (*N)
        wrapArgument(CE, I, runtimeFunction(Ctx, CILK_ABI_CP_VECTOR_MARKER),
                     CE->getArg(I),
                     {sizeLiteral(*N * Size, CE->getArg(I)->getBeginLoc())});
    }
  }

  IntegerLiteral *sizeLiteral(uint64_t V, SourceLocation Loc) {
    QualType SizeTy = Ctx.getSizeType();
    return IntegerLiteral::Create(
        Ctx, llvm::APInt(Ctx.getTypeSize(SizeTy), V), SizeTy, Loc);
  }

  /// Argument I of CE, a pointer, becomes
  ///   (typeof argument)Marker((void *)p, Sizes...)
  void wrapArgument(CallExpr *CE, unsigned I, FunctionDecl *Marker, Expr *P,
                    llvm::ArrayRef<Expr *> Sizes) {
    Expr *A = CE->getArg(I);
    SourceLocation Loc = A->getBeginLoc();
    llvm::SmallVector<Expr *, 4> Args = {ImplicitCastExpr::Create(
        Ctx, Ctx.VoidPtrTy, CK_BitCast, P, nullptr, VK_PRValue,
        FPOptionsOverride())};
    Args.append(Sizes.begin(), Sizes.end());
    CallExpr *Call =
        CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc), Args,
                         Ctx.VoidPtrTy, VK_PRValue, Loc, FPOptionsOverride());
    CE->setArg(I, ImplicitCastExpr::Create(Ctx, A->getType(), CK_BitCast, Call,
                                           nullptr, VK_PRValue,
                                           FPOptionsOverride()));
  }

  /// The missing-argument marker `?x` is, if E is one.
  static CallExpr *missingCall(const Expr *E) {
    for (;;) {
      E = E->IgnoreParenCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(E);
          U && U->getOpcode() == UO_Deref) {
        E = U->getSubExpr();
        continue;
      }
      auto *CE = dyn_cast<CallExpr>(const_cast<Expr *>(E));
      return CE && isCallOf(CE, CILK_ABI_CP_MISSING) ? CE : nullptr;
    }
  }

  /// The call that a spawn_next or tail_call marker is the callee of.
  static CallExpr *markedCall(const ParentMap &PM, CallExpr *Marker) {
    Stmt *S = Marker;
    for (Stmt *P = PM.getParent(S); P; S = P, P = PM.getParent(P)) {
      if (auto *CE = dyn_cast<CallExpr>(P))
        return CE->getCallee() == S ? CE : nullptr;
      if (!isa<ParenExpr, CastExpr>(P))
        return nullptr;
    }
    return nullptr;
  }

  /// The statement a `send_argument(k, v)` is, if it is one of a block:
  /// the block (the expansion is a comma expression under parentheses).
  static CompoundStmt *sendStatementBlock(const ParentMap &PM, Stmt *Send) {
    Stmt *S = Send;
    for (Stmt *P = PM.getParent(S); P; S = P, P = PM.getParent(P)) {
      if (auto *CS = dyn_cast<CompoundStmt>(P))
        return CS;
      if (auto *BO = dyn_cast<BinaryOperator>(P);
          BO && BO->getOpcode() == BO_Comma)
        continue;
      if (!isa<ParenExpr, CastExpr, FullExpr>(P))
        return nullptr;
    }
    return nullptr;
  }

  /// `?x` at Loc whose operand X (null if clang could not make one) is no
  /// continuation.
  void reportNotContinuation(SourceLocation Loc, const Expr *X) {
    if (const DeclRefExpr *R = X ? subscriptedVariable(X) : nullptr)
      Diags.D.Report(Loc, Diags.MissingNotContNamed) << R->getDecl();
    else
      Diags.D.Report(Loc, Diags.MissingNotCont);
  }

  /// send_argument(k, v), whose runtime call is Send, expands to
  /// `((void)(*(k) = (v)), Send)`: v must be what C's simple assignment
  /// to k's slot takes without a diagnostic. Clang only warns about an
  /// integer sent to a pointer, a pointer to an integer or a pointer to
  /// another type (Cilk-5 programs rely on some of these warnings being
  /// no errors), and the value would then land as garbage; what clang
  /// rejects (a struct of another type) it has reported itself.
  void checkSentValue(const ParentMap &PM, const CallExpr *Send) {
    const auto *Comma =
        dyn_cast_or_null<BinaryOperator>(PM.getParentIgnoreParens(Send));
    if (!Comma || Comma->getOpcode() != BO_Comma)
      return;
    const auto *Assign =
        dyn_cast<BinaryOperator>(Comma->getLHS()->IgnoreParenCasts());
    if (!Assign || Assign->getOpcode() != BO_Assign ||
        Assign->containsErrors())
      return;
    // The value `(v)` as an rvalue (read, decayed), under the conversion
    // the assignment added: Sema converts an rvalue no further, so that
    // it warns about nothing (a null dereference) a second time.
    Expr *V = Assign->getRHS();
    while (auto *IC = dyn_cast<ImplicitCastExpr>(V)) {
      CastKind K = IC->getCastKind();
      if (K == CK_LValueToRValue || K == CK_AtomicToNonAtomic ||
          K == CK_ArrayToPointerDecay || K == CK_FunctionToPointerDecay)
        break;
      V = IC->getSubExpr();
    }
    QualType Slot = Assign->getLHS()->getType();
    ExprResult R = V;
    Sema::AssignConvertType Conv = S.CheckSingleAssignmentConstraints(
        Slot, R, /*Diagnose=*/false, /*DiagnoseCFAudited=*/false,
        /*ConvertRHS=*/false);
    // The strict variant is a C-compatible function pointer that only
    // -Wincompatible-function-pointer-types-strict asks about.
    if (Conv == Sema::Compatible ||
        Conv == Sema::IncompatibleFunctionPointerStrict)
      return;
    SourceLocation Loc =
        SM.getFileLoc(Assign->getRHS()->IgnoreParenImpCasts()->getBeginLoc());
    Diags.D.Report(Loc, Diags.SendType)
        << subscriptedVariable(Send->getArg(0))->getDecl()
        << Slot.getUnqualifiedType()
        << V->getType().getUnqualifiedType();
  }

  /// The rules of threads: spawn_next and tail_call (and their missing
  /// arguments), send_argument, `cont` variables and returns.
  void checkThreadBody(const ParentMap &PM, Collector &C) {
    llvm::SmallPtrSet<const CallExpr *, 8> PlacedMissing;
    for (CallExpr *Marker : C.ThreadKeywords) {
      bool Next = isCallOf(Marker, CILK_ABI_CP_NEXT_MARKER);
      llvm::StringRef Word = Next ? "spawn_next" : "tail_call";
      SourceLocation Loc = SM.getFileLoc(Marker->getExprLoc());
      CallExpr *Call = markedCall(PM, Marker);
      if (!Call)
        continue; // clang reported the malformed call already
      for (const Expr *A : Call->arguments())
        if (const CallExpr *M = missingCall(A))
          PlacedMissing.insert(M);
      if (!InThread) {
        Diags.D.Report(Loc, Diags.ThreadKeywordOutside) << Word;
        continue;
      }
      const auto *Ref = dyn_cast<DeclRefExpr>(
          Marker->getArg(0)->IgnoreParenCasts());
      const auto *Callee =
          Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
      if (!Callee) {
        Diags.D.Report(Loc, Diags.ThreadKeywordNotName) << Word;
        continue;
      }
      if (!isThread(Callee)) {
        Diags.D.Report(Loc, Diags.ThreadKeywordNotThread) << Word << Callee;
        continue;
      }
      Stmt *Top;
      Stmt *P = parentThroughWrappers(PM, Call, Top);
      if (!isStatementPosition(P, Top) || isValueOfStmtExpr(PM, P, Top)) {
        Diags.D.Report(Loc, Diags.ThreadKeywordNotStatement) << Word;
        continue;
      }
      checkContinuationArguments(Call, Callee);
      if (checkVectorArguments(Call, Callee) && Next)
        NextCalls.push_back({Call, Callee});
      for (unsigned I = 0;
           I < Call->getNumArgs() && I < Callee->getNumParams(); ++I) {
        const Expr *A = Call->getArg(I);
        if (!missingCall(A))
          continue;
        SourceLocation ALoc = SM.getFileLoc(A->getExprLoc());
        const ParmVarDecl *Param = Callee->getParamDecl(I);
        const Expr *X = missingOperand(missingCall(A));
        if (!Next)
          Diags.D.Report(ALoc, Diags.MissingInTailCall);
        else if (X && Ctx.getAsArrayType(X->getType()) && !vectorLength(Param))
          Diags.D.Report(ALoc, Diags.MissingArray) << Param << Callee;
        else if (!Param->getType()->isScalarType() ||
                 Param->getType()->isAnyComplexType())
          Diags.D.Report(ALoc, Diags.MissingNotScalar)
              << Param << Callee << Param->getType();
        else if (!vectorLength(Param) && X && isContinuationExpr(X) &&
                 X->getType()->isPointerType() &&
                 !Ctx.typesAreCompatible(
                     Param->getType().getUnqualifiedType(),
                     X->getType()->getPointeeType().getUnqualifiedType()))
          // The slot x names is the parameter's: what is sent to x must
          // be what the thread reads.
          Diags.D.Report(ALoc, Diags.MissingType)
              << Param << Callee << Param->getType()
              << X->getType()->getPointeeType();
      }
    }
    for (CallExpr *M : C.Missing) {
      SourceLocation Loc = SM.getFileLoc(M->getExprLoc());
      const Expr *X = missingOperand(M);
      if (!X || !isContinuationExpr(X))
        reportNotContinuation(Loc, X);
      else if (!PlacedMissing.count(M))
        Diags.D.Report(Loc, Diags.MissingNotArgument);
    }
    // A continuation sent twice by one sequence of statements is an error
    // here; one sent twice on paths this cannot see stops the program.
    llvm::DenseMap<std::pair<const Stmt *, const Decl *>, const CallExpr *>
        SentIn;
    for (CallExpr *Send : C.Sends) {
      SourceLocation Loc = SM.getFileLoc(Send->getExprLoc());
      if (!InThread) {
        Diags.D.Report(Loc, Diags.ThreadKeywordOutside) << "send_argument";
        continue;
      }
      const Expr *K = Send->getArg(0);
      if (!isContinuationExpr(K)) {
        Diags.D.Report(Loc, Diags.SendNotCont);
        continue;
      }
      checkSentValue(PM, Send);
      const auto *R = dyn_cast<DeclRefExpr>(K->IgnoreParenImpCasts());
      CompoundStmt *Block = sendStatementBlock(PM, Send);
      if (!R || !Block)
        continue;
      auto [It, New] = SentIn.insert({{Block, R->getDecl()}, Send});
      if (!New) {
        Diags.D.Report(Loc, Diags.SentTwice) << R->getDecl();
        Diags.D.Report(SM.getFileLoc(It->second->getExprLoc()),
                       Diags.SentBefore);
      }
    }
    if (!InThread)
      for (VarDecl *VD : C.Continuations)
        Diags.D.Report(VD->getLocation(), Diags.ContOutsideThread) << VD;
    if (InThread)
      for (ReturnStmt *R : C.Returns)
        if (R->getRetValue())
          Diags.D.Report(SM.getFileLoc(R->getReturnLoc()),
                         Diags.ThreadReturnsValue);
  }

  /// A Cilk procedure's `spawn T(..., &r, ...)`: each argument p for a
  /// continuation parameter becomes
  ///   (T *)__cilk_cp_result_marker((void *)p, sizeof *p)
  /// a continuation that delivers into *p before the procedure's next sync
  /// ends.
  void wrapResultArguments(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    FunctionDecl *Marker = runtimeFunction(Ctx, CILK_ABI_CP_RESULT_MARKER);
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      if (!isContinuation(Callee->getParamDecl(I)))
        continue;
      const auto *PT = CE->getArg(I)->getType()->getAs<PointerType>();
      if (!PT)
        continue; // clang reported it
      wrapArgument(CE, I, Marker, CE->getArg(I),
                   {sizeLiteral(Ctx.getTypeSizeInChars(PT->getPointeeType())
                                    .getQuantity(),
                                CE->getArg(I)->getBeginLoc())});
    }
  }

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
};

} // namespace

CilkConsumer::CilkConsumer(CompilerInstance &CI, std::shared_ptr<SpawnLog> Log,
                           bool Parallel, bool WarnUnsynced, bool Race)
    : CI(CI), Log(std::move(Log)), Parallel(Parallel),
      WarnUnsynced(WarnUnsynced), Race(Race) {}

bool CilkConsumer::HandleTopLevelDecl(DeclGroupRef DG) {
  for (Decl *D : DG)
    checkDecl(D);
  return true;
}

void CilkConsumer::checkDecl(Decl *D) {
  ASTContext &Ctx = CI.getASTContext();
  CilkDiags Diags(CI.getDiagnostics());
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    checkRedeclaration(FD);
    if (!isThread(FD)) {
      for (const ParmVarDecl *P : FD->parameters())
        if (isContinuation(P))
          Diags.D.Report(P->getLocation(), Diags.ContOutsideThread) << P;
    } else {
      describeThreadLayout(Ctx, FD);
      if (Race && FD->doesThisDeclarationHaveABody())
        Diags.D.Report(FD->getLocation(), Diags.ThreadNotRaceChecked) << FD;
    }
    checkReducerDecl(Ctx, Diags.D, FD);
    if (FD->doesThisDeclarationHaveABody()) {
      rewriteReducers(Ctx, Diags.D, FD);
      BodyChecker(Ctx, CI.getSema(), Diags, *Log, FD, Parallel, WarnUnsynced)
          .run(FD->getBody());
    }
    return;
  }
  if (isa<RecordDecl>(D))
    checkReducerDecl(Ctx, Diags.D, D);
  if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
    BodyChecker(Ctx, CI.getSema(), Diags, *Log, nullptr, Parallel,
                WarnUnsynced)
        .run(VD->getInit());
}

/// `int f(int); cilk int f(int n) {...}` would give callers compiled against
/// the first declaration a C function; Cilk-5 requires `cilk` from the start.
void CilkConsumer::checkRedeclaration(FunctionDecl *FD) {
  FunctionDecl *Prev = FD->getPreviousDecl();
  const AnnotateAttr *Own = cilkAttrOf(FD);
  if (!Prev || !Own || Own->isInherited() || cilkAttrOf(Prev))
    return;
  CilkDiags Diags(CI.getDiagnostics());
  Diags.D.Report(FD->getLocation(), Diags.CilkRedeclared) << FD;
  Diags.D.Report(Prev->getLocation(), Diags.PreviousDecl);
}

void CilkConsumer::HandleTranslationUnit(ASTContext &) {
  CilkDiags Diags(CI.getDiagnostics());
  const SourceManager &SM = CI.getSourceManager();
  for (const auto &[Key, Loc] : Log->Expansions)
    if (!Log->Matched.count(Key)) {
      llvm::StringRef Word = Lexer::getSourceText(
          CharSourceRange::getTokenRange(
              SourceLocation::getFromRawEncoding(Key)),
          SM, CI.getLangOpts());
      Diags.D.Report(Loc, Diags.SpawnNotCall) << Word << (Word != "spawn");
    }
}

} // namespace cilk
