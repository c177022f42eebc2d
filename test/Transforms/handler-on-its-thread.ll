; Checks that a C++ catch handler stays on its thread (the C++ library
; keeps the exception being handled per thread): in a handler, a spawn is
; a call (of the callee's C entry point, a computation of its own), a call
; of a procedure that spawns stays a call instead of a spawn and a sync,
; and a loop does not poll, in both clones; the spawn before the try is
; still a spawn (llvm-pass/CilkExceptions.cpp: keepHandlersOnTheirThread).
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

; CHECK-LABEL: define i32 @parent.fast(i32 %n)
; CHECK: invoke i32 %p.callee(i32 %{{.*}})
; CHECK-NEXT: to label %r.noexc unwind label %lpad, !cilk.spawn
; CHECK: call ptr @__cxa_begin_catch
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: call i32 @child(i32
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: call i32 @sp(i32
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: loop:
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: call void @__cxa_end_catch()
; CHECK-LABEL: release.1:

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: invoke ptr @__cxa_begin_catch
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: invoke i32 @child(i32
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: invoke i32 @sp(i32
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: loop:
; CHECK-NOT: @__cilkrt_tls_cf
; CHECK: invoke void @__cxa_end_catch()
; CHECK: }
declare ptr @__cilk_spawn_any_marker(ptr)
declare ptr @__cilk_spawn_marker(ptr)
declare void @__cilk_spawn_end()
declare void @__cilk_sync_marker()
declare i32 @child(i32)
declare void @use(i32)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)

define i32 @sp(i32 %n) #0 {
  %x = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @child)
  %r = call i32 %f(i32 %n)
  store i32 %r, ptr %x
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @parent(i32 %n) #0 personality ptr @__gxx_personality_v0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @child)
  %r = invoke i32 %f(i32 %n)
          to label %spawned unwind label %lpad

spawned:
  store i32 %r, ptr %x
  call void @__cilk_spawn_end()
  invoke void @__cilk_sync_marker()
          to label %done unwind label %lpad

done:
  %v = load i32, ptr %x
  ret i32 %v

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %exn = extractvalue { ptr, i32 } %lp, 0
  %c = call ptr @__cxa_begin_catch(ptr %exn)
  %g = call ptr @__cilk_spawn_any_marker(ptr @child)
  %s = call i32 %g(i32 %n)
  store i32 %s, ptr %y
  call void @__cilk_spawn_end()
  %t = call i32 @sp(i32 %n)
  call void @__cilk_sync_marker()
  br label %loop

loop:
  %i = phi i32 [ 0, %lpad ], [ %i.next, %loop ]
  call void @use(i32 %i)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %t
  br i1 %more, label %loop, label %out

out:
  call void @__cxa_end_catch()
  %w = load i32, ptr %y
  ret i32 %w
}

attributes #0 = { "cilk" }
