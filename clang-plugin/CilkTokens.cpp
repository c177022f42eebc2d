//===- CilkTokens.cpp - Tokens a keyword pragma enters --------------------===//

#include "CilkTokens.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>

using namespace clang;

namespace cilk {

bool skipPragmaLine(Preprocessor &PP) {
  Token T;
  do
    PP.Lex(T);
  while (T.isNot(tok::eod) && T.isNot(tok::eof));
  return T.is(tok::eod);
}

Token makeToken(Preprocessor &PP, llvm::StringRef Text, SourceLocation Loc) {
  Token T;
  T.startToken();
  T.setLocation(Loc);
  static const std::pair<const char *, tok::TokenKind> Punct[] = {
      {"(", tok::l_paren},       {")", tok::r_paren},
      {"{", tok::l_brace},       {"}", tok::r_brace},
      {";", tok::semi},          {",", tok::comma},
      {"*", tok::star},          {"&", tok::amp},
      {"&&", tok::ampamp},        {"::", tok::coloncolon},
      {"+", tok::plus},          {"-", tok::minus},
      {"/", tok::slash},         {"?", tok::question},
      {":", tok::colon},         {"=", tok::equal},
      {"<", tok::less},          {"<=", tok::lessequal},
      {">", tok::greater},       {">=", tok::greaterequal},
      {"!=", tok::exclaimequal}, {"==", tok::equalequal},
      {"++", tok::plusplus}};
  for (auto [P, K] : Punct)
    if (Text == P) {
      T.setKind(K);
      T.setLength(Text.size());
      return T;
    }
  // A number's or a string's spelling is read from its token's buffer:
  // the scratch buffer, in an expansion at Loc.
  if (isDigit(Text.front()) || Text.front() == '"') {
    T.setKind(Text.front() == '"' ? tok::string_literal
                                  : tok::numeric_constant);
    PP.CreateString(Text, T, Loc, Loc);
    return T;
  }
  IdentifierInfo *II = PP.getIdentifierInfo(Text);
  T.setKind(II->getTokenID());
  T.setIdentifierInfo(II);
  T.setLength(Text.size());
  return T;
}

void appendTokens(Preprocessor &PP, Tokens &Out, llvm::StringRef Text,
                  SourceLocation Loc) {
  while (!Text.empty()) {
    auto [Piece, Rest] = Text.split(' ');
    if (!Piece.empty())
      Out.push_back(makeToken(PP, Piece, Loc));
    Text = Rest;
  }
}

Token readToken(Token T) {
  if (T.is(tok::identifier) || T.getIdentifierInfo())
    T.setFlag(Token::DisableExpand);
  return T;
}

void enterTokens(Preprocessor &PP, llvm::ArrayRef<Token> Toks) {
  auto Buf = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Buf.get());
  PP.EnterTokenStream(std::move(Buf), Toks.size(),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
}

static tok::TokenKind Previous = tok::unknown;

void noteToken(const Token &T) { Previous = T.getKind(); }

tok::TokenKind previousTokenKind() { return Previous; }

SourceLocation keywordLoc(const SourceManager &SM, SourceLocation Loc) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  return Loc.isMacroID() ? SM.getImmediateExpansionRange(Loc).getBegin() : Loc;
}

} // namespace cilk
