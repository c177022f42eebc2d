; Checks the lowering of a spawned statement (CilkSpawnStmt.cpp): the
; plugin's marker, then a captured statement's context and call. The
; serial elision calls the body in place; the parallel modes and the race
; build spawn @f.cilk_spawn with the context's fields, read before the
; spawn, which rebuilds the context. A variable the body only reads and
; whose address the parent gives nothing else (%i, which the continuation
; changes) goes by value; one the body writes (%x), whose address
; escapes (%y) or that is read as volatile (%v, in @g) by address. A
; spawned statement inside another's body is lowered first (in @g: the
; outer body is inlined and deleted after). The body is inlined into @f.cilk_spawn, but
; for the race build, whose reports name it.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s --check-prefix=NEST
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s --check-prefix=RACE

%ctx.ty = type { ptr, ptr, ptr }

declare void @__cilk_spawn_stmt() nounwind
declare void @__cilk_sync_marker() nounwind
declare i32 @g(i32) nounwind
declare void @h(ptr) nounwind

define internal void @__captured_stmt(ptr %ctx) nounwind {
entry:
  %ip = getelementptr inbounds %ctx.ty, ptr %ctx, i32 0, i32 0
  %i.addr = load ptr, ptr %ip
  %i = load i32, ptr %i.addr
  %xp = getelementptr inbounds %ctx.ty, ptr %ctx, i32 0, i32 1
  %x.addr = load ptr, ptr %xp
  %yp = getelementptr inbounds %ctx.ty, ptr %ctx, i32 0, i32 2
  %y.addr = load ptr, ptr %yp
  %y = load i32, ptr %y.addr
  %s = add i32 %i, %y
  %v = call i32 @g(i32 %s)
  store i32 %v, ptr %x.addr
  ret void
}

define i32 @f(i32 %n) #0 {
entry:
  %i = alloca i32
  %x = alloca i32
  %y = alloca i32
  %agg = alloca %ctx.ty
  store i32 %n, ptr %i
  call void @h(ptr %y)
  call void @__cilk_spawn_stmt()
  %f0 = getelementptr inbounds %ctx.ty, ptr %agg, i32 0, i32 0
  store ptr %i, ptr %f0
  %f1 = getelementptr inbounds %ctx.ty, ptr %agg, i32 0, i32 1
  store ptr %x, ptr %f1
  %f2 = getelementptr inbounds %ctx.ty, ptr %agg, i32 0, i32 2
  store ptr %y, ptr %f2
  call void @__captured_stmt(ptr %agg)
  store i32 0, ptr %i
  call void @__cilk_sync_marker()
  %r = load i32, ptr %x
  ret i32 %r
}

; cilk_spawn { cilk_spawn { use(v); } }, v read as volatile.
%ctx1.ty = type { ptr }

define internal void @__captured_stmt.inner(ptr %ctx) nounwind {
entry:
  %vp = getelementptr inbounds %ctx1.ty, ptr %ctx, i32 0, i32 0
  %v.addr = load ptr, ptr %vp
  %v = load volatile i32, ptr %v.addr
  %r = call i32 @g(i32 %v)
  ret void
}

define internal void @__captured_stmt.outer(ptr %ctx) nounwind {
entry:
  %inner = alloca %ctx1.ty
  %vp = getelementptr inbounds %ctx1.ty, ptr %ctx, i32 0, i32 0
  %v.addr = load ptr, ptr %vp
  call void @__cilk_spawn_stmt()
  %f0 = getelementptr inbounds %ctx1.ty, ptr %inner, i32 0, i32 0
  store ptr %v.addr, ptr %f0
  call void @__captured_stmt.inner(ptr %inner)
  ret void
}

define void @g2(i32 %n) #0 {
entry:
  %v = alloca i32
  %agg = alloca %ctx1.ty
  store i32 %n, ptr %v
  call void @__cilk_spawn_stmt()
  %f0 = getelementptr inbounds %ctx1.ty, ptr %agg, i32 0, i32 0
  store ptr %v, ptr %f0
  call void @__captured_stmt.outer(ptr %agg)
  call void @__cilk_sync_marker()
  ret void
}

attributes #0 = { "cilk" nounwind }

; SERIAL-NOT: __cilk_spawn_stmt
; SERIAL-LABEL: define i32 @f(
; SERIAL: call void @f.cilk_spawn.body(ptr %agg)
; SERIAL-NEXT: store i32 0, ptr %i

; CHECK-NOT: __cilk_spawn_stmt
; CHECK-LABEL: define i32 @f.fast(
; CHECK: %[[I:.*]] = load i32, ptr %{{.*}}
; CHECK: call void @f.cilk_spawn(i32 %[[I]], ptr %{{.*}}, ptr %{{.*}}), !cilk.spawn
; CHECK-LABEL: define internal void @f.cilk_spawn(i32 %0, ptr %1, ptr %2)
; CHECK: %ctx = alloca %ctx.ty
; CHECK: %i.snapshot = alloca i32
; CHECK: store i32 %0, ptr %i.snapshot
; CHECK: store ptr %i.snapshot, ptr
; CHECK: store ptr %1, ptr
; CHECK: store ptr %2, ptr
; CHECK-NOT: call void @f.cilk_spawn.body
; CHECK: call i32 @g(
; CHECK: ret void
; CHECK-NOT: define internal void @f.cilk_spawn.body

; RACE-LABEL: define i32 @f(
; RACE: call void (ptr, ...) @__cilkrt_race_spawn(
; RACE-NEXT: call void @f.cilk_spawn(i32 %{{.*}}, ptr %{{.*}}, ptr %{{.*}}) {{.*}}!cilk.spawn
; RACE-NEXT: call void @__cilkrt_race_resume(
; RACE-LABEL: define internal void @f.cilk_spawn(
; RACE: call void @f.cilk_spawn.body(ptr %ctx) [[NOINLINE:#[0-9]+]]
; RACE: attributes [[NOINLINE]] = { noinline }

; NEST-NOT: __captured_stmt
; NEST-LABEL: define void @g2.fast(
; NEST: call void @g2.cilk_spawn.fast(ptr %{{.*}}), !cilk.spawn
; NEST-LABEL: define internal void @g2.cilk_spawn.body.cilk_spawn(ptr %0)
; NEST: load volatile i32
; NEST-LABEL: define internal void @g2.cilk_spawn.fast(ptr %0)
; NEST: call void @g2.cilk_spawn.body.cilk_spawn(ptr %{{.*}}), !cilk.spawn
