; Checks `x += spawn f()` in a loop: the addition is the inlet, applied when
; a result arrives after a steal; the fast clone adds in place, the slow
; clone applies through the runtime (under the frame's lock).
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @f(i32 %i) #0 {
  ret i32 %i
}

define i32 @sum(i32 %n) #0 {
entry:
  %n.addr = alloca i32
  %x = alloca i32
  %i = alloca i32
  store i32 %n, ptr %n.addr
  store i32 0, ptr %x
  store i32 0, ptr %i
  br label %cond
cond:
  %iv = load i32, ptr %i
  %nv = load i32, ptr %n.addr
  %more = icmp slt i32 %iv, %nv
  br i1 %more, label %body, label %done
body:
  %iv2 = load i32, ptr %i
  %r = call i32 @f(i32 %iv2), !cilk.spawn !0
  %old = load i32, ptr %x
  %new = add nsw i32 %old, %r
  store i32 %new, ptr %x
  %iv3 = load i32, ptr %i
  %inc = add i32 %iv3, 1
  store i32 %inc, ptr %i
  br label %cond
done:
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  ret i32 %xv
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define i32 @sum.fast(
; x's old value goes into the frame before the spawn, for a thief's inlets.
; CHECK: body:
; CHECK: store i32 %{{.*}}, ptr %x.field
; CHECK: %r = call i32 @f(i32 %iv2), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %old = load i32, ptr %x
; CHECK-NEXT: %new = add nsw i32 %old, %r
; CHECK-NEXT: store i32 %new, ptr %x
; CHECK-NEXT: br label %resume.1

; CHECK-LABEL: define internal void @sum.slow(
; CHECK: %r = call i32 @f(i32 %iv2), !cilk.spawn
; CHECK: apply.1:
; CHECK-NEXT: store i32 %r, ptr %result.1
; CHECK-NEXT: call void @__cilkrt_apply(ptr %w, ptr %frame, i32 1, ptr %result.1)
; CHECK-NOT: %new = add

; CHECK-LABEL: define internal void @sum.inlet.1(ptr %dst, ptr %result, ptr %frame)
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = load i32, ptr %result
; CHECK-NEXT: %old = load i32, ptr %dst
; CHECK-NEXT: %new = add nsw i32 %old, %r
; CHECK-NEXT: store i32 %new, ptr %dst
; CHECK-NEXT: ret void
