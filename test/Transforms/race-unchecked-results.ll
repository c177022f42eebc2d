; Checks which locals a spawn's tail hands to the race detector
; (CilkRace.cpp): one that some access may reach after the tail before a
; sync that waits for the spawn goes along (it escapes, so that
; ThreadSanitizer checks its accesses); one read only after the sync, as
; fib's `x` and `y`, does not, and its accesses go unchecked: none can
; race; a tail with no checked access gets no hook (no strand of its own). A loop that spawns into the same local again before its sync, and
; a procedure with a sync region (a region's sync waits for its own
; children only), keep the local.
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s

define i32 @fib(i32 %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %a = sub i32 %n, 1
  %r1 = call i32 @fib(i32 %a), !cilk.spawn !0
  store i32 %r1, ptr %x
  call void @__cilk_spawn_end()
  %b = sub i32 %n, 2
  %r2 = call i32 @fib(i32 %b), !cilk.spawn !0
  store i32 %r2, ptr %y
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  %vx = load i32, ptr %x
  %vy = load i32, ptr %y
  %s = add i32 %vx, %vy
  ret i32 %s
}

; CHECK-LABEL: define i32 @fib(i32 %n)
; CHECK: %r1 = call i32 @fib(i32 %a)
; CHECK-NEXT: store i32 %r1, ptr %x
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK: %r2 = call i32 @fib(i32 %b)
; CHECK-NEXT: store i32 %r2, ptr %y
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)

define i32 @early(i32 %n) #0 {
entry:
  %x = alloca i32
  %r = call i32 @fib(i32 %n), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_spawn_end()
  %v = load i32, ptr %x
  call void @__cilk_sync_marker()
  ret i32 %v
}

; CHECK-LABEL: define i32 @early(i32 %n)
; CHECK: %r = call i32 @fib(i32 %n)
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %x)

define i32 @loop(i32 %n) #0 {
entry:
  %x = alloca i32
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %r = call i32 @fib(i32 %i), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_spawn_end()
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %done
done:
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

; CHECK-LABEL: define i32 @loop(i32 %n)
; CHECK: %r = call i32 @fib(i32 %i)
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %x)

define i32 @region(i32 %n) #0 {
entry:
  %x = alloca i32
  %r = call i32 @fib(i32 %n), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_spawn_end()
  call void @__cilk_region_begin()
  call void @__cilk_sync_marker()
  call void @__cilk_region_end()
  %v = load i32, ptr %x
  call void @__cilk_sync_marker()
  ret i32 %v
}

; CHECK-LABEL: define i32 @region(i32 %n)
; CHECK: %r = call i32 @fib(i32 %n)
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %x)

declare void @__cilk_spawn_end()
declare void @__cilk_sync_marker()
declare void @__cilk_region_begin()
declare void @__cilk_region_end()

attributes #0 = { "cilk" }
!0 = !{}
