//===- CilkSemaCilk5.cpp - Cilk-5's rules for procedures ------------------===//
//
// The rules of Cilk-5's keywords in a body: where a spawn may stand and what
// it may call (a Cilk procedure, a thread, or in OpenCilk's spelling any
// function), `sync;` and `abort;` as statements of Cilk procedures, inlet
// bodies that neither spawn, sync nor jump out, and -Wcilk-unsynced, a use
// of a spawn's destination before a sync.
//
//===----------------------------------------------------------------------===//

#include "CilkSemaInternal.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cilk {

/// Diagnoses a misplaced or malformed spawn. Returns the spawned call if the
/// spawn is well-formed.
CallExpr *BodyChecker::checkSpawn(ParentMap &PM, UnaryOperator *UO) {
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

/// True if S holds a braced list that makes a std::initializer_list
/// (`f({std::string("a"), ...})`): its array is destroyed, element by
/// element in a loop, at the end of the full expression.
static bool holdsInitializerList(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXStdInitializerListExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (holdsInitializerList(Child))
      return true;
  return false;
}

/// A spawn must be `spawn f(a);`, `lhs op= spawn f(a);` or the initializer
/// of a declaration `T x = spawn f(a);`.
bool BodyChecker::checkSpawnContext(const ParentMap &PM, UnaryOperator *UO,
                                    SourceLocation Loc, const CallExpr *CE,
                                    const NamedDecl *Target) {
  Stmt *Top;
  Stmt *P = parentThroughWrappers(PM, UO, Top);
  if (isStatementPosition(P, Top) && !isValueOfStmtExpr(PM, P, Top)) {
    // C++: the temporaries of the arguments (`cilk_spawn f(std::string(s))`)
    // die at the end of the statement, after the child: its tail (which
    // also frees a temporary given storage of its own in a loop, the
    // pass's CilkTail.cpp).
    if (Ctx.getLangOpts().CPlusPlus)
      Assignments.push_back({P, Top});
    return true;
  }
  // C++: a declaration whose variable a constructor or a conversion
  // function makes from the result (`std::optional<int> o = cilk_spawn
  // f();`): the conversion is the spawn statement's tail.
  Stmt *Converted = nullptr, *ConvertedTop = Top;
  if (Ctx.getLangOpts().CPlusPlus)
    for (Stmt *Q = P, *QTop = Top; Q;) {
      if (auto *CE = dyn_cast<CXXConstructExpr>(Q);
          CE && CE->getNumArgs() > 0 && CE->getArg(0) == QTop &&
          llvm::all_of(llvm::drop_begin(CE->arguments()),
                       [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
        Q = parentThroughWrappers(PM, Q, QTop);
      else if (auto *ME = dyn_cast<MemberExpr>(Q);
               ME && ME->getBase() == QTop &&
               isa<CXXConversionDecl>(ME->getMemberDecl()) &&
               isa_and_nonnull<CXXMemberCallExpr>(PM.getParent(ME)))
        Q = parentThroughWrappers(PM, PM.getParent(ME), QTop);
      else
        break;
      Converted = Q;
      ConvertedTop = QTop;
    }
  auto *DS = dyn_cast_or_null<DeclStmt>(Converted ? Converted : P);
  // Such a declaration ends after itself, with a marker (endDeclaration);
  // so does one whose spawn's arguments hold a braced list of objects:
  // their destruction, a loop, comes after the result's store, which ends
  // a declaration's spawn statement where no marker does.
  bool EndsAfter =
      Converted ||
      (DS && Ctx.getLangOpts().CPlusPlus &&
       llvm::any_of(CE->arguments(),
                    [](const Expr *A) { return holdsInitializerList(A); }));
  // A declaration; in OpenCilk's spelling, not a `for` loop's
  // initializer (OpenCilk rejects it; Cilk-5 took it). One that ends
  // after itself is a statement of a block or a branch's or loop's own
  // (not behind a label, whose statement's variables live on in the
  // label's block).
  Stmt *DSParent = DS ? PM.getParent(DS) : nullptr;
  bool Statement = DS && isStatementPosition(DSParent, DS);
  if (DS && (EndsAfter ? Statement && !isa<LabelStmt, AttributedStmt,
                                           SwitchCase>(DSParent)
                       : Statement || !isOpenCilkSpawn(Ctx, UO))) {
    for (Decl *D : DS->decls())
      if (auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->getInit() == ConvertedTop) {
        Destinations.push_back(
            {DS, VD, nullptr, BO_Assign, Loc, isOpenCilkSpawn(Ctx, UO)});
        if (EndsAfter)
          DeclsEndedAfter.push_back(DS);
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
  // C++: `s = cilk_spawn f(a);` of a class type calls its assignment
  // operator, which the child runs as the tail of its spawn statement.
  if (auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      OC && OC->isAssignmentOp() && OC->getNumArgs() == 2 &&
      OC->getArg(1) == Top) {
    P = parentThroughWrappers(PM, OC, Top);
    if (isStatementPosition(P, Top) && !isValueOfStmtExpr(PM, P, Top)) {
      Assignments.push_back({P, Top});
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

namespace {

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

} // namespace

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
void BodyChecker::warnUnsyncedUses(const ParentMap &PM) {
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
      if (isScopeStart(SM, Cur->getBeginLoc()) || TryScopes.count(Cur))
        break; // the end of a cilk_scope (or of a try block) syncs
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

/// `sync;` and `abort;` are DeclRefExprs of __cilk_sync and
/// __cilk_abort (decayed to pointers) in statement position. A call
/// `sync()` or `abort()` is the C library's. InC and NotStatement are
/// the keyword's diagnostics.
void BodyChecker::checkKeywordStatement(
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
/// CilkInlets.cpp) may neither spawn nor sync, nor jump out of itself; in
/// C++ its parameters (the declarations before the marker) are trivially
/// copyable and destructible: the spawn's result is made in one of them,
/// which the runtime cannot give each outstanding child.
void BodyChecker::checkInletBodies(const ParentMap &PM,
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
    if (Ctx.getLangOpts().CPlusPlus)
      for (Stmt *S : llvm::make_range(Block->body_begin(), It))
        if (auto *DS = dyn_cast<DeclStmt>(S))
          for (Decl *D : DS->decls())
            if (auto *VD = dyn_cast<VarDecl>(D);
                VD && !VD->getType()->isDependentType() &&
                (!VD->getType().isTriviallyCopyableType(Ctx) ||
                 VD->getType().isDestructedType()))
              Diags.D.Report(SM.getFileLoc(VD->getLocation()),
                             Diags.InletParamNotTrivial)
                  << VD->getType();
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
void BodyChecker::checkJumps(Stmt *S, bool InLoop, bool InSwitch) {
  if (!S)
    return;
  if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
    Diags.D.Report(SM.getFileLoc(S->getBeginLoc()), Diags.JumpOutOfInlet)
        << "break";
  if (isa<ContinueStmt>(S) && !InLoop)
    Diags.D.Report(SM.getFileLoc(S->getBeginLoc()), Diags.JumpOutOfInlet)
        << "continue";
  InLoop |= isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(S);
  InSwitch |= isa<SwitchStmt>(S);
  for (Stmt *Child : S->children())
    checkJumps(Child, InLoop, InSwitch);
}

} // namespace cilk
