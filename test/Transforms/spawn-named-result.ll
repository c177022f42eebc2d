; Checks `T r = cilk_spawn make(k); ...; cilk_sync; return r;` (a C++
; named return value made by a spawn): the child makes r in place, in the
; procedure's own result (its caller's memory, which outlives every child),
; so its site takes the result in place (in_place 1) and delivers nothing
; after a steal; r is guarded as a local would be (CilkExceptions.cpp:
; guardSpawnedResults): the statement records that the child returned, in
; the fast clone and in the inlet a release or a steal runs, and the
; landing pad destroys r only if it did, in the fast clone and in the slow
; one, where r is __cilkrt_result_addr's.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

; CHECK: @parent.sites = internal constant [{{[0-9]+}} x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @parent.inlet.1, i32 3, i32 0, i32 0, i32 0, i32 1, ptr null },
; CHECK-LABEL: define void @parent.fast(ptr sret(%T) %x, i64 %k)
; CHECK: store i8 0, ptr %x.made
; CHECK-NEXT: call void @make(ptr sret(%T) %x, i64 %k)
; CHECK: tail.1:
; CHECK-NEXT: store i8 1, ptr %x.made, align 1, !cilk.result.use
; CHECK: lpad:
; CHECK: %[[M:.*]] = load i8, ptr %x.made
; CHECK-NEXT: %[[C:.*]] = icmp ne i8 %[[M]], 0
; CHECK-NEXT: br i1 %[[C]], label %[[D:.*]], label
; CHECK: [[D]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %x)

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: %retval = call ptr @__cilkrt_result_addr(ptr %frame)
; CHECK: %[[SM:.*]] = load i8, ptr %x.made.field
; CHECK-NEXT: %[[SC:.*]] = icmp ne i8 %[[SM]], 0
; CHECK-NEXT: br i1 %[[SC]], label %[[SD:.*]], label
; CHECK: [[SD]]:
; CHECK-NEXT: call void @_ZN1TD2Ev(ptr %retval)

; CHECK-LABEL: define internal void @parent.inlet.1(ptr %args, ptr %result, ptr %frame)
; CHECK: store i8 1, ptr %x.made.field

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

define void @parent(ptr sret(%T) %x, i64 %k) #0 personality ptr @__gxx_personality_v0 {
  call void @make(ptr sret(%T) %x, i64 %k), !cilk.spawn !0
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  invoke void @__cilk_sync_marker()
          to label %done unwind label %lpad

done:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @_ZN1TD2Ev(ptr %x)
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
!0 = !{}
