; Checks that a view lookup leaves a loop that makes no call (a cilk_for's
; chunk updating a reducer): a view changes only inside a call into the
; runtime. A loop that makes another call keeps its lookup, and so does a
; lookup whose operands the loop computes.
; RUN: %cilkopt -passes='cilk-hoist-views' -S %s | FileCheck %s

declare ptr @__cilkrt_hyper_lookup(ptr, i64, ptr, ptr) nounwind willreturn memory(inaccessiblemem: read)
declare void @zero(ptr)
declare void @add(ptr, ptr)
declare void @other()

; CHECK-LABEL: define void @chunk(
; CHECK: entry:
; CHECK-NEXT: %v = call ptr @__cilkrt_hyper_lookup(ptr %key, i64 8, ptr @zero, ptr @add)
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NOT: @__cilkrt_hyper_lookup
; CHECK: ret void
define void @chunk(ptr %key, ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %v = call ptr @__cilkrt_hyper_lookup(ptr %key, i64 8, ptr @zero, ptr @add)
  %old = load i64, ptr %v
  %new = add i64 %old, %x
  store i64 %new, ptr %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @calls(
; CHECK: loop:
; CHECK: call void @other()
; CHECK-NEXT: %v = call ptr @__cilkrt_hyper_lookup(
define void @calls(ptr %key, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @other()
  %v = call ptr @__cilkrt_hyper_lookup(ptr %key, i64 8, ptr @zero, ptr @add)
  store i64 %i, ptr %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @varying(
; CHECK: loop:
; CHECK: %v = call ptr @__cilkrt_hyper_lookup(ptr %k, i64 8, ptr @zero, ptr @add)
define void @varying(ptr %keys, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = getelementptr i64, ptr %keys, i64 %i
  %v = call ptr @__cilkrt_hyper_lookup(ptr %k, i64 8, ptr @zero, ptr @add)
  store i64 %i, ptr %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
