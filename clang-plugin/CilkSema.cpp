//===- CilkSema.cpp - Cilk checks: the driver, shared predicates ----------===//
//
// The consumer's entry (CilkConsumer: each top-level declaration, then the
// spawns that never became spawn operators at the end of the translation
// unit), BodyChecker::run, which collects what one body holds and hands it
// to the checks of each concern before rewriting it, and what those checks
// share: the predicates of CilkSema.h and CilkSemaInternal.h and the
// recorder of `spawn` expansions. The concerns' own checks are in
// CilkSemaCilk5.cpp, CilkSemaThreads.cpp and CilkSemaOpenCilk.cpp, the
// rewriting into markers in CilkSemaRewrite.cpp.
//
//===----------------------------------------------------------------------===//

#include "CilkSema.h"
#include "CilkSemaInternal.h"
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

const NamedDecl *cilkCallee(const ASTContext &Ctx, const CallExpr *CE) {
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

SourceLocation spawnKeywordLoc(const SourceManager &SM,
                               const UnaryOperator *UO) {
  return keywordLoc(SM, UO->getOperatorLoc());
}

const Expr *ignoreParens(const Expr *E) {
  for (;;) {
    if (const auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else
      return E;
  }
}

/// The keywords that expand to a spawn operator: Cilk-5's and OpenCilk's.
static bool isSpawnWord(llvm::StringRef W) {
  return W == "spawn" || W == "cilk_spawn" || W == "_Cilk_spawn";
}

llvm::StringRef spelledWord(const ASTContext &Ctx, const UnaryOperator *UO) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!UO->getOperatorLoc().isMacroID())
    return isWrittenSpawn(UO->getOperatorLoc()) ? "cilk_spawn" : "";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(SM.getSpellingLoc(
                                  spawnKeywordLoc(SM, UO))),
                              SM, Ctx.getLangOpts());
}

bool isSpawnOperator(const ASTContext &Ctx, const UnaryOperator *UO) {
  if (UO->getOpcode() != UO_Extension)
    return false;
  if (isSpawnWord(spelledWord(Ctx, UO)))
    return true;
  const auto *CE = dyn_cast<CallExpr>(ignoreParens(UO->getSubExpr()));
  return CE && cilkCallee(Ctx, CE);
}

bool isOpenCilkSpawn(const ASTContext &Ctx, const UnaryOperator *UO) {
  llvm::StringRef W = spelledWord(Ctx, UO);
  return W == "cilk_spawn" || W == "_Cilk_spawn";
}

SourceLocation calleeLoc(const CallExpr *CE) {
  return CE->getCallee()->IgnoreParenImpCasts()->getExprLoc();
}

bool refersTo(const DeclRefExpr *E, llvm::StringRef Name) {
  const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
  return FD && FD->getIdentifier() && FD->getName() == Name;
}

bool isCallOf(const CallExpr *CE, llvm::StringRef Name) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && FD->getName() == Name;
}

void SpawnRecorder::MacroExpands(const Token &Name, const MacroDefinition &MD,
                                 SourceRange, const MacroArgs *) {
  // Only the keyword (`__extension__`, after a pragma for OpenCilk's):
  // <cilk/cilk_stub.h> defines cilk_spawn away.
  const MacroInfo *MI = MD.getMacroInfo();
  if (!isSpawnWord(Name.getIdentifierInfo()->getName()) || !MI ||
      MI->getNumTokens() == 0 ||
      MI->getReplacementToken(MI->getNumTokens() - 1)
          .isNot(tok::kw___extension__))
    return;
  SourceLocation Spelled = SM.getSpellingLoc(Name.getLocation());
  Log->Expansions.insert(
      {Spelled.getRawEncoding(), SM.getFileLoc(Name.getLocation())});
}

Stmt *parentThroughWrappers(const ParentMap &PM, Stmt *S, Stmt *&Top) {
  Top = S;
  Stmt *P = PM.getParent(S);
  while (P && isa<ParenExpr, ImplicitCastExpr, FullExpr,
                  MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P)) {
    Top = P;
    P = PM.getParent(P);
  }
  return P;
}

bool isWithin(const ParentMap &PM, Stmt *S, Stmt *Outer) {
  for (; S; S = PM.getParent(S))
    if (S == Outer)
      return true;
  return false;
}

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
  if (const auto *R = dyn_cast<CXXForRangeStmt>(Parent))
    return R->getBody() == Child;
  if (const auto *S = dyn_cast<SwitchStmt>(Parent))
    return S->getBody() == Child;
  return false;
}

/// True if S, a statement of Block, gives the value of a statement
/// expression `({ ...; S; })`: an expression, not a statement.
bool BodyChecker::isValueOfStmtExpr(const ParentMap &PM, const Stmt *Block,
                                    const Stmt *S) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Block);
  const auto *SE = CS ? dyn_cast_or_null<StmtExpr>(PM.getParent(CS)) : nullptr;
  return SE && CS->body_back() == S && !SE->getType()->isVoidType();
}

void BodyChecker::run(Stmt *Root) {
  Collector C(Ctx);
  C.TraverseStmt(Root);
  if (C.Spawns.empty() && C.SyncRefs.empty() && C.CilkCalls.empty() &&
      C.AbortRefs.empty() && C.Synched.empty() && C.ThreadCalls.empty() &&
      C.ThreadKeywords.empty() && C.Missing.empty() && C.Sends.empty() &&
      C.Continuations.empty() && C.Vectors.empty() &&
      C.AnySyncRefs.empty() && C.ForBodies.empty() && C.Scopes.empty() &&
      C.SpawnBodies.empty() && !InThread)
    return;
  // A cilk_for body's iterations run in parallel: none may end the loop.
  for (DoStmt *D : C.ForBodies) {
    llvm::SmallVector<Stmt *, 2> Breaks;
    breaksOut(D->getBody(), false, Breaks);
    for (Stmt *B : Breaks)
      Diags.D.Report(SM.getFileLoc(B->getBeginLoc()), Diags.BreakInFor);
  }
  // A function that spawns in OpenCilk's spelling (a call or a statement),
  // or runs a cilk_for, is a Cilk procedure (its C callers reach it
  // through its C entry point, CilkEntry.cpp; a cilk_for is a call of a
  // procedure that spawns, which only a procedure makes in parallel on a
  // worker, CilkCalls.cpp).
  if (FD && !InCilk && !InThread &&
      (!C.ForBodies.empty() || !C.SpawnBodies.empty() ||
       llvm::any_of(C.Spawns, [&](const UnaryOperator *UO) {
         return isOpenCilkSpawn(Ctx, UO);
       }))) {
    FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, CILK_ABI_ANNOTATION,
                                             nullptr, 0, FD->getLocation()));
    markImplicitProcedure(FD);
    InCilk = true;
  }
  ParentMap PM(Root);
  // C++: a `try` block that spawns is a sync region of its own.
  for (CXXTryStmt *T : C.Tries) {
    Stmt *Block = T->getTryBlock();
    if (llvm::any_of(C.Spawns,
                     [&](Stmt *S) { return isWithin(PM, S, Block); }) ||
        llvm::any_of(C.SpawnBodies,
                     [&](Stmt *S) { return isWithin(PM, S, Block); })) {
      TryScopes.insert(Block);
      C.Scopes.push_back(Block);
    }
  }
  // A spawned statement runs in parallel with what follows it.
  for (DoStmt *D : C.SpawnBodies) {
    llvm::SmallVector<Stmt *, 2> Jumps;
    jumpsOut(PM, D->getBody(), D, false, false, Jumps);
    for (Stmt *J : Jumps)
      if (isa<BreakStmt, ContinueStmt>(J))
        Diags.D.Report(SM.getFileLoc(J->getBeginLoc()), Diags.JumpOutOfSpawn)
            << isa<ContinueStmt>(J);
  }
  checkJumpsIntoScopes(PM, C);
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
  bool SpawnsOrSyncs =
      !C.Spawns.empty() || !C.SpawnBodies.empty() || !C.SyncRefs.empty();
  if (InCilk && Parallel && SpawnsOrSyncs)
    for (AddrLabelExpr *E : C.LabelAddresses)
      Diags.D.Report(E->getAmpAmpLoc(), Diags.LabelAddress);
  // Likewise a setjmp's saved stack pointer; whether a longjmp crosses a
  // spawn or sync is not known here, hence a warning.
  if (InCilk && Parallel && SpawnsOrSyncs)
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
  for (const Destination &D : Destinations)
    if (isa<DeclStmt>(D.Statement) && Ctx.getLangOpts().CPlusPlus &&
        D.Var->getType()->isRecordType() &&
        !D.Var->getType().isTriviallyCopyableType(Ctx))
      D.Var->addAttr(AnnotateAttr::CreateImplicit(
          Ctx, CILK_ABI_IN_PLACE_ANNOTATION, nullptr, 0));
  for (auto [Parent, Stmt] : GoodSyncs)
    replaceByMarkerCall(Parent, Stmt, CILK_ABI_SYNC_MARKER);
  for (auto [Parent, Stmt] : NoOpSyncs)
    replaceChild(Parent, Stmt, new (Ctx) NullStmt(Stmt->getBeginLoc()));
  for (auto [Parent, Stmt] : GoodAborts)
    replaceByMarkerCall(Parent, Stmt, CILK_ABI_ABORT_MARKER);
  // A thread computation started here delivers into the procedure's
  // variables: the return waits for it before reading them, too.
  bool Spawns = !GoodSpawns.empty() || !AnySpawns.empty() ||
                !ThreadSpawns.empty() || !C.SpawnBodies.empty();
  if (InCilk && Spawns)
    for (ReturnStmt *R : C.Returns)
      syncBeforeReturn(PM.getParent(R), R);
  // Last: the scopes' statements may have been wrapped above.
  if (InCilk && Spawns && !C.Scopes.empty()) {
    ParentMap Now(Root);
    for (Stmt *S : C.Scopes)
      syncAtScopeExits(Now, S);
  }
  if (InCilk && Spawns && !C.Tries.empty()) {
    ParentMap Now(Root);
    markTryStatements(Now, C.Tries);
  }
  // Last: it moves the statements after each declaration into a block.
  for (DeclStmt *DS : DeclsEndedAfter)
    endDeclaration(Root, DS);
}

CilkConsumer::CilkConsumer(CompilerInstance &CI, std::shared_ptr<SpawnLog> Log,
                           bool Parallel, bool WarnUnsynced, bool Race)
    : CI(CI), Log(std::move(Log)), Parallel(Parallel),
      WarnUnsynced(WarnUnsynced), Race(Race) {}

bool CilkConsumer::HandleTopLevelDecl(DeclGroupRef DG) {
  for (Decl *D : DG)
    checkDecl(D);
  return true;
}

void CilkConsumer::HandleInlineFunctionDefinition(FunctionDecl *FD) {
  checkDecl(FD);
}

void CilkConsumer::HandleTagDeclDefinition(TagDecl *D) {
  // A template's own definition: its instances are checked.
  if (isa<RecordDecl>(D) && !D->isDependentContext())
    checkReducerDecl(CI.getASTContext(), CI.getDiagnostics(), D);
}

namespace {
/// The functions defined inside a body: lambdas' call operators and the
/// member functions of local classes (the Collector leaves them out).
struct NestedFunctions : RecursiveASTVisitor<NestedFunctions> {
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    for (Expr *Init : LE->capture_inits())
      if (Init)
        TraverseStmt(Init);
    Found.push_back(LE->getCallOperator());
    return true;
  }
  bool TraverseCXXRecordDecl(CXXRecordDecl *RD) {
    for (CXXMethodDecl *MD : RD->methods())
      Found.push_back(MD);
    return true;
  }
  llvm::SmallVector<FunctionDecl *, 4> Found;
};

/// Every spawn operator under a body, lambdas' included.
struct AllSpawns : RecursiveASTVisitor<AllSpawns> {
  explicit AllSpawns(const ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (isSpawnOperator(Ctx, UO))
      Found.push_back(UO);
    return true;
  }
  const ASTContext &Ctx;
  llvm::SmallVector<UnaryOperator *, 8> Found;
};
} // namespace

/// A template's body is checked in each instantiation, which clang hands
/// over as a function of its own; the spawns of the template itself (even
/// of one never instantiated) are no stray keywords.
void CilkConsumer::noteTemplateSpawns(Stmt *Body) {
  if (!Body)
    return;
  AllSpawns V(CI.getASTContext());
  V.TraverseStmt(Body);
  const SourceManager &SM = CI.getSourceManager();
  for (UnaryOperator *UO : V.Found)
    Log->Matched.insert(
        SM.getSpellingLoc(spawnKeywordLoc(SM, UO)).getRawEncoding());
}

void CilkConsumer::checkDecl(Decl *D) {
  setReducerSema(&CI.getSema());
  if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D)) {
    noteTemplateSpawns(FTD->getTemplatedDecl()->getBody());
    return;
  }
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (FD->isDependentContext())
      noteTemplateSpawns(FD->getBody());
    else if (!FD->doesThisDeclarationHaveABody() ||
             Checked.insert(FD->getBody()).second)
      checkFunction(FD);
    return;
  }
  // The functions of a namespace or of an `extern "C"` block are
  // top-level functions too.
  if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
    for (Decl *Inner : cast<DeclContext>(D)->decls())
      checkDecl(Inner);
    return;
  }
  ASTContext &Ctx = CI.getASTContext();
  CilkDiags Diags(CI.getDiagnostics());
  if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
    BodyChecker(Ctx, CI.getSema(), Diags, *Log, nullptr, Parallel,
                WarnUnsynced)
        .run(VD->getInit());
}

void CilkConsumer::checkFunction(FunctionDecl *FD) {
  ASTContext &Ctx = CI.getASTContext();
  CilkDiags Diags(CI.getDiagnostics());
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
  if (!FD->doesThisDeclarationHaveABody())
    return;
  // C++: the functions defined inside are functions of their own.
  NestedFunctions Nested;
  Nested.TraverseStmt(FD->getBody());
  rewriteReducers(Ctx, Diags.D, FD);
  BodyChecker(Ctx, CI.getSema(), Diags, *Log, FD, Parallel, WarnUnsynced)
      .run(FD->getBody());
  for (FunctionDecl *Inner : Nested.Found)
    checkDecl(Inner);
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
    if (!Log->Matched.count(Key) && !isSpawnedStatementWord(Key)) {
      llvm::StringRef Word = Lexer::getSourceText(
          CharSourceRange::getTokenRange(
              SourceLocation::getFromRawEncoding(Key)),
          SM, CI.getLangOpts());
      Diags.D.Report(Loc, Diags.SpawnNotCall) << Word << (Word != "spawn");
    }
}

} // namespace cilk