; Checks a cilk_for's lowering (the plugin's loop over a count, its body a
; captured statement whose context holds the count's address %k): the
; serial elision keeps the loop and calls the body for each k; the parallel
; modes call a divide-and-conquer procedure @f.cilk_for over [0, n) once,
; with the grain given or the runtime's default, and end the loop; the
; procedure spawns first halves and runs each chunk with its own copy of
; the context, whose %k field points at the chunk's own k, in a loop that
; never polls (sedative); the race build uses a grain of 1.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s --check-prefix=RACE

%ctx.ty = type { ptr, ptr }

declare i64 @__cilk_for_begin(i64, i64, ptr)
declare void @work(ptr, i64)

define void @f(ptr %a, i64 %n) {
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
  %f0 = getelementptr inbounds %ctx.ty, ptr %ctx, i32 0, i32 0
  store ptr %a, ptr %f0
  %f1 = getelementptr inbounds %ctx.ty, ptr %ctx, i32 0, i32 1
  store ptr %k, ptr %f1
  call void @__captured_stmt(ptr %ctx)
  %kv1 = load i64, ptr %k
  %inc = add i64 %kv1, 1
  store i64 %inc, ptr %k
  br label %cond
end:
  ret void
}

define internal void @__captured_stmt(ptr %c) {
  %pa = getelementptr inbounds %ctx.ty, ptr %c, i32 0, i32 0
  %a = load ptr, ptr %pa
  %pk = getelementptr inbounds %ctx.ty, ptr %c, i32 0, i32 1
  %kp = load ptr, ptr %pk
  %i = load i64, ptr %kp
  call void @work(ptr %a, i64 %i)
  ret void
}

; SERIAL-LABEL: define void @f(
; SERIAL-NOT: __cilk_for_begin
; SERIAL: store i64 0, ptr %k
; SERIAL: call void @f.cilk_for.body(ptr %ctx)
; SERIAL-NOT: @f.cilk_for(

; CHECK-LABEL: define void @f(
; CHECK: %grain = call i64 @__cilkrt_for_grain(i64 %n)
; CHECK: %g = select i1 {{.*}}, i64 0, i64 %grain
; CHECK: call void @f.cilk_for(ptr %ctx, i64 0, i64 %n, i64 %g)
; CHECK: [[LAST:%[0-9a-z.]+]] = sub i64 %n, 1
; CHECK: store i64 [[LAST]], ptr %k
; CHECK-NOT: call void @f.cilk_for.body(ptr %ctx)

; The fast clone of the procedure: the first half spawned, then the chunk,
; a plain function (the body does not spawn).
; CHECK-LABEL: define internal void @f.cilk_for.fast(ptr %ctx, i64 %lo, i64 %hi, i64 %g)
; CHECK: %big = icmp ugt i64 %len, %g
; CHECK: call void @f.cilk_for.fast(ptr %ctx{{.*}}, i64 %l, i64 %mid{{.*}}, i64 %g{{.*}}), !cilk.spawn
; CHECK: call void @f.cilk_for.chunk(ptr %ctx{{.*}}, i64 %first, i64 %hi{{.*}})

; CHECK-LABEL: define internal void @f.cilk_for.chunk(ptr %ctx, i64 %lo, i64 %hi)
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %ctx.copy, ptr align 8 %ctx, i64 16, i1 false)
; CHECK: %k.field = getelementptr i8, ptr %ctx.copy, i64 8
; CHECK: store ptr %k.addr, ptr %k.field
; CHECK: store i64 %lo, ptr %k.addr
; CHECK: cond:
; CHECK-NOT: __cilkrt_tls_cf
; CHECK: call void @f.cilk_for.body(ptr %ctx.copy)
; CHECK: br label %cond, !llvm.loop [[LOOP:![0-9]+]]

; RACE-LABEL: define void @f(
; RACE: call void @f.cilk_for(ptr %ctx, i64 0, i64 %n, i64 1)

; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[GRAIN:![0-9]+]]}
; CHECK: [[GRAIN]] = !{!"cilk.grain"}
