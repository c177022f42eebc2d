//===- CilkSemaOpenCilk.cpp - What only OpenCilk's spelling needs ---------===//
//
// What the checks of OpenCilk's spelling add to Cilk-5's: a spawned
// assignment `cilk_spawn x = f(a);` made Cilk-5's `x = spawn f(a);`, the
// `break`s that would leave a cilk_for body, and the syncs at the exits of
// a cilk_scope's statement. Which function spawns in this spelling (an
// implicit procedure) and cilk_sync are decided in BodyChecker::run.
//
//===----------------------------------------------------------------------===//

#include "CilkSemaInternal.h"

#include "clang/AST/ParentMap.h"

using namespace clang;

namespace cilk {

/// `cilk_spawn lhs = f(args);` (OpenCilk spawns the whole statement)
/// becomes `lhs = cilk_spawn f(args);`: lhs is evaluated before the spawn
/// instead of in the child, which no race-free program can tell. Returns
/// the call, or null if the statement is not of that form.
CallExpr *BodyChecker::moveSpawnToCall(ParentMap &PM, UnaryOperator *UO) {
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

/// Collects the `break`s in S that leave it.
void BodyChecker::breaksOut(Stmt *S, bool Inner,
                            llvm::SmallVectorImpl<Stmt *> &Out) {
  if (!S || isa<Expr>(S))
    return;
  if (isa<BreakStmt>(S) && !Inner)
    Out.push_back(S);
  Inner |= isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S);
  for (Stmt *Child : S->children())
    breaksOut(Child, Inner, Out);
}


/// Collects the jumps in S, the body of Scope, that leave Scope: break and
/// continue outside S's own loops (and break outside its switches), a
/// goto to a label outside Scope, and every return.
void BodyChecker::jumpsOut(const ParentMap &PM, Stmt *S, Stmt *Scope,
                           bool InLoop, bool InSwitch,
                           llvm::SmallVectorImpl<Stmt *> &Out) {
  if (!S)
    return;
  if ((isa<BreakStmt>(S) && !InLoop && !InSwitch) ||
      (isa<ContinueStmt>(S) && !InLoop) || isa<ReturnStmt>(S))
    Out.push_back(S);
  if (auto *G = dyn_cast<GotoStmt>(S);
      G && !isWithin(PM, G->getLabel()->getStmt(), Scope))
    Out.push_back(S);
  if (isa<Expr>(S))
    return; // statement expressions aside, no jumps in expressions
  InLoop |= isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(S);
  InSwitch |= isa<SwitchStmt>(S);
  for (Stmt *Child : S->children())
    jumpsOut(PM, Child, Scope, InLoop, InSwitch, Out);
}

/// A goto to a label inside a cilk_scope, or a switch's case inside one,
/// from outside it: an error at the jump (the scope's sync region would be
/// entered without its start, cilk-abi.h).
void BodyChecker::checkJumpsIntoScopes(const ParentMap &PM,
                                       const Collector &C) {
  auto Report = [&](SourceLocation At, int Kind, Stmt *Scope) {
    Diags.D.Report(SM.getFileLoc(At), Diags.JumpIntoScope) << Kind;
    Diags.D.Report(SM.getFileLoc(Scope->getBeginLoc()),
                   Diags.ScopeBeginsHere);
  };
  for (Stmt *Scope : C.Scopes) {
    for (GotoStmt *G : C.Gotos)
      if (isWithin(PM, G->getLabel()->getStmt(), Scope) &&
          !isWithin(PM, G, Scope))
        Report(G->getGotoLoc(), 0, Scope);
    for (SwitchStmt *Sw : C.Switches)
      if (!isWithin(PM, Sw, Scope))
        for (SwitchCase *Case = Sw->getSwitchCaseList(); Case;
             Case = Case->getNextSwitchCase())
          if (isWithin(PM, Case, Scope))
            Report(Case->getKeywordLoc(), 1, Scope);
  }
}

/// cilk_scope S  ->
///   { __cilk_region_begin(); S'; __cilk_sync_marker(); __cilk_region_end(); }
/// where S' is S with `{ __cilk_sync_marker(); __cilk_region_end(); J }` for
/// each jump J that leaves it (cilk-abi.h: sync regions). The sync at the
/// end waits for the scope's own children only; so does a cilk_sync in S.
/// A return's own sync (syncBeforeReturn) comes after the region's end:
/// at depth 0, it waits for all of the procedure's children. A jump that
/// leaves several scopes gets the markers of each, in whatever order the
/// scopes are rewritten: only their number counts.
/// A spawn statement wrapped by endSpawnStatement is taken with its end
/// marker.
void BodyChecker::syncAtScopeExits(ParentMap &PM, Stmt *S) {
  llvm::SmallVector<Stmt *, 4> Jumps;
  jumpsOut(PM, S, S, false, false, Jumps);
  auto Wrap = [&](Stmt *Old, llvm::ArrayRef<Stmt *> Body) {
    Stmt *Parent = PM.getParent(Old);
    auto *New = CompoundStmt::Create(Ctx, Body, FPOptionsOverride(),
                                     Old->getBeginLoc(), Old->getEndLoc());
    replaceChild(Parent, Old, New);
    PM.setParent(New, Parent);
    PM.addStmt(New);
  };
  for (Stmt *J : Jumps) {
    SourceLocation L = J->getBeginLoc();
    // `{ __cilk_sync_marker(); return e; }` (syncBeforeReturn) as a whole.
    if (auto *R = dyn_cast<ReturnStmt>(J))
      if (auto *P = dyn_cast_or_null<CompoundStmt>(PM.getParent(R));
          P && P->size() == 2 && P->body_back() == R)
        if (auto *First = dyn_cast<CallExpr>(P->body_front());
            First && isCallOf(First, CILK_ABI_SYNC_MARKER))
          J = P;
    Wrap(J, {markerCall(CILK_ABI_SYNC_MARKER, L),
             markerCall(CILK_ABI_REGION_END, L), J});
  }
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
  if (PM.getParent(Unit)) {
    SourceLocation B = Unit->getBeginLoc(), E = Unit->getEndLoc();
    Wrap(Unit, {markerCall(CILK_ABI_REGION_BEGIN, B), Unit,
                markerCall(CILK_ABI_SYNC_MARKER, E),
                markerCall(CILK_ABI_REGION_END, E)});
  }
}

/// In a procedure that spawns, try statement k becomes
///   { __cilk_try_marker(k);
///     try { ... } catch (...) { __cilk_catch_marker(k); ... } }
/// (cilk-abi.h): the pass reads the depth of regions around the statement
/// at its marker, which its handlers' code does not tell (an exception
/// leaves regions without their markers), to hand each handler only what
/// was thrown after the statement began (CilkRegions.cpp). A function-try-
/// block has nothing around it: its handlers are at depth 0 anyway.
void BodyChecker::markTryStatements(ParentMap &PM,
                                    llvm::ArrayRef<CXXTryStmt *> Tries) {
  for (auto [K, T] : llvm::enumerate(Tries)) {
    for (unsigned I = 0, N = T->getNumHandlers(); I != N; ++I) {
      CXXCatchStmt *H = T->getHandler(I);
      Stmt *Block = H->getHandlerBlock();
      SourceLocation L = Block->getBeginLoc();
      Stmt *Body[] = {markerCall(CILK_ABI_CATCH_MARKER, L, K), Block};
      replaceChild(H, Block,
                   CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), L,
                                        Block->getEndLoc()));
    }
    Stmt *Parent = PM.getParent(T);
    if (!Parent)
      continue;
    SourceLocation L = T->getBeginLoc();
    Stmt *Body[] = {markerCall(CILK_ABI_TRY_MARKER, L, K), T};
    replaceChild(Parent, T,
                 CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), L,
                                      T->getEndLoc()));
  }
}

} // namespace cilk
