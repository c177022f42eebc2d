; Checks fib's descriptor in the lazy modes: flagged CILK_DESC_LAZY (2: its
; frames on a deque are closures), and in indolent mode one site per resume
; point, the two before the calls delivering nothing.
; RUN: %cilkopt -passes='cilk<indolent>' -S %S/Inputs/fib.ll | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=SED %s

; CHECK-DAG: @fib.sites = internal constant [6 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @fib.inlet.1, i32 1, i32 {{[0-9]+}}, i32 0, i32 0, i32 0, ptr null }, %cilk.site { ptr @fib.inlet.2, i32 1, i32 {{[0-9]+}}, i32 0, i32 0, i32 0, ptr null }, %cilk.site zeroinitializer, %cilk.site zeroinitializer, %cilk.site zeroinitializer]
; CHECK-DAG: @fib.desc = internal constant %cilk.desc { ptr @fib.slow, i32 {{[0-9]+}}, i32 2, i32 {{[0-9]+}}, i32 6, ptr @fib.sites, ptr @fib.name, i64 -2549450698109924170, ptr @fib.layout, i64 {{-?[0-9]+}}, i32 0, i32 0, i32 0 }

; SED-DAG: @fib.sites = internal constant [4 x %cilk.site]
; SED-DAG: @fib.desc = internal constant %cilk.desc { ptr @fib.slow, i32 {{[0-9]+}}, i32 2, i32 {{[0-9]+}}, i32 4, ptr @fib.sites, ptr @fib.name, i64 -2549450698109924170, ptr @fib.layout, i64 {{-?[0-9]+}}, i32 0, i32 0, i32 0 }
