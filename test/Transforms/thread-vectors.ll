; Checks vectors in closures: each vector argument is copied to the
; closure's end (16-aligned, after the fixed slots) and its slot points to
; the copy, so the closure's size is computed at the start; a tail_call
; copies it too (its closure runs once the caller has returned), even where
; the prototypes would allow a musttail call.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

declare ptr @__cilk_cp_spawn_marker(ptr)
declare ptr @__cilk_cp_tail_marker(ptr)
declare ptr @__cilk_cp_vector_marker(ptr, i64)
declare void @__cilk_cp_send(ptr)

; vs(cont int k, int n, int v[]): k at 56, n at 72, v at 88; 96 bytes.
define void @vs(ptr %k, i32 %n, ptr %v) "cilk_thread" {
  call void @__cilk_cp_send(ptr %k)
  ret void
}

; CHECK-LABEL: define void @f(
; CHECK: %bytes = mul i64 %n64, 4
; CHECK-NEXT: %[[E:.*]] = add i64 96, %bytes
; CHECK-NEXT: %[[R:.*]] = add i64 %[[E]], 15
; CHECK-NEXT: %cp.size = and i64 %[[R]], -16
; CHECK-NEXT: %[[C:.*]] = call ptr @__cilkrt_cp_new(ptr @vs.thread, i32 0, i64 %cp.size)
; CHECK: %[[S:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 88
; CHECK-NEXT: %cp.vector = getelementptr inbounds i8, ptr %[[C]], i64 96
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %cp.vector, ptr align 1 %p, i64 %bytes, i1 false)
; CHECK-NEXT: store ptr %cp.vector, ptr %[[S]]
; CHECK-NEXT: call void @__cilkrt_cp_arm(ptr %[[C]])
; CHECK: %[[T:.*]] = call ptr @__cilkrt_cp_tail(ptr @vs.thread, i64 112)
; CHECK: %[[TS:.*]] = getelementptr inbounds i8, ptr %[[T]], i64 88
; CHECK-NEXT: %[[TV:.*]] = getelementptr inbounds i8, ptr %[[T]], i64 96
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %[[TV]], ptr align 1 %p, i64 12, i1 false)
; CHECK-NEXT: store ptr %[[TV]], ptr %[[TS]]
; CHECK-NOT: __cilk_cp_vector_marker
; CHECK-NOT: call void @__cilkrt_cp_arm(ptr %[[T]])
; CHECK: ret void
define void @f(ptr %k, ptr %p, i32 %n) "cilk_thread" {
  %n64 = sext i32 %n to i64
  %bytes = mul i64 %n64, 4
  %s = call ptr @__cilk_cp_spawn_marker(ptr @vs)
  %vec = call ptr @__cilk_cp_vector_marker(ptr %p, i64 %bytes)
  call void %s(ptr %k, i32 %n, ptr %vec)
  %t = call ptr @__cilk_cp_tail_marker(ptr @vs)
  %tv = call ptr @__cilk_cp_vector_marker(ptr %p, i64 12)
  call void %t(ptr %k, i32 3, ptr %tv)
  ret void
}

; g has vs's prototype, but a vector argument is copied all the same.
; CHECK-LABEL: define void @g(
; CHECK-NOT: musttail
; CHECK: %[[T:.*]] = call ptr @__cilkrt_cp_tail(ptr @vs.thread, i64 112)
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %{{.*}}, ptr align 1 %v, i64 12, i1 false)
; CHECK: ret void
define void @g(ptr %k, i32 %n, ptr %v) "cilk_thread" {
  %t = call ptr @__cilk_cp_tail_marker(ptr @vs)
  %tv = call ptr @__cilk_cp_vector_marker(ptr %v, i64 12)
  call void %t(ptr %k, i32 %n, ptr %tv)
  ret void
}
