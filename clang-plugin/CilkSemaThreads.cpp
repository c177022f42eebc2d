//===- CilkSemaThreads.cpp - Continuation-passing threads' rules ----------===//
//
// The rules of the keywords of continuation-passing threads
// (CilkThreadKeywords.h) in a body: the arguments of a spawn of a thread
// (continuations, or in a Cilk procedure the addresses its results go to),
// spawn_next and tail_call with their missing arguments `?x`,
// send_argument, `cont` variables, vector parameters and a thread's
// returns; and the rewriting of a thread spawn's arguments into the
// markers of results and vectors. Where a spawn of a thread may stand is
// CilkSemaCilk5.cpp's checkSpawn; a thread called without spawn,
// BodyChecker::run's.
//
//===----------------------------------------------------------------------===//

#include "CilkSemaInternal.h"

#include "clang/AST/ParentMap.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

using namespace clang;

namespace cilk {

/// The variable E names, or whose element (of any dimension) E is: `x`
/// for `x` and `x[i][j]`; null for anything else.
const DeclRefExpr *BodyChecker::subscriptedVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    E = A->getBase()->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(E);
}

/// E, a continuation: a `cont` parameter or variable, or an element of
/// an array of them.
bool BodyChecker::isContinuationExpr(const Expr *E) {
  const DeclRefExpr *R = subscriptedVariable(E);
  return R && isContinuation(R->getDecl());
}

/// The type of E as written, before clang converted it to its
/// destination: arrays and functions decay, as they do in any operand.
QualType BodyChecker::writtenType(const Expr *E) const {
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
bool BodyChecker::sameSlot(QualType Want, QualType Got) const {
  return Ctx.typesAreCompatible(Want.getUnqualifiedType(),
                                Got.getUnqualifiedType()) &&
         Want.isAtLeastAsQualifiedAs(Got);
}

/// In a thread, each argument for a `cont` parameter of Callee must be a
/// continuation of the parameter's type. False after an error.
bool BodyChecker::checkContinuationArguments(const CallExpr *CE,
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
bool BodyChecker::checkResultArguments(const CallExpr *CE,
                                       const FunctionDecl *Callee) {
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
std::optional<uint64_t> BodyChecker::vectorLength(const ParmVarDecl *P) {
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
CallExpr *BodyChecker::vectorCall(const Expr *E) {
  auto *CE = dyn_cast<CallExpr>(const_cast<Expr *>(E->IgnoreParenCasts()));
  return CE && isCallOf(CE, CILK_ABI_CP_VECTOR_MARKER) ? CE : nullptr;
}

/// Each argument for a vector parameter of thread Callee in Call (a
/// spawn, spawn_next or tail_call): for `T v[]` a `cilk_vector(p, n)`,
/// for `T v[N]` the array itself, and never missing. False after an
/// error.
bool BodyChecker::checkVectorArguments(const CallExpr *Call,
                                       const FunctionDecl *Callee) {
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
Expr *BodyChecker::missingOperand(const CallExpr *M) {
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
bool BodyChecker::checkMissingVector(SourceLocation Loc, const CallExpr *M,
                                     const ParmVarDecl *P,
                                     const FunctionDecl *Callee, uint64_t N) {
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
void BodyChecker::wrapVectorArguments(CallExpr *CE,
                                      const FunctionDecl *Callee) {
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

IntegerLiteral *BodyChecker::sizeLiteral(uint64_t V, SourceLocation Loc) {
  QualType SizeTy = Ctx.getSizeType();
  return IntegerLiteral::Create(
      Ctx, llvm::APInt(Ctx.getTypeSize(SizeTy), V), SizeTy, Loc);
}

/// Argument I of CE, a pointer, becomes
///   (typeof argument)Marker((void *)p, Sizes...)
void BodyChecker::wrapArgument(CallExpr *CE, unsigned I,
                               FunctionDecl *Marker, Expr *P,
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
CallExpr *BodyChecker::missingCall(const Expr *E) {
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
CallExpr *BodyChecker::markedCall(const ParentMap &PM, CallExpr *Marker) {
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
CompoundStmt *BodyChecker::sendStatementBlock(const ParentMap &PM, Stmt *Send) {
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
void BodyChecker::reportNotContinuation(SourceLocation Loc, const Expr *X) {
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
void BodyChecker::checkSentValue(const ParentMap &PM, const CallExpr *Send) {
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
void BodyChecker::checkThreadBody(const ParentMap &PM, Collector &C) {
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
void BodyChecker::wrapResultArguments(CallExpr *CE) {
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

} // namespace cilk
