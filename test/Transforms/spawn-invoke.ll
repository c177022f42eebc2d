; Checks a spawn in the scope of a C++ cleanup (an invoke) and a sync:
; the serial elision keeps the spawn's unwind edge, through the parent's
; cleanup. The eager fast clone catches the child's exception, pops its
; frame, and throws it on into that cleanup (or, if a thief took the
; frame, hands it to the thief's closure and returns); the lazy fast
; clone pushed nothing and unwinds into the cleanup directly. The slow
; clone holds every exception in its frame until every child is done: a
; sync checks for a child's, and whatever would leave the clone (the
; cleanup's resume, a call) reaches eh.out, which holds it, syncs, and
; returns it to the runtime (llvm-pass/CilkExceptions.cpp).
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s --check-prefix=LAZY

declare ptr @__cilk_spawn_any_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @child(i32)
declare void @cleanup()
declare i32 @__gxx_personality_v0(...)

; SERIAL-LABEL: define i32 @parent(i32 %n)
; SERIAL: %r = invoke i32 @child(i32 %n)
; SERIAL-NEXT: to label %cont unwind label %lpad
; SERIAL: lpad:
; SERIAL-NEXT: landingpad { ptr, i32 }
; SERIAL-NEXT: cleanup
; SERIAL-NEXT: call void @cleanup()

; CHECK-LABEL: define i32 @parent.fast(i32 %n)
; CHECK: %r{{[0-9]*}} = invoke i32 %p.callee(i32 %n)
; CHECK-NEXT: to label %{{.*}} unwind label %spawn.threw.1
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @cleanup()
; CHECK: resume { ptr, i32 } %lp
; CHECK: stolen:
; CHECK-NEXT: ret i32 poison
; CHECK: spawn.threw.1:
; CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: %[[E:.*]] = extractvalue { ptr, i32 } %[[LP]], 0
; CHECK-NEXT: %[[H:.*]] = call ptr @__cilkrt_exn_capture(ptr %[[E]])
; CHECK-NEXT: %[[K:.*]] = call i32 @__cilkrt_pop_threw(ptr %[[H]])
; CHECK-NEXT: %[[S:.*]] = icmp ne i32 %[[K]], 0
; CHECK-NEXT: br i1 %[[S]], label %stolen, label %spawn.rethrow.1
; CHECK: spawn.rethrow.1:
; CHECK-NEXT: invoke void @__cilkrt_exn_rethrow(ptr %[[H]])
; CHECK-NEXT: to label %spawn.never.1 unwind label %lpad

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: %suspend = call i32 @__cilkrt_sync(ptr %w, ptr %frame)
; CHECK: resume.2:
; CHECK-NEXT: %[[P:.*]] = call i32 @__cilkrt_exn_pending(ptr %frame, i32 0)
; CHECK-NEXT: %[[T:.*]] = icmp ne i32 %[[P]], 0
; CHECK-NEXT: br i1 %[[T]], label %synced.threw.2, label %resume.2.ok
; CHECK: resume.2.ok:
; CHECK: invoke void @cleanup()
; CHECK-NEXT: to label %{{.*}} unwind label %eh.out.catch
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: catch ptr null
; CHECK: eh.out.catch:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK: eh.out:
; CHECK-NEXT: %[[OUT:.*]] = phi { ptr, i32 } [ %{{.*}}, %eh.out.catch ], [ %lp, %{{.*}} ]
; CHECK-NEXT: %[[OE:.*]] = extractvalue { ptr, i32 } %[[OUT]], 0
; CHECK-NEXT: %[[OH:.*]] = call ptr @__cilkrt_exn_capture(ptr %[[OE]])
; CHECK-NEXT: call void @__cilkrt_exn_keep(ptr %frame, ptr %[[OH]])
; CHECK: %{{.*}} = call i32 @__cilkrt_sync_threw(ptr %w, ptr %frame)
; CHECK: synced.threw.2:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 0)
; CHECK-NEXT: to label %synced.never.2 unwind label %eh.out.catch

; LAZY-LABEL: define i32 @parent.fast(i32 %n)
; LAZY: %r{{[0-9]*}} = invoke i32 %p.callee(i32 %n)
; LAZY-NEXT: to label %{{.*}} unwind label %lpad
; LAZY-NOT: __cilkrt_pop_threw
; LAZY: lpad:
; LAZY-NEXT: landingpad { ptr, i32 }
; LAZY-NEXT: cleanup
; LAZY-LABEL: define internal void @parent.slow(ptr %frame)
define i32 @parent(i32 %n) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @child)
  %r = invoke i32 %f(i32 %n)
          to label %cont unwind label %lpad

cont:
  store i32 %r, ptr %x
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  call void @cleanup()
  ret i32 %v

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
