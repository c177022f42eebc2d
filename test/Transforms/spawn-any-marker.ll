; Checks OpenCilk's cilk_spawn of any function (__cilk_spawn_any_marker): a
; spawn of a function defined here (a Cilk procedure or a C function) or of
; a procedure declared `cilk` is an ordinary spawn; a spawn of a function
; only declared here, which may be a C function or a procedure of another
; file, is tagged !cilk.spawn.any and looks for a fast clone below the
; function's address, as a spawn through a pointer does (pointer-spawn.ll),
; instead of calling @g.fast, which a C function lacks.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

declare ptr @__cilk_spawn_any_marker(ptr) nounwind
declare void @__cilk_sync_marker() nounwind
declare i32 @external(i32) nounwind

define i32 @plain(i32 %n) nounwind {
  ret i32 %n
}

define i32 @parent(i32 %n) #0 {
  %x = alloca i32
  %y = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @external)
  %r = call i32 %f(i32 %n) nounwind
  store i32 %r, ptr %x
  %g = call ptr @__cilk_spawn_any_marker(ptr @plain)
  %s = call i32 %g(i32 %n) nounwind
  store i32 %s, ptr %y
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  %u = load i32, ptr %y
  %t = add i32 %v, %u
  ret i32 %t
}

attributes #0 = { "cilk" nounwind }

; FOLD-LABEL: define i32 @parent(
; FOLD: %r = call i32 @external(i32 %n){{( #[0-9]+)?}}, !cilk.spawn ![[TAG:[0-9]+]], !cilk.spawn.any ![[TAG]]
; FOLD: %s = call i32 @plain(i32 %n){{( #[0-9]+)?}}, !cilk.spawn ![[TAG]]{{$}}

; CHECK-LABEL: define i32 @parent.fast(i32 %n)
; CHECK: %p.magic = load i64, ptr getelementptr (i8, ptr @external, i64 -16), align 4, !nosanitize
; CHECK: %p.callee = select i1 %p.is.entry, ptr %p.fast, ptr @external
; CHECK: call i32 %p.callee(i32 %n){{( #[0-9]+)?}}, !cilk.spawn
; CHECK-NOT: @external.fast
; CHECK: call i32 @plain(i32 %n{{.*}}){{( #[0-9]+)?}}, !cilk.spawn !{{[0-9]+}}{{$}}

; CHECK-LABEL: define internal i32 @parent.serial(i32 %n)
; CHECK: call i32 @external(i32 %n)
; CHECK: call i32 @plain(i32 %n)
