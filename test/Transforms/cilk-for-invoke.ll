; Checks a cilk_for in the scope of a C++ handler or cleanup, where clang
; invokes its body: the parallel modes invoke the divide-and-conquer
; procedure @f.cilk_for with the body's landing pad, and give it and its
; chunk f's personality routine, so that the body's exception unwinds
; through them to the cilk_for (CilkExceptions.cpp carries it through the
; procedure's spawns); the loop's last k is stored where the body
; returned. A body that cannot throw keeps both nounwind.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

%ctx.ty = type { ptr, ptr }

declare i64 @__cilk_for_begin(i64, i64, ptr)
declare void @work(ptr, i64)
declare void @cleanup() nounwind
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @f(
; CHECK: invoke void @f.cilk_for(ptr %ctx, i64 0, i64 %n, i64 %g)
; CHECK-NEXT: to label %next unwind label %lpad
; CHECK: next:
; CHECK-NEXT: [[LAST:%[0-9a-z.]+]] = sub i64 %n, 1
; CHECK-NEXT: store i64 [[LAST]], ptr %k
; CHECK-NOT: @f.cilk_for.body(ptr %ctx)
; CHECK-LABEL: define internal void @f.cilk_for.fast(ptr %ctx, i64 %lo, i64 %hi, i64 %g)
; CHECK-SAME: personality ptr @__gxx_personality_v0
; CHECK: invoke void @f.cilk_for.fast(ptr %ctx{{.*}})
; CHECK-NEXT: to label %{{.*}} unwind label %spawn.threw.1, !cilk.spawn
; CHECK: define internal void @f.cilk_for.chunk(ptr %ctx, i64 %lo, i64 %hi)
; CHECK-SAME: personality ptr @__gxx_personality_v0
define void @f(ptr %a, i64 %n) personality ptr @__gxx_personality_v0 {
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
  invoke void @__captured_stmt(ptr %ctx)
          to label %next unwind label %lpad
next:
  %kv1 = load i64, ptr %k
  %inc = add i64 %kv1, 1
  store i64 %inc, ptr %k
  br label %cond
end:
  ret void
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
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
