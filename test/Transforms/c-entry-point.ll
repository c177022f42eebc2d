; Checks the C entry point of a Cilk procedure that spawns: spawns call the
; fast clone @fib.fast, every other use (here a C function pointer in a
; table) reaches @fib, which hands the thunk @fib.entry to __cilkrt_run (a
; computation of its own, nested on a worker) and runs @fib.serial where
; that was not run; a leaf keeps its name and
; gets the alias @leaf.fast; a spawn of another file's procedure calls
; @ext.fast.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

@table = global [1 x ptr] [ptr @fib]

define i32 @fib(i32 %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %z = alloca i32
  %lt = icmp slt i32 %n, 2
  br i1 %lt, label %base, label %rec

base:
  ret i32 %n

rec:
  %a = sub i32 %n, 1
  %r1 = call i32 @fib(i32 %a), !cilk.spawn !0
  store i32 %r1, ptr %x
  %b = sub i32 %n, 2
  %r2 = call i32 @ext(i32 %b), !cilk.spawn !0
  store i32 %r2, ptr %y
  %r3 = call i32 @leaf(i32 %b), !cilk.spawn !0
  store i32 %r3, ptr %z
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %zv = load i32, ptr %z
  %s = add i32 %xv, %yv
  %t = add i32 %s, %zv
  ret i32 %t
}

define i32 @leaf(i32 %n) #0 {
  ret i32 %n
}

declare i32 @ext(i32) nounwind
declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK: @table = global [1 x ptr] [ptr @fib]
; CHECK: @leaf.fast = alias i32 (i32), ptr @leaf

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK: call i32 @ext.fast(i32 %b{{.*}}), !cilk.spawn
; CHECK: call i32 @leaf(i32 %b{{.*}}), !cilk.spawn
; CHECK-LABEL: define i32 @leaf(i32 %n)

; The serial elision: plain calls (of fib.serial for fib itself, of the C
; entry points otherwise), no sync, no runtime.
; CHECK-LABEL: define internal i32 @fib.serial(i32 %n)
; CHECK-NOT: __cilk
; CHECK: call i32 @fib.serial(i32 %a){{$}}
; CHECK: call i32 @ext(i32 %b){{$}}
; CHECK: call i32 @leaf(i32 %b){{$}}
; CHECK-NOT: __cilk
; CHECK: ret i32

; CHECK-LABEL: define internal void @fib.slow(ptr %frame)
; CHECK: call i32 @ext.fast(

; CHECK-LABEL: define i32 @fib(i32 %n)
; CHECK-NEXT: entry:
; CHECK-NEXT: %args = alloca %fib.entry.args
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds %fib.entry.args, ptr %args, i32 0, i32 0
; CHECK-NEXT: store i32 %n, ptr [[P]]
; CHECK-NEXT: %tmp = getelementptr inbounds %fib.entry.args, ptr %args, i32 0, i32 1
; CHECK-NEXT: %result = alloca i32
; CHECK-NEXT: %k = call i32 @__cilkrt_run(ptr @fib.entry, ptr %args, ptr %tmp, ptr %result, i64 4)
; CHECK-NEXT: %ran = icmp eq i32 %k, 0
; CHECK-NEXT: br i1 %ran, label %done, label %serial
; CHECK: serial:
; CHECK-NEXT: [[S:%.*]] = call i32 @fib.serial(i32 %n)
; CHECK-NEXT: ret i32 [[S]]
; CHECK: done:
; CHECK-NEXT: %v = load i32, ptr %result
; CHECK-NEXT: ret i32 %v

; CHECK-LABEL: define internal void @fib.entry(ptr %args)
; CHECK-NEXT: entry:
; CHECK-NEXT: %tmp = getelementptr inbounds %fib.entry.args, ptr %args, i32 0, i32 1
; CHECK-NEXT: [[A:%.*]] = getelementptr inbounds %fib.entry.args, ptr %args, i32 0, i32 0
; CHECK-NEXT: %p.0 = load i32, ptr [[A]]
; CHECK-NEXT: [[R:%.*]] = call i32 @fib.fast(i32 %p.0)
; CHECK-NEXT: store i32 [[R]], ptr %tmp
; CHECK-NEXT: ret void

; CHECK: declare i32 @ext.fast(i32)
