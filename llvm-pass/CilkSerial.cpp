//===- CilkSerial.cpp - Lower a Cilk module to its serial elision ---------===//
//
// The serial elision drops the keywords: a spawn is an ordinary call (phase 1
// already made it a direct call) and a sync does nothing:
//
//   call void @__cilk_sync_marker()      ->   (deleted)
//
// The !cilk.spawn tags stay; they do not change code generation.
//
//===----------------------------------------------------------------------===//

#include "CilkPass.h"
#include "cilk-abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cilk {

bool lowerToSerialElision(Module &M) {
  // A file compiled in another mode spawns f.fast: it links, and the
  // runtime reports the mismatch at start-up.
  bool Aliased = aliasFastSymbols(M, {});
  Function *Sync = M.getFunction(CILK_ABI_SYNC_MARKER);
  if (!Sync)
    return Aliased;
  SmallVector<CallInst *, 16> Calls;
  for (User *U : Sync->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      Calls.push_back(CI);
  for (CallInst *CI : Calls)
    CI->eraseFromParent();
  if (Sync->use_empty())
    Sync->eraseFromParent();
  return Aliased || !Calls.empty();
}

} // namespace cilk
