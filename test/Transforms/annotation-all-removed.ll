; Checks that @llvm.global.annotations disappears when it held only "cilk"
; annotations.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s

@.cilk = private unnamed_addr constant [5 x i8] c"cilk\00", section "llvm.metadata"
@.file = private unnamed_addr constant [6 x i8] c"fib.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @fib, ptr @.cilk, ptr @.file, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-NOT: llvm.global.annotations
; CHECK-NOT: @.cilk
; CHECK-NOT: @.file
; CHECK-LABEL: define i32 @fib(i32 %n) #0
define i32 @fib(i32 %n) {
  ret i32 %n
}
; CHECK: attributes #0 = { "cilk" }
