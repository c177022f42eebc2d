; Checks that the serial elision deletes sync markers.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s
; RUN: %cilkopt -passes=cilk -S %s | FileCheck %s

declare void @__cilk_sync_marker()
declare ptr @__cilk_spawn_marker(ptr)
declare i32 @fib(i32)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %x = call i32 @fib(i32 %n), !cilk.spawn
; CHECK-NEXT: br label %done
; CHECK: done:
; CHECK-NEXT: ret i32 %x
define i32 @f(i32 %n) "cilk" {
  %m = call ptr @__cilk_spawn_marker(ptr @fib)
  %x = call i32 %m(i32 %n)
  call void @__cilk_sync_marker()
  br label %done
done:
  call void @__cilk_sync_marker()
  ret i32 %x
}
; CHECK-NOT: __cilk_sync_marker
