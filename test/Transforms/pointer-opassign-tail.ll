; Checks `p += spawn f(n)` into a pointer p: the old value of p is read by
; the tail, after the result arrives (the GEP that adds the result is
; arithmetic on p's value, not the destination's address), in the fast and
; the slow clone; before, p was read before the spawn and two such spawns
; lost one of the updates when the first was stolen.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i64 @f(i64 %n) #0 {
  ret i64 %n
}

define ptr @adv(i64 %n) #0 {
entry:
  %p = alloca ptr
  store ptr null, ptr %p
  %r = call i64 @f(i64 %n), !cilk.spawn !0
  %old = load ptr, ptr %p
  %new = getelementptr inbounds i8, ptr %old, i64 %r
  store ptr %new, ptr %p
  call void @__cilk_spawn_end()
  %r2 = call i64 @f(i64 %n), !cilk.spawn !0
  %old2 = load ptr, ptr %p
  %new2 = getelementptr inbounds i8, ptr %old2, i64 %r2
  store ptr %new2, ptr %p
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  %v = load ptr, ptr %p
  ret ptr %v
}

declare void @__cilk_spawn_end() nounwind
declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define ptr @adv.fast(
; CHECK-NOT: %old = load
; CHECK: %r = call i64 @f(i64 %n), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %old = load ptr, ptr %p
; CHECK-NEXT: %new = getelementptr inbounds i8, ptr %old, i64 %r
; CHECK-NEXT: store ptr %new, ptr %p
; CHECK: %r2 = call i64 @f(
; CHECK: tail.2:
; CHECK-NEXT: %old2 = load ptr, ptr %p
; CHECK-NEXT: %new2 = getelementptr inbounds i8, ptr %old2, i64 %r2

; A stolen frame's result goes through the inlet, which reads the
; destination when it runs.
; CHECK-LABEL: define internal void @adv.inlet.1(ptr %dst, ptr %result, ptr %frame)
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = load i64, ptr %result
; CHECK-NEXT: %old = load ptr, ptr %dst
; CHECK-NEXT: %new = getelementptr inbounds i8, ptr %old, i64 %r
; CHECK-NEXT: store ptr %new, ptr %dst
