//===- CilkReducers.cpp - Reducers: views in place of the variable -------===//
//
// See CilkReducers.h. The runtime's side is runtime/hyper.h; the pass's,
// llvm-pass/CilkReducers.cpp.
//
//===----------------------------------------------------------------------===//

#include "CilkReducers.h"
#include "CilkSema.h"
#include "cilk-abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/Template.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cilk {
namespace {

constexpr llvm::StringLiteral Annotation = "cilk.reducer";

Sema *TheSema;
/// holdsReducers' answers, for this translation unit.
llvm::DenseMap<const CXXRecordDecl *, bool> HoldsReducers;
/// The reducer annotations of alias templates' instances, instantiated.
llvm::DenseMap<const Type *, const AnnotateTypeAttr *> AliasReducers;

const AnnotateTypeAttr *reducerIn(TypeLoc TL);

/// `opadd_reducer<long>`, an instance of an alias template whose pattern
/// is a reducer type: the pattern's annotation with its callbacks
/// instantiated for the instance's arguments (defaults included), as
/// `zero<long>`; null for anything else, or an alias nested in a class
/// template.
const AnnotateTypeAttr *aliasReducer(TemplateSpecializationTypeLoc TL) {
  const TemplateSpecializationType *TST = TL.getTypePtr();
  auto *Alias = dyn_cast_or_null<TypeAliasTemplateDecl>(
      TST->getTemplateName().getAsTemplateDecl());
  if (!TheSema || !TST->isTypeAlias() || !Alias ||
      Alias->getDeclContext()->isDependentContext())
    return nullptr;
  auto [It, New] = AliasReducers.try_emplace(TST, nullptr);
  if (!New)
    return It->second;
  const TypeSourceInfo *Pattern = Alias->getTemplatedDecl()->getTypeSourceInfo();
  const AnnotateTypeAttr *A = Pattern ? reducerIn(Pattern->getTypeLoc()) : nullptr;
  if (!A)
    return nullptr;
  TemplateArgumentListInfo Written(TL.getLAngleLoc(), TL.getRAngleLoc());
  for (unsigned I = 0; I < TL.getNumArgs(); ++I)
    Written.addArgument(TL.getArgLoc(I));
  llvm::SmallVector<TemplateArgument, 4> Sugared, Canonical;
  SourceLocation Loc = TL.getTemplateNameLoc();
  if (TheSema->CheckTemplateArgumentList(Alias, Loc, Written,
                                         /*PartialTemplateArgs=*/false,
                                         Sugared, Canonical))
    return nullptr;
  Sema::InstantiatingTemplate Inst(*TheSema, Loc, Alias, Sugared);
  MultiLevelTemplateArgumentList Args(Alias, Sugared, /*Final=*/false);
  llvm::SmallVector<Expr *, 2> Callbacks;
  for (Expr *E : A->args()) {
    ExprResult R = TheSema->SubstExpr(E, Args);
    if (R.isInvalid())
      return nullptr;
    Callbacks.push_back(R.get());
  }
  It->second = AnnotateTypeAttr::Create(
      TheSema->getASTContext(), A->getAnnotation(), Callbacks.data(),
      Callbacks.size(), A->getRange());
  return It->second;
}

/// The type TL's sugar stands for (a typedef's, parentheses, qualifiers,
/// an elaborated name, a macro, another attribute), or a null TypeLoc.
TypeLoc desugared(TypeLoc TL) {
  if (auto A = TL.getAs<AttributedTypeLoc>())
    return A.getModifiedLoc();
  if (auto T = TL.getAs<TypedefTypeLoc>()) {
    const TypeSourceInfo *TSI = T.getTypedefNameDecl()->getTypeSourceInfo();
    return TSI ? TSI->getTypeLoc() : TypeLoc();
  }
  if (auto P = TL.getAs<ParenTypeLoc>())
    return P.getInnerLoc();
  if (auto Q = TL.getAs<QualifiedTypeLoc>())
    return Q.getUnqualifiedLoc();
  if (auto E = TL.getAs<ElaboratedTypeLoc>())
    return E.getNamedTypeLoc();
  if (auto M = TL.getAs<MacroQualifiedTypeLoc>())
    return M.getInnerLoc();
  return TypeLoc();
}

/// The cilk_reducer annotation of the type TL spells, looking through
/// sugar; null if it is not a reducer type.
const AnnotateTypeAttr *reducerIn(TypeLoc TL) {
  for (; !TL.isNull(); TL = desugared(TL)) {
    if (auto A = TL.getAs<AttributedTypeLoc>())
      if (const auto *AT = dyn_cast_or_null<AnnotateTypeAttr>(A.getAttr());
          AT && AT->getAnnotation() == Annotation)
        return AT;
    if (auto T = TL.getAs<TemplateSpecializationTypeLoc>())
      return aliasReducer(T);
  }
  return nullptr;
}

/// What the pointer or array type TL points to (through sugar), or a null
/// TypeLoc.
TypeLoc pointeeOf(TypeLoc TL) {
  for (; !TL.isNull(); TL = desugared(TL)) {
    if (auto P = TL.getAs<PointerTypeLoc>())
      return P.getPointeeLoc();
    if (auto A = TL.getAs<ArrayTypeLoc>())
      return A.getElementLoc();
    if (auto D = TL.getAs<DecayedTypeLoc>())
      return pointeeOf(D.getOriginalLoc());
  }
  return TypeLoc();
}

TypeLoc declTypeLoc(const DeclaratorDecl *D) {
  const TypeSourceInfo *TSI = D->getTypeSourceInfo();
  return TSI ? TSI->getTypeLoc() : TypeLoc();
}

/// True if T carries an annotate_type annotation (a reducer's, once its
/// spelling is found).
bool annotated(const ASTContext &Ctx, QualType T) {
  for (;;) {
    if (const auto *AT = dyn_cast<AttributedType>(T.getTypePtr());
        AT && AT->getAttrKind() == attr::AnnotateType)
      return true;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      return false;
    T = Next;
  }
}

const AnnotateTypeAttr *reducerOf(Expr *E);

/// The reducer annotation of what pointer expression P points to.
const AnnotateTypeAttr *pointeeReducer(Expr *P) {
  P = P->IgnoreParenImpCasts();
  if (auto *UO = dyn_cast<UnaryOperator>(P); UO && UO->getOpcode() == UO_AddrOf)
    return reducerOf(UO->getSubExpr()->IgnoreParens());
  if (auto *CE = dyn_cast<CallExpr>(P)) {
    if (CE->getBuiltinCallee() == Builtin::BI__builtin_addressof)
      return reducerOf(CE->getArg(0)->IgnoreParens());
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (FunctionTypeLoc FTL = F->getFunctionTypeLoc())
        return reducerIn(pointeeOf(FTL.getReturnLoc()));
    return nullptr;
  }
  if (auto *DRE = dyn_cast<DeclRefExpr>(P))
    if (const auto *D = dyn_cast<DeclaratorDecl>(DRE->getDecl()))
      return reducerIn(pointeeOf(declTypeLoc(D)));
  if (auto *ME = dyn_cast<MemberExpr>(P))
    if (const auto *D = dyn_cast<DeclaratorDecl>(ME->getMemberDecl()))
      return reducerIn(pointeeOf(declTypeLoc(D)));
  if (auto *C = dyn_cast<CStyleCastExpr>(P))
    return reducerIn(pointeeOf(C->getTypeInfoAsWritten()->getTypeLoc()));
  if (auto *BO = dyn_cast<BinaryOperator>(P))
    return pointeeReducer(BO->getLHS()->getType()->isPointerType()
                              ? BO->getLHS()
                              : BO->getRHS());
  if (auto *CO = dyn_cast<ConditionalOperator>(P))
    return pointeeReducer(CO->getTrueExpr());
  return nullptr;
}

/// The reducer annotation of the reducer E designates: a variable, `*p` or
/// `p[i]`.
/// C++: the reducer annotation of what a reference declared as one refers
/// to (`void f(cilk::opadd_reducer<int> &total)`), or null.
const AnnotateTypeAttr *referencedReducer(const DeclaratorDecl *D) {
  TypeLoc TL = declTypeLoc(D);
  auto R = TL.isNull() ? ReferenceTypeLoc() : TL.getAs<ReferenceTypeLoc>();
  return R ? reducerIn(R.getPointeeLoc()) : nullptr;
}

/// C++: the reducer annotation of what E, a member declared as a
/// reference to a reducer (`struct Ctx { cilk::opadd_reducer<long> &r; }`),
/// refers to, or null.
static const AnnotateTypeAttr *referenceMemberReducer(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  return FD && FD->getType()->isReferenceType() ? referencedReducer(FD)
                                                : nullptr;
}

/// C++: the reducer annotation of a data member declared as a reducer
/// (`View cilk_reducer(identity, reduce) leftmost;`), or null.
static const AnnotateTypeAttr *memberReducer(const FieldDecl *F) {
  return F->getType()->isReferenceType() ? nullptr
                                         : reducerIn(declTypeLoc(F));
}

/// C++: the data member declared as a reducer that E, a member access
/// (`s.r`, `p->r`, `r` in a member function), designates, or null.
static const FieldDecl *reducerMember(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  return F && memberReducer(F) ? F : nullptr;
}

/// C++: the data members of RD declared as reducers.
static llvm::SmallVector<FieldDecl *, 2> reducerMembers(const RecordDecl *RD) {
  llvm::SmallVector<FieldDecl *, 2> Found;
  for (FieldDecl *F : RD->fields())
    if (memberReducer(F))
      Found.push_back(F);
  return Found;
}

/// C++: true if an object of type T holds a reducer member: its own, a
/// base's or a member object's.
static bool holdsReducers(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  // Asked of every local and implicit copy: each class is looked at once.
  auto [It, New] = HoldsReducers.try_emplace(RD, false);
  if (!New)
    return It->second;
  bool Holds = !reducerMembers(RD).empty() ||
               llvm::any_of(RD->bases(),
                            [](const CXXBaseSpecifier &B) {
                              return holdsReducers(B.getType());
                            }) ||
               llvm::any_of(RD->fields(), [](const FieldDecl *F) {
                 return holdsReducers(F->getType());
               });
  HoldsReducers[RD] = Holds;
  return Holds;
}

const AnnotateTypeAttr *reducerOf(Expr *E) {
  if (const FieldDecl *F = reducerMember(E))
    return memberReducer(F);
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return VD->getType()->isReferenceType() ? referencedReducer(VD)
                                              : reducerIn(declTypeLoc(VD));
  if (const AnnotateTypeAttr *A = referenceMemberReducer(E))
    return A;
  if (auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return pointeeReducer(UO->getSubExpr());
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeReducer(AS->getBase());
  return nullptr;
}

class Rewriter {
public:
  Rewriter(ASTContext &Ctx, DiagnosticsEngine &D) : Ctx(Ctx), D(D) {
    Unknown = D.getCustomDiagID(
        DiagnosticsEngine::Error,
        "cannot tell which reducer this is: access it through its variable, "
        "or a pointer declared with cilk_reducer");
    ImplicitCopy = D.getCustomDiagID(
        DiagnosticsEngine::Error,
        "an object with a reducer member %select{made|assigned}0 by an "
        "implicit or defaulted %select{constructor|assignment operator}0 "
        "of %1, which %select{does not declare the reducer to the "
        "runtime|copies the reducer's memory, not its current view}0: "
        "write this %select{constructor|operator}0 in the class");
    NotFunction = D.getCustomDiagID(
        DiagnosticsEngine::Error,
        "the %select{identity|reduce}0 callback of a reducer must be a "
        "function taking %select{one pointer (void *view)|two pointers "
        "(void *left, void *right)}0");
    Array = D.getCustomDiagID(DiagnosticsEngine::Error,
                              "a local array of reducers is not supported: "
                              "declare each reducer as a variable");
    Escape = D.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "a pointer to a reducer converted to %0 points at the variable "
        "itself, not at the current view: updates through it race; pass "
        "'&*p' (the view) or declare the target with cilk_reducer");
    ViewAsReducer = D.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "'&' of a reducer is the address of its current view, where a "
        "pointer to a reducer is expected: pass __builtin_addressof(...) "
        "(the reducer itself)");
  }

  Stmt *visit(Stmt *S) {
    if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
      return S; // sizeof and _Alignof mean the reducer itself
    if (auto *CE = dyn_cast<CallExpr>(S);
        CE && CE->getBuiltinCallee() == Builtin::BI__builtin_addressof) {
      // The reducer itself, but what its designator computes is accessed.
      for (Stmt *&C : CE->getArg(0)->IgnoreParens()->children())
        C = visit(C);
      return S;
    }
    if (auto *CE = dyn_cast<CallExpr>(S)) {
      // C++: a reducer passed to a reference declared as one (`f(total)`
      // for `cilk::opadd_reducer<int> &total`) is the reducer: the callee
      // looks its views up.
      const FunctionDecl *F = CE->getDirectCallee();
      unsigned Skip = isa<CXXOperatorCallExpr>(CE) &&
                              isa_and_nonnull<CXXMethodDecl>(F)
                          ? 1
                          : 0;
      for (unsigned I = 0; F && I < CE->getNumArgs(); ++I)
        if (I >= Skip && I - Skip < F->getNumParams() &&
            referencedReducer(F->getParamDecl(I - Skip)) &&
            isa<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts()))
          Pinned.insert(CE->getArg(I)->IgnoreParenImpCasts());
    }
    if (Pinned.count(S))
      return S;
    if (auto *LE = dyn_cast<LambdaExpr>(S)) {
      // C++: the lambda's body is its call operator's, rewritten with it
      // (CilkSema.cpp); here only what its captures evaluate. A reducer
      // captured by reference is the reducer (its uses in the body are
      // views); one captured by copy copies the current view.
      auto Capture = LE->capture_begin();
      for (Expr *&Init : LE->capture_inits()) {
        bool ByRef = Capture != LE->capture_end() &&
                     Capture->getCaptureKind() == LCK_ByRef;
        ++Capture;
        if (Init && !(ByRef && isa<DeclRefExpr>(Init->IgnoreParens())))
          Init = cast<Expr>(visit(Init));
      }
      return S;
    }
    if (auto *CS = dyn_cast<CapturedStmt>(S)) {
      // A cilk_for's body (its children are the captures, the variables
      // themselves). The captured statement is the plugin's block around
      // the loop body (CilkOpenCilk.cpp), which declares no reducer: only
      // what it holds is rewritten.
      Stmt *Body = CS->getCapturedStmt();
      for (Stmt *&C : Body->children())
        C = visit(C);
      return S;
    }
    checkConversions(S);
    checkImplicitMembers(S);
    for (Stmt *&C : S->children())
      C = visit(C);
    // p->m (C++: p->f()) through a pointer to a reducer: (*p).m, of the view.
    if (auto *ME = dyn_cast<MemberExpr>(S);
        ME && ME->isArrow() && ME->getBase()->getType()->isPointerType() &&
        annotated(Ctx, ME->getBase()->getType()->getPointeeType())) {
      Expr *Base = ME->getBase();
      QualType T = Base->getType()->getPointeeType();
      Expr *Deref = UnaryOperator::Create(Ctx, Base, UO_Deref, T, VK_LValue,
                                          OK_Ordinary, Base->getExprLoc(),
                                          false, FPOptionsOverride());
      Expr *View = view(Deref);
      if (View != Deref) {
        ME->setBase(View);
        ME->setArrow(false);
      }
    }
    if (auto *CS = dyn_cast<CompoundStmt>(S))
      return declareLocals(CS);
    if (auto *E = dyn_cast<Expr>(S);
        E && E->isGLValue() && annotated(Ctx, E->getType()) &&
        (isa<DeclRefExpr, ArraySubscriptExpr>(E) || isDeref(E) ||
         referenceMemberReducer(E) || reducerMember(E)) &&
        !isReference(E))
      return view(E);
    return S;
  }

  /// C++: a constructor of a class with reducer members declares each to
  /// the runtime when the members are made, before its body, as a local
  /// reducer's declaration does (its identity makes a member that nothing
  /// initialized):
  ///
  ///   S(...) : r(e) { B }  ->  S(...) : r(e) {
  ///                              __cilkrt_hyper_declare(&this->r, I, R, 1);
  ///                              B }
  void declareMembers(CXXConstructorDecl *CD) {
    auto *Body = dyn_cast_or_null<CompoundStmt>(CD->getBody());
    if (!Body)
      return;
    llvm::SmallVector<Stmt *, 8> New;
    SourceLocation Loc = Body->getLBracLoc();
    for (FieldDecl *F : reducerMembers(CD->getParent())) {
      bool Made = F->hasInClassInitializer() ||
                  F->getType()->isRecordType() ||
                  llvm::any_of(CD->inits(), [&](CXXCtorInitializer *In) {
                    return In->getMember() == F;
                  });
      if (Expr *Declare = declareCall(member(CD, F, Loc), memberReducer(F),
                                      Made, Loc, F))
        New.push_back(Declare);
    }
    if (New.empty())
      return;
    New.append(Body->body_begin(), Body->body_end());
    CD->setBody(rebuilt(Body, New));
  }

  /// C++: a destructor of a class with reducer members forgets each where
  /// its body ends, by falling through or by a `return`, before the members
  /// are destroyed, as a local reducer's scope end does.
  void unregisterMembers(CXXDestructorDecl *DD) {
    auto *Body = dyn_cast_or_null<CompoundStmt>(DD->getBody());
    llvm::SmallVector<FieldDecl *, 2> Members = reducerMembers(DD->getParent());
    if (!Body || Members.empty())
      return;
    auto Forget = [&](SourceLocation Loc) {
      llvm::SmallVector<Stmt *, 4> Calls;
      for (FieldDecl *F : Members)
        Calls.push_back(call(CILK_ABI_HYPER_UNREGISTER,
                             {key(member(DD, F, Loc))}, Ctx.VoidTy, Loc));
      return Calls;
    };
    forgetBeforeReturns(Body, Forget);
    llvm::SmallVector<Stmt *, 8> New(Body->body_begin(), Body->body_end());
    New.append(Forget(Body->getRBracLoc()));
    DD->setBody(rebuilt(Body, New));
  }

private:
  /// `this->F` in member function MD.
  Expr *member(CXXMethodDecl *MD, FieldDecl *F, SourceLocation Loc) {
    Expr *This = CXXThisExpr::Create(Ctx, Loc, MD->getThisType(), true);
    return MemberExpr::CreateImplicit(Ctx, This, true, F, F->getType(),
                                      VK_LValue, OK_Ordinary);
  }

  /// Puts Forget's calls before every `return` under S (a destructor's
  /// body; not those of lambdas or local classes, functions of their own).
  template <typename ForgetFn>
  void forgetBeforeReturns(Stmt *S, ForgetFn &Forget) {
    for (Stmt *&C : S->children()) {
      if (!C || isa<LambdaExpr, DeclStmt>(C))
        continue;
      if (auto *R = dyn_cast<ReturnStmt>(C)) {
        llvm::SmallVector<Stmt *, 4> New = Forget(R->getReturnLoc());
        New.push_back(R);
        C = CompoundStmt::Create(Ctx, New, FPOptionsOverride(),
                                 R->getBeginLoc(), R->getEndLoc());
        continue;
      }
      forgetBeforeReturns(C, Forget);
    }
  }

  /// `*p`. (C++'s `++x` is an lvalue too, of what x designates.)
  static bool isDeref(const Expr *E) {
    const auto *UO = dyn_cast<UnaryOperator>(E);
    return UO && UO->getOpcode() == UO_Deref;
  }

  /// C++: a reference that was bound to a view (`for (int x : r)`'s
  /// hidden `auto &&__range = r;`, rewritten), not one declared as a
  /// reducer (a parameter `cilk::opadd_reducer<int> &total`, bound to the
  /// reducer itself: its uses are views).
  static bool isReference(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return DRE && DRE->getDecl()->getType()->isReferenceType() &&
           !(VD && referencedReducer(VD));
  }

  /// A pointer to a reducer, as written (a variable of that type, or
  /// __builtin_addressof of a reducer).
  bool reducerPointer(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf)
      return false; // &x, &*p: the current view
    QualType T = E->getType();
    return T->isPointerType() && annotated(Ctx, T->getPointeeType());
  }

  /// C++: an object of a class with reducer members made or assigned by a
  /// special member the user did not write (`S() = default`, an implicit
  /// copy), which neither declares its reducers nor looks up the source's
  /// views: an error.
  void checkImplicitMembers(Stmt *S) {
    const CXXMethodDecl *M = nullptr;
    bool Assigns = false;
    if (auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      M = CE->getConstructor();
    } else if (auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      M = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
      Assigns = M && (M->isCopyAssignmentOperator() ||
                      M->isMoveAssignmentOperator());
      if (!Assigns)
        M = nullptr;
    }
    if (const CXXRecordDecl *RD = M ? implicitOverReducers(M) : nullptr)
      D.Report(S->getBeginLoc(), ImplicitCopy) << Assigns << RD;
  }

  /// The class with reducer members whose special member of M's kind is
  /// not the user's, where M, not the user's either, reaches it: M's own
  /// class, or one of a base or member object that M makes or assigns
  /// the same way (an outer class's implicit copy copies the member
  /// object with its implicit copy). Null if none.
  const CXXRecordDecl *implicitOverReducers(const CXXMethodDecl *M) {
    if (M->isUserProvided())
      return nullptr;
    const CXXRecordDecl *RD = M->getParent();
    if (!reducerMembers(RD).empty())
      return RD;
    if (!TheSema || !holdsReducers(Ctx.getRecordType(RD)))
      return nullptr;
    auto Inner = [&](QualType T) -> const CXXRecordDecl * {
      auto *C = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
      if (!C || !C->hasDefinition())
        return nullptr;
      const CXXMethodDecl *Same = nullptr;
      const auto *CD = dyn_cast<CXXConstructorDecl>(M);
      if (CD && CD->isDefaultConstructor())
        Same = TheSema->LookupDefaultConstructor(C);
      else if (CD && CD->isCopyConstructor())
        Same = TheSema->LookupCopyingConstructor(C, Qualifiers::Const);
      else if (CD && CD->isMoveConstructor())
        Same = TheSema->LookupMovingConstructor(C, 0);
      else if (M->isCopyAssignmentOperator())
        Same = TheSema->LookupCopyingAssignment(C, Qualifiers::Const, false,
                                                0);
      else if (M->isMoveAssignmentOperator())
        Same = TheSema->LookupMovingAssignment(C, 0, false, 0);
      return Same ? implicitOverReducers(Same) : nullptr;
    };
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const CXXRecordDecl *Found = Inner(B.getType()))
        return Found;
    for (const FieldDecl *F : RD->fields())
      if (const CXXRecordDecl *Found = Inner(F->getType()))
        return Found;
    return nullptr;
  }

  /// Warns where S passes, initializes or assigns a pointer to a reducer
  /// as a plain pointer (an explicit cast says the author means it).
  void checkConversions(Stmt *S) {
    auto Check = [&](const Expr *From, QualType To) {
      if (From && To->isPointerType() &&
          !annotated(Ctx, To->getPointeeType()) && reducerPointer(From))
        D.Report(From->getExprLoc(), Escape) << To;
      // The other way: a view's address where a reducer's is expected
      // (each use through it would look the view up as a reducer).
      const auto *UO =
          From ? dyn_cast<UnaryOperator>(From->IgnoreParenImpCasts()) : nullptr;
      if (UO && UO->getOpcode() == UO_AddrOf && To->isPointerType() &&
          annotated(Ctx, To->getPointeeType()) &&
          annotated(Ctx, UO->getSubExpr()->getType()) &&
          reducerOf(const_cast<Expr *>(UO->getSubExpr()->IgnoreParens())))
        D.Report(UO->getOperatorLoc(), ViewAsReducer);
    };
    if (auto *CE = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl *F = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams();
             I++)
          Check(CE->getArg(I), F->getParamDecl(I)->getType());
    } else if (auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->getOpcode() == BO_Assign) {
      Check(BO->getRHS(), BO->getLHS()->getType());
    } else if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *Dc : DS->decls())
        if (auto *VD = dyn_cast<VarDecl>(Dc))
          Check(VD->getInit(), VD->getType());
    }
  }

  Expr *voidPointer(Expr *E) {
    return ImplicitCastExpr::Create(Ctx, Ctx.VoidPtrTy, CK_BitCast, E, nullptr,
                                    VK_PRValue, FPOptionsOverride());
  }

  /// (void *)&E: the reducer E designates, as the runtime names it.
  Expr *key(Expr *E) {
    return voidPointer(UnaryOperator::Create(
        Ctx, E, UO_AddrOf, Ctx.getPointerType(E->getType()), VK_PRValue,
        OK_Ordinary, E->getExprLoc(), false, FPOptionsOverride()));
  }

  Expr *call(llvm::StringRef Name, llvm::ArrayRef<Expr *> Args,
             QualType Result, SourceLocation Loc) {
    return CallExpr::Create(
        Ctx, functionPointer(Ctx, runtimeFunction(Ctx, Name), Loc), Args,
        Result, VK_PRValue, Loc, FPOptionsOverride());
  }

  /// C++: F, a member of a class template named by a reducer member's
  /// annotation (`identity`, a static member function of the template),
  /// as the member of Owner, the instance that declares the reducer,
  /// instantiated where it is used. Any other F as it is.
  FunctionDecl *ofInstance(FunctionDecl *F, const FieldDecl *Owner,
                           SourceLocation Loc) {
    if (!Owner || !TheSema || !F->getDeclContext()->isDependentContext())
      return F;
    for (NamedDecl *ND : Owner->getParent()->lookup(F->getDeclName()))
      if (auto *G = dyn_cast<FunctionDecl>(ND);
          G && G->getNumParams() == F->getNumParams()) {
        TheSema->MarkFunctionReferenced(Loc, G);
        return G;
      }
    return F;
  }

  /// Callback Which (0 identity, 1 reduce) of annotation A, as a void *;
  /// Owner: the reducer member it annotates, if any.
  Expr *callback(const AnnotateTypeAttr *A, unsigned Which,
                 SourceLocation Loc, const FieldDecl *Owner = nullptr) {
    Expr *E = A->args_size() > Which ? A->args_begin()[Which] : nullptr;
    // C++: a template-id or a member of a class template (`zero<T>`,
    // `&view<C>::reduce`), instantiated as a set of overloads: the one
    // function of the callback's type, instantiated where it is used.
    if (E && E->getType() == Ctx.OverloadTy && TheSema) {
      llvm::SmallVector<QualType, 2> Params(Which + 1, Ctx.VoidPtrTy);
      QualType Want = Ctx.getPointerType(Ctx.getFunctionType(
          Ctx.VoidTy, Params, FunctionProtoType::ExtProtoInfo()));
      DeclAccessPair Found;
      if (FunctionDecl *F = TheSema->ResolveAddressOfOverloadedFunction(
              E, Want, /*Complain=*/false, Found)) {
        TheSema->MarkFunctionReferenced(Loc, F);
        return voidPointer(functionPointer(Ctx, F, Loc));
      }
    }
    // Through casts too: <cilk/cilk.h>'s cilk_reducer casts each callback
    // to its type.
    Expr *Bare = E ? E->IgnoreImplicit()->IgnoreParenCasts() : nullptr;
    if (auto *DRE = dyn_cast_or_null<DeclRefExpr>(Bare))
      if (auto *F = dyn_cast<FunctionDecl>(DRE->getDecl())) {
        F = ofInstance(F, Owner, Loc);
        if (F->getNumParams() != Which + 1 ||
            !F->getParamDecl(0)->getType()->isPointerType()) {
          D.Report(E->getExprLoc(), NotFunction) << Which;
          return nullptr;
        }
        return voidPointer(functionPointer(Ctx, F, Loc));
      }
    if (!E || !E->getType()->isFunctionPointerType()) {
      D.Report(E ? E->getExprLoc() : A->getLocation(), NotFunction) << Which;
      return nullptr;
    }
    return voidPointer(E);
  }

  /// x  ->  *(T *)__cilkrt_hyper_lookup((void *)&x, sizeof(T), I, R)
  Expr *view(Expr *E) {
    SourceLocation Loc = E->getExprLoc();
    const AnnotateTypeAttr *A = reducerOf(E);
    if (!A) {
      D.Report(Loc, Unknown);
      return E;
    }
    const FieldDecl *Owner = reducerMember(E);
    Expr *I = callback(A, 0, Loc, Owner), *R = callback(A, 1, Loc, Owner);
    if (!I || !R)
      return E;
    QualType T = E->getType().getCanonicalType();
    llvm::APInt Size(Ctx.getTypeSize(Ctx.UnsignedLongTy),
                     Ctx.getTypeSizeInChars(T).getQuantity());
    Expr *Args[] = {key(E),
                    IntegerLiteral::Create(Ctx, Size, Ctx.UnsignedLongTy, Loc),
                    I, R};
    Expr *Lookup = call(CILK_ABI_HYPER_LOOKUP, Args, Ctx.VoidPtrTy, Loc);
    Expr *Typed = ImplicitCastExpr::Create(Ctx, Ctx.getPointerType(T),
                                           CK_BitCast, Lookup, nullptr,
                                           VK_PRValue, FPOptionsOverride());
    return UnaryOperator::Create(Ctx, Typed, UO_Deref, T, VK_LValue,
                                 OK_Ordinary, Loc, false, FPOptionsOverride());
  }

  /// Declares CS's local reducers to the runtime after their declarations
  /// and syncs where CS falls through its end (their cleanups follow).
  Stmt *declareLocals(CompoundStmt *CS) {
    llvm::SmallVector<Stmt *, 16> Body;
    bool Any = false;
    for (Stmt *S : CS->body()) {
      Body.push_back(S);
      auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS)
        continue;
      for (Decl *Dc : DS->decls()) {
        auto *VD = dyn_cast<VarDecl>(Dc);
        if (!VD || !VD->hasLocalStorage())
          continue;
        // C++: an object with reducer members (its constructors declare
        // them): its block syncs before its destructor forgets them.
        if (holdsReducers(VD->getType()))
          Any = true;
        TypeLoc TL = declTypeLoc(VD);
        if (reducerIn(pointeeOf(TL)) && VD->getType()->isArrayType()) {
          D.Report(VD->getLocation(), Array);
          continue;
        }
        const AnnotateTypeAttr *A = reducerIn(TL);
        if (!A)
          continue;
        SourceLocation Loc = VD->getLocation();
        auto *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(),
                                        SourceLocation(), VD, false, Loc,
                                        VD->getType(), VK_LValue);
        Expr *Declare = declareCall(Ref, A, VD->hasInit(), Loc);
        if (!Declare)
          continue;
        Body.push_back(Declare);
        VD->addAttr(CleanupAttr::CreateImplicit(
            Ctx, runtimeFunction(Ctx, CILK_ABI_HYPER_UNREGISTER)));
        Any = true;
      }
    }
    if (!Any)
      return CS;
    // `cilk_sync;`: a sync where the function spawns, nothing elsewhere.
    FunctionDecl *Sync = runtimeFunction(Ctx, CILK_ABI_SYNC_ANY);
    Body.push_back(DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(),
                                       SourceLocation(), Sync, false,
                                       CS->getRBracLoc(), Sync->getType(),
                                       VK_LValue));
    return rebuilt(CS, Body);
  }

  /// __cilkrt_hyper_declare(&E, I, R, Initialized) for reducer E, of
  /// annotation A (Owner: the reducer member E is, if any); null, reported,
  /// if A's callbacks are not functions.
  Expr *declareCall(Expr *E, const AnnotateTypeAttr *A, bool Initialized,
                    SourceLocation Loc, const FieldDecl *Owner = nullptr) {
    Expr *I = callback(A, 0, Loc, Owner), *R = callback(A, 1, Loc, Owner);
    if (!I || !R)
      return nullptr;
    llvm::APInt Init(Ctx.getTypeSize(Ctx.IntTy), Initialized);
    Expr *Args[] = {key(E), I, R,
                    IntegerLiteral::Create(Ctx, Init, Ctx.IntTy, Loc)};
    return call(CILK_ABI_HYPER_DECLARE, Args, Ctx.VoidTy, Loc);
  }

  /// Block Old with Body as its statements.
  CompoundStmt *rebuilt(CompoundStmt *Old, llvm::ArrayRef<Stmt *> Body) {
    return CompoundStmt::Create(Ctx, Body, Old->getStoredFPFeaturesOrDefault(),
                                Old->getLBracLoc(), Old->getRBracLoc());
  }

  ASTContext &Ctx;
  DiagnosticsEngine &D;
  unsigned Unknown, NotFunction, Array, Escape, ViewAsReducer, ImplicitCopy;
  /// Arguments bound to references declared as reducers: left as written.
  llvm::SmallPtrSet<const Stmt *, 4> Pinned;
};

} // namespace

void setReducerSema(Sema *S) {
  if (S != TheSema) {
    AliasReducers.clear();
    HoldsReducers.clear();
  }
  TheSema = S;
}

void rewriteReducers(ASTContext &Ctx, DiagnosticsEngine &D, FunctionDecl *FD) {
  Stmt *Body = FD->getBody();
  if (!Body)
    return;
  Rewriter R(Ctx, D);
  Stmt *New = R.visit(Body);
  if (New != Body)
    FD->setBody(New);
  if (auto *CD = dyn_cast<CXXConstructorDecl>(FD))
    R.declareMembers(CD);
  else if (auto *DD = dyn_cast<CXXDestructorDecl>(FD))
    R.unregisterMembers(DD);
}

void checkReducerDecl(ASTContext &Ctx, DiagnosticsEngine &D,
                      const Decl *Decl) {
  (void)Ctx;
  auto Report = [&](const DeclaratorDecl *DD, unsigned What) {
    if (!reducerIn(declTypeLoc(DD)))
      return;
    D.Report(DD->getLocation(),
             D.getCustomDiagID(DiagnosticsEngine::Error,
                               "%select{a structure or union member|a "
                               "parameter}0 cannot be a reducer%select{|: "
                               "pass a pointer to it, "
                               "__builtin_addressof(x)}0"))
        << What;
  };
  if (const auto *RD = dyn_cast<RecordDecl>(Decl)) {
    // C++: a class's constructors and destructor declare its reducer
    // members to the runtime and forget them (Rewriter::declareMembers),
    // so both must be the user's: clang makes no code for trivial ones.
    const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
    if (CRD && !CRD->isUnion()) {
      llvm::SmallVector<FieldDecl *, 2> Members = reducerMembers(RD);
      if (Members.empty())
        return;
      bool Ctor = llvm::any_of(CRD->ctors(), [](const CXXConstructorDecl *C) {
        return C->isUserProvided();
      });
      // A template constructor (`template <class... A> S(A...)`) is the
      // user's too.
      for (const clang::Decl *M : CRD->decls())
        if (const auto *FT = dyn_cast<FunctionTemplateDecl>(M))
          Ctor |= isa<CXXConstructorDecl>(FT->getTemplatedDecl());
      const CXXDestructorDecl *Dtor = CRD->hasUserDeclaredDestructor()
                                          ? CRD->getDestructor()
                                          : nullptr;
      if (!Ctor || !Dtor || !Dtor->isUserProvided())
        D.Report(Members.front()->getLocation(),
                 D.getCustomDiagID(
                     DiagnosticsEngine::Error,
                     "a class with a reducer member needs a constructor "
                     "and a destructor of its own (not implicit or "
                     "defaulted): they declare the reducer to the runtime "
                     "and forget it"));
      return;
    }
    for (const FieldDecl *F : RD->fields())
      Report(F, 0);
  } else if (const auto *FD = dyn_cast<FunctionDecl>(Decl)) {
    for (const ParmVarDecl *P : FD->parameters())
      Report(P, 1);
  }
}

} // namespace cilk
