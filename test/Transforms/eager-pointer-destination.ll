; Checks `a[i] = spawn f(i)`: the element's address is computed before the
; call (the continuation may change i), saved in the frame for a thief and
; reloaded by the tail, and the array the children write into lives in a
; heap frame.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @f(i32 %i) #0 {
  ret i32 %i
}

define i32 @fill(i32 %i) #0 {
entry:
  %a = alloca [4 x i32], align 16
  %i.addr = alloca i32
  store i32 %i, ptr %i.addr
  %iv = load i32, ptr %i.addr
  %r = call i32 @f(i32 %iv), !cilk.spawn !0
  %iv2 = load i32, ptr %i.addr
  %idx = sext i32 %iv2 to i64
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %idx
  store i32 %r, ptr %p
  call void @__cilk_sync_marker()
  %first = load i32, ptr %a
  ret i32 %first
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; The site's destination is the address saved at offset D (CILK_DST_POINTER).
; CHECK: @fill.sites = {{.*}} %cilk.site { ptr @fill.inlet.1, i32 2, i32 [[D:[0-9]+]], i32 0, i32 0, i32 0, ptr null }
; CHECK-SAME: %cilk.site zeroinitializer]
; A heap frame (flags CILK_DESC_HEAP_FRAME):
; CHECK: @fill.desc = {{.*}} ptr @fill.slow, i32 {{[0-9]+}}, i32 1,

; CHECK-LABEL: define i32 @fill.fast(
; CHECK: %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @fill.desc)
; CHECK-DAG: %a.field = getelementptr inbounds i8, ptr %frame, i64 {{[0-9]+}}
; CHECK-DAG: %dst.1.field = getelementptr inbounds i8, ptr %frame, i64 [[D]]
; CHECK: %iv2 = load i32, ptr
; CHECK-NEXT: %idx = sext i32 %iv2 to i64
; CHECK-NEXT: %p = getelementptr inbounds [4 x i32], ptr %a.field, i64 0, i64 %idx
; CHECK-NEXT: store ptr %p, ptr %dst.1.field
; CHECK: %r = call i32 @f(i32 %iv), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %dst.1.reload = load ptr, ptr %dst.1.field
; CHECK-NEXT: store i32 %r.now, ptr %dst.1.reload
; CHECK: call void @__cilkrt_frame_free(ptr %w, ptr %frame)
; CHECK-NEXT: ret i32

