//===- CilkPortable.cpp - What may run in another process ------------------===//
//
// A distributed run (runtime/dist.c) moves closures between processes that
// run the same program. Two things make a closure safe to move:
//
//   1. Its bytes can be described machine-independently: every value is an
//      integer or IEEE float of 1, 2, 4 or 8 bytes, or a struct or array of
//      them; no pointer (an address means nothing in another process), no
//      union (its IR type may be an integer that holds a pointer), no
//      x86_fp80, no vector. describeType() writes such a description in
//      the grammar of cilk-abi.h (OFFSET KIND WIDTH, comma-separated).
//   2. The code that runs after the move, and everything it calls or
//      spawns, reads nothing that differs between processes: no writable
//      global (main may have set it, in one process only), no call into
//      another file or a library that keeps state (Cilk_lock, rand, ...);
//      output (printf, ...), getenv and exit are allowed: every process
//      has them.
//      markSelfContained() finds the functions of which this holds, before
//      any lowering, and gives them the attribute CILK_SELF_CONTAINED_ATTR:
//
//        self-contained(F) = F is defined here, uses no writable global
//            (constants, string literals, stdout are fine), makes no
//            indirect call and no inline asm but the empty one, and calls
//            only intrinsics, the plugin's markers (__cilk_*), a short list
//            of C library functions, and self-contained functions; a
//            function that a marker names (a thread passed to spawn_next)
//            counts as called
//
//      computed as a greatest fixpoint, so that recursion (fib calls fib)
//      is fine and a cycle that reaches printf is not.
//   3. The process that receives it runs the same code. The attribute's
//      value is the code hash of F: FNV-1a over the name and own hash of
//      every function F reaches (itself, its callees, theirs, ...), each
//      own hash FNV-1a of the function's code in the canonical text that
//      CodeWriter writes. The descriptors carry it (cilk-abi.h), and the
//      processes of a job compare their sums at start-up (runtime/dist.c).
//
// The procedure's description (procedureLayout) then goes into its
// descriptor; threads use the same rule (CilkThreadLowering.cpp).
//
//===----------------------------------------------------------------------===//

#include "CilkShape.h"
#include "cilk-abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cilk {

/// C library functions whose result depends only on their arguments and
/// on memory the caller passes (errno is per thread): the same in any
/// process; and output, the environment and ending the program, which
/// every process of a job shares (mpirun forwards each one's output).
static bool isStatelessLibraryFunction(StringRef Name) {
  static const StringSet<> Names = {
      "printf", "fprintf", "puts", "putchar", "fputs", "fputc", "putc",
      "fwrite", "fflush", "getenv", "raise", "abort", "exit", "Cilk_exit",
      "malloc", "calloc", "realloc", "free", "aligned_alloc", "memcpy",
      "memmove", "memset", "memcmp", "strlen", "strcmp", "strncmp", "strcpy",
      "strncpy", "abs", "labs", "llabs", "sqrt", "sqrtf", "cbrt", "sin",
      "sinf", "cos", "cosf", "tan", "tanf", "asin", "acos", "atan", "atanf",
      "atan2", "atan2f", "sinh", "cosh", "tanh", "exp", "expf", "exp2",
      "log", "logf", "log2", "log10", "pow", "powf", "fabs", "fabsf",
      "floor", "floorf", "ceil", "ceilf", "round", "trunc", "fmod", "fmin",
      "fmax", "hypot", "ldexp", "frexp", "modf"};
  return Names.contains(Name);
}

/// stdin, stdout, stderr: writable, but each process has its own.
static bool isStandardStream(const GlobalVariable *GV) {
  return GV->isDeclaration() &&
         (GV->getName() == "stdout" || GV->getName() == "stderr" ||
          GV->getName() == "stdin");
}

/// True if C is or contains a writable global variable.
static bool refersToWritableGlobal(const Constant *C,
                                   SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return false;
  if (auto *GV = dyn_cast<GlobalVariable>(C))
    return !GV->isConstant() && !isStandardStream(GV);
  if (isa<GlobalValue>(C))
    return false; // a function's address: its calls are judged where made
  for (const Use &U : C->operands())
    if (auto *Op = dyn_cast<Constant>(U.get());
        Op && refersToWritableGlobal(Op, Seen))
      return true;
  return false;
}

/// A call of one of the plugin's markers (__cilk_*).
static bool callsMarker(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  return Callee && Callee->getName().starts_with("__cilk_");
}

/// F's own code only: true if it obeys the rule (callees aside), and the
/// functions it calls or names in Callees.
static bool locallySelfContained(Function &F,
                                 SmallSetVector<Function *, 8> &Callees) {
  SmallPtrSet<const Constant *, 16> Seen;
  for (Instruction &I : instructions(F)) {
    if (isa<DbgInfoIntrinsic>(I))
      continue;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      Function *Callee = CB->getCalledFunction();
      // An empty asm (the idiom `asm volatile("" : "+r"(x))` that keeps a
      // loop from being folded) touches nothing; any other may.
      if (auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
        if (!IA->getAsmString().empty())
          return false;
      } else if (!Callee) {
        // A spawn of a thread calls what its marker returns: the thread,
        // which the marker names (counted at the marker's call).
        auto *Marker = dyn_cast<CallBase>(
            CB->getCalledOperand()->stripPointerCasts());
        if (!Marker || !callsMarker(*Marker))
          return false;
      } else if (Callee->isIntrinsic()) {
        // memcpy and friends: their operands are checked below.
      } else if (callsMarker(*CB)) {
        // The plugin's markers; a function they name counts as called.
        for (Value *Arg : CB->args())
          if (auto *Fn = dyn_cast<Function>(Arg->stripPointerCasts()))
            Callees.insert(Fn);
      } else if (Callee->isDeclaration()) {
        if (!isStatelessLibraryFunction(Callee->getName()))
          return false;
      } else {
        Callees.insert(Callee);
      }
    }
    for (const Use &U : I.operands()) {
      auto *C = dyn_cast<Constant>(U.get());
      if (!C)
        continue;
      if (auto *Fn = dyn_cast<Function>(C)) {
        // A function's address that is not a direct callee escapes (into a
        // pointer): what it will call is not known here.
        auto *CB = dyn_cast<CallBase>(&I);
        if (Fn->isIntrinsic() || (CB && (CB->isCallee(&U) || callsMarker(*CB))))
          continue;
        return false;
      }
      if (refersToWritableGlobal(C, Seen))
        return false;
    }
  }
  return true;
}

namespace {

/// Writes a function's code as text that depends only on what the code
/// does: instructions, their types, flags and operands, the bodies of
/// struct types and the contents of the constants they read. Values are
/// numbered in order, not named: clang's value names, metadata (debug
/// locations, TBAA) and the names of private constants (`.str.3`, which
/// depend on what else the file holds) do not count, so the same function
/// in another file, or after a comment moved it down, writes the same.
class CodeWriter {
public:
  CodeWriter(const Function &F, raw_ostream &OS) : OS(OS) {
    unsigned N = 0;
    for (const BasicBlock &BB : F) {
      Number[&BB] = N++;
      for (const Instruction &I : BB)
        if (!isa<DbgInfoIntrinsic>(I)) // -g writes what a plain build does
          Number[&I] = N++;
    }
  }

  void function(const Function &F) {
    type(F.getFunctionType());
    OS << " cc" << F.getCallingConv() << '\n';
    for (const BasicBlock &BB : F) {
      OS << 'b' << Number.lookup(&BB) << ":\n";
      for (const Instruction &I : BB)
        if (!isa<DbgInfoIntrinsic>(I))
          instruction(I);
    }
  }

private:
  raw_ostream &OS;
  DenseMap<const Value *, unsigned> Number;
  SmallPtrSet<const GlobalVariable *, 8> Written; // constants' contents

  void type(Type *Ty) {
    auto *ST = dyn_cast<StructType>(Ty);
    if (!ST || ST->isLiteral() || ST->isOpaque()) {
      Ty->print(OS);
      return;
    }
    // A named struct by its body: a field added changes the code that
    // uses it even where the name stays.
    OS << (ST->isPacked() ? "<{" : "{");
    for (Type *E : ST->elements()) {
      type(E);
      OS << ',';
    }
    OS << (ST->isPacked() ? "}>" : "}");
  }

  void constant(const Constant *C) {
    type(C->getType());
    OS << ' ';
    if (auto *GV = dyn_cast<GlobalVariable>(C)) {
      // A constant's contents (a format string, a table), once; a
      // writable global by its name (only stdout and friends get here).
      if (!GV->isConstant() || !GV->hasDefinitiveInitializer()) {
        OS << '@' << GV->getName();
      } else if (!Written.insert(GV).second) {
        OS << "@again";
      } else {
        OS << "const ";
        constant(GV->getInitializer());
      }
    } else if (auto *G = dyn_cast<GlobalValue>(C)) {
      OS << '@' << G->getName(); // a function: its code counts on its own
    } else if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
      OS << "data ";
      OS.write_hex(stableId(CDS->getRawDataValues()));
    } else if (isa<ConstantInt, ConstantFP, ConstantPointerNull,
                   ConstantAggregateZero, UndefValue, ConstantTokenNone>(C)) {
      C->printAsOperand(OS, /*PrintType=*/false);
    } else if (auto *CE = dyn_cast<ConstantExpr>(C)) {
      OS << CE->getOpcodeName() << ' ' << CE->getRawSubclassOptionalData();
      if (auto *GEP = dyn_cast<GEPOperator>(CE)) {
        OS << ' ';
        type(GEP->getSourceElementType());
      }
      operands(CE);
    } else if (isa<ConstantAggregate>(C)) {
      operands(C);
    } else {
      OS << "other" << C->getValueID(); // block addresses and the like
    }
  }

  void operands(const User *U) {
    OS << " (";
    for (const Use &Op : U->operands()) {
      value(Op.get());
      OS << ", ";
    }
    OS << ')';
  }

  void value(const Value *V) {
    if (auto *A = dyn_cast<Argument>(V))
      OS << "%a" << A->getArgNo();
    else if (isa<Instruction, BasicBlock>(V))
      OS << '%' << Number.lookup(V);
    else if (auto *C = dyn_cast<Constant>(V))
      constant(C);
    else if (auto *IA = dyn_cast<InlineAsm>(V))
      OS << "asm \"" << IA->getAsmString() << "\" \""
         << IA->getConstraintString() << "\" " << IA->hasSideEffects();
    else
      OS << "metadata"; // an intrinsic's metadata argument
  }

  void instruction(const Instruction &I) {
    OS << '%' << Number.lookup(&I) << " = " << I.getOpcodeName() << ' '
       << unsigned(I.getRawSubclassOptionalData()) << ' ';
    type(I.getType());
    if (auto *Cmp = dyn_cast<CmpInst>(&I))
      OS << " pred" << Cmp->getPredicate();
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      OS << ' ';
      type(AI->getAllocatedType());
      OS << " align" << AI->getAlign().value();
    }
    if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
      OS << ' ';
      type(GEP->getSourceElementType());
    }
    if (auto *LI = dyn_cast<LoadInst>(&I))
      OS << " v" << LI->isVolatile() << " align" << LI->getAlign().value()
         << " order" << unsigned(LI->getOrdering());
    if (auto *SI = dyn_cast<StoreInst>(&I))
      OS << " v" << SI->isVolatile() << " align" << SI->getAlign().value()
         << " order" << unsigned(SI->getOrdering());
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      OS << " op" << unsigned(RMW->getOperation()) << " order"
         << unsigned(RMW->getOrdering());
    if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
      OS << " order" << unsigned(CX->getSuccessOrdering()) << ','
         << unsigned(CX->getFailureOrdering());
    if (auto *Fence = dyn_cast<FenceInst>(&I))
      OS << " order" << unsigned(Fence->getOrdering());
    if (auto *EV = dyn_cast<ExtractValueInst>(&I))
      for (unsigned Idx : EV->indices())
        OS << " idx" << Idx;
    if (auto *IV = dyn_cast<InsertValueInst>(&I))
      for (unsigned Idx : IV->indices())
        OS << " idx" << Idx;
    if (auto *SV = dyn_cast<ShuffleVectorInst>(&I))
      for (int Idx : SV->getShuffleMask())
        OS << " idx" << Idx;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      OS << ' ';
      type(CB->getFunctionType());
      OS << " cc" << CB->getCallingConv();
      // A spawn and a call of one function do different things.
      if (I.getMetadata(CILK_ABI_SPAWN_MD))
        OS << " spawn";
    }
    operands(&I);
    // A phi's blocks are no operands.
    if (auto *Phi = dyn_cast<PHINode>(&I))
      for (const BasicBlock *BB : Phi->blocks())
        OS << " from" << Number.lookup(BB);
    OS << '\n';
  }
};

} // namespace

/// FNV-1a of F's code (CodeWriter): its own hash, callees aside.
static uint64_t ownCodeHash(const Function &F) {
  std::string Text;
  raw_string_ostream OS(Text);
  CodeWriter(F, OS).function(F);
  return stableId(OS.str());
}

void markSelfContained(Module &M) {
  DenseMap<Function *, SmallSetVector<Function *, 8>> Calls;
  SetVector<Function *> Candidates;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallSetVector<Function *, 8> Callees;
    if (locallySelfContained(F, Callees)) {
      Candidates.insert(&F);
      Calls[&F] = std::move(Callees);
    }
  }
  // Remove every candidate that calls a non-candidate, until none does.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function *F : Candidates.getArrayRef())
      if (any_of(Calls[F], [&](Function *G) { return !Candidates.count(G); })) {
        Candidates.remove(F);
        Changed = true;
        break;
      }
  }
  // Each one's code hash: the functions it reaches, in name order (names
  // are unique in a module), each with its own hash.
  DenseMap<Function *, uint64_t> Own;
  for (Function *F : Candidates)
    Own[F] = ownCodeHash(*F);
  for (Function *F : Candidates) {
    SetVector<Function *> Reached;
    Reached.insert(F);
    for (size_t I = 0; I < Reached.size(); ++I)
      for (Function *G : Calls[Reached[I]])
        Reached.insert(G);
    SmallVector<Function *, 16> Sorted(Reached.begin(), Reached.end());
    llvm::sort(Sorted, [](Function *A, Function *B) {
      return A->getName() < B->getName();
    });
    std::string Text;
    for (Function *G : Sorted)
      Text += (G->getName() + ":" + utohexstr(Own.lookup(G)) + ";").str();
    F->addFnAttr(CILK_SELF_CONTAINED_ATTR, utohexstr(stableId(Text)));
  }
}

uint64_t codeHash(const Function &F) {
  uint64_t Hash = 0;
  Attribute A = F.getFnAttribute(CILK_SELF_CONTAINED_ATTR);
  if (A.isStringAttribute() && !A.getValueAsString().getAsInteger(16, Hash))
    return Hash;
  return 0;
}

uint64_t stableId(StringRef Name) {
  uint64_t Id = CILK_ABI_FNV_OFFSET;
  for (unsigned char Ch : Name)
    Id = (Id ^ Ch) * CILK_ABI_FNV_PRIME;
  return Id;
}

void listInSection(Module &M, Constant *Target, const Twine &Name,
                   StringRef Section) {
  auto *Entry =
      new GlobalVariable(M, PointerType::getUnqual(M.getContext()), true,
                         GlobalValue::InternalLinkage, Target, Name);
  Entry->setSection(Section);
  Entry->setAlignment(Align(8));
  appendToCompilerUsed(M, {Entry});
}

bool describeType(Type *Ty, const DataLayout &DL, uint64_t Base,
                  std::string &Out) {
  auto Field = [&](char Kind, uint64_t Width) {
    if (!Out.empty() && Out.back() != ';')
      Out += ',';
    Out += std::to_string(Base) + Kind + std::to_string(Width);
    return true;
  };
  if (auto *IT = dyn_cast<IntegerType>(Ty)) {
    unsigned Bits = IT->getBitWidth();
    if (Bits == 1) // an i1 in memory is one byte
      return Field('u', 1);
    if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64)
      return false;
    return Field('i', Bits / 8);
  }
  if (Ty->isFloatTy() || Ty->isDoubleTy())
    return Field('f', DL.getTypeStoreSize(Ty).getFixedValue());
  if (auto *AT = dyn_cast<ArrayType>(Ty)) {
    uint64_t Stride = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      if (!describeType(AT->getElementType(), DL, Base + I * Stride, Out))
        return false;
    return true;
  }
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    // clang names a union's type after it, whatever member it stores as.
    if (ST->hasName() && ST->getName().starts_with("union."))
      return false;
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      if (!describeType(ST->getElementType(I), DL,
                        Base + SL->getElementOffset(I), Out))
        return false;
    return true;
  }
  return false; // pointers, x86_fp80, vectors, ...
}

/// The type of the value spawn P's child delivers: its return type, or the
/// pointee of its sret argument; null for none.
static Type *spawnResultType(const SuspendPoint &P) {
  CallBase *Call = P.Call;
  for (unsigned I = 0; I < Call->arg_size(); ++I)
    if (Call->paramHasAttr(I, Attribute::StructRet))
      return Call->getParamStructRetType(I);
  return Call->getType()->isVoidTy() ? nullptr : Call->getType();
}

std::string procedureLayout(const Shape &S) {
  Function &F = *S.F;
  const DataLayout &DL = F.getDataLayout();
  // A frame with escaping locals is pointed into by its children; an
  // atomic one (user inlets, abort) and one whose results go through
  // saved addresses or whole-frame inlets need the parent's own memory.
  // The counts of nested sync regions stay where their children join.
  if (!F.hasFnAttribute(CILK_SELF_CONTAINED_ATTR) || S.HeapFrame ||
      S.Atomic || S.NumRegions)
    return "";
  for (const SuspendPoint &P : S.Points)
    if (P.Inlet && P.DstKind != CILK_DST_FIELD)
      return "";
  std::string Out;
  for (AllocaInst *A : S.Fields) {
    Type *Ty = A->getAllocatedType();
    if (auto *N = dyn_cast<ConstantInt>(A->getArraySize()); N && !N->isOne())
      Ty = ArrayType::get(Ty, N->getZExtValue());
    if (!describeType(Ty, DL, S.FieldOffset.lookup(A), Out))
      return "";
  }
  Out += ';';
  if (S.RetTy && !describeType(S.RetTy, DL, 0, Out))
    return "";
  SmallVector<std::string, 8> Sites(S.NumResumeIndices);
  for (const SuspendPoint &P : S.Points)
    if (P.Inlet)
      if (Type *Ty = spawnResultType(P);
          Ty && !describeType(Ty, DL, 0, Sites[P.Index]))
        return "";
  for (unsigned I = 1; I < S.NumResumeIndices; ++I)
    Out += ";" + Sites[I];
  return Out;
}

} // namespace cilk
