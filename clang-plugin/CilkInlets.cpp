//===- CilkInlets.cpp - Cilk-5 inlets, rewritten by the preprocessor ------===//
//
// See CilkInlets.h for the expansion. Two pragma handlers do the work:
//
//   `cilk inlet`       (the `inlet` keyword) reads `T name(params) {body}`
//                      and defines the macro `name`;
//   `cilk inlet_call N` (what `name` expands to) reads `(args)` and enters
//                      the statement expression of inlet N.
//
// Both read tokens past their own pragma, which a handler may do: it runs
// inside the preprocessor's Lex, and what it enters is lexed next. A token
// watcher counts braces, so that an inlet's name is a macro only until its
// block closes. `inlet` not followed by a definition is an ordinary
// identifier again (Cilk-5 let C code use its keywords as names).
//
//===----------------------------------------------------------------------===//

#include "CilkInlets.h"
#include "CilkTokens.h"
#include "cilk-abi.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <memory>
#include <vector>

using namespace clang;

namespace cilk {
namespace {

using Tokens = llvm::SmallVector<Token, 32>;

/// One inlet definition, ready to expand.
struct Inlet {
  IdentifierInfo *Name = nullptr;
  SourceLocation Loc;
  /// Each parameter's declaration, its name renamed (`int __cilk_inlet_k`),
  /// and that name.
  std::vector<Tokens> Params;
  Tokens ParamNames;
  /// The body `{ ... }`, parameters renamed, `return` rewritten.
  Tokens Body;
  /// Braces open where it was defined: the name is a macro until fewer are.
  unsigned Depth = 0;
  /// What the name meant before (a macro, or null), restored at scope end.
  MacroInfo *Previous = nullptr;
};

class InletState {
public:
  explicit InletState(Preprocessor &PP) : PP(PP) {
    auto Err = [&](llvm::StringRef Msg) {
      return PP.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(
          DiagnosticIDs::Error, Msg);
    };
    NoBody = Err("expected an inlet definition 'inlet T name(params) { ... }'");
    Nested = Err("an inlet cannot be defined inside another inlet");
    BadParam = Err("inlet parameter %0 must be named (an inlet's parameters "
                   "are declared as in an ANSI C definition)");
    VarArgs = Err("an inlet cannot take variable arguments");
    ArgCount = Err("inlet %0 takes %1 argument%s1 (the spawned procedure's "
                   "result first, unless it returns void), but %2 %plural{1:"
                   "was|:were}2 given");
    NotSpawn = Err("the first argument of inlet '%0' must be a spawn: "
                   "'%0(spawn f(args), ...)'");
    Unterminated = Err("unterminated inlet %0");
  }

  void defineInlet(Token &Keyword);
  void callInlet(Token &NameTok, unsigned Index);
  void watch(const Token &T);

private:
  /// Lexes tokens through the balanced group that starts with Open (the
  /// first token, already in Out) until its closing Close. Expanded lexes
  /// with macro expansion. False at end of file (left to be lexed again).
  bool lexGroup(Tokens &Out, tok::TokenKind Open, tok::TokenKind Close,
                bool Expanded);
  /// Gives tokens back to the stream (identifiers not expanded again).
  void giveBack(Tokens Toks);
  /// Appends the tokens of Text (space-separated identifiers, numbers,
  /// string literals and one-character punctuators), located at Loc.
  void synth(Tokens &Out, llvm::StringRef Text, SourceLocation Loc);
  void rewriteBody(llvm::ArrayRef<Token> In, Tokens &Out);
  void enter(Tokens Toks);

  Preprocessor &PP;
  std::vector<Inlet> Inlets;
  std::vector<unsigned> Active; // inlets whose name is a macro now
  unsigned BraceDepth = 0;
  unsigned Calls = 0;
  bool Capturing = false;
  unsigned NoBody, Nested, BadParam, VarArgs, ArgCount, NotSpawn,
      Unterminated;
};

bool InletState::lexGroup(Tokens &Out, tok::TokenKind Open,
                          tok::TokenKind Close, bool Expanded) {
  unsigned Depth = 1;
  while (Depth) {
    Token T;
    if (Expanded)
      PP.Lex(T);
    else
      PP.LexUnexpandedToken(T);
    if (T.is(tok::eof)) {
      PP.EnterToken(T, /*IsReinject=*/true); // the parser's, not ours
      return false;
    }
    if (T.is(Open))
      ++Depth;
    else if (T.is(Close))
      --Depth;
    Out.push_back(T);
  }
  return true;
}

void InletState::enter(Tokens Toks) {
  auto Buf = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Buf.get());
  PP.EnterTokenStream(std::move(Buf), Toks.size(),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
}

void InletState::giveBack(Tokens Toks) {
  for (Token &T : Toks)
    if (T.is(tok::identifier))
      T.setFlag(Token::DisableExpand);
  enter(std::move(Toks));
}

void InletState::synth(Tokens &Out, llvm::StringRef Text,
                       SourceLocation Loc) {
  // One scratch copy of Text, one expansion at Loc: the tokens share a
  // macro context, as `({` and `})` must.
  Token Whole;
  Whole.startToken();
  Whole.setKind(tok::string_literal);
  PP.CreateString(Text, Whole, Loc, Loc);
  const char *Base = Whole.getLiteralData();
  size_t At = 0;
  while (At < Text.size()) {
    if (Text[At] == ' ') {
      ++At;
      continue;
    }
    // A piece ends at a space; a string literal at its closing quote.
    size_t End = Text[At] == '"' ? Text.find('"', At + 1) + 1
                                 : Text.find(' ', At);
    llvm::StringRef P = Text.slice(At, End);
    Token T;
    T.startToken();
    T.setLocation(Whole.getLocation().getLocWithOffset(At));
    T.setLength(P.size());
    if (llvm::isDigit(P[0]) || P[0] == '"') {
      T.setKind(P[0] == '"' ? tok::string_literal : tok::numeric_constant);
      T.setLiteralData(Base + At);
    } else if (llvm::isAlpha(P[0]) || P[0] == '_') {
      IdentifierInfo *II = PP.getIdentifierInfo(P);
      T.setKind(II->getTokenID());
      T.setIdentifierInfo(II);
    } else {
      static const std::pair<char, tok::TokenKind> Punct[] = {
          {'(', tok::l_paren}, {')', tok::r_paren}, {'{', tok::l_brace},
          {'}', tok::r_brace}, {';', tok::semi},    {':', tok::colon},
          {'=', tok::equal},   {',', tok::comma}};
      for (auto [C, K] : Punct)
        if (P[0] == C)
          T.setKind(K);
      assert(T.getKind() != tok::unknown && "unknown punctuator");
    }
    Out.push_back(T);
    At += P.size();
  }
}

/// The name a parameter declaration declares: the last identifier outside
/// array bounds and nested parameter lists (`int (*f)(int x)` declares f).
static int declaredName(llvm::ArrayRef<Token> P) {
  llvm::SmallVector<bool, 4> Skipping;
  int Name = -1;
  for (size_t I = 0; I < P.size(); ++I) {
    const Token &T = P[I];
    bool Skip = !Skipping.empty() && Skipping.back();
    if (T.is(tok::l_paren))
      Skipping.push_back(Skip || (I > 0 && P[I - 1].isOneOf(
                                               tok::identifier, tok::r_paren)));
    else if (T.is(tok::l_square))
      Skipping.push_back(true);
    else if (T.isOneOf(tok::r_paren, tok::r_square) && !Skipping.empty())
      Skipping.pop_back();
    else if (T.is(tok::identifier) && !Skip)
      Name = int(I);
  }
  return Name;
}

/// Toks split at the commas outside parentheses, brackets and braces;
/// nothing at all is no piece.
static std::vector<Tokens> splitAtCommas(llvm::ArrayRef<Token> Toks) {
  std::vector<Tokens> Pieces(1);
  int Depth = 0;
  for (const Token &T : Toks) {
    if (T.is(tok::comma) && Depth == 0) {
      Pieces.emplace_back();
      continue;
    }
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    Pieces.back().push_back(T);
  }
  if (Pieces.size() == 1 && Pieces[0].empty())
    Pieces.clear();
  return Pieces;
}

/// `return;` -> `goto __cilk_inlet_done;`, `return e;` ->
/// `{ (void)(e); goto __cilk_inlet_done; }`.
void InletState::rewriteBody(llvm::ArrayRef<Token> In, Tokens &Out) {
  for (size_t I = 0; I < In.size(); ++I) {
    if (In[I].isNot(tok::kw_return)) {
      Out.push_back(In[I]);
      continue;
    }
    size_t End = I + 1;
    for (int Depth = 0; End < In.size(); ++End) {
      if (In[End].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (In[End].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (In[End].is(tok::semi) && Depth == 0)
        break;
    }
    if (End == I + 1) {
      synth(Out, "goto __cilk_inlet_done", In[I].getLocation());
      continue; // the `;` follows
    }
    synth(Out, "{ ( void ) (", In[I].getLocation());
    rewriteBody(In.slice(I + 1, End - I - 1), Out);
    synth(Out, ") ; goto __cilk_inlet_done ; }", In[I].getLocation());
    I = End; // past the `;`
  }
}

void InletState::defineInlet(Token &Keyword) {
  SourceLocation Loc =
      PP.getSourceManager().getExpansionLoc(Keyword.getLocation());
  // `inlet T name(params) {`: read up to the body's brace, or give back.
  Tokens Head;
  Token LBrace;
  int Depth = 0;
  for (;;) {
    Token T;
    PP.Lex(T);
    if (T.is(tok::eof) ||
        (Depth == 0 && T.isOneOf(tok::semi, tok::equal, tok::comma,
                                 tok::r_paren, tok::r_brace)) ||
        (T.is(tok::l_brace) && (Depth != 0 || Head.empty() ||
                                Head.back().isNot(tok::r_paren)))) {
      Tokens Back;
      synth(Back, "inlet", Loc);
      Back.append(Head);
      Back.push_back(T);
      giveBack(std::move(Back));
      return;
    }
    if (T.is(tok::l_brace)) {
      LBrace = T;
      break;
    }
    if (T.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square))
      --Depth;
    Head.push_back(T);
  }
  // A definition in error is dropped whole, its body too, so that the
  // parser goes on after it.
  auto DropBody = [&] {
    Tokens Body;
    lexGroup(Body, tok::l_brace, tok::r_brace, true);
  };
  if (Capturing) {
    PP.Diag(Loc, Nested);
    DropBody();
    return;
  }
  // Head: T name ( params ). Find the parameter list's open parenthesis.
  size_t Open = Head.size() - 1;
  for (int D = 0;; --Open) {
    if (Head[Open].is(tok::r_paren))
      ++D;
    else if (Head[Open].is(tok::l_paren) && --D == 0)
      break;
  }
  if (Open < 2 || Head[Open - 1].isNot(tok::identifier)) {
    PP.Diag(Loc, NoBody);
    DropBody();
    return;
  }
  Inlet In;
  In.Name = Head[Open - 1].getIdentifierInfo();
  In.Loc = Head[Open - 1].getLocation();
  unsigned Index = Inlets.size();
  std::string Prefix = "__cilk_inlet" + std::to_string(Index) + "_";

  std::vector<Tokens> Params = splitAtCommas(
      llvm::ArrayRef<Token>(Head).slice(Open + 1, Head.size() - Open - 2));
  if (Params.size() == 1 && Params[0].size() == 1 &&
      Params[0][0].is(tok::kw_void))
    Params.clear();
  llvm::DenseMap<IdentifierInfo *, IdentifierInfo *> Renamed;
  for (Tokens &P : Params) {
    if (!P.empty() && P[0].is(tok::ellipsis)) {
      PP.Diag(P[0].getLocation(), VarArgs);
      DropBody();
      return;
    }
    int N = declaredName(P);
    if (N < 0) {
      PP.Diag(P.empty() ? In.Loc : P[0].getLocation(), BadParam)
          << int(&P - Params.data()) + 1;
      DropBody();
      return;
    }
    IdentifierInfo *Old = P[N].getIdentifierInfo();
    IdentifierInfo *New = PP.getIdentifierInfo(Prefix + Old->getName().str());
    Renamed[Old] = New;
    P[N].setIdentifierInfo(New);
    In.ParamNames.push_back(P[N]);
  }

  // The body, macros expanded (a macro may expand to `return`).
  Tokens Body{LBrace};
  Capturing = true;
  bool Complete = lexGroup(Body, tok::l_brace, tok::r_brace, true);
  Capturing = false;
  if (!Complete) {
    PP.Diag(In.Loc, Unterminated) << In.Name;
    return;
  }
  for (size_t I = 0; I < Body.size(); ++I)
    if (IdentifierInfo *II = Body[I].getIdentifierInfo();
        II && Body[I].is(tok::identifier) &&
        !(I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow)))
      if (IdentifierInfo *New = Renamed.lookup(II))
        Body[I].setIdentifierInfo(New);
  rewriteBody(Body, In.Body);
  In.Params = std::move(Params);
  In.Depth = BraceDepth;
  In.Previous = PP.getMacroInfo(In.Name);

  // name -> _Pragma("cilk inlet_call <Index>")
  Tokens Expansion;
  synth(Expansion,
        "_Pragma ( \"cilk inlet_call " + std::to_string(Index) + "\" )",
        In.Loc);
  MacroInfo *MI = PP.AllocateMacroInfo(In.Loc);
  MI->setTokens(Expansion, PP.getPreprocessorAllocator());
  MI->setDefinitionEndLoc(In.Loc);
  MI->setIsUsed(true);
  PP.appendDefMacroDirective(In.Name, MI);
  Inlets.push_back(std::move(In));
  Active.push_back(Index);
}

void InletState::callInlet(Token &NameTok, unsigned Index) {
  const Inlet &In = Inlets[Index];
  SourceLocation Loc =
      PP.getSourceManager().getExpansionLoc(NameTok.getLocation());
  Token T;
  PP.LexUnexpandedToken(T);
  if (T.isNot(tok::l_paren)) {
    Tokens Back;
    synth(Back, In.Name->getName(), Loc);
    Back.push_back(T);
    giveBack(std::move(Back));
    return;
  }
  Tokens Group;
  if (!lexGroup(Group, tok::l_paren, tok::r_paren, false)) {
    PP.Diag(Loc, Unterminated) << In.Name;
    return;
  }
  Group.pop_back(); // the `)`
  std::vector<Tokens> Args = splitAtCommas(Group);
  size_t NP = In.Params.size();
  // A spawned procedure that returns void passes nothing to the inlet.
  bool VoidSpawn = Args.size() == NP + 1;
  if (Args.size() != NP && !VoidSpawn) {
    PP.Diag(Loc, ArgCount) << In.Name << unsigned(NP) << unsigned(Args.size());
    return;
  }
  if (Args.empty() || Args[0].empty() || Args[0][0].isNot(tok::identifier) ||
      Args[0][0].getIdentifierInfo()->getName() != "spawn") {
    PP.Diag(Args.empty() || Args[0].empty() ? Loc : Args[0][0].getLocation(),
            NotSpawn)
        << In.Name->getName();
    return;
  }

  std::string Id = std::to_string(Calls++);
  Tokens Out;
  synth(Out, "( { __label__ __cilk_inlet_done ;", Loc);
  // Cilk-5 evaluates the other arguments before the spawn.
  for (size_t I = VoidSpawn ? 0 : 1; I < NP; ++I) {
    Out.append(In.Params[I]);
    synth(Out, "= (", Loc);
    Out.append(Args[VoidSpawn ? I + 1 : I]);
    synth(Out, ") ;", Loc);
  }
  // Which variables hold them (the pass gives each spawn its own copy).
  synth(Out, "__cilk_inlet_args ( " + Id, Loc);
  for (size_t I = VoidSpawn ? 0 : 1; I < NP; ++I) {
    synth(Out, ",", Loc);
    Out.push_back(In.ParamNames[I]);
  }
  synth(Out, ") ;", Loc);
  if (!VoidSpawn) {
    Out.append(In.Params[0]);
    synth(Out, "=", Loc);
  }
  Out.append(Args[0]);
  synth(Out, "; __cilk_inlet_begin ( " + Id + " ) ;", Loc);
  Out.append(In.Body);
  // (The `if (0) goto`: an inlet that never returns early would not use
  // the label, and -Wall says so.)
  synth(Out,
        "if ( 0 ) goto __cilk_inlet_done ; __cilk_inlet_done : "
        "__cilk_inlet_end ( " +
            Id + " ) ; } )",
        Loc);
  enter(std::move(Out));
}

void InletState::watch(const Token &T) {
  if (T.is(tok::l_brace)) {
    ++BraceDepth;
    return;
  }
  if (T.isNot(tok::r_brace) || BraceDepth == 0)
    return;
  --BraceDepth;
  while (!Active.empty() && Inlets[Active.back()].Depth > BraceDepth) {
    const Inlet &In = Inlets[Active.back()];
    Active.pop_back();
    if (In.Previous)
      PP.appendDefMacroDirective(In.Name, In.Previous);
    else
      PP.appendMacroDirective(In.Name, new (PP.getPreprocessorAllocator())
                                           UndefMacroDirective(T.getLocation()));
  }
}

/// `#pragma cilk inlet`, which the keyword `inlet` expands to, and
/// `#pragma cilk inlet_call N`, which inlet N's name expands to.
class InletPragma : public PragmaHandler {
public:
  InletPragma(llvm::StringRef Name, std::shared_ptr<InletState> S)
      : PragmaHandler(Name), S(std::move(S)) {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    Token Pragma = First;
    unsigned Index = 0;
    Token T;
    PP.Lex(T);
    if (T.is(tok::numeric_constant))
      llvm::StringRef(T.getLiteralData(), T.getLength())
          .getAsInteger(10, Index);
    while (T.isNot(tok::eod) && T.isNot(tok::eof))
      PP.Lex(T);
    if (getName() == "inlet")
      S->defineInlet(Pragma);
    else
      S->callInlet(Pragma, Index);
  }

private:
  std::shared_ptr<InletState> S;
};

} // namespace

void registerInlets(Preprocessor &PP) {
  auto S = std::make_shared<InletState>(PP);
  PP.AddPragmaHandler("cilk", new InletPragma("inlet", S));
  PP.AddPragmaHandler("cilk", new InletPragma("inlet_call", S));
  // The one watcher: for the inlets' braces, and for the keyword pragmas
  // that look back (CilkTokens.h).
  PP.setTokenWatcher([S](const Token &T) {
    S->watch(T);
    noteToken(T);
  });
}

} // namespace cilk
