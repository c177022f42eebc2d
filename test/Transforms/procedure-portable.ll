; Checks which procedures' frames may leave their process and what the
; descriptor says of them: fib (i32 fields, recursion) gets its description
; FRAME;RET;SITE1;SITE2;SITE3, the stable id FNV-1a("fib"), a code hash and
; an entry in section cilk_procs; a procedure that calls printf through a
; helper that reads a writable global, one with a pointer in its frame, and
; one that calls through a pointer get a null description, code hash 0 and
; no entry. An empty asm (a loop's opaque counter) does not count against a
; procedure.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

; CHECK-DAG: @fib.layout = private unnamed_addr constant [{{[0-9]+}} x i8] c"112i4,116i4,120i4;0i4;0i4;0i4;\00"
; CHECK-DAG: @fib.desc = internal constant %cilk.desc { ptr @fib.slow, i32 128, i32 {{[0-9]+}}, i32 124, i32 4, ptr @fib.sites, ptr @fib.name, i64 -2549450698109924170, ptr @fib.layout, i64 {{-?[1-9][0-9]*}}, i32 0, i32 0, i32 0 }
; CHECK-DAG: @fib.desc.entry = internal constant ptr @fib.desc, section "cilk_procs"
; CHECK-DAG: @counted.desc = internal constant %cilk.desc { {{.*}}, ptr null, i64 0, i32 0, i32 0, i32 0 }
; CHECK-DAG: @walk.desc = internal constant %cilk.desc { {{.*}}, ptr null, i64 0, i32 0, i32 0, i32 0 }
; CHECK-DAG: @indirect.desc = internal constant %cilk.desc { {{.*}}, ptr null, i64 0, i32 0, i32 0, i32 0 }
; CHECK-DAG: @llvm.compiler.used = appending global [3 x ptr] [ptr @__cilk_unit, ptr @cilk.link.hint, ptr @fib.desc.entry]
; CHECK-NOT: desc.entry =

@calls = global i64 0

define internal void @spin() {
  call void asm sideeffect "", ""()
  ret void
}

define i32 @fib(i32 %n) "cilk" {
entry:
  %n.addr = alloca i32
  %x = alloca i32
  %y = alloca i32
  store i32 %n, ptr %n.addr
  call void @spin()
  %lt = icmp slt i32 %n, 2
  br i1 %lt, label %base, label %rec

base:
  ret i32 %n

rec:
  %n1 = load i32, ptr %n.addr
  %a = sub i32 %n1, 1
  %r1 = call i32 @fib(i32 %a), !cilk.spawn !0
  store i32 %r1, ptr %x
  %n2 = load i32, ptr %n.addr
  %b = sub i32 %n2, 2
  %r2 = call i32 @fib(i32 %b), !cilk.spawn !0
  store i32 %r2, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; Reads and writes @calls, which main may have set in its process only.
define internal void @count() {
  %c = load i64, ptr @calls
  %d = add i64 %c, 1
  store i64 %d, ptr @calls
  ret void
}

define i32 @counted(i32 %n) "cilk" {
entry:
  %x = alloca i32
  call void @count()
  %r = call i32 @fib(i32 %n), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

; A pointer lives across the spawn.
define i32 @walk(ptr %p) "cilk" {
entry:
  %p.addr = alloca ptr
  %x = alloca i32
  store ptr %p, ptr %p.addr
  %r = call i32 @fib(i32 3), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_sync_marker()
  %q = load ptr, ptr %p.addr
  %v = load i32, ptr %q
  ret i32 %v
}

; Calls through a pointer: what runs is not known here.
define i32 @indirect(i32 %n) "cilk" {
entry:
  %f = alloca i32
  %x = alloca i32
  store i32 %n, ptr %f
  %fp = select i1 true, ptr @spin, ptr @count
  call void %fp()
  %r = call i32 @fib(i32 %n), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  %w = load i32, ptr %f
  %s = add i32 %v, %w
  ret i32 %s
}

declare void @__cilk_sync_marker()

!0 = !{}
