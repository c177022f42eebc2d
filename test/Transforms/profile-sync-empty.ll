; Checks that a profile build ends the strand before a sync with sync_empty
; (no clock read) exactly where the sync follows a spawn statement at once:
; the spawn's result assignment is the child's, so nothing of the
; procedure's own runs between the spawn and the sync. Any other code in
; between keeps the timed sync.
; RUN: %cilkopt -passes='cilk<serial;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative;profile>' -S %s | FileCheck --check-prefix=FAST %s

; CHECK-LABEL: define i32 @two(i32 %n)
; CHECK: %r2 = call i32 @two(i32 %n), !cilk.spawn
; CHECK-NEXT: call void @__cilkrt_prof_resume(ptr %prof)
; CHECK-NEXT: store i32 %r2, ptr %y
; CHECK-NEXT: call void @__cilkrt_prof_sync_empty(ptr %prof)
; CHECK-NOT: call void @__cilkrt_prof_sync(
; CHECK: ret i32
; FAST-LABEL: define i32 @two.fast(i32 %n)
; FAST: resume.2:
; FAST-NEXT: call void @__cilkrt_prof_resume(ptr %prof.field)
; FAST-NEXT: call void @__cilkrt_prof_sync_empty(ptr %prof.field)
define i32 @two(i32 %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %r1 = call i32 @two(i32 %n), !cilk.spawn !0
  store i32 %r1, ptr %x
  %r2 = call i32 @two(i32 %n), !cilk.spawn !0
  store i32 %r2, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @work_before_sync(i32 %n)
; CHECK: %r = call i32 @two(i32 %n), !cilk.spawn
; CHECK: call void @g()
; CHECK-NEXT: call void @__cilkrt_prof_sync(ptr %prof)
; CHECK-NOT: sync_empty
; CHECK: ret i32
define i32 @work_before_sync(i32 %n) #0 {
entry:
  %x = alloca i32
  %r = call i32 @two(i32 %n), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @g()
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  ret i32 %xv
}

declare void @g()
declare void @__cilk_sync_marker()

attributes #0 = { "cilk" }
!0 = !{}
