; Checks that a profile build makes a thread computation's start and the
; wait for its results strand boundaries of the Cilk procedure (the
; runtime's profiled entry points, the record first), and that the
; procedure's C entry point keeps the plain ones.
; RUN: %cilkopt -passes='cilk<serial;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative;profile>' -S %s | FileCheck --check-prefix=FAST %s

declare ptr @__cilk_cp_spawn_marker(ptr)
declare ptr @__cilk_cp_result_marker(ptr, i64)
declare void @__cilk_sync_marker()
declare void @__cilk_cp_send(ptr)

define void @one(ptr %k) "cilk_thread" {
  store i32 1, ptr %k
  call void @__cilk_cp_send(ptr %k)
  ret void
}

define i32 @leaf() "cilk" {
  ret i32 1
}

; x = spawn leaf(); spawn one(&r); sync; return x + r;
; CHECK-LABEL: define i32 @p()
; CHECK: call void @__cilkrt_prof_enter(ptr %prof)
; CHECK: %cp.result = call ptr @__cilkrt_cp_result(ptr %cp.results, ptr %r, i64 4)
; CHECK: %[[C:.*]] = call ptr @__cilkrt_cp_new(ptr @one.thread, i32 0, i64 64)
; CHECK: call void @__cilkrt_prof_cp_start(ptr %prof, ptr %[[C]])
; CHECK-NEXT: call void @__cilkrt_prof_cp_wait(ptr %prof, ptr %cp.results)
; CHECK-NEXT: call void @__cilkrt_prof_sync(ptr %prof)
; CHECK-NOT: call void @__cilkrt_cp_
; CHECK: call void @__cilkrt_prof_return(ptr %prof)
; FAST-LABEL: define i32 @p.fast()
; FAST: call void @__cilkrt_prof_cp_start(ptr %prof.field, ptr %one.closure)
; FAST-NEXT: call void @__cilkrt_prof_cp_wait(ptr %prof.field, ptr %cp.results.field)
; FAST-NOT: call void @__cilkrt_cp_start
; FAST-LABEL: define internal i32 @p.serial()
; FAST-NOT: __cilkrt_prof
; FAST: call void @__cilkrt_cp_start(ptr %one.closure)
; FAST-NEXT: call void @__cilkrt_cp_wait(ptr %cp.results)
; FAST-NOT: __cilkrt_prof
; FAST: ret i32
; FAST-LABEL: define internal void @p.slow(ptr %frame)
; FAST: call void @__cilkrt_prof_cp_start(ptr %prof.field, ptr %one.closure)
; FAST-NEXT: call void @__cilkrt_prof_cp_wait(ptr %prof.field, ptr %cp.results.field)
define i32 @p() "cilk" {
  %x = alloca i32
  %r = alloca i32
  %l = call i32 @leaf(), !cilk.spawn !0
  store i32 %l, ptr %x
  %s = call ptr @__cilk_cp_spawn_marker(ptr @one)
  %c = call ptr @__cilk_cp_result_marker(ptr %r, i64 4)
  call void %s(ptr %c)
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %v = load i32, ptr %r
  %sum = add i32 %xv, %v
  ret i32 %sum
}

!0 = !{}
