; Checks a spawn tail with control flow (`a[i] *= spawn f(i)` on an _Atomic
; array: a compare-exchange loop): the element's address is computed before
; the call and saved in %dst.1.0, the site's argument (CILK_DST_FRAME, its
; span copied at a steal), and the inlet @g.inlet.1 is the whole loop, over
; that copy; the array lives in a heap frame.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @f(i32 %i) #0 {
  ret i32 %i
}

define i32 @g(i32 %i) #0 {
entry:
  %a = alloca [4 x i32], align 16
  %i.addr = alloca i32
  store i32 %i, ptr %i.addr
  %r = call i32 @f(i32 %i), !cilk.spawn !0
  %iv = load i32, ptr %i.addr
  %idx = sext i32 %iv to i64
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %idx
  %old0 = load atomic i32, ptr %p seq_cst, align 4
  br label %loop

loop:
  %old = phi i32 [ %old0, %entry ], [ %seen, %loop ]
  %new = mul nsw i32 %old, %r
  %pair = cmpxchg ptr %p, i32 %old, i32 %new seq_cst seq_cst, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop

done:
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  %first = load i32, ptr %a
  ret i32 %first
}

declare void @__cilk_spawn_end() nounwind
declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK: @g.sites = {{.*}} %cilk.site { ptr @g.inlet.1, i32 3, i32 [[D:[0-9]+]], i32 8, i32 0, i32 0, ptr null }
; A heap frame (flags CILK_DESC_HEAP_FRAME):
; CHECK: @g.desc = {{.*}} ptr @g.slow, i32 {{[0-9]+}}, i32 1,

; CHECK-LABEL: define i32 @g.fast(
; CHECK: %dst.1.0.field = getelementptr inbounds i8, ptr %frame, i64 [[D]]
; CHECK: %p = getelementptr inbounds [4 x i32], ptr %a.field, i64 0, i64 %idx
; CHECK-NEXT: store ptr %p, ptr %dst.1.0.field
; CHECK: %r = call i32 @f(i32 %i), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %dst.1.0.reload = load ptr, ptr %dst.1.0.field
; CHECK-NEXT: %old0 = load atomic i32, ptr %dst.1.0.reload seq_cst
; CHECK: cmpxchg ptr %dst.1.0.reload

; CHECK-LABEL: define internal void @g.inlet.1(ptr %args, ptr %result, ptr %frame)
; CHECK: %dst.1.0.field = getelementptr inbounds i8, ptr %args, i64 [[D]]
; CHECK: %r = load i32, ptr %result
; CHECK: tail.1:
; CHECK-NEXT: %dst.1.0.reload = load ptr, ptr %dst.1.0.field
; CHECK: loop:
; CHECK: %new = mul nsw i32 %old, %r
; CHECK: cmpxchg ptr %dst.1.0.reload
; CHECK: br i1 %ok, label %done, label %loop
; CHECK: ret void
