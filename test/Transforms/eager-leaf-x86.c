// Checks the machine code of eager fib's fast clone on x86-64 at -O2: no
// value lives in a callee-saved register, so none is saved, and a leaf
// (n < 2) sets up no frame: it is a compare, a branch, and the return; the
// rest of the prologue comes after the branch (shrink-wrapping). The values
// live across a spawn are read back from the frame after it (CilkFast.cpp:
// emitRestoreField), the second spawn's argument n - 2 is computed after
// the step's check from n's field (rematerializeStepArg), and the result of
// the second call is read back from its slot after the rare path's call
// (CilkABI.cpp: emitPopAfterSpawn). Before the first, every leaf pushed and
// popped two registers and moved the stack pointer twice; before the
// others, every call that spawned pushed and popped one.
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
// CHECK-NEXT: subq ${{[0-9]+}}, %rsp
// CHECK-NOT: {{pushq|popq|%rbx|%rbp|%r1[2-5]}}
// CHECK: callq fib.fast
// CHECK-NOT: {{pushq|popq|%rbx|%rbp|%r1[2-5]}}
// CHECK: callq fib.fast
// CHECK-NOT: {{pushq|popq|%rbx|%rbp|%r1[2-5]}}
// CHECK: .[[LEAF]]:
// CHECK-NEXT: movl %edi, %eax
// CHECK-NEXT: retq
