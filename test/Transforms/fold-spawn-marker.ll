; Checks that a spawn marker folds into a direct call tagged !cilk.spawn.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s

declare ptr @__cilk_spawn_marker(ptr)
declare i32 @fib(i32)
declare void @work(ptr, double)

; CHECK-LABEL: define i32 @parent(
; CHECK-NOT: __cilk_spawn_marker
; CHECK: %x = call i32 @fib(i32 %n), !cilk.spawn ![[TAG:[0-9]+]]
; CHECK: call void @work(ptr %p, double 1.000000e+00), !cilk.spawn ![[TAG]]
; CHECK: ret i32 %x
define i32 @parent(i32 %n, ptr %p) "cilk" {
  %f = call ptr @__cilk_spawn_marker(ptr @fib)
  %x = call i32 %f(i32 %n)
  %w = call ptr @__cilk_spawn_marker(ptr @work)
  call void %w(ptr %p, double 1.0)
  ret i32 %x
}

; The marker declaration is gone once nothing uses it.
; CHECK-NOT: declare ptr @__cilk_spawn_marker
; CHECK: ![[TAG]] = !{}
