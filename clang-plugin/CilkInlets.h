//===- CilkInlets.h - Cilk-5 inlets, rewritten by the preprocessor -*- C++ -*-===//
//
// An inlet is a function nested in a Cilk procedure, which C does not have.
// The `inlet` keyword is the pragma `_Pragma("cilk inlet")`; its handler
// reads the definition that follows off the token stream and makes the
// inlet's name a macro for the lifetime of the enclosing block. Each call
// `name(spawn f(a), b)` then expands, where it stands, into a statement
// expression the parser and the pass understand:
//
//   ({ __label__ __cilk_inlet_done;
//      int __cilk_inlet_k = (b);             // the other arguments first
//      __cilk_inlet_args(ID, __cilk_inlet_k);
//      int __cilk_inlet_r = spawn f(a);      // the spawn's result
//      __cilk_inlet_begin(ID);
//      { <body, `return` as goto __cilk_inlet_done, parameters renamed> }
//      __cilk_inlet_done: __cilk_inlet_end(ID); })
//
// The body thus sees the procedure's variables by ordinary scoping. The
// pass makes the code between the markers the inlet of that spawn: it runs
// right after the call on the fast path, and, after a steal, when the child
// returns, atomically with respect to the procedure and its other inlets.
//
//===----------------------------------------------------------------------===//
#ifndef CILK_CLANG_PLUGIN_CILKINLETS_H
#define CILK_CLANG_PLUGIN_CILKINLETS_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace cilk {

/// Registers the `cilk inlet` and `cilk inlet_call` pragmas and the brace
/// counter that ends an inlet's scope. PP owns what is registered.
void registerInlets(clang::Preprocessor &PP);

} // namespace cilk

#endif
