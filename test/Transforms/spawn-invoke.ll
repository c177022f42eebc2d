; Checks a spawn in the scope of a C++ cleanup (an invoke): the serial
; elision keeps its unwind edge, through the parent's cleanup; the parallel
; modes make it a call for their lowering, then give each spawned call of
; the clones a landing pad that catches everything and stops the program
; (__cilkrt_spawn_threw), instead of unwinding through frames the runtime
; refers to.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

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
; CHECK-NEXT: to label %{{.*}} unwind label %spawn.threw
; CHECK: spawn.threw:
; CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: %[[E:.*]] = extractvalue { ptr, i32 } %[[LP]], 0
; CHECK-NEXT: call void @__cilkrt_spawn_threw(ptr %[[E]])
; CHECK-NEXT: unreachable
; CHECK: declare void @__cilkrt_spawn_threw(ptr) #[[NR:[0-9]+]]
; CHECK: attributes #[[NR]] = { noreturn }
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
