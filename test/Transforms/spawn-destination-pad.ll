; Checks a spawn's destination that a landing pad reads (`x =
; cilk_spawn f();` in a try block whose handler reads x): when the child
; throws, the tail never assigns x, and the handler reads the x from
; before the spawn, in the slow clone too after a steal or a release. So x
; is live across the spawn although the tail overwrites it: the eager
; fast clone copies it into the frame before the push, and the indolent
; one saves it in the closures it releases before the call and after it.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<indolent>' -S %s | FileCheck --check-prefix=INDOLENT %s

; CHECK-LABEL: define i32 @parent.fast(i32 %k)
; CHECK: store i32 5, ptr %x
; CHECK-NEXT: %x.field = getelementptr inbounds i8, ptr %frame, i64 [[OFF:[0-9]+]]
; CHECK-NEXT: %[[V:.*]] = load i32, ptr %x
; CHECK-NEXT: store i32 %[[V]], ptr %x.field
; CHECK: invoke i32 @f.fast(i32 %k)
; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: lpad:
; CHECK: load i32, ptr %x.field

; INDOLENT-LABEL: define i32 @parent.fast(i32 %k)
; INDOLENT: release.before.1:
; INDOLENT: %x.field = getelementptr inbounds i8, ptr %closure, i64 [[OFF:[0-9]+]]
; INDOLENT-NEXT: %[[V:.*]] = load i32, ptr %x
; INDOLENT-NEXT: store i32 %[[V]], ptr %x.field
; INDOLENT: release.1:
; INDOLENT: %[[F:.*]] = getelementptr inbounds i8, ptr %closure{{[0-9]+}}, i64 [[OFF]]
; INDOLENT-NEXT: %[[W:.*]] = load i32, ptr %x
; INDOLENT-NEXT: store i32 %[[W]], ptr %[[F]]
declare i32 @f(i32)
declare void @work()
declare void @__cilk_sync_marker()
declare i32 @__gxx_personality_v0(...)

define i32 @parent(i32 %k) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca i32
  store i32 5, ptr %x
  %r = call i32 @f(i32 %k), !cilk.spawn !0
  store i32 %r, ptr %x
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  invoke void @__cilk_sync_marker()
          to label %done unwind label %lpad

done:
  %v = load i32, ptr %x
  ret i32 %v

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %old = load i32, ptr %x
  ret i32 %old
}

attributes #0 = { "cilk" }
!0 = !{}
