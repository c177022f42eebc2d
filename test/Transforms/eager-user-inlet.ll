; Checks a user inlet `catch(spawn f(i), i)` whose body may abort: the
; blocks between the inlet markers become @best.inlet.1 (its argument read
; from %args, the spawn-time frame; shared variables from %frame; abort is
; __cilkrt_abort), the fast clone runs them inline with abort gone, and the
; slow clone holds the frame lock between spawns and applies via the runtime.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @f(i32 %i) #0 {
  ret i32 %i
}

define i32 @best(i32 %n) #0 {
entry:
  %n.addr = alloca i32
  %max = alloca i32
  %at = alloca i32
  %i = alloca i32
  %arg = alloca i32
  %res = alloca i32
  store i32 %n, ptr %n.addr
  store i32 0, ptr %max
  store i32 0, ptr %at
  store i32 0, ptr %i
  br label %cond
cond:
  %iv = load i32, ptr %i
  %nv = load i32, ptr %n.addr
  %more = icmp slt i32 %iv, %nv
  br i1 %more, label %body, label %done
body:
  %iv2 = load i32, ptr %i
  store i32 %iv2, ptr %arg
  %a = load i32, ptr %arg
  call void (i32, ...) @__cilk_inlet_args(i32 0, i32 %a)
  %r = call i32 @f(i32 %iv2), !cilk.spawn !0
  store i32 %r, ptr %res
  call void @__cilk_inlet_begin(i32 0)
  %rv = load i32, ptr %res
  %mv = load i32, ptr %max
  %better = icmp sgt i32 %rv, %mv
  br i1 %better, label %update, label %end
update:
  store i32 %rv, ptr %max
  %av = load i32, ptr %arg
  store i32 %av, ptr %at
  call void @__cilk_abort_marker()
  br label %end
end:
  call void @__cilk_inlet_end(i32 0)
  %iv3 = load i32, ptr %i
  %inc = add i32 %iv3, 1
  store i32 %inc, ptr %i
  br label %cond
done:
  call void @__cilk_sync_marker()
  %atv = load i32, ptr %at
  ret i32 %atv
}

declare void @__cilk_sync_marker() nounwind
declare void @__cilk_abort_marker() nounwind
declare void @__cilk_inlet_begin(i32) nounwind
declare void @__cilk_inlet_end(i32) nounwind
declare void @__cilk_inlet_args(i32, ...) nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; The descriptor: site 1 delivers into the frame (3), its argument is the
; 4 bytes at [[ARGS]], and the procedure is atomic (CILK_DESC_ATOMIC, 4).
; CHECK: @best.sites = internal constant [3 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @best.inlet.1, i32 3, i32 [[ARGS:[0-9]+]], i32 4, i32 0, i32 0, ptr null }
; CHECK: @best.desc = internal constant %cilk.desc { ptr @best.slow, i32 {{[0-9]+}}, i32 4,

; CHECK-LABEL: define i32 @best.fast(
; CHECK: %r = call i32 @f(i32 %iv2), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r.now, ptr %res
; CHECK: update:
; CHECK-NEXT: store i32 %rv, ptr %max
; CHECK-NEXT: %av = load i32, ptr %arg
; CHECK-NEXT: store i32 %av, ptr %at
; CHECK-NEXT: br label %end
; CHECK: end:
; CHECK-NEXT: br label %resume.1

; CHECK-LABEL: define internal void @best.slow(
; CHECK: call void @__cilkrt_frame_lock(ptr %frame)
; CHECK-NEXT: getelementptr
; CHECK-NEXT: %resume.idx = load
; CHECK: body:
; CHECK: call void @__cilkrt_frame_unlock(ptr %frame)
; CHECK: %r = call i32 @f(i32 %iv2), !cilk.spawn
; CHECK: apply.1:
; CHECK: call void @__cilkrt_apply(ptr %w, ptr %frame, i32 1, ptr %result.1)
; CHECK: done:
; CHECK-NEXT: call void @__cilkrt_frame_unlock(ptr %frame)
; CHECK: locked.2:
; CHECK-NEXT: call void @__cilkrt_frame_lock(ptr %frame)
; CHECK: store i32 %atv, ptr %retval
; CHECK-NEXT: call void @__cilkrt_frame_unlock(ptr %frame)
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal void @best.inlet.1(ptr %args, ptr %result, ptr %frame)
; CHECK-NEXT: entry:
; CHECK-NEXT: %res = alloca i32
; CHECK-NEXT: %max.field = getelementptr inbounds i8, ptr %frame
; CHECK-NEXT: %arg.field = getelementptr inbounds i8, ptr %args, i64 [[ARGS]]
; CHECK-NEXT: %at.field = getelementptr inbounds i8, ptr %frame
; CHECK-NEXT: %r = load i32, ptr %result
; CHECK: store i32 %r, ptr %res
; CHECK: update:
; CHECK-NEXT: store i32 %rv, ptr %max.field
; CHECK-NEXT: %av = load i32, ptr %arg.field
; CHECK-NEXT: store i32 %av, ptr %at.field
; CHECK-NEXT: call void @__cilkrt_abort(ptr %frame)
