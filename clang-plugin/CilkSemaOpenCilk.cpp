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

/// Collects the jumps in S that leave it: break and continue outside
/// S's own loops (and break outside its switches), and every goto (its
/// label may lie outside; a sync too many changes no result).
void BodyChecker::jumpsOut(Stmt *S, bool InLoop, bool InSwitch,
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
void BodyChecker::syncAtScopeExits(ParentMap &PM, Stmt *S) {
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

} // namespace cilk
