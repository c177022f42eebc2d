//===- CilkTokens.h - Tokens a keyword pragma enters ------------*- C++ -*-===//
//
// The keywords that are pragmas (CilkThreadKeywords.cpp: thread, cont, spawn_next,
// tail_call; CilkOpenCilk.cpp: cilk_for, cilk_spawn) read the tokens after them and
// enter others in their place: these make, mark and enter them.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKTOKENS_H
#define CILK_CLANG_PLUGIN_CILKTOKENS_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cilk {

using Tokens = llvm::SmallVector<clang::Token, 32>;

/// Reads what is left of a pragma's line (a keyword's `_Pragma("cilk
/// ...")` has nothing there). False if the file ended instead.
bool skipPragmaLine(clang::Preprocessor &PP);
/// A token for Text (an identifier, keyword, decimal number, string or C
/// punctuator) at Loc.
clang::Token makeToken(clang::Preprocessor &PP, llvm::StringRef Text,
                       clang::SourceLocation Loc);
/// Appends the tokens of Text, which single spaces separate, at Loc.
void appendTokens(clang::Preprocessor &PP, Tokens &Out, llvm::StringRef Text,
                  clang::SourceLocation Loc);
/// T, read by a handler (so already expanded), not to be expanded again.
clang::Token readToken(clang::Token T);
/// Enters Toks into PP's stream, where the parser reads them next.
void enterTokens(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> Toks);
/// The preprocessor's token watcher (CilkInlets.cpp installs it) notes each
/// token the parser is given; a keyword pragma asks for the kind of the
/// one before its word (tok::unknown at the start of a file).
void noteToken(const clang::Token &T);
clang::tok::TokenKind previousTokenKind();
/// Where the keyword whose expansion made the token at Loc was written (the
/// macro name's location): a keyword written in a macro's argument
/// (`LOOP(x += spawn f(i))`) was expanded before the argument was
/// substituted, so the argument's expansions are stepped over. Loc itself
/// if it comes from no macro.
clang::SourceLocation keywordLoc(const clang::SourceManager &SM,
                                 clang::SourceLocation Loc);

} // namespace cilk

#endif
