// Checks the machine code of eager fib's fast clone on x86-64 at -O2: the
// values live across a spawn are read back from the frame after it
// (CilkFast.cpp: emitRestoreField), not kept in callee-saved registers, so
// a leaf (n < 2) saves no register and sets up no frame: it is a compare,
// a branch, and the return; the prologue comes after the branch
// (shrink-wrapping). Before, every leaf pushed and popped two registers
// and moved the stack pointer twice.
// RUN: %cilkcc -target x86_64-linux-gnu -fno-asynchronous-unwind-tables -fplugin-arg-cilk-mode=eager -O2 -S %s -o - | FileCheck %s

cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

// CHECK-LABEL: fib.fast:
// CHECK-NEXT: # %bb.0:
// CHECK-NEXT: cmpl $2, %edi
// CHECK-NEXT: jl .[[LEAF:LBB[0-9_]+]]
// CHECK-NEXT: # %bb.
// CHECK-NEXT: pushq
// CHECK: callq fib.fast
// CHECK: callq fib.fast
// CHECK: .[[LEAF]]:
// CHECK-NEXT: movl %edi, %eax
// CHECK-NEXT: retq
