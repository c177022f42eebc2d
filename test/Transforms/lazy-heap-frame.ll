; Checks a lazy fast clone whose local's address a child receives: the heap
; frame exists from entry (as in eager mode) and is the closure a release
; saves (nothing copied, no new closure), freed at the normal return only.
; RUN: %cilkopt -passes='cilk<indolent>' -S %s | FileCheck %s

define void @set(ptr %p) #0 {
  store i64 1, ptr %p
  ret void
}

define i64 @parent() #0 {
entry:
  %v = alloca i64
  call void @set(ptr %v), !cilk.spawn !0
  call void @__cilk_sync_marker()
  %r = load i64, ptr %v
  ret i64 %r
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define i64 @parent.fast()
; CHECK-NOT: __cilkrt_closure_new
; CHECK: %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @parent.desc)
; CHECK: store ptr @parent.desc, ptr
; CHECK: %v.field = getelementptr inbounds i8, ptr %frame
; CHECK-NOT: alloca i64
; CHECK: spawn.1:
; CHECK: br i1 %attempted.1, label %release.before.1, label %call.1
; CHECK: call.1:
; CHECK-NEXT: call void @set(ptr %v.field), !cilk.spawn
; CHECK: br i1 %releasing.1, label %release.1, label %resume.1
; CHECK: call void @__cilkrt_frame_free(ptr %w, ptr %frame)
; CHECK-NEXT: ret i64
; CHECK: release.before.1:
; CHECK-NEXT: getelementptr inbounds i8, ptr %frame, i64 8
; CHECK-NEXT: store i32 3, ptr
; CHECK-NEXT: call void @__cilkrt_release(ptr %frame, ptr null, i32 0)
; CHECK-NEXT: ret i64 poison
; CHECK: release.1:
; CHECK-NEXT: getelementptr inbounds i8, ptr %frame, i64 8
; CHECK-NEXT: store i32 1, ptr
; CHECK-NEXT: call void @__cilkrt_release(ptr %frame, ptr null, i32 1)
; CHECK-NEXT: ret i64 poison
; CHECK-NOT: __cilkrt_closure_new
