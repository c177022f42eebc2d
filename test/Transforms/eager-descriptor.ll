; Checks fib's frame type, descriptor and inlets: the runtime header, one
; field per value live across a spawn or sync, the result; a site per
; resume index whose result goes to a frame field through an inlet.
; RUN: %cilkopt -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-DAG: %cilk.frame = type { ptr, i32, i32, [12 x ptr] }
; CHECK-DAG: %fib.closure = type <{ %cilk.frame, i32, i32, i32, i32 }>
; Sites 1 and 2 deliver into the fields of x and y; 3 and 4 are syncs.
; CHECK-DAG: @fib.sites = internal constant [4 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @fib.inlet.1, i32 1, i32 [[X:[0-9]+]], i32 0, i32 0, i32 0, ptr null }, %cilk.site { ptr @fib.inlet.2, i32 1, i32 [[Y:[0-9]+]], i32 0, i32 0, i32 0, ptr null }, %cilk.site zeroinitializer]
; CHECK-DAG: @fib.desc = internal constant %cilk.desc { ptr @fib.slow, i32 128, i32 0, i32 {{[0-9]+}}, i32 4, ptr @fib.sites, ptr @fib.name, i64 -2549450698109924170, ptr @fib.layout, i64 {{-?[0-9]+}}, i32 0, i32 0, i32 0 }

; CHECK-LABEL: define internal void @fib.inlet.1(ptr %dst, ptr %result, ptr %frame)
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = load i32, ptr %result
; CHECK-NEXT: store i32 %r, ptr %dst
; CHECK-NEXT: ret void
