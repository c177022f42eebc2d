; Checks a profile build's quiet clones (CilkProfile.cpp): every procedure
; f gets f.quiet, lowered as f is (f.quiet.fast in the parallel modes),
; without a hook, whose spawns and calls run quiet clones; what a spawn
; enters of f first tests @__cilkrt_prof_quiet and, if it is set, clears it
; and runs the quiet clone instead; a spawn of a procedure with a quiet
; clone calls the spawn_quietable hook. A leaf (sq) is entered as it is. Cilk
; main gets no quiet clone, and neither does a procedure that reads its
; record (Cilk_user_work), whose figures need every strand timed, nor its
; callers; the leaf it calls still does.
; RUN: %cilkopt -passes='cilk<sedative;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;profile>' -S %s | FileCheck --check-prefix=SERIAL %s
; RUN: sed 's/^  %y = call i32 @sq(i32 %n2)$/  %w = call i64 @__cilkrt_user_work()\n  %y = trunc i64 %w to i32/' %s \
; RUN:   | %cilkopt -passes='cilk<sedative;profile>' -S | FileCheck --check-prefix=READS %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: %quiet.addr = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_prof_quiet)
; CHECK-NEXT: %quiet = load i8, ptr %quiet.addr
; CHECK-NEXT: %is.quiet = icmp ne i8 %quiet, 0
; CHECK-NEXT: br i1 %is.quiet, label %prof.quiet, label %entry.profiled
; CHECK: prof.quiet:
; CHECK-NEXT: store i8 0, ptr %quiet.addr
; CHECK-NEXT: %[[R:.*]] = tail call i32 @fib.quiet.fast(i32 %n)
; CHECK-NEXT: ret i32 %[[R]]
; CHECK: entry.profiled:
; CHECK: call void @__cilkrt_prof_enter(
; CHECK: call void @__cilkrt_prof_spawn_quietable(
; CHECK: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK: call i32 @sq(i32 %n2)

; CHECK-LABEL: define i32 @sq(i32 %n)
; CHECK: br i1 %is.quiet, label %prof.quiet, label %entry.profiled
; CHECK: tail call i32 @sq.quiet(i32 %n)

; CHECK-LABEL: define {{.*}} @__cilk_main(
; CHECK-NOT: __cilkrt_prof_quiet
; CHECK: call void @__cilkrt_prof_enter(

; CHECK-LABEL: define internal i32 @fib.quiet.fast(i32 %n)
; CHECK-NOT: __cilkrt_prof
; CHECK: %r1 = call i32 @fib.quiet.fast(i32 %a), !cilk.spawn
; CHECK-NOT: __cilkrt_prof
; CHECK: call i32 @sq.quiet(i32 %n2)
; CHECK-NOT: __cilkrt_prof
; CHECK: ret i32

; CHECK-LABEL: define internal i32 @sq.quiet(i32 %n)
; CHECK-NOT: __cilkrt_prof
; CHECK: ret i32
; CHECK-NOT: @__cilk_main.quiet

; SERIAL-LABEL: define i32 @fib(i32 %n)
; SERIAL: br i1 %is.quiet, label %prof.quiet, label %entry.profiled
; SERIAL: tail call i32 @fib.quiet(i32 %n)
; SERIAL-LABEL: define internal i32 @fib.quiet(i32 %n)
; SERIAL-NOT: __cilkrt_prof
; SERIAL: %r1 = call i32 @fib.quiet(i32 %a)
; SERIAL-NOT: __cilkrt_prof
; SERIAL: ret i32

; READS-LABEL: define i32 @fib.fast(i32 %n)
; READS-NOT: @__cilkrt_prof_quiet
; READS: call void @__cilkrt_prof_spawn(
; READS: call i64 @__cilkrt_prof_user_work(
; READS-LABEL: define i32 @sq(i32 %n)
; READS: tail call i32 @sq.quiet(i32 %n)
; READS-NOT: @fib.quiet

define i32 @fib(i32 %n) #0 {
entry:
  %n.addr = alloca i32
  %x = alloca i32
  store i32 %n, ptr %n.addr
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
  %y = call i32 @sq(i32 %n2)
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %s = add i32 %xv, %y
  ret i32 %s
}

define i32 @sq(i32 %n) #0 {
entry:
  %m = mul i32 %n, %n
  ret i32 %m
}

define i32 @__cilk_main(i32 %argc, ptr %argv) #0 {
entry:
  %x = alloca i32
  %r = call i32 @fib(i32 %argc), !cilk.spawn !0
  store i32 %r, ptr %x
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  ret i32 %v
}

declare void @__cilk_sync_marker() nounwind
declare i64 @__cilkrt_user_work()

attributes #0 = { "cilk" nounwind }
!0 = !{}
