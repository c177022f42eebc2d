; Checks that in the parallel modes a call, in a Cilk procedure, of a Cilk
; procedure of this module that spawns becomes a spawn followed by a sync
; (OpenCilk's `y = fib(n - 2);`), its result read back after the sync; that
; the spawn and its sync are a sync region of their own (region 1 in the
; descriptor's sites: the sync waits for the call only, not for the child
; spawned before it, which the explicit sync, of region 0, waits for); that
; a procedure which only calls one that spawns is treated the same way in
; its own callers; and that the serial elision keeps the calls.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

declare void @__cilk_sync_marker() nounwind

define i32 @fib(i32 %n) #0 {
entry:
  %x = alloca i32
  %small = icmp slt i32 %n, 2
  br i1 %small, label %leaf, label %rec
leaf:
  ret i32 %n
rec:
  %n1 = sub i32 %n, 1
  %a = call i32 @fib(i32 %n1), !cilk.spawn !0
  store i32 %a, ptr %x
  %n2 = sub i32 %n, 2
  %b = call i32 @fib(i32 %n2)
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  %s = add i32 %v, %b
  ret i32 %s
}

define i32 @caller(i32 %n) #0 {
  %r = call i32 @fib(i32 %n)
  %t = add i32 %r, 1
  ret i32 %t
}

define i32 @outer(i32 %n) #0 {
  %r = call i32 @caller(i32 %n)
  ret i32 %r
}

attributes #0 = { "cilk" nounwind }
!0 = !{}

; SERIAL-LABEL: define i32 @fib(
; SERIAL: %b = call i32 @fib(i32 %n2){{$}}
; SERIAL-LABEL: define i32 @caller(
; SERIAL: %r = call i32 @fib(i32 %n){{$}}

; CHECK: @fib.sites = internal constant [5 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @fib.inlet.1, i32 1, i32 {{[0-9]+}}, i32 0, i32 0, i32 0, ptr null }, %cilk.site { ptr @fib.inlet.2, i32 1, i32 {{[0-9]+}}, i32 0, i32 1, i32 0, ptr null }, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null }, %cilk.site zeroinitializer]
; CHECK: @fib.desc = {{.*}}, i32 1, i32 112, i32 0 }
; CHECK-NOT: __cilk_region

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: %fib.result = alloca i32
; CHECK: call i32 @fib.fast(i32 %n1), !cilk.spawn
; CHECK: %b = call i32 @fib.fast(i32 %n2), !cilk.spawn
; CHECK: store i32 %b.now, ptr %fib.result
; CHECK: %b.synced = load i32, ptr %fib.result
; CHECK: %s = add i32 %v, %b.synced

; CHECK-LABEL: define i32 @caller.fast(i32 %n)
; CHECK: %r = call i32 @fib.fast(i32 %n), !cilk.spawn
; CHECK-LABEL: define i32 @outer.fast(i32 %n)
; CHECK: %r = call i32 @caller.fast(i32 %n), !cilk.spawn

; The slow clone resumes after the call's sync with the result it delivered.
; CHECK-LABEL: define internal void @fib.slow(ptr %frame)
; CHECK: %fib.result.field = getelementptr inbounds i8, ptr %frame
; CHECK: call i32 @__cilkrt_sync(
; CHECK: %b.synced = load i32, ptr %fib.result.field
