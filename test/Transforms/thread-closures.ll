; Checks the lowering of continuation-passing threads, the same in every
; mode: the closure layout (48-byte header, a link word before each value),
; the runner, spawn_next with a missing argument (not posted by its
; creator: the last sender posts it), spawn, tail_call (its trampoline;
; Transforms/thread-tail-calls.ll has the musttail call too), and a
; Cilk procedure's result, awaited before its sync and its return (in
; the lazy modes by a loop that polls, Transforms/thread-await.c).
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefixes=CHECK,SERIAL
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s --check-prefixes=CHECK,SED

declare ptr @__cilk_cp_spawn_marker(ptr)
declare ptr @__cilk_cp_next_marker(ptr)
declare ptr @__cilk_cp_tail_marker(ptr)
declare ptr @__cilk_cp_missing_marker(ptr)
declare ptr @__cilk_cp_result_marker(ptr, i64)
declare void @__cilk_sync_marker()
declare void @__cilk_cp_send(ptr)

; sum(cont int k, int x, double y): k at 56, x at 72, y at 88; 96 bytes.
; sum has no description (no "cilk-layout"): it is not portable.
; CHECK: @sum.thread = internal constant %cilk.thread { ptr @sum.run, i32 96, i32 3, ptr @sum.name, i64 {{-?[0-9]+}}, ptr null, ptr @sum.offsets, i64 0 }
define void @sum(ptr %k, i32 %x, double %y) {
  call void @__cilk_cp_send(ptr %k)
  ret void
}

; CHECK-LABEL: define void @f(
; CHECK: %[[C:.*]] = call ptr @__cilkrt_cp_new(ptr @sum.thread, i32 1, i64 96)
; CHECK-NEXT: %[[K:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 56
; CHECK-NEXT: store ptr %k, ptr %[[K]]
; CHECK-NEXT: %[[X:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 72
; CHECK-NEXT: %[[LINK:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 64
; CHECK-NEXT: store ptr %[[C]], ptr %[[LINK]]
; CHECK-NEXT: store ptr %[[X]], ptr %x.cont
; CHECK-NEXT: %[[Y:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 88
; CHECK-NEXT: store double 2.500000e+00, ptr %[[Y]]
; CHECK-NOT: call void @__cilkrt_cp_arm(ptr %[[C]])
; CHECK: %[[D:.*]] = call ptr @__cilkrt_cp_new(ptr @sum.thread, i32 0, i64 96)
; CHECK: store i32 7, ptr
; CHECK: call void @__cilkrt_cp_arm(ptr %[[D]])
; f's tail_call of sum (another prototype) goes through the trampoline:
; a closure that is filled and never posted.
; CHECK: %[[T:.*]] = call ptr @__cilkrt_cp_tail(ptr @sum.thread, i64 96)
; CHECK-NEXT: %[[TK:.*]] = getelementptr inbounds i8, ptr %[[T]], i64 56
; CHECK-NEXT: store ptr %k, ptr %[[TK]]
; CHECK: store i32 1, ptr
; CHECK: store double 0.000000e+00, ptr
; CHECK-NOT: __cilk_cp_
; CHECK-NOT: call void @__cilkrt_cp_arm(ptr %[[T]])
; CHECK: ret void
define void @f(ptr %k) "cilk_thread" {
  %x.cont = alloca ptr
  %n = call ptr @__cilk_cp_next_marker(ptr @sum)
  %m = call ptr @__cilk_cp_missing_marker(ptr %x.cont)
  %x = load i32, ptr %m
  call void %n(ptr %k, i32 %x, double 2.5)
  %s = call ptr @__cilk_cp_spawn_marker(ptr @sum)
  %xk = load ptr, ptr %x.cont
  call void %s(ptr %xk, i32 7, double 1.0)
  %t = call ptr @__cilk_cp_tail_marker(ptr @sum)
  call void %t(ptr %k, i32 1, double 0.0)
  ret void
}

; A Cilk procedure: spawn sum(&r, 1, 2.0); sync; return r.
; SERIAL-LABEL: define {{.*}}@p(
; SERIAL: %cp.results = alloca ptr
; SERIAL: store ptr null, ptr %cp.results
; SERIAL: %cp.result = call ptr @__cilkrt_cp_result(ptr %cp.results, ptr %r, i64 4)
; SERIAL: call void @__cilkrt_cp_start(ptr
; SERIAL: call void @__cilkrt_cp_wait(ptr %cp.results)
; SED-LABEL: define {{.*}}@p.fast(
; SED: store ptr null, ptr %cp.results.field
; SED: %cp.result = call ptr @__cilkrt_cp_result(ptr %cp.results.field, ptr %r.field, i64 4)
; SED: call void @__cilkrt_cp_start(ptr
; SED: %cp.asked = call i32 @__cilkrt_cp_await(ptr %cp.results.field)
; SED: call void @__cilkrt_cp_wait(ptr %cp.results.field)
define i32 @p() "cilk" {
  %r = alloca i32
  %s = call ptr @__cilk_cp_spawn_marker(ptr @sum)
  %c = call ptr @__cilk_cp_result_marker(ptr %r, i64 4)
  call void %s(ptr %c, i32 1, double 2.0)
  call void @__cilk_sync_marker()
  %v = load i32, ptr %r
  ret i32 %v
}

; CHECK-LABEL: define internal void @sum.run(ptr %c)
; CHECK: %[[A0:.*]] = load ptr, ptr
; CHECK: %[[A1:.*]] = load i32, ptr
; CHECK: %[[A2:.*]] = load double, ptr
; CHECK: call void @sum(ptr %[[A0]], i32 %[[A1]], double %[[A2]])
