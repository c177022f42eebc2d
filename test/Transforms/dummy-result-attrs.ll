; Checks that a fast clone, which returns poison when its frame was stolen
; or released, and every spawn of it keep no return attribute that poison
; would make undefined behaviour (noundef, as MemorySanitizer builds put on
; every C result, and dereferenceable): with them, the optimizer turned the
; release path into `unreachable` and fell through into the next block.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

; CHECK-LABEL: define i32 @fib.fast(i32 noundef %n)
; CHECK: call i32 @fib.fast(i32 noundef %a), !cilk.spawn
; CHECK: call i32 @fib.fast(i32 noundef %b{{(.again)?}}), !cilk.spawn
; CHECK-LABEL: define ptr @pick.fast(i32 %k)
; CHECK: call ptr @pick.fast(i32 %j), !cilk.spawn

define noundef i32 @fib(i32 noundef %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %lt = icmp slt i32 %n, 2
  br i1 %lt, label %base, label %rec

base:
  ret i32 %n

rec:
  %a = sub i32 %n, 1
  %r1 = call noundef i32 @fib(i32 noundef %a), !cilk.spawn !0
  store i32 %r1, ptr %x
  %b = sub i32 %n, 2
  %r2 = call noundef i32 @fib(i32 noundef %b), !cilk.spawn !0
  store i32 %r2, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

@cell = global i64 0

define dereferenceable(8) ptr @pick(i32 %k) #0 {
entry:
  %p = alloca ptr
  %z = icmp eq i32 %k, 0
  br i1 %z, label %base, label %rec

base:
  ret ptr @cell

rec:
  %j = sub i32 %k, 1
  %r = call dereferenceable(8) ptr @pick(i32 %j), !cilk.spawn !0
  store ptr %r, ptr %p
  call void @__cilk_sync_marker()
  %v = load ptr, ptr %p
  ret ptr %v
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}
