//===- CilkCxxWords.h - Cilk-5's words in C++ -------------------*- C++ -*-===//
//
// In C, Cilk-5's words are macros (include/cilk.h). C++'s own headers use
// `sync` and `abort` as names (`this->sync()`, `using ::abort;`), and
// OpenCilk's headers `cilk` (namespace cilk), so in C++ each word is a
// pragma before its C expansion that looks at the token after that
// (include/cilk.h), and keeps the expansion or makes the word a name:
//
//   cilk <name or keyword>  ->  __attribute__((__cilk__)) <it>
//   spawn <name or this>    ->  __extension__ <it>       (a Cilk-5 spawn)
//   sync ;                  ->  __cilk_sync ;    (where a statement
//   abort ;                 ->  __cilk_abort ;    begins)
//
// Followed by anything else, or in a system header, the word is a name
// again (`std::abort()`, `cilk::opadd_reducer`, `void spawn(int)`), and a
// `spawn` that is a name leaves no expansion for the end-of-file check
// (SpawnLog).
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKCXXWORDS_H
#define CILK_CLANG_PLUGIN_CILKCXXWORDS_H

#include <memory>

namespace clang {
class Preprocessor;
} // namespace clang

namespace cilk {

struct SpawnLog;

/// Registers the pragmas `cilk cilk5_cilk`, `cilk5_spawn`, `cilk5_sync` and
/// `cilk5_abort`. PP owns what is registered.
void registerCxxWords(clang::Preprocessor &PP, std::shared_ptr<SpawnLog> Log);

} // namespace cilk

#endif
