; Checks where a race build (cilk<serial;race>) calls the detector: enter
; after the allocas; spawn before each spawned call, with its pointer
; arguments; tail after the call when a result assignment follows, with
; the addresses it reads and writes (1: it reads before it writes, an
; atomic `x op= r`; 0: `x = r`), a struct result's destination copied into
; by a memcpy and a destination pointer computed before the call included;
; resume after the statement's end; sync before a sync; return before each
; return; and that every function is marked for ThreadSanitizer with frame
; pointers, the procedures not inlined.
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

%struct.big = type { i64, i64, i64, i64 }

define void @mk(ptr sret(%struct.big) %r, i32 %v) #0 {
  ret void
}

define i64 @mk2(i32 %v) #0 {
  ret i64 0
}

; `q = spawn mk(1);` (through sret), `*p = spawn mk2(2);` (two ints in a
; register, stored into a temporary and copied: p is loaded after the call,
; as clang does, and moved before it).
define i64 @h() #0 {
entry:
  %q = alloca %struct.big
  %tmp = alloca %struct.big
  %t = alloca i64
  %p.addr = alloca ptr
  %coerce = alloca i64
  store ptr %t, ptr %p.addr
  call void @mk(ptr sret(%struct.big) %tmp, i32 1), !cilk.spawn !0
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %tmp, i64 32, i1 false)
  call void @__cilk_spawn_end()
  %r = call i64 @mk2(i32 2), !cilk.spawn !0
  %p = load ptr, ptr %p.addr
  store i64 %r, ptr %coerce
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %coerce, i64 8, i1 false)
  call void @__cilk_spawn_end()
  %c = getelementptr inbounds %struct.big, ptr %q, i32 0, i32 2
  %v = load i64, ptr %c
  call void @__cilk_sync_marker()
  ret i64 %v
}

define i32 @plain(i32 %a) {
  ret i32 %a
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
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
; CHECK: %race = alloca [112 x i8], align 8
; CHECK: call void @__cilkrt_race_enter(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %y)
; CHECK-NEXT: %r = call i32 @f(ptr %y, i32 %n) [[NOINLINE:#[0-9]+]], !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 1, ptr %x)
; CHECK-NEXT: %old = load i32, ptr %x
; CHECK: store i32 %new, ptr %x
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %x)
; CHECK-NEXT: %s = call i32 @f(ptr %x, i32 %n) [[NOINLINE]], !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %y)
; CHECK-NEXT: store i32 %s, ptr %y
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %x)
; CHECK-NEXT: call void @f(ptr %x, i32 1) [[NOINLINE]], !cilk.spawn
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK-NEXT: call void @__cilkrt_race_sync(ptr %race)
; CHECK: %v = load i32, ptr %x
; CHECK-NEXT: call void @__cilkrt_race_return(ptr %race)
; CHECK-NEXT: ret i32 %v

; CHECK-LABEL: define i64 @h()
; CHECK: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race, ptr %tmp)
; CHECK-NEXT: call void @mk(ptr sret(%struct.big) %tmp, i32 1) [[NOINLINE]], !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %q)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %tmp, i64 32, i1 false)
; CHECK-NEXT: call void @__cilkrt_race_resume(ptr %race)
; CHECK-NEXT: call void @__cilkrt_race_forget(ptr %tmp, i64 32)
; CHECK-NEXT: %p = load ptr, ptr %p.addr
; CHECK-NEXT: call void (ptr, ...) @__cilkrt_race_spawn(ptr %race)
; CHECK-NEXT: %r = call i64 @mk2(i32 2) [[NOINLINE]], !cilk.spawn
; CHECK-NEXT: call void (ptr, i32, ...) @__cilkrt_race_tail(ptr %race, i32 0, ptr %p)
; CHECK-NEXT: store i64 %r, ptr %coerce
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %coerce, i64 8, i1 false)

; CHECK-LABEL: define i32 @plain(i32 %a)
; CHECK-SAME: #[[C:[0-9]+]]
; CHECK-NOT: __cilkrt_race
; CHECK: ret i32 %a

; CHECK-DAG: attributes #[[PROC]] = { noinline sanitize_thread "cilk" "frame-pointer"="all" }
; CHECK-DAG: attributes #[[C]] = { sanitize_thread "frame-pointer"="all" }
; A spawned call is never inlined (a spawned C function's by-value copy
; would be the parent's variable).
; CHECK-DAG: attributes [[NOINLINE]] = { noinline }

; BAD: a race build is serial: cilk<serial;race>
