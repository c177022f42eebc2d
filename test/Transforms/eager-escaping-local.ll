; Checks a local whose address a child receives: it lives in a heap frame
; from entry in both clones (no copy), the frame is freed at each normal
; return and not when the frame was stolen.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

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
; CHECK: %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @parent.desc)
; CHECK: %v.field = getelementptr inbounds i8, ptr %frame, i64 [[V:[0-9]+]]
; CHECK-NOT: alloca i64
; CHECK: call void @set(ptr %v.field), !cilk.spawn
; CHECK: call void @__cilkrt_frame_free(ptr %w, ptr %frame)
; CHECK-NEXT: ret i64
; CHECK: stolen:
; CHECK-NEXT: ret i64 poison

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: %v.field = getelementptr inbounds i8, ptr %frame, i64 [[V]]
; CHECK: load i64, ptr %v.field
