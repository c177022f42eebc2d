//===- CilkCxxWords.cpp - Cilk-5's words in C++ ---------------------------===//
//
// See CilkCxxWords.h for what each word becomes. Each handler runs inside
// the preprocessor's Lex, reads the token after its word (already
// expanded, so it goes back with expansion disabled) and enters the word's
// meaning or the word as a name in front of it.
//
//===----------------------------------------------------------------------===//

#include "CilkCxxWords.h"
#include "CilkSema.h"
#include "CilkTokens.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cilk {

namespace {

/// The pragma `cilk cilk5_<Word>`, followed in its macro by the word's C
/// expansion, Count tokens (include/cilk.h).
class WordPragma : public PragmaHandler {
public:
  WordPragma(llvm::StringRef Word, unsigned Count,
             std::shared_ptr<SpawnLog> Log)
      : PragmaHandler(("cilk5_" + Word).str()), Word(Word), Count(Count),
        Log(std::move(Log)) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer,
                    Token &First) override {
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(First.getLocation());
    // `sync;` and `abort;` are statements: what came before ends one, or
    // opens a block or a statement's body (`return sync;` reads a name).
    bool Statement = llvm::is_contained(
        {tok::unknown, tok::semi, tok::l_brace, tok::r_brace, tok::r_paren,
         tok::colon, tok::kw_else, tok::kw_do},
        previousTokenKind());
    if (!skipPragmaLine(PP))
      return;
    // The expansion's tokens keep their locations in the macro, as C's
    // do: they say where the word was written (SpawnRecorder logged a
    // spawn there), and clang does not call `__cilk_sync;` unused.
    Tokens Expansion;
    for (unsigned I = 0; I < Count; ++I) {
      Token T;
      PP.Lex(T);
      Expansion.push_back(readToken(T));
    }
    Token Next;
    PP.Lex(Next);
    bool IsWord = !SM.isInSystemHeader(Loc) && Next.isNot(tok::eof) &&
                  (Word == "cilk"    ? Next.getIdentifierInfo() != nullptr
                   : Word == "spawn" ? Next.isOneOf(tok::identifier,
                                                    tok::kw_this)
                                     : Next.is(tok::semi) && Statement);
    Tokens Out;
    if (IsWord) {
      Out = std::move(Expansion);
    } else {
      if (Word == "spawn")
        Log->Expansions.erase(
            SM.getSpellingLoc(keywordLoc(SM, Expansion[0].getLocation()))
                .getRawEncoding());
      Token Name = makeToken(PP, Word, Loc);
      Name.setFlag(Token::DisableExpand);
      Out.push_back(Name);
    }
    if (Next.is(tok::eof)) {
      enterTokens(PP, Out);
      PP.EnterToken(Next, /*IsReinject=*/true);
      return;
    }
    Out.push_back(readToken(Next));
    enterTokens(PP, Out);
  }

private:
  std::string Word;
  unsigned Count;
  std::shared_ptr<SpawnLog> Log;
};

/// libstdc++'s <cstdlib> says `#undef abort` (it undefines the C library's
/// function-like macros): the word comes back where the system header is
/// left, unless the program chose OpenCilk's spelling (<cilk/cilk.h>,
/// whose guard is defined before it undefines the words).
class WordKeeper : public PPCallbacks {
public:
  explicit WordKeeper(Preprocessor &PP) : PP(PP) {}

  void MacroUndefined(const Token &Name, const MacroDefinition &MD,
                      const MacroDirective *) override {
    if (Name.getIdentifierInfo()->getName() == "abort" &&
        MD.getMacroInfo() &&
        PP.getSourceManager().isInSystemHeader(Name.getLocation()) &&
        !PP.isMacroDefined("CILK_CILK_H"))
      Undone = MD.getMacroInfo();
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (!Undone || Reason != ExitFile || Kind != SrcMgr::C_User)
      return;
    PP.appendDefMacroDirective(PP.getIdentifierInfo("abort"), Undone, Loc);
    Undone = nullptr;
  }

private:
  Preprocessor &PP;
  MacroInfo *Undone = nullptr;
};

} // namespace

void registerCxxWords(Preprocessor &PP, std::shared_ptr<SpawnLog> Log) {
  // __attribute__ ( ( __cilk__ ) ); __extension__; __cilk_sync;
  // __cilk_abort.
  PP.AddPragmaHandler("cilk", new WordPragma("cilk", 6, Log));
  for (const char *Word : {"spawn", "sync", "abort"})
    PP.AddPragmaHandler("cilk", new WordPragma(Word, 1, Log));
  if (PP.getLangOpts().CPlusPlus)
    PP.addPPCallbacks(std::make_unique<WordKeeper>(PP));
  Token Start; // a new file: nothing before its first token
  Start.startToken();
  noteToken(Start);
}

} // namespace cilk
