//===- CilkThreadKeywords.cpp - Continuation-passing thread keywords ------===//
//
// See CilkThreadKeywords.h for the expansions. Each pragma handler runs inside the
// preprocessor's Lex, reads the tokens after its keyword and enters what
// they become; the tokens it read were macro-expanded already, so they go
// back with expansion disabled.
//
//===----------------------------------------------------------------------===//

#include "CilkThreadKeywords.h"
#include "CilkTokens.h"
#include "CilkSema.h"
#include "cilk-abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

using namespace clang;

namespace cilk {

static llvm::DenseSet<const Decl *> ContDecls;

bool isThread(const FunctionDecl *FD) {
  return hasAnnotation(FD, CILK_ABI_THREAD_ANNOTATION);
}

bool isContinuation(const Decl *D) { return ContDecls.count(D); }

void forgetContinuations() { ContDecls.clear(); }

namespace {

/// Appends the fields of a value of type T at byte Base to Out (the
/// grammar is in cilk-abi.h); false if T cannot leave its process.
bool describeFields(ASTContext &Ctx, QualType T, uint64_t Base,
                    std::string &Out) {
  T = T.getCanonicalType().getUnqualifiedType();
  auto Field = [&](char Kind, uint64_t Bytes, uint64_t At) {
    if (!Out.empty() && Out.back() != '(')
      Out += ',';
    Out += std::to_string(At) + Kind + std::to_string(Bytes);
  };
  if (const auto *E = T->getAs<EnumType>())
    return describeFields(Ctx, E->getDecl()->getIntegerType(), Base, Out);
  if (T->isIntegerType()) {
    uint64_t Bytes = Ctx.getTypeSize(T) / 8;
    if (Bytes != 1 && Bytes != 2 && Bytes != 4 && Bytes != 8)
      return false; // __int128
    Field(T->isSignedIntegerType() ? 'i' : 'u', Bytes, Base);
    return true;
  }
  if (T->isRealFloatingType()) {
    if (!T->isSpecificBuiltinType(BuiltinType::Float) &&
        !T->isSpecificBuiltinType(BuiltinType::Double))
      return false; // long double, half: no fixed width across machines
    Field('f', Ctx.getTypeSize(T) / 8, Base);
    return true;
  }
  if (const auto *C = T->getAs<ComplexType>()) {
    uint64_t Half = Ctx.getTypeSize(C->getElementType()) / 8;
    return describeFields(Ctx, C->getElementType(), Base, Out) &&
           describeFields(Ctx, C->getElementType(), Base + Half, Out);
  }
  if (const auto *A = Ctx.getAsConstantArrayType(T)) {
    uint64_t N = A->getZExtSize();
    uint64_t Stride = Ctx.getTypeSize(A->getElementType()) / 8;
    if (N > 1024)
      return false;
    for (uint64_t I = 0; I < N; ++I)
      if (!describeFields(Ctx, A->getElementType(), Base + I * Stride, Out))
        return false;
    return true;
  }
  if (const auto *R = T->getAs<RecordType>()) {
    const RecordDecl *RD = R->getDecl()->getDefinition();
    if (!RD || RD->isUnion() || RD->hasFlexibleArrayMember())
      return false;
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    for (const FieldDecl *F : RD->fields()) {
      if (F->isBitField())
        return false;
      uint64_t At = Base + L.getFieldOffset(F->getFieldIndex()) / 8;
      if (!describeFields(Ctx, F->getType(), At, Out))
        return false;
    }
    return true;
  }
  return false; // pointers, vectors of the target, atomics
}

/// The fields of parameter P, "!" if it cannot travel.
std::string describeParamFields(ASTContext &Ctx, const ParmVarDecl *P) {
  std::string Out;
  QualType T = P->getType();
  if (isContinuation(P)) {
    const auto *Ptr = T->getAs<PointerType>();
    if (!Ptr || P->getOriginalType()->isArrayType())
      return "!";
    QualType V = Ptr->getPointeeType();
    if (V->isIncompleteType())
      return "!";
    Out = "0c" + std::to_string(Ctx.getTypeSize(V) / 8) + "(";
    if (!describeFields(Ctx, V, 0, Out))
      return "!";
    return Out + ")";
  }
  if (P->getOriginalType()->isArrayType()) // a vector held by value
    return "!";
  if (T->isIncompleteType() || !describeFields(Ctx, T, 0, Out))
    return "!";
  return Out;
}

/// One parameter's entry of the description: its size, '=', then its
/// fields, or "!" if it cannot travel.
std::string describeParam(ASTContext &Ctx, const ParmVarDecl *P) {
  QualType T = P->getType();
  uint64_t Bytes = T->isIncompleteType() ? 0 : Ctx.getTypeSize(T) / 8;
  return std::to_string(Bytes) + "=" + describeParamFields(Ctx, P);
}

} // namespace

void describeThreadLayout(ASTContext &Ctx, FunctionDecl *FD) {
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with(CILK_ABI_LAYOUT_ANNOTATION))
      return;
  std::string Layout = CILK_ABI_LAYOUT_ANNOTATION;
  for (const ParmVarDecl *P : FD->parameters()) {
    if (P->getFunctionScopeIndex())
      Layout += ';';
    Layout += describeParam(Ctx, P);
  }
  FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Layout, nullptr, 0));
}

namespace {


/// The `thread` attribute: a continuation-passing thread, which returns
/// nothing (the keyword supplies the `void`).
struct ThreadAttrInfo : public ParsedAttrInfo {
  ThreadAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cilk_thread"}};
    Spellings = S;
  }
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(S.getSourceManager().getExpansionLoc(Attr.getLoc()),
           S.getDiagnostics().getCustomDiagID(
               DiagnosticsEngine::Error,
               "'thread' declares a thread: 'thread name(params) { ... }'"));
    return false;
  }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    D->addAttr(AnnotateAttr::Create(S.Context, CILK_ABI_THREAD_ANNOTATION,
                                    nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

/// T with its innermost element type E made E * (an array of
/// continuations stays an array).
QualType continuationType(ASTContext &Ctx, QualType T) {
  if (const auto *A = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return Ctx.getConstantArrayType(
        continuationType(Ctx, A->getElementType()), A->getSize(),
        A->getSizeExpr(), A->getSizeModifier(),
        A->getIndexTypeCVRQualifiers());
  if (const auto *A = dyn_cast<IncompleteArrayType>(T.getTypePtr()))
    return Ctx.getIncompleteArrayType(
        continuationType(Ctx, A->getElementType()), A->getSizeModifier(),
        A->getIndexTypeCVRQualifiers());
  if (const auto *A = dyn_cast<VariableArrayType>(T.getTypePtr()))
    return Ctx.getVariableArrayType(
        continuationType(Ctx, A->getElementType()), A->getSizeExpr(),
        A->getSizeModifier(), A->getIndexTypeCVRQualifiers(),
        A->getBracketsRange());
  return Ctx.getPointerType(T);
}

/// The `cont` attribute: a continuation parameter or variable. Its type
/// becomes a pointer to the declared type (the slot a value is sent to).
/// Parameters are retyped before their function's type is formed from
/// them, so the function's prototype takes the pointers too.
struct ContAttrInfo : public ParsedAttrInfo {
  ContAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cilk_cont"}};
    Spellings = S;
  }
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<VarDecl>(D)) // parameters too
      return true;
    S.Diag(S.getSourceManager().getExpansionLoc(Attr.getLoc()),
           S.getDiagnostics().getCustomDiagID(
               DiagnosticsEngine::Error,
               "'cont' declares a continuation parameter or variable of a "
               "thread, as in 'cont int k'"));
    return false;
  }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &) const override {
    auto *VD = cast<VarDecl>(D);
    if (!ContDecls.insert(VD).second)
      return AttributeApplied; // `cont cont int k`: once is enough
    VD->setType(continuationType(S.Context, VD->getType()));
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<ThreadAttrInfo>
    RegisterThread("cilk_thread", "continuation-passing thread");
ParsedAttrInfoRegistry::Add<ContAttrInfo>
    RegisterCont("cilk_cont", "continuation of a thread");

/// What a keyword pragma reads and enters.
class KeywordPragma : public PragmaHandler {
public:
  explicit KeywordPragma(llvm::StringRef Name) : PragmaHandler(Name) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    this->PP = &PP;
    Loc = PP.getSourceManager().getExpansionLoc(First.getLocation());
    skipPragmaLine(PP);
    llvm::StringRef Name = getName();
    if (Name == "thread")
      thread();
    else if (Name == "cont")
      cont();
    else
      call(Name == "spawn_next" ? CILK_ABI_CP_NEXT_MARKER
                                : CILK_ABI_CP_TAIL_MARKER);
  }

private:
  Token lex() {
    Token T;
    PP->Lex(T);
    return T;
  }

  Token make(llvm::StringRef Text) { return makeToken(*PP, Text, Loc); }

  void append(Tokens &Out, llvm::StringRef Text) {
    appendTokens(*PP, Out, Text, Loc);
  }

  void enter(Tokens Toks) { enterTokens(*PP, Toks); }

  static Token read(Token T) { return readToken(T); }

  /// The keyword was a name after all: it and the tokens read go back.
  void giveBack(llvm::ArrayRef<Token> ReadToks) {
    Tokens Out;
    Token Self = make(getName());
    Self.setKind(tok::identifier);
    Self.setFlag(Token::DisableExpand);
    Out.push_back(Self);
    for (const Token &T : ReadToks) {
      if (T.is(tok::eof)) {
        enter(std::move(Out));
        PP->EnterToken(T, /*IsReinject=*/true);
        return;
      }
      Out.push_back(read(T));
    }
    enter(std::move(Out));
  }

  static bool startsType(const Token &T) {
    return T.is(tok::identifier) ||
           T.isOneOf(tok::kw_int, tok::kw_char, tok::kw_short, tok::kw_long,
                     tok::kw_unsigned, tok::kw_signed, tok::kw_float,
                     tok::kw_double, tok::kw_void, tok::kw__Bool,
                     tok::kw_bool, tok::kw_struct, tok::kw_union,
                     tok::kw_enum, tok::kw_const, tok::kw_volatile,
                     tok::kw__Complex, tok::kw___int128, tok::kw_typeof);
  }

  /// `thread name (`: a thread's declaration. `thread int name(` has a
  /// return type, which a thread cannot have.
  void thread() {
    Token A = lex();
    if (A.isNot(tok::identifier) && startsType(A)) {
      PP->Diag(A.getLocation(),
               PP->getDiagnostics().getCustomDiagID(
                   DiagnosticsEngine::Error,
                   "a thread has no return type: it sends its results to "
                   "continuations with send_argument; write 'thread "
                   "name(params)'"));
      A = lex(); // recover as if it were not there
    }
    if (A.isNot(tok::identifier)) {
      giveBack({A});
      return;
    }
    Token B = lex();
    if (B.isNot(tok::l_paren)) {
      giveBack({A, B});
      return;
    }
    Tokens Out;
    append(Out, "__attribute__ ( ( __cilk_thread__ ) ) void");
    Out.push_back(read(A));
    Out.push_back(read(B));
    enter(std::move(Out));
  }

  /// `cont T ...`: a continuation's declaration.
  void cont() {
    Token A = lex();
    if (!startsType(A)) {
      giveBack({A});
      return;
    }
    Tokens Out;
    append(Out, "__attribute__ ( ( __cilk_cont__ ) )");
    Out.push_back(read(A));
    enter(std::move(Out));
  }

  /// `spawn_next name(args)` or `tail_call name(args)`, up to the `;` (or
  /// to a closing bracket that belongs to what encloses it).
  void call(llvm::StringRef Marker) {
    Tokens Toks;
    int Depth = 0;
    for (;;) {
      Token T = lex();
      Toks.push_back(T);
      if (T.is(tok::eof) || (Depth == 0 && T.is(tok::semi)))
        break;
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace) &&
               --Depth < 0)
        break;
    }
    if (Toks.size() < 3 || Toks[0].isNot(tok::identifier) ||
        Toks[1].isNot(tok::l_paren)) {
      giveBack(Toks);
      return;
    }
    Token Name = read(Toks[0]);
    Tokens Out;
    append(Out, "( ( __typeof__ (");
    Out.push_back(Name);
    append(Out, ") * ) " + Marker.str() + " ( ( void * )");
    Out.push_back(Name);
    append(Out, ") )");
    // The arguments: `?x` (or `?x[i]`) right after `(` or `,` is a missing
    // argument, which C's grammar could not mean otherwise.
    for (size_t I = 1; I < Toks.size(); ++I) {
      const Token &T = Toks[I];
      if (T.is(tok::eof)) {
        enter(std::move(Out));
        PP->EnterToken(T, /*IsReinject=*/true);
        return;
      }
      if (T.is(tok::question) && Toks[I - 1].isOneOf(tok::l_paren,
                                                     tok::comma) &&
          I + 1 < Toks.size() && Toks[I + 1].is(tok::identifier)) {
        // The operand: a name and any subscripts.
        size_t End = I + 2;
        while (End < Toks.size() && Toks[End].is(tok::l_square)) {
          int D = 0;
          do {
            if (Toks[End].is(tok::l_square))
              ++D;
            else if (Toks[End].is(tok::r_square))
              --D;
            ++End;
          } while (D > 0 && End < Toks.size());
        }
        Tokens Operand;
        for (size_t J = I + 1; J < End; ++J)
          Operand.push_back(read(Toks[J]));
        // Diagnostics about the missing argument point at its `?`.
        SourceLocation Keyword = Loc;
        Loc = T.getLocation();
        // `& *`: an array of continuations (a vector left empty) decays,
        // and the marker's value is then the vector parameter's pointer.
        // An operand that is neither a pointer nor an array (`?y` on an
        // `int y`) is no continuation, which CilkSemaThreads.cpp reports in
        // Cilk's words: __builtin_choose_expr gives `&*` a null pointer to
        // its type instead, so that clang has no indirection to reject and
        // y's own type is what it passes (5 is GCC's pointer_type_class,
        // which arrays decay to; the condition names x only inside
        // __typeof__: named directly there, an undeclared x was reported
        // once more).
        append(Out, "( * ( __typeof__ ( & * __builtin_choose_expr ( "
                    "__builtin_classify_type ( * ( __typeof__ (");
        Out.append(Operand);
        append(Out, ") * ) 0 ) == 5 , (");
        Out.append(Operand);
        append(Out, ") , ( __typeof__ (");
        Out.append(Operand);
        append(Out, ") * ) 0 ) ) ) " CILK_ABI_CP_MISSING " ( & (");
        Out.append(Operand);
        append(Out, ") ) )");
        Loc = Keyword;
        I = End - 1;
        continue;
      }
      Out.push_back(read(T));
    }
    enter(std::move(Out));
  }

  Preprocessor *PP = nullptr;
  SourceLocation Loc;
};

} // namespace

void registerThreadKeywords(Preprocessor &PP) {
  for (const char *Name : {"thread", "cont", "spawn_next", "tail_call"})
    PP.AddPragmaHandler("cilk", new KeywordPragma(Name));
}

} // namespace cilk
