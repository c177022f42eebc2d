; Checks a landing pad of a procedure that spawns (C++ exceptions): in the
; slow clone, children may be outstanding when the continuation throws, so
; the pad is entered through %lpad.threw, which catches everything, holds
; the exception in the frame, syncs every region (a resume point of its
; own: the frame may suspend there, at each region with children out, and
; a resumed frame syncs again from the call on, %sync.all.N) and throws
; the first exception in serial order into %lpad, which now catches
; everything too; what %lpad does not handle (its resume) reaches eh.out,
; which holds it, syncs, and returns it to the runtime. The fast clone,
; where no child is outstanding, unwinds into %lpad as written
; (llvm-pass/CilkExceptions.cpp).
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

declare ptr @__cilk_spawn_any_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @child(i32)
declare void @work()
declare void @cleanup() nounwind
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i32 @parent.fast(i32 %n)
; CHECK: invoke void @work()
; CHECK-NEXT: to label %cont unwind label %lpad
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @cleanup()
; CHECK-NEXT: resume { ptr, i32 } %lp
; CHECK-NOT: __cilkrt_sync_threw

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: switch i32 %resume.idx, label %bad.resume [
; CHECK: i32 3, label %sync.all.3
; CHECK: i32 4, label %sync.all.4
; CHECK: invoke void @work()
; CHECK-NEXT: to label %cont unwind label %lpad.threw
; CHECK: lpad.threw:
; CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: %[[E:.*]] = extractvalue { ptr, i32 } %[[LP]], 0
; CHECK-NEXT: %[[H:.*]] = call ptr @__cilkrt_exn_capture(ptr %[[E]])
; CHECK-NEXT: call void @__cilkrt_exn_keep(ptr %frame, ptr %[[H]])
; CHECK-NEXT: %[[R:.*]] = getelementptr inbounds i8, ptr %frame, i64 8
; CHECK-NEXT: store i32 3, ptr %[[R]]
; CHECK-NEXT: br label %sync.all.3
; CHECK: sync.all.3:
; CHECK-NEXT: %[[S:.*]] = call i32 @__cilkrt_sync_threw(ptr %w, ptr %frame)
; CHECK: resume.3:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 0)
; CHECK-NEXT: to label %lpad.never unwind label %lpad
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: call void @cleanup()
; CHECK-NEXT: br label %eh.out
; CHECK: eh.out:
; CHECK-NEXT: phi { ptr, i32 } [ %{{.*}}, %eh.out.catch ], [ %lp, %lpad ]
; CHECK: call void @__cilkrt_exn_keep(ptr %frame, ptr
; CHECK: store i32 4, ptr
; CHECK-NEXT: br label %sync.all.4
; CHECK: sync.all.4:
; CHECK-NEXT: %{{.*}} = call i32 @__cilkrt_sync_threw(ptr %w, ptr %frame)
; CHECK: resume.4:
; CHECK-NEXT: ret void
define i32 @parent(i32 %n) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @child)
  %r = call i32 %f(i32 %n)
  store i32 %r, ptr %x
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
