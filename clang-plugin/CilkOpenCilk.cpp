//===- CilkOpenCilk.cpp - OpenCilk's spelling: scopes, implicit procedures ===//

#include "CilkOpenCilk.h"
#include "CilkTokens.h"

#include "cilk-abi.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cilk {

static llvm::DenseSet<unsigned> ScopeStarts; // expansion locations
static llvm::DenseSet<const Decl *> ImplicitProcedures;
static llvm::DenseSet<unsigned> ForBodies; // the `do` of each cilk_for body
/// The spelling locations of the `cilk_spawn`s of spawned statements.
static llvm::DenseSet<unsigned> SpawnedStatementWords;
static llvm::DenseSet<unsigned> SpawnBodies; // the `do` of each one's body
/// The `__extension__`s after a written-out `#pragma cilk spawn`.
static llvm::DenseSet<unsigned> WrittenSpawns;
/// `#pragma cilk grainsize N`'s expression, for the cilk_for right after.
static llvm::SmallVector<Token, 4> PendingGrain;

namespace {

/// `cilk_scope` expands to `_Pragma("cilk scope")`: the handler reads the
/// token after it, notes where it was written and gives it back.
class ScopePragma : public PragmaHandler {
public:
  ScopePragma() : PragmaHandler("scope") {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    if (!skipPragmaLine(PP))
      return;
    Token T;
    PP.Lex(T);
    ScopeStarts.insert(PP.getSourceManager()
                           .getExpansionLoc(T.getLocation())
                           .getRawEncoding());
    PP.EnterToken(readToken(T), /*IsReinject=*/true);
  }
};

/// Reads statements as tokens, for the pragmas that rewrite them. A
/// `return` in what it reads is an error, ReturnError: the statements
/// become outlined functions, which a `return` could not leave.
class StatementReader {
public:
  StatementReader(Preprocessor &PP, SourceLocation Loc,
                  llvm::StringRef ReturnError)
      : PP(&PP), Loc(Loc), ReturnError(ReturnError) {}

protected:
  Token lex() {
    Token T;
    PP->Lex(T);
    return T;
  }

  void error(SourceLocation At, llvm::StringRef Msg) {
    PP->Diag(At, PP->getDiagnostics().getCustomDiagID(
                     DiagnosticsEngine::Error, "%0"))
        << Msg;
  }

  /// Reads up to the first End outside brackets (consumed, not kept).
  bool until(Tokens &Out, tok::TokenKind End) {
    int Depth = 0;
    for (;;) {
      Token T = lex();
      if (T.is(tok::eof)) {
        PP->EnterToken(T, /*IsReinject=*/true);
        return false;
      }
      if (Depth == 0 && T.is(End))
        return true;
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      Out.push_back(T);
    }
  }

  /// Reads a bracketed group whose opening token is Open (kept).
  bool group(Tokens &Out, Token Open) {
    Out.push_back(Open);
    int Depth = 1;
    while (Depth > 0) {
      Token T = lex();
      if (T.is(tok::eof)) {
        PP->EnterToken(T, /*IsReinject=*/true);
        return false;
      }
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      Out.push_back(T);
    }
    return true;
  }

  /// Reads one statement: a block, `if`/`for`/`while`/`switch` with its
  /// parenthesized head and statement (and an `else`), `do ... while
  /// (...);`, or anything else up to its `;`. A `return` in it is reported.
  bool statement(Tokens &Out) {
    Token T = lex();
    if (T.is(tok::eof)) {
      PP->EnterToken(T, /*IsReinject=*/true);
      return false;
    }
    if (T.is(tok::l_brace)) {
      size_t From = Out.size();
      bool Ok = group(Out, T);
      return checkReturns(Out, From, Ok);
    }
    if (T.isOneOf(tok::kw_if, tok::kw_for, tok::kw_while, tok::kw_switch)) {
      Out.push_back(T);
      Token Open = lex();
      if (Open.isNot(tok::l_paren) || !group(Out, Open) || !statement(Out))
        return false;
      if (T.is(tok::kw_if)) {
        Token E = lex();
        if (E.is(tok::kw_else)) {
          Out.push_back(E);
          return statement(Out);
        }
        PP->EnterToken(readToken(E), /*IsReinject=*/true);
      }
      return true;
    }
    if (T.is(tok::kw_do)) {
      Out.push_back(T);
      if (!statement(Out))
        return false;
      size_t From = Out.size();
      return checkReturns(Out, From, until(Out, tok::semi)) &&
             (Out.push_back(make(";")), true);
    }
    PP->EnterToken(readToken(T), /*IsReinject=*/true);
    size_t From = Out.size();
    if (!until(Out, tok::semi))
      return false;
    Out.push_back(make(";"));
    return checkReturns(Out, From, true);
  }

  /// Reports each `return` of Out from From on that is not in the body
  /// of a lambda or of a local class (a function of its own).
  bool checkReturns(const Tokens &Out, size_t From, bool Ok) {
    llvm::SmallVector<bool, 8> Own; // per open brace: a function's own
    for (size_t I = From; I < Out.size(); ++I) {
      const Token &T = Out[I];
      if (T.is(tok::l_brace))
        Own.push_back((Own.empty() || Own.back()) && !opensFunction(Out, I));
      else if (T.is(tok::r_brace) && !Own.empty())
        Own.pop_back();
      else if (T.is(tok::kw_return) && (Own.empty() || Own.back()))
        error(T.getLocation(), ReturnError);
    }
    return Ok;
  }

  /// True if the brace at Out[I] opens a lambda's body (`[&] {`, `[](int
  /// x) -> int {`, `[=]() mutable noexcept {`) or a class's (`struct L {`:
  /// its member functions' bodies), whose returns are their own.
  static bool opensFunction(const Tokens &Out, size_t I) {
    // Back over what may stand between a lambda's head and its body.
    size_t J = I;
    while (J > 0 && (Out[J - 1].isOneOf(tok::identifier, tok::coloncolon,
                                        tok::star, tok::amp, tok::ampamp,
                                        tok::arrow, tok::less,
                                        tok::greater) ||
                     Out[J - 1].isAnyIdentifier() ||
                     tok::getKeywordSpelling(Out[J - 1].getKind())))
      if (Out[--J].isOneOf(tok::kw_struct, tok::kw_class, tok::kw_union))
        return true;
    if (J > 0 && Out[J - 1].is(tok::r_paren)) {
      int Depth = 0;
      do {
        --J;
        Depth += Out[J].is(tok::r_paren) - Out[J].is(tok::l_paren);
      } while (J > 0 && Depth > 0);
    }
    return J > 0 && Out[J - 1].is(tok::r_square);
  }

  Token make(llvm::StringRef Text) { return makeToken(*PP, Text, Loc); }

  /// Enters Out, its first token at the start of a line if the keyword
  /// was: clang's -Wmisleading-indentation takes a statement that does
  /// not start a line after an `if`'s body for part of it.
  void enter(Tokens &Out) {
    const SourceManager &SM = PP->getSourceManager();
    auto [File, Offset] = SM.getDecomposedLoc(Loc);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(File, &Invalid);
    bool StartsLine = !Invalid && Offset <= Buf.size();
    for (unsigned I = Offset; StartsLine && I > 0 && Buf[I - 1] != '\n'; --I)
      StartsLine = Buf[I - 1] == ' ' || Buf[I - 1] == '\t';
    if (StartsLine && !Out.empty())
      Out.front().setFlag(Token::StartOfLine);
    enterTokens(*PP, Out);
  }

  /// `#pragma clang __debug captured`: clang outlines the compound
  /// statement after it into a function of a context.
  Token captured() {
    Token T;
    T.startToken();
    T.setKind(tok::annot_pragma_captured);
    T.setLocation(Loc);
    T.setAnnotationEndLoc(Loc);
    return T;
  }

  void append(Tokens &Out, llvm::StringRef Text) {
    appendTokens(*PP, Out, Text, Loc);
  }

  /// The user's tokens, already expanded: not expanded again.
  static void appendRead(Tokens &Out, llvm::ArrayRef<Token> Toks) {
    for (const Token &T : Toks)
      Out.push_back(readToken(T));
  }

  static bool isName(const Token &T, const IdentifierInfo *Name) {
    return T.is(tok::identifier) && T.getIdentifierInfo() == Name;
  }

  /// The index of the first token of Kinds outside brackets, or -1.
  static int topLevel(llvm::ArrayRef<Token> Toks,
                      std::initializer_list<tok::TokenKind> Kinds) {
    int Depth = 0;
    for (size_t I = 0; I < Toks.size(); ++I) {
      const Token &T = Toks[I];
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (Depth == 0)
        for (tok::TokenKind K : Kinds)
          if (T.is(K))
            return int(I);
    }
    return -1;
  }

  Preprocessor *PP;
  SourceLocation Loc; // the keyword's: every token entered is there
  llvm::StringRef ReturnError;
};

/// Reads, checks and rewrites a cilk_for (`cilk_for` is `_Pragma("cilk
/// for")`): the handler reads the loop's header and body and enters
///
///   cilk_for (T i = a; i OP b; INC) BODY
///   ->
///   { T __cilk_lo = (a);
///     __typeof__((b) + 0) __cilk_hi = (b);       (the bound, once)
///     long long __cilk_st = STEP;                (1, -1, (e) or -(e))
///     unsigned long long __cilk_n = COUNT;       (the iterations)
///     for (unsigned long long __cilk_k =
///              __cilk_for_begin(__cilk_n, GRAIN, &__cilk_k);
///          __cilk_k < __cilk_n; __cilk_k++)
///     #pragma clang __debug captured
///     { T i = __cilk_lo + (long long)__cilk_k * __cilk_st; (void)i;
///       do BODY while (0); } }
///
/// clang outlines the captured statement into a function of a context (the
/// addresses of the variables it uses): the pass (CilkFor.cpp) runs it for
/// each k from a divide-and-conquer Cilk procedure, each chunk of
/// iterations with its own k. `continue` ends an iteration in the do-while;
/// a `break` that would leave it is an error (CilkSema.cpp), as `return` is
/// (here). GRAIN is 0 (the runtime's default) or #pragma cilk grainsize's.
/// One reader per loop: a cilk_for in the body is read while this one is.
class ForReader : StatementReader {
public:
  ForReader(Preprocessor &PP, SourceLocation Loc)
      : StatementReader(PP, Loc,
                        "'return' cannot leave a 'cilk_for' body: its "
                        "iterations run in parallel") {}

  /// Reads the loop after the pragma (its eod already read).
  void read() {
    Tokens Grain;
    Grain.swap(PendingGrain);
    Token T = lex();
    if (T.isNot(tok::l_paren)) {
      error(T.getLocation(), "'cilk_for' must be followed by a loop header, "
                             "as in 'cilk_for (int i = 0; i < n; ++i)'");
      PP->EnterToken(readToken(T), /*IsReinject=*/true);
      return;
    }
    // The header, up to its `)`, before the body: a header this reader
    // cannot take is reported without reading past it.
    Tokens Head, Body;
    if (!group(Head, T) || !statement(Body))
      return; // the parser reports the broken loop
    llvm::ArrayRef<Token> In =
        llvm::ArrayRef<Token>(Head).drop_front().drop_back();
    llvm::SmallVector<llvm::ArrayRef<Token>, 3> Parts;
    for (int Semi; (Semi = topLevel(In, {tok::semi})) >= 0;
         In = In.drop_front(Semi + 1))
      Parts.push_back(In.take_front(Semi));
    Parts.push_back(In);
    Tokens Out;
    if (Parts.size() == 3) {
      if (rewrite(Out, Parts[0], Parts[1], Parts[2], Body, Grain))
        enter(Out);
      return;
    }
    int Colon = topLevel(Parts.back(), {tok::colon});
    if (Parts.size() > 2 || Colon < 1) {
      error(T.getLocation(),
            "a 'cilk_for' header is 'T i = a; i < b; ++i', as in 'cilk_for "
            "(int i = 0; i < n; ++i)', or in C++ a range, as in 'cilk_for "
            "(auto &x : v)'");
      return;
    }
    if (!PP->getLangOpts().CPlusPlus11) {
      error(Parts.back()[Colon].getLocation(),
            PP->getLangOpts().CPlusPlus
                ? "a 'cilk_for' over a range needs C++11"
                : "a 'cilk_for' over a range needs C++");
      return;
    }
    rewriteRange(Out, Parts.size() == 2 ? Parts[0] : llvm::ArrayRef<Token>(),
                 Parts.back().take_front(Colon),
                 Parts.back().drop_front(Colon + 1), Body, Grain);
    enter(Out);
  }

private:
  /// A range (C++), `cilk_for (INIT; DECL : RANGE) BODY`, as a range-based
  /// for reads it ([stmt.ranged]), over the range's random-access
  /// iterators (include/cilk.h finds begin and end as the range-based for
  /// does):
  ///
  ///   { INIT; auto && __cilk_range = RANGE;
  ///     cilk_for (auto __cilk_it = __cilk_range_begin(__cilk_range, 0);
  ///               __cilk_it != __cilk_range_end(__cilk_range, 0);
  ///               ++__cilk_it)
  ///       { DECL = *__cilk_it; BODY } }
  void rewriteRange(Tokens &Out, llvm::ArrayRef<Token> Init,
                    llvm::ArrayRef<Token> Decl, llvm::ArrayRef<Token> Range,
                    const Tokens &Body, const Tokens &Grain) {
    append(Out, "{");
    if (!Init.empty()) {
      appendRead(Out, Init);
      append(Out, ";");
    }
    // A comma expression is one initializer, not a second declarator.
    bool Comma = topLevel(Range, {tok::comma}) >= 0;
    append(Out, Comma ? "auto && __cilk_range = (" : "auto && __cilk_range =");
    appendRead(Out, Range);
    append(Out, Comma ? ") ;" : ";");
    // Before the loop, whose own errors would say less.
    append(Out, "static_assert ( __cilk_random_access < decltype ( "
                "__cilk_range_begin ( __cilk_range , 0 ) ) > :: value ,");
    Out.push_back(make("\"a 'cilk_for' over a range needs an array or a "
                         "range with random-access iterators (std::vector, "
                         "std::array, std::string, std::deque)\""));
    append(Out, ") ;");
    Tokens Start, Cond, Inc, Each;
    append(Start, "auto __cilk_it = __cilk_range_begin ( __cilk_range , 0 )");
    append(Cond, "__cilk_it != __cilk_range_end ( __cilk_range , 0 )");
    append(Inc, "++ __cilk_it");
    append(Each, "{");
    appendRead(Each, Decl);
    append(Each, "= * __cilk_it ;");
    Each.append(Body.begin(), Body.end());
    append(Each, "}");
    rewrite(Out, Start, Cond, Inc, Each, Grain);
    append(Out, "}");
  }

  /// Appends the rewritten loop to Out; false (and nothing appended) if
  /// the header is not one cilk_for takes.
  bool rewrite(Tokens &Out, llvm::ArrayRef<Token> Init,
               llvm::ArrayRef<Token> Cond, llvm::ArrayRef<Token> Inc,
               llvm::ArrayRef<Token> Body, const Tokens &Grain) {
    // T i = a: one declared variable.
    int Eq = topLevel(Init, {tok::equal});
    if (Eq < 2 || Init[Eq - 1].isNot(tok::identifier) ||
        topLevel(Init, {tok::comma}) >= 0) {
      error(Init.empty() ? Loc : Init.front().getLocation(),
            "'cilk_for' needs one control variable declared and "
            "initialized in its header, as in 'cilk_for (int i = 0; i < n; "
            "++i)'");
      return false;
    }
    const IdentifierInfo *Name = Init[Eq - 1].getIdentifierInfo();
    llvm::ArrayRef<Token> Type(Init.data(), Eq - 1);
    llvm::ArrayRef<Token> Start(Init.data() + Eq + 1, Init.size() - Eq - 1);

    // i OP b, or b OP i.
    int Op = topLevel(Cond, {tok::less, tok::lessequal, tok::greater,
                             tok::greaterequal, tok::exclaimequal});
    tok::TokenKind Kind = Op >= 0 ? Cond[Op].getKind() : tok::unknown;
    llvm::ArrayRef<Token> Bound;
    if (Op == 1 && isName(Cond[0], Name)) {
      Bound = llvm::ArrayRef<Token>(Cond).drop_front(2);
    } else if (Op >= 1 && size_t(Op) == Cond.size() - 2 &&
               isName(Cond.back(), Name)) {
      Bound = llvm::ArrayRef<Token>(Cond).take_front(Op);
      Kind = Kind == tok::less           ? tok::greater
             : Kind == tok::lessequal    ? tok::greaterequal
             : Kind == tok::greater      ? tok::less
             : Kind == tok::greaterequal ? tok::lessequal
                                         : Kind;
    }
    if (Bound.empty() ||
        topLevel(Bound, {tok::ampamp, tok::pipepipe, tok::question,
                         tok::comma}) >= 0) {
      error(Cond.empty() ? Loc : Cond.front().getLocation(),
            "the condition of a 'cilk_for' must compare its control "
            "variable with '<', '<=', '>', '>=' or '!=', as in 'i < n'");
      return false;
    }

    // ++i, i++, --i, i--, i += e, i -= e.
    bool Up;
    llvm::ArrayRef<Token> Step;
    if (Inc.size() == 2 && Inc[0].isOneOf(tok::plusplus, tok::minusminus) &&
        isName(Inc[1], Name))
      Up = Inc[0].is(tok::plusplus);
    else if (Inc.size() == 2 && isName(Inc[0], Name) &&
             Inc[1].isOneOf(tok::plusplus, tok::minusminus))
      Up = Inc[1].is(tok::plusplus);
    else if (Inc.size() > 2 && isName(Inc[0], Name) &&
             Inc[1].isOneOf(tok::plusequal, tok::minusequal)) {
      Up = Inc[1].is(tok::plusequal);
      Step = llvm::ArrayRef<Token>(Inc).drop_front(2);
    } else {
      error(Inc.empty() ? Loc : Inc.front().getLocation(),
            "the increment of a 'cilk_for' must be '++', '--', '+=' or "
            "'-=' of its control variable");
      return false;
    }
    if ((Up && (Kind == tok::greater || Kind == tok::greaterequal)) ||
        (!Up && (Kind == tok::less || Kind == tok::lessequal))) {
      error(Inc.front().getLocation(),
            "this 'cilk_for' never ends: its increment goes the other way "
            "from its condition");
      return false;
    }

    append(Out, "{");
    appendRead(Out, Type);
    append(Out, "__cilk_lo = (");
    appendRead(Out, Start);
    // + 0: an array bound decays, as it does in the comparison.
    append(Out, ") ; __typeof__ ( (");
    appendRead(Out, Bound);
    append(Out, ") + 0 ) __cilk_hi = (");
    appendRead(Out, Bound);
    append(Out, ") ; long long __cilk_st =");
    append(Out, Up ? "(" : "- (");
    if (Step.empty())
      append(Out, "1");
    else
      appendRead(Out, Step);
    append(Out, ") ;");
    // The count, from the distance in the loop's direction (what the
    // difference of two pointers or integers is, in unsigned 64 bits).
    const char *From = Up ? "__cilk_lo" : "__cilk_hi";
    const char *To = Up ? "__cilk_hi" : "__cilk_lo";
    const char *Mag = Up ? "( unsigned long long ) __cilk_st"
                         : "( unsigned long long ) - __cilk_st";
    std::string Dist = std::string("__cilk_for_distance ( ") + From + " , " +
                       To + " )";
    std::string Count;
    switch (Kind) {
    case tok::less:
    case tok::greater:
      Count = std::string(From) + " < " + To + " ? ( " + Dist + " - 1 ) / " +
              Mag + " + 1 : 0";
      break;
    case tok::lessequal:
    case tok::greaterequal:
      Count = std::string(From) + " <= " + To + " ? " + Dist + " / " + Mag +
              " + 1 : 0";
      break;
    default: // !=: the distance is a multiple of the step
      Count = Dist + " / " + Mag;
      break;
    }
    append(Out, "unsigned long long __cilk_n = " + Count + " ;");
    append(Out, "for ( unsigned long long __cilk_k = " CILK_ABI_FOR_BEGIN
                " ( __cilk_n , (");
    if (Grain.empty())
      append(Out, "0");
    else
      appendRead(Out, Grain);
    append(Out, ") , & __cilk_k ) ; __cilk_k < __cilk_n ; __cilk_k ++ )");
    Out.push_back(captured());
    append(Out, "{");
    appendRead(Out, Type);
    Out.push_back(make(Name->getName()));
    append(Out, "= __cilk_lo + ( long long ) __cilk_k * __cilk_st ;");
    // The loop's own use of the variable (its condition, in a C loop):
    // no -Wunused-variable for a body that does not read it.
    append(Out, "( void )");
    Out.push_back(make(Name->getName()));
    append(Out, ";");
    Token Do = make("do");
    ForBodies.insert(Loc.getRawEncoding());
    Out.push_back(Do);
    appendRead(Out, Body);
    append(Out, "while ( 0 ) ; } }");
    return true;
  }
};

class ForPragma : public PragmaHandler {
public:
  ForPragma() : PragmaHandler("for") {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    if (skipPragmaLine(PP))
      ForReader(PP, PP.getSourceManager().getExpansionLoc(First.getLocation()))
          .read();
  }
};

/// Reads and rewrites a spawned statement. `cilk_spawn` is `_Pragma("cilk
/// spawn") __extension__` (include/cilk.h): the handler reads the
/// `__extension__` and the token after it. Before a block or a statement
/// that is not an expression (`if`, `for`, `while`, `do`, `switch`) it
/// enters
///
///   cilk_spawn S
///   ->
///   { __cilk_spawn_stmt ( ) ;
///     #pragma clang __debug captured
///     { do S while ( 0 ) ; } }
///
/// clang outlines S into a function of a context (the addresses of the
/// variables S uses), which the pass spawns (CilkSpawnStmt.cpp); the
/// checks know the statement by its do-while (isSpawnBody), count it as a
/// spawn, and report a `break` or `continue` that would leave S, which the
/// do-while keeps legal C (CilkSema.cpp). A
/// `return` in S is an error here, and clang reports a `goto` out. Before
/// anything else the two tokens go back: the spawn of a call, of an
/// assignment, or of a non-call (CilkSema.cpp).
class SpawnReader : StatementReader {
public:
  SpawnReader(Preprocessor &PP, SourceLocation Loc)
      : StatementReader(PP, Loc,
                        "'return' cannot leave a spawned statement: it runs "
                        "in parallel with what follows it") {}

  /// Reads after the pragma (its eod already read); Ext is the keyword's
  /// `__extension__`.
  void read(const Token &Ext) {
    Token T = lex();
    const SourceManager &SM = PP->getSourceManager();
    if (!T.isOneOf(tok::l_brace, tok::kw_if, tok::kw_for, tok::kw_while,
                   tok::kw_do, tok::kw_switch)) {
      // Written out (-E's output: `#pragma cilk spawn` then
      // `__extension__`), the operator is still OpenCilk's spawn.
      if (!Ext.getLocation().isMacroID())
        WrittenSpawns.insert(Ext.getLocation().getRawEncoding());
      PP->EnterToken(readToken(T), /*IsReinject=*/true);
      PP->EnterToken(readToken(Ext), /*IsReinject=*/true);
      return;
    }
    // The keyword's spelling: SpawnLog's key (CilkSema.cpp).
    SpawnedStatementWords.insert(
        SM.getSpellingLoc(keywordLoc(SM, Ext.getLocation())).getRawEncoding());
    PP->EnterToken(readToken(T), /*IsReinject=*/true);
    Tokens Body;
    if (!statement(Body))
      return; // the parser reports the broken statement
    Tokens Out;
    append(Out, "{ " CILK_ABI_SPAWN_STMT " ( ) ;");
    Out.push_back(captured());
    append(Out, "{");
    SpawnBodies.insert(Loc.getRawEncoding());
    Out.push_back(make("do"));
    appendRead(Out, Body);
    append(Out, "while ( 0 ) ; } }");
    enter(Out);
  }
};

class SpawnPragma : public PragmaHandler {
public:
  SpawnPragma() : PragmaHandler("spawn") {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    if (!skipPragmaLine(PP))
      return;
    Token Ext;
    PP.Lex(Ext);
    if (Ext.isNot(tok::kw___extension__)) { // not the keyword's expansion
      PP.EnterToken(readToken(Ext), /*IsReinject=*/true);
      return;
    }
    SpawnReader(PP, PP.getSourceManager().getExpansionLoc(Ext.getLocation()))
        .read(Ext);
  }
};

/// `#pragma cilk grainsize N` (also `grainsize(N)`, `grainsize = N`): the
/// iterations each chunk of the cilk_for right after it runs in series.
class GrainsizePragma : public PragmaHandler {
public:
  GrainsizePragma() : PragmaHandler("grainsize") {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer Intro,
                    Token &First) override {
    Tokens Expr;
    Token T;
    for (PP.Lex(T); T.isNot(tok::eod) && T.isNot(tok::eof); PP.Lex(T))
      Expr.push_back(T);
    if (!Expr.empty() && Expr.front().is(tok::equal))
      Expr.erase(Expr.begin());
    const SourceManager &SM = PP.getSourceManager();
    std::optional<Token> Next =
        Lexer::findNextToken(T.getLocation(), SM, PP.getLangOpts());
    bool BeforeFor = Next && Next->is(tok::raw_identifier) &&
                     (Next->getRawIdentifier() == "cilk_for" ||
                      Next->getRawIdentifier() == "_Cilk_for");
    if (Expr.empty() || !BeforeFor) {
      PP.Diag(First.getLocation(),
              PP.getDiagnostics().getCustomDiagID(
                  DiagnosticsEngine::Warning,
                  "'#pragma cilk grainsize' needs a number and a cilk_for "
                  "right after it: ignored"));
      return;
    }
    PendingGrain = std::move(Expr);
  }
};

} // namespace

void registerScopeKeyword(Preprocessor &PP) {
  PP.AddPragmaHandler("cilk", new ScopePragma());
  PP.AddPragmaHandler("cilk", new ForPragma());
  PP.AddPragmaHandler("cilk", new SpawnPragma());
  PP.AddPragmaHandler("cilk", new GrainsizePragma());
}

bool isForBody(const SourceManager &SM, SourceLocation DoLoc) {
  return DoLoc.isValid() &&
         ForBodies.count(SM.getExpansionLoc(DoLoc).getRawEncoding());
}

bool isSpawnBody(const SourceManager &SM, SourceLocation DoLoc) {
  return DoLoc.isValid() &&
         SpawnBodies.count(SM.getExpansionLoc(DoLoc).getRawEncoding());
}

bool isWrittenSpawn(SourceLocation OperatorLoc) {
  return WrittenSpawns.count(OperatorLoc.getRawEncoding());
}

bool isSpawnedStatementWord(unsigned SpellingKey) {
  return SpawnedStatementWords.count(SpellingKey);
}

bool isScopeStart(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isValid() &&
         ScopeStarts.count(SM.getExpansionLoc(Loc).getRawEncoding());
}

void markImplicitProcedure(const FunctionDecl *FD) {
  ImplicitProcedures.insert(FD->getCanonicalDecl());
}

bool isImplicitProcedure(const FunctionDecl *FD) {
  return ImplicitProcedures.count(FD->getCanonicalDecl());
}

void forgetOpenCilkState() {
  ScopeStarts.clear();
  ImplicitProcedures.clear();
  ForBodies.clear();
  SpawnedStatementWords.clear();
  SpawnBodies.clear();
  WrittenSpawns.clear();
  PendingGrain.clear();
}

} // namespace cilk
