; Checks `T x = cilk_spawn make();` of a C++ class (CilkExceptions.cpp:
; guardSpawnedResults): the spawn is of @make.made, a copy of @make that
; records in %x.made (cleared before the spawn) that x was made before it
; returns; each destructor call of x, in a landing pad or not, runs only
; if it was (a later sync's pad would otherwise destroy the x that a
; throwing make never made). The serial elision unwinds at once and keeps
; the spawn as it was.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck --check-prefix=SERIAL %s

%T = type { ptr, i64 }

declare void @fill(ptr, i64)

define void @make(ptr sret(%T) %r, i64 %n) {
  call void @fill(ptr %r, i64 %n)
  ret void
}
declare void @_ZN1TD2Ev(ptr) nounwind
declare void @work()
declare void @__cilk_sync_marker()
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @parent.fast(i64 %k)
; CHECK: store i8 0, ptr %x.made.field
; CHECK-NEXT: invoke void @make.made(ptr sret(%T) %x.field, i64 %k, ptr %x.made.field)
; CHECK-NEXT: to label %{{.*}} unwind label %eh.out.catch, !cilk.spawn
; CHECK: cont.unwinds:
; CHECK-NEXT: %[[N:.*]] = load i8, ptr %x.made.field
; CHECK-NEXT: %[[NC:.*]] = icmp ne i8 %[[N]], 0
; CHECK-NEXT: br i1 %[[NC]], label %[[ND:.*]], label
; CHECK: [[ND]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %x.field)
; CHECK: lpad:
; CHECK: %[[M:.*]] = load i8, ptr %x.made.field
; CHECK-NEXT: %[[C:.*]] = icmp ne i8 %[[M]], 0
; CHECK-NEXT: br i1 %[[C]], label %[[D:.*]], label
; CHECK: [[D]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %x.field)

; CHECK-LABEL: define internal void @make.made(ptr sret(%T) %r, i64 %n, ptr %made)
; CHECK-NEXT: call void @fill(ptr %r, i64 %n)
; CHECK-NEXT: store i8 1, ptr %made
; CHECK-NEXT: ret void

; SERIAL-LABEL: define void @parent(i64 %k)
; SERIAL-NOT: made
; SERIAL: call void @make(ptr sret(%T) %x, i64 %k)
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
