; Checks where a race build (cilk<serial;race>) calls the detector: enter
; after the allocas; spawn before each spawned call, with its pointer
; arguments; tail after the call when a result assignment follows, with
; the addresses it reads and writes (1: it reads before it writes, an
; atomic `x op= r`; 0: `x = r`); resume after the statement's end; sync before a sync; return before each return; and
; that every function is marked for ThreadSanitizer with frame pointers,
; the procedures not inlined.
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s
; RUN: not %cilkopt -passes='cilk<eager;race>' -disable-output %s 2>&1 | FileCheck --check-prefix=BAD %s

define i32 @f(ptr %p, i32 %i) #0 {
  ret i32 %i
}

define i32 @g(i32 %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 0, ptr %x
  %r = call i32 @f(ptr %y, i32 %n), !cilk.spawn !0
  %old = load i32, ptr %x
  %new = add nsw i32 %old, %r
  store i32 %new, ptr %x
  call void @__cilk_spawn_end()
  %s = call i32 @f(ptr %x, i32 %n), !cilk.spawn !0
  store i32 %s, ptr %y
  call void @__cilk_spawn_end()
  call void @f(ptr %x, i32 1), !cilk.spawn !0
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @plain(i32 %a) {
  ret i32 %a
}

declare void @__cilk_spawn_end()
declare void @__cilk_sync_marker()

attributes #0 = { "cilk" }
!0 = !{}

; CHECK-LABEL: define i32 @f(ptr %p, i32 %i)
; CHECK-SAME: #[[PROC:[0-9]+]]
; CHECK: call void @__cilkrt_race_enter(ptr %race)
; CHECK-NEXT: call void @__cilkrt_race_return(ptr %race)
; CHECK-NEXT: ret i32 %i

; CHECK-LABEL: define i32 @g(i32 %n)
; CHECK: %race = alloca [88 x i8], align 8
; CHECK: call void @__cilkrt_race_enter(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %y)
; CHECK-NEXT: %r = call i32 @f(ptr %y, i32 %n), !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 1, ptr %x)
; CHECK-NEXT: %old = load i32, ptr %x
; CHECK: store i32 %new, ptr %x
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %x)
; CHECK-NEXT: %s = call i32 @f(ptr %x, i32 %n), !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %y)
; CHECK-NEXT: store i32 %s, ptr %y
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %x)
; CHECK-NEXT: call void @f(ptr %x, i32 1), !cilk.spawn
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK-NEXT: call void @__cilkrt_race_sync(ptr %race)
; CHECK: %v = load i32, ptr %x
; CHECK-NEXT: call void @__cilkrt_race_return(ptr %race)
; CHECK-NEXT: ret i32 %v

; CHECK-LABEL: define i32 @plain(i32 %a)
; CHECK-SAME: #[[C:[0-9]+]]
; CHECK-NOT: __cilkrt_race
; CHECK: ret i32 %a

; CHECK-DAG: attributes #[[PROC]] = { noinline sanitize_thread "cilk" "frame-pointer"="all" }
; CHECK-DAG: attributes #[[C]] = { sanitize_thread "frame-pointer"="all" }

; BAD: a race build is serial: cilk<serial;race>
