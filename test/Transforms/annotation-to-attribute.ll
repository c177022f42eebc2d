; Checks that clang's "cilk" annotations become the "cilk" function attribute
; and leave @llvm.global.annotations, while other annotations stay.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s

@.cilk = private unnamed_addr constant [5 x i8] c"cilk\00", section "llvm.metadata"
@.other = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@.file = private unnamed_addr constant [6 x i8] c"fib.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @fib, ptr @.cilk, ptr @.file, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @main2, ptr @.cilk, ptr @.file, i32 9, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @helper, ptr @.other, ptr @.file, i32 5, ptr null }
], section "llvm.metadata"

; CHECK-NOT: @.cilk =
; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @helper, ptr @.other, ptr @.file, i32 5, ptr null }], section "llvm.metadata"

; CHECK-LABEL: define i32 @fib(i32 %n)
; CHECK-SAME: #[[CILK:[0-9]+]]
define i32 @fib(i32 %n) {
  ret i32 %n
}

; CHECK-LABEL: define i32 @main2()
; CHECK-SAME: #[[CILK]]
define i32 @main2() {
  ret i32 0
}

; CHECK-LABEL: define void @helper()
; CHECK-NOT: #
define void @helper() {
  ret void
}

; CHECK: attributes #[[CILK]] = { "cilk" }
