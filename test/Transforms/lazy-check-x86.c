// Checks the machine code of the lazy checks on x86-64 at -O2: each check
// is one compare of the thread-local control-flow word against memory and
// one branch to the rare path (`cmpl $0, %fs:...; jne` in sedative, the
// same with 2 and `je` after an indolent call), the common path falls
// through to the next spawn, and the release blocks come after the return.
// (The #APP/#NO_APP pair is the empty asm that keeps each check in place:
// no instruction.)
// RUN: %cilkcc -target x86_64-linux-gnu -fno-asynchronous-unwind-tables -O2 -S %s -o - | FileCheck %s --check-prefix=SED
// RUN: %cilkcc -target x86_64-linux-gnu -fno-asynchronous-unwind-tables -fplugin-arg-cilk-mode=indolent -O2 -S %s -o - | FileCheck %s --check-prefix=IND

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

// SED-LABEL: fib.fast:
// SED: callq fib.fast
// SED-NEXT: movl %eax, %[[X:[a-z]+]]
// SED-NEXT: #APP
// SED-NEXT: #NO_APP
// SED-NEXT: cmpl $0, %fs:__cilkrt_tls_cf@TPOFF
// SED-NEXT: jne .[[REL1:LBB[0-9_]+]]
// SED-NEXT: # %bb.
// SED-NEXT: addl $-2
// SED-NEXT: movl
// SED-NEXT: callq fib.fast
// SED-NEXT: movl %eax
// SED-NEXT: #APP
// SED-NEXT: #NO_APP
// SED-NEXT: cmpl $0, %fs:__cilkrt_tls_cf@TPOFF
// SED-NEXT: jne .[[REL2:LBB[0-9_]+]]
// SED: retq
// SED: .[[REL1]]:
// SED-NEXT: leaq fib.desc(%rip), %rdi
// SED-NEXT: callq __cilkrt_closure_new
// SED: .[[REL2]]:
// SED: callq __cilkrt_release
// SED-LABEL: .Lfunc_end{{[0-9]+}}:

// IND-LABEL: fib.fast:
// IND: #NO_APP
// IND-NEXT: cmpl $0, %fs:__cilkrt_tls_cf@TPOFF
// IND-NEXT: jne .[[BEFORE1:LBB[0-9_]+]]
// IND-NEXT: # %bb.
// IND-NEXT: callq fib.fast
// IND-NEXT: movl %eax, %{{[a-z]+}}
// IND-NEXT: #APP
// IND-NEXT: #NO_APP
// IND-NEXT: cmpl $2, %fs:__cilkrt_tls_cf@TPOFF
// IND-NEXT: je .[[REL1:LBB[0-9_]+]]
// IND: #NO_APP
// IND-NEXT: cmpl $0, %fs:__cilkrt_tls_cf@TPOFF
// IND-NEXT: jne .[[BEFORE2:LBB[0-9_]+]]
// IND: callq fib.fast
// IND-NEXT: movl %eax
// IND-NEXT: #APP
// IND-NEXT: #NO_APP
// IND-NEXT: cmpl $2, %fs:__cilkrt_tls_cf@TPOFF
// IND-NEXT: je .[[REL2:LBB[0-9_]+]]
// IND: retq
// IND: .[[BEFORE1]]:
// IND-LABEL: .Lfunc_end{{[0-9]+}}:

// A loop of spawns of a child that is inlined (pure, no call left): the
// check stays inside the loop, so a thief's request is seen at the next
// iteration, not after the loop.
cilk long square(long i) { return i * i; }
cilk long sum(long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += spawn square(i);
    sync;
    return s;
}

// SED-LABEL: sum.fast:
// SED-NOT: __cilkrt_tls_cf
// SED: .[[HEADER:LBB[0-9_]+]]: # =>This Inner Loop Header
// SED-NOT: callq
// SED: cmpl $0, %fs:__cilkrt_tls_cf@TPOFF
// SED-NEXT: jne
// SED-NOT: {{^}}.LBB
// SED: jne .[[HEADER]]
// SED-LABEL: .Lfunc_end{{[0-9]+}}:
