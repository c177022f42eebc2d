; Checks that a cilk_for body that calls a procedure of this module that
; spawns (here through @caller, which only calls one: the procedures that
; spawn are closed under calls) is a procedure too, run by the loop's own
; procedure rather than a plain chunk, so that its call is a spawn and a
; sync, not a computation nested in a C function; and that a body calling
; only C functions keeps its plain chunk.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

%ctx.ty = type { ptr }

declare i64 @__cilk_for_begin(i64, i64, ptr) nounwind
declare void @__cilk_sync_marker() nounwind
declare void @plain(i64) nounwind

define void @spawner(i64 %i) #0 {
  call void @plain(i64 %i), !cilk.spawn !0
  call void @__cilk_sync_marker()
  ret void
}

define void @caller(i64 %i) #0 {
  call void @spawner(i64 %i)
  ret void
}

define void @f(i64 %n) #0 {
entry:
  %k = alloca i64
  %ctx = alloca %ctx.ty
  %begin = call i64 @__cilk_for_begin(i64 %n, i64 0, ptr %k)
  store i64 %begin, ptr %k
  br label %cond
cond:
  %kv = load i64, ptr %k
  %more = icmp ult i64 %kv, %n
  br i1 %more, label %body, label %end
body:
  store ptr %k, ptr %ctx
  call void @__captured_stmt(ptr %ctx)
  %kv1 = load i64, ptr %k
  %inc = add i64 %kv1, 1
  store i64 %inc, ptr %k
  br label %cond
end:
  ret void
}

define internal void @__captured_stmt(ptr %c) nounwind {
  %kp = load ptr, ptr %c
  %i = load i64, ptr %kp
  call void @caller(i64 %i)
  ret void
}

define void @g(i64 %n) #0 {
entry:
  %k = alloca i64
  %ctx = alloca %ctx.ty
  %begin = call i64 @__cilk_for_begin(i64 %n, i64 0, ptr %k)
  store i64 %begin, ptr %k
  br label %cond
cond:
  %kv = load i64, ptr %k
  %more = icmp ult i64 %kv, %n
  br i1 %more, label %body, label %end
body:
  store ptr %k, ptr %ctx
  call void @__captured_stmt.1(ptr %ctx)
  %kv1 = load i64, ptr %k
  %inc = add i64 %kv1, 1
  store i64 %inc, ptr %k
  br label %cond
end:
  ret void
}

define internal void @__captured_stmt.1(ptr %c) nounwind {
  %kp = load ptr, ptr %c
  %i = load i64, ptr %kp
  call void @plain(i64 %i)
  ret void
}

attributes #0 = { "cilk" nounwind }
!0 = !{}

; The body is a procedure: its fast clone spawns @caller's (a spawn and a
; sync), and the loop's procedure runs the chunk's loop itself; @g's body
; calls C only and stays a plain function, called by the chunk.
; CHECK-LABEL: define internal void @f.cilk_for.body.fast(
; CHECK: call void @caller.fast(i64 %i), !cilk.spawn
; CHECK-LABEL: define internal void @g.cilk_for.body(
; CHECK-LABEL: define internal void @g.cilk_for.fast(
; CHECK: call void @g.cilk_for.chunk(
; CHECK-LABEL: define internal void @f.cilk_for.fast(
; CHECK-NOT: @f.cilk_for.chunk
; CHECK: call void @f.cilk_for.body.fast(
; CHECK-LABEL: define internal void @f.cilk_for.serial(
