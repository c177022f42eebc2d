; Checks a procedure of C compiled with -fexceptions (no C++ personality):
; in the parallel modes each call that may throw in its fast and slow
; clones lands in a pad that stops the program, and a cleanup pad's
; resume stops it after the cleanup, so that no exception unwinds into
; the runtime's frames (CilkExceptions.cpp: stopExceptionsInC); calls
; that do not throw stay calls; the serial clone unwinds as C does. The
; spawn gets the pad after the lowering (stopAtEscapingExceptions), the
; same pad where the function has one.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL

; CHECK-LABEL: define i64 @f.fast(i64 %n)
; CHECK-SAME: personality ptr @__gcc_personality_v0
; CHECK: invoke i64 @leaf.fast(i64 %n)
; CHECK-NEXT: to label %{{.*}} unwind label %c.threw
; CHECK: invoke i64 @may_throw(
; CHECK-NEXT: to label %{{.*}} unwind label %c.threw
; CHECK: call void @quiet()
; CHECK: c.threw:
; CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: %[[X:.*]] = extractvalue { ptr, i32 } %[[LP]], 0
; CHECK-NEXT: call void @__cilkrt_c_threw(ptr %[[X]])
; CHECK-NEXT: unreachable
; CHECK-LABEL: define i64 @g.fast(i64 %n)
; CHECK: invoke i64 @may_throw(
; CHECK-NEXT: to label %cont unwind label %lpad
; CHECK: lpad:
; CHECK: call void @done()
; CHECK-NEXT: %[[E:.*]] = extractvalue { ptr, i32 } %lp, 0
; CHECK-NEXT: call void @__cilkrt_c_threw(ptr %[[E]])
; CHECK-NEXT: unreachable
; CHECK-LABEL: define internal i64 @f.serial(i64 %n)
; CHECK: call i64 @may_throw(i64 %n)
; CHECK-LABEL: define internal i64 @g.serial(i64 %n)
; CHECK: resume { ptr, i32 } %lp
; CHECK-LABEL: define internal void @f.slow(ptr %frame)
; CHECK: invoke i64 @may_throw(
; CHECK-NEXT: to label %{{.*}} unwind label %c.threw
; CHECK: c.threw:
; CHECK: call void @__cilkrt_c_threw(
; CHECK-LABEL: define internal void @g.slow(ptr %frame)
; CHECK: invoke i64 @may_throw(
; CHECK-NEXT: to label %cont unwind label %lpad
; CHECK: lpad:
; CHECK: call void @done()
; CHECK-NEXT: extractvalue
; CHECK-NEXT: call void @__cilkrt_c_threw(
; CHECK-NOT: resume {

; SERIAL-NOT: __cilkrt_c_threw
; SERIAL-LABEL: define i64 @f(i64 %n)
; SERIAL: call i64 @may_throw(i64 %n)
; SERIAL-LABEL: define i64 @g(i64 %n)
; SERIAL: resume { ptr, i32 } %lp

declare ptr @__cilk_spawn_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @__gcc_personality_v0(...)
declare i64 @leaf(i64)
declare i64 @may_throw(i64)
declare void @quiet() nounwind
declare void @done() nounwind

define i64 @f(i64 %n) #0 {
entry:
  %x = alloca i64
  %m = call ptr @__cilk_spawn_marker(ptr @leaf)
  %a = call i64 %m(i64 %n)
  store i64 %a, ptr %x
  %b = call i64 @may_throw(i64 %n)
  call void @quiet()
  call void @__cilk_sync_marker()
  %v = load i64, ptr %x
  %s = add i64 %v, %b
  ret i64 %s
}

define i64 @g(i64 %n) #0 personality ptr @__gcc_personality_v0 {
entry:
  %x = alloca i64
  %m = call ptr @__cilk_spawn_marker(ptr @leaf)
  %a = call i64 %m(i64 %n)
  store i64 %a, ptr %x
  %b = invoke i64 @may_throw(i64 %n)
          to label %cont unwind label %lpad
cont:
  call void @__cilk_sync_marker()
  call void @done()
  %v = load i64, ptr %x
  %s = add i64 %v, %b
  ret i64 %s
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @done()
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
; SERIAL-NOT: __cilkrt_c_threw
