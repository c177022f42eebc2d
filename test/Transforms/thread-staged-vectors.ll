; Checks vectors left empty (PCM's `_`): the closure stages each element
; (a link word and the value, 16 bytes for an int) after a 16-byte header,
; counts every element as a missing argument, and uses a descriptor whose
; runner gathers the values into one vector before the call; a closure
; whose vectors have no elements at run time is posted by its creator.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

declare ptr @__cilk_cp_next_marker(ptr)
declare ptr @__cilk_cp_missing_vector_marker(ptr, i64, i64, i64)
declare void @__cilk_cp_send(ptr)

; vs(cont int k, int n, int v[]): k at 56, n at 72, v at 88; 96 bytes.
define void @vs(ptr %k, i32 %n, ptr %v) "cilk_thread" {
  call void @__cilk_cp_send(ptr %k)
  ret void
}

; CHECK-LABEL: define void @f(
; CHECK: %cp.staged = udiv i64 %bytes, 8
; CHECK-NEXT: %[[STRIDES:.*]] = mul i64 %cp.staged, 16
; CHECK-NEXT: %[[AREA:.*]] = add i64 24, %[[STRIDES]]
; CHECK-NEXT: %[[E:.*]] = add i64 96, %[[AREA]]
; CHECK-NEXT: %[[R:.*]] = add i64 %[[E]], 15
; CHECK-NEXT: %cp.size = and i64 %[[R]], -16
; CHECK-NEXT: %[[N:.*]] = trunc i64 %cp.staged to i32
; CHECK-NEXT: %cp.missing = add i32 %[[N]], 0
; CHECK-NEXT: %[[C:.*]] = call ptr @__cilkrt_cp_new(ptr @vs.thread.staged2, i32 %cp.missing, i64 %cp.size)
; CHECK: %[[S:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 88
; CHECK-NEXT: %cp.staging = getelementptr inbounds i8, ptr %[[C]], i64 96
; CHECK-NEXT: store ptr %cp.staging, ptr %[[S]]
; CHECK-NEXT: call void @__cilkrt_cp_stage(ptr %[[C]], ptr %cp.staging, ptr %x, i64 %cp.staged, i64 4, i64 4)
; CHECK-NEXT: %[[Z:.*]] = icmp eq i32 %cp.missing, 0
; CHECK-NEXT: br i1 %[[Z]], label %[[ARM:.*]], label %[[GO:.*]]
; CHECK: [[ARM]]:
; CHECK-NEXT: call void @__cilkrt_cp_arm(ptr %[[C]])
; CHECK-NOT: __cilk_cp_missing_vector_marker
; CHECK: ret void
define void @f(ptr %k, i32 %n) "cilk_thread" {
  %n64 = zext i32 %n to i64
  %x = alloca ptr, i64 %n64
  %bytes = mul i64 %n64, 8
  %s = call ptr @__cilk_cp_next_marker(ptr @vs)
  %vec = call ptr @__cilk_cp_missing_vector_marker(ptr %x, i64 %bytes, i64 4, i64 4)
  call void %s(ptr %k, i32 %n, ptr %vec)
  ret void
}

; CHECK-LABEL: define internal void @vs.run.staged2(ptr %c)
; CHECK: %[[SLOT:.*]] = getelementptr inbounds i8, ptr %c, i64 88
; CHECK-NEXT: %[[V:.*]] = load ptr, ptr %[[SLOT]]
; CHECK-NEXT: call void @__cilkrt_cp_gather(ptr %[[V]])
; CHECK-NEXT: call void @vs(ptr {{.*}}, i32 {{.*}}, ptr %[[V]])
