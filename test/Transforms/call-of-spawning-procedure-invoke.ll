; Checks a call of a procedure that spawns in the scope of a C++ cleanup
; (an invoke): the parallel modes make it a spawn and a sync of its own
; (CilkCalls.cpp) as for a call, the sync unwinding where the call did, so
; that the callee's exception reaches the cleanup; before, the call reached
; the callee's C entry point, a computation nested on the worker.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

; CHECK-LABEL: define i32 @g.fast(i32 %n)
; CHECK: %r{{[0-9]*}} = invoke i32 @f.fast(i32 %n)
; CHECK-NEXT: to label %{{.*}} unwind label %spawn.threw.1, !cilk.spawn
; CHECK: %r.synced = load i32, ptr %f.result
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK: spawn.rethrow.1:
; CHECK-NEXT: invoke void @__cilkrt_exn_rethrow(ptr %{{.*}})
; CHECK-NEXT: to label %spawn.never.1 unwind label %lpad
; CHECK-NOT: call i32 @f(
; CHECK-LABEL: define internal void @g.slow(ptr %frame)
; CHECK: call i32 @__cilkrt_sync(ptr %w, ptr %frame)
; CHECK: call i32 @__cilkrt_exn_pending(ptr %frame, i32 1)
; CHECK: synced.threw.2:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 1)
; CHECK-NEXT: to label %synced.never.2 unwind label %lpad.threw

declare void @cleanup() nounwind
declare i32 @__gxx_personality_v0(...)
declare ptr @__cilk_spawn_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @leaf(i32)

define i32 @f(i32 %n) #0 personality ptr @__gxx_personality_v0 {
entry:
  %x = alloca i32
  %m = call ptr @__cilk_spawn_marker(ptr @leaf)
  %a = call i32 %m(i32 %n)
  store i32 %a, ptr %x
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @g(i32 %n) #0 personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @f(i32 %n)
          to label %cont unwind label %lpad
cont:
  call void @cleanup()
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
