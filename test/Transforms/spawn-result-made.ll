; Checks `T x = cilk_spawn make(k);` of a C++ class (CilkExceptions.cpp:
; guardSpawnedResults), make defined anywhere (here only declared) or
; called through a pointer: the parent records in %x.made (cleared before
; the spawn) that x was made, in the spawn's statement, which runs when the
; child returns: in the fast clone after the pop, and in the inlet of a
; stolen parent (DST_FRAME; x is made in place, in the heap frame). A
; child that threw skips it: the store is a use of the result, which the
; unwind inlet drops (none is left). Each destructor call of x, in a
; landing pad or not, runs only if x was made (a later sync's pad would
; otherwise destroy the x that a throwing make never made; one that may
; throw is invoked). The serial
; elision unwinds at once and keeps the spawn as it was.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck --check-prefix=SERIAL %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck --check-prefix=STRICT %s

; CHECK: @parent.sites = internal constant [{{[0-9]+}} x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @parent.inlet.1, i32 3, i32 0, i32 0, i32 0, i32 1, ptr null },
; CHECK-LABEL: define void @parent.fast(i64 %k)
; CHECK: store i8 0, ptr %x.made.field
; CHECK: invoke void @make.fast(ptr sret(%T) %x.field, i64 %k)
; CHECK: tail.1:
; CHECK-NEXT: store i8 1, ptr %x.made.field, align 1, !cilk.result.use
; CHECK-NEXT: br label %resume.1
; CHECK: %[[N:.*]] = load i8, ptr %x.made.field
; CHECK-NEXT: %[[NC:.*]] = icmp ne i8 %[[N]], 0
; CHECK-NEXT: br i1 %[[NC]], label %[[ND:.*]], label
; CHECK: [[ND]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %x.field)
; CHECK: %[[M:.*]] = load i8, ptr %x.made.field
; CHECK-NEXT: %[[C:.*]] = icmp ne i8 %[[M]], 0
; CHECK-NEXT: br i1 %[[C]], label %[[D:.*]], label
; CHECK: [[D]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %x.field)

; CHECK-LABEL: define internal void @parent.inlet.1(ptr %args, ptr %result, ptr %frame)
; CHECK: store i8 1, ptr %x.made.field
; CHECK-NOT: @parent.unwind.1

; SERIAL-LABEL: define void @parent(i64 %k)
; SERIAL-NOT: made
; SERIAL: call void @make(ptr sret(%T) %x, i64 %k)

%T = type { ptr, i64 }

declare void @make(ptr sret(%T), i64)
declare void @_ZN1TD2Ev(ptr) nounwind
declare void @work()
declare void @__cilk_sync_marker()
declare i32 @__gxx_personality_v0(...)

define void @parent(i64 %k) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca %T
  call void @make(ptr sret(%T) %x, i64 %k), !cilk.spawn !0
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  invoke void @__cilk_sync_marker()
          to label %done unwind label %lpad

done:
  call void @_ZN1TD2Ev(ptr %x)
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @_ZN1TD2Ev(ptr %x)
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
!0 = !{}

; A destructor that may throw is invoked: when x was not made, the guard
; goes straight to where the invoke returns.
; STRICT-LABEL: define void @strict.fast(i64 %k)
; STRICT: %[[SM:.*]] = load i8, ptr %x.made.field
; STRICT-NEXT: %[[SC:.*]] = icmp ne i8 %[[SM]], 0
; STRICT-NEXT: br i1 %[[SC]], label %x.destroy, label %[[AFTER:.*]]
; STRICT: x.destroy:
; STRICT-NEXT: invoke void @_ZN1SD2Ev(ptr %x.field)
; STRICT-NEXT: to label %[[AFTER]] unwind
declare void @_ZN1SD2Ev(ptr)

define void @strict(i64 %k) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca %T
  call void @make(ptr sret(%T) %x, i64 %k), !cilk.spawn !0
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  invoke void @__cilk_sync_marker()
          to label %done unwind label %lpad

done:
  invoke void @_ZN1SD2Ev(ptr %x)
          to label %ret unwind label %lpad2

ret:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp

lpad2:
  %lp2 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp2
}
