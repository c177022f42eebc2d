//===- CilkSemaRewrite.cpp - Checked keywords into markers ----------------===//
//
// The rewriting of a checked, error-free body into the marker calls that
// codegen leaves for the pass (CilkSema.h shows the forms): spawned calls
// through __cilk_spawn_marker and its relatives, the end of each spawn
// statement, `sync;` and `abort;`, and the sync before each return.
// BodyChecker::run calls these once the checks have reported no error;
// replaceChild also serves the rewrites of OpenCilk's spelling.
//
//===----------------------------------------------------------------------===//

#include "CilkSemaInternal.h"

#include <functional>

using namespace clang;

namespace cilk {

/// C++'s calls of member functions (cilk-abi.h):
///   obj.f(a)  ->  (*(S *)__cilk_spawn_object_marker((void *)&obj)).f(a)
///   p->f(a)   ->  ((S *)__cilk_spawn_object_marker((void *)p))->f(a)
///   obj(a)    ->  (*(S *)__cilk_spawn_object_marker((void *)&obj))(a)
///                 (a lambda's or function object's operator())
/// where obj is the object expression after its conversions (to a base
/// class: the marker's result is `this`). False if CE calls no member
/// function through an object.
bool BodyChecker::rewriteObjectSpawn(CallExpr *CE) {
  Expr *Obj = nullptr;
  std::function<void(Expr *)> Set;
  if (auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    Expr *Callee = MC->getCallee()->IgnoreParens();
    if (auto *ME = dyn_cast<MemberExpr>(Callee)) {
      Obj = ME->getBase();
      Set = [ME](Expr *E) { ME->setBase(E); };
    } else if (auto *BO = dyn_cast<BinaryOperator>(Callee);
               BO && BO->isPtrMemOp()) {
      Obj = BO->getLHS();
      Set = [BO](Expr *E) { BO->setLHS(E); };
    }
  } else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    if (MD && MD->isInstance() && OC->getNumArgs() > 0) {
      Obj = OC->getArg(0);
      Set = [OC](Expr *E) { OC->setArg(0, E); };
    }
  }
  if (!Obj)
    return false;
  SourceLocation Loc = Obj->getBeginLoc();
  bool IsPointer = Obj->getType()->isPointerType();
  QualType PtrTy =
      IsPointer ? Obj->getType() : Ctx.getPointerType(Obj->getType());
  Expr *Addr = IsPointer ? Obj
                         : UnaryOperator::Create(
                               Ctx, Obj, UO_AddrOf, PtrTy, VK_PRValue,
                               OK_Ordinary, Loc, false, FPOptionsOverride());
  auto Cast = [&](Expr *E, QualType To) -> Expr * {
    return ImplicitCastExpr::Create(Ctx, To, CK_BitCast, E, nullptr,
                                    VK_PRValue, FPOptionsOverride());
  };
  Expr *Args[] = {Cast(Addr, Ctx.VoidPtrTy)};
  FunctionDecl *Marker = runtimeFunction(Ctx, CILK_ABI_SPAWN_OBJECT_MARKER);
  Expr *Marked = Cast(CallExpr::Create(Ctx, functionPointer(Ctx, Marker, Loc),
                                       Args, Ctx.VoidPtrTy, VK_PRValue, Loc,
                                       FPOptionsOverride()),
                      PtrTy);
  Set(IsPointer ? Marked
                : UnaryOperator::Create(Ctx, Marked, UO_Deref, Obj->getType(),
                                        VK_LValue, OK_Ordinary, Loc, false,
                                        FPOptionsOverride()));
  return true;
}

/// f(a)  ->  ((T)<marker>((void *)f))(a), the marker
/// __cilk_spawn_marker (or __cilk_cp_spawn_marker for a thread); a call of
/// a member function goes through its object instead (rewriteObjectSpawn).
void BodyChecker::rewriteSpawn(CallExpr *CE, llvm::StringRef MarkerName) {
  if (rewriteObjectSpawn(CE))
    return;
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
void BodyChecker::replaceByMarkerCall(Stmt *Parent, Stmt *SyncStmt,
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
void BodyChecker::endSpawnStatement(Stmt *Parent, Stmt *S) {
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

/// A declaration whose spawned result a constructor or a conversion
/// function converts, or whose spawn's arguments hold a braced list of
/// objects, ends after the declaration, with the statement's end marker
/// there. The marker cannot wrap it as it wraps an assignment (the
/// variable's scope would end), and a block's statements cannot grow, so
/// the rest of the block moves into a block of its own after the marker
/// (its variables end where they ended; what was left, null statements):
///
///   { A; T x = cilk_spawn f(); B; C; }
///   ->
///   { A; T x = cilk_spawn f(); { __cilk_spawn_end(); B; C; } ; ; }
///
/// A declaration that is a statement of its own (an `if`'s branch) is
/// wrapped with the marker, as an assignment is.
void BodyChecker::endDeclaration(Stmt *Root, DeclStmt *DS) {
  ParentMap PM(Root);
  Stmt *Parent = PM.getParent(DS);
  auto *CS = dyn_cast<CompoundStmt>(Parent);
  if (!CS || CS->body_back() == DS) {
    endSpawnStatement(Parent, DS);
    return;
  }
  SourceLocation Loc = DS->getEndLoc();
  Stmt **It = llvm::find(CS->body(), DS) + 1;
  llvm::SmallVector<Stmt *, 8> Rest{markerCall(CILK_ABI_SPAWN_END, Loc)};
  Rest.append(It, CS->body_end());
  *It = CompoundStmt::Create(Ctx, Rest, FPOptionsOverride(), Loc,
                             CS->getRBracLoc());
  for (++It; It != CS->body_end(); ++It)
    *It = new (Ctx) NullStmt(CS->getRBracLoc());
}

/// Replaces Old, a child of Parent, by New.
void BodyChecker::replaceChild(Stmt *Parent, Stmt *Old, Stmt *New) {
  for (Stmt *&Child : Parent->children())
    if (Child == Old) {
      Child = New;
      return;
    }
  llvm_unreachable("statement not found under its parent");
}

CallExpr *BodyChecker::markerCall(llvm::StringRef Name, SourceLocation Loc,
                                  std::optional<unsigned> K) {
  llvm::SmallVector<Expr *, 1> Args;
  if (K)
    Args.push_back(IntegerLiteral::Create(
        Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), *K), Ctx.IntTy, Loc));
  return CallExpr::Create(Ctx,
                          functionPointer(Ctx, runtimeFunction(Ctx, Name), Loc),
                          Args, Ctx.VoidTy, VK_PRValue, Loc,
                          FPOptionsOverride());
}

/// return e;  ->  { __cilk_sync_marker(); return e; }
/// Cilk's implicit sync at return comes before e is evaluated, so that e
/// sees the results of the children (the pass removes the syncs no
/// spawn can precede, as in `if (n < 2) return n;`).
void BodyChecker::syncBeforeReturn(Stmt *Parent, ReturnStmt *R) {
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

} // namespace cilk
