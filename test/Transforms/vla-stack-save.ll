; Checks that the llvm.stacksave/stackrestore pair clang puts around a VLA's
; scope is removed once the array is in the heap: the saved stack pointer
; would otherwise be carried across the spawn in the frame and restored by
; the slow clone on another worker's stack.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define void @fill(ptr %p, i64 %n) #0 {
  ret void
}

define void @vla(i64 %n) #0 {
entry:
  %sp = call ptr @llvm.stacksave.p0()
  %buf = alloca i32, i64 %n
  call void @fill(ptr %buf, i64 %n), !cilk.spawn !0
  call void @__cilk_sync_marker()
  call void @llvm.stackrestore.p0(ptr %sp)
  ret void
}

declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare void @__cilk_sync_marker()

attributes #0 = { "cilk" }
!0 = !{}

; CHECK-LABEL: define void @vla.fast(i64 %n)
; CHECK-NOT: call {{.*}}@llvm.stack
; CHECK: %buf = call ptr @__cilkrt_alloca(
; CHECK-NOT: call {{.*}}@llvm.stack
; The serial elision (a C caller's, on a worker) keeps the C semantics.
; CHECK-LABEL: define internal void @vla.serial(i64 %n)
; CHECK: call ptr @llvm.stacksave
; CHECK-LABEL: define internal void @vla.slow(ptr %frame)
; CHECK-NOT: call {{.*}}@llvm.stack
; CHECK: ret void
