; Checks that a byval argument of a spawn is copied into a private temporary
; before the frame is pushed, in the fast and the slow clone: the call's own
; copy would be made after the push, when a thief may change the original.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

%struct.big = type { [64 x i64] }

define i64 @check(ptr byval(%struct.big) align 8 %b) #0 {
entry:
  %v = load i64, ptr %b
  ret i64 %v
}

define i64 @walk() #0 {
entry:
  %b = alloca %struct.big, align 8
  %r = alloca i64, align 8
  store i64 1, ptr %b
  %y = call i64 @check(ptr byval(%struct.big) align 8 %b), !cilk.spawn !0
  store i64 %y, ptr %r
  %x = call i64 @check(ptr byval(%struct.big) align 8 %b), !cilk.spawn !0
  store i64 %x, ptr %r
  store i64 2, ptr %b
  call void @__cilk_sync_marker()
  %v = load i64, ptr %r
  %c = load i64, ptr %b
  %s = add i64 %v, %c
  ret i64 %s
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define i64 @walk.fast(
; CHECK: %arg.2 = alloca %struct.big, align 8
; CHECK: %arg.1 = alloca %struct.big, align 8
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arg.1, ptr align 8 %b, i64 512, i1 false)
; CHECK: store i32 1, ptr
; CHECK: store ptr %frame, ptr %tail{{[0-9]*}},
; CHECK: store atomic ptr %tail.next{{[0-9]*}}, ptr {{.*}} release
; CHECK-NEXT: %y = call i64 @check(ptr byval(%struct.big) align 8 %arg.1), !cilk.spawn
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arg.2, ptr align 8 %b, i64 512, i1 false)
; CHECK: store i32 2, ptr
; The entry the first spawn's pop left holds the frame still.
; CHECK-NOT: store ptr %frame
; CHECK: store atomic ptr %tail.next{{[0-9]*}}, ptr {{.*}} release
; CHECK-NEXT: %x = call i64 @check(ptr byval(%struct.big) align 8 %arg.2), !cilk.spawn

; CHECK-LABEL: define internal void @walk.slow(ptr %frame)
; CHECK: %arg.2 = alloca %struct.big, align 8
; CHECK: resume.1:
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %arg.2, ptr align 8 %b.field, i64 512, i1 false)
; CHECK: store atomic ptr %tail.next{{[0-9]*}}, ptr {{.*}} release
; CHECK-NEXT: %x = call i64 @check(ptr byval(%struct.big) align 8 %arg.2), !cilk.spawn
