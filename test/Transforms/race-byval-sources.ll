; Checks that the race build checks the source of each by-value argument
; (RaceLocalsPass, cilk-race-locals; CilkRace.cpp: checkByValSources), which
; the code generator copies into the outgoing arguments, as a read of the
; type's size: before a spawned call's spawn hook, the parent's read (the
; child reads only its copy), and before a plain call, whatever the
; source: a parameter, an escaping local, a global. Left out, as
; ThreadSanitizer leaves them: a local that does not escape (@unshared's:
; the callee does not capture its argument), and constant data.
; RUN: %cilkopt -passes=cilk-race-locals -S %s | FileCheck %s

%struct.big = type { [8 x i64] }

@g = global %struct.big zeroinitializer
@k = constant %struct.big zeroinitializer

declare void @__cilkrt_race_spawn(ptr, ...)
declare void @__cilkrt_race_resume(ptr)
declare void @take(ptr byval(%struct.big))
declare i64 @take2(i64, ptr byval(%struct.big), ptr byval(%struct.big))
declare void @take_nc(ptr nocapture byval(%struct.big))
declare void @use(ptr)

; CHECK-LABEL: define void @spawned(ptr %p)
; CHECK-NEXT: %race = alloca
; CHECK-NEXT: call void @__tsan_read_range(ptr nocapture %p, i64 64)
; CHECK-NEXT: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %p)
; CHECK-NEXT: call void @take(ptr byval(%struct.big) %p), !cilk.spawn
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
define void @spawned(ptr %p) sanitize_thread {
  %race = alloca [112 x i8]
  call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %p)
  call void @take(ptr byval(%struct.big) %p), !cilk.spawn !0
  call void @__cilkrt_race_resume(ptr %race)
  ret void
}

; CHECK-LABEL: define i64 @plain(ptr %p, ptr %q)
; CHECK-NEXT: %r = getelementptr inbounds %struct.big, ptr %q, i64 1
; CHECK-NEXT: call void @__tsan_read_range(ptr nocapture %p, i64 64)
; CHECK-NEXT: call void @__tsan_read_range(ptr nocapture %r, i64 64)
; CHECK-NEXT: %v = call i64 @take2(i64 1, ptr byval(%struct.big) %p, ptr byval(%struct.big) %r)
define i64 @plain(ptr %p, ptr %q) sanitize_thread {
  %r = getelementptr inbounds %struct.big, ptr %q, i64 1
  %v = call i64 @take2(i64 1, ptr byval(%struct.big) %p, ptr byval(%struct.big) %r)
  ret i64 %v
}

; CHECK-LABEL: define void @shared()
; CHECK: call void @use(ptr %x)
; CHECK-NEXT: call void @__tsan_read_range(ptr nocapture %x, i64 64)
; CHECK-NEXT: call void @take(ptr byval(%struct.big) %x)
define void @shared() sanitize_thread {
  %x = alloca %struct.big
  call void @use(ptr %x)
  call void @take(ptr byval(%struct.big) %x)
  ret void
}

; CHECK-LABEL: define void @unshared()
; CHECK-NOT: __tsan_read_range
; CHECK: ret void
define void @unshared() sanitize_thread {
  %x = alloca %struct.big
  store i64 1, ptr %x
  call void @take_nc(ptr byval(%struct.big) %x)
  ret void
}

; CHECK-LABEL: define void @globals()
; CHECK-NEXT: call void @__tsan_read_range(ptr nocapture @g, i64 64)
; CHECK-NEXT: call void @take(ptr byval(%struct.big) @g)
; CHECK-NEXT: call void @take(ptr byval(%struct.big) @k)
define void @globals() sanitize_thread {
  call void @take(ptr byval(%struct.big) @g)
  call void @take(ptr byval(%struct.big) @k)
  ret void
}

!0 = !{}
