; Checks a procedure that every file using it defines (C++: an inline
; function or a template's instance, linkonce_odr in a comdat): its C entry
; point and fast clone stay in its comdat, linkonce_odr, the slow clone is
; the file's own (internal), and its Cilk-5 export mt_ is linkonce_odr in a
; comdat of its own, so that the linker keeps one copy of each instead of
; reporting them defined twice.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

$_Z4ifibl = comdat any

declare ptr @__cilk_spawn_marker(ptr)
declare void @__cilk_sync_marker()

; CHECK: $mt__Z4ifibl = comdat any
; CHECK-LABEL: define linkonce_odr i64 @_Z4ifibl.fast(i64 %n) #{{[0-9]+}} comdat($_Z4ifibl)
; CHECK-LABEL: define internal void @_Z4ifibl.slow(ptr %frame)
; CHECK-LABEL: define linkonce_odr i64 @_Z4ifibl(i64 %n) #{{[0-9]+}} comdat prefix
; CHECK-LABEL: define linkonce_odr i64 @mt__Z4ifibl(ptr %context, i64 %0) #{{[0-9]+}} comdat {
define linkonce_odr i64 @_Z4ifibl(i64 %n) #0 comdat {
entry:
  %x = alloca i64
  %small = icmp slt i64 %n, 2
  br i1 %small, label %leaf, label %rec

leaf:
  ret i64 %n

rec:
  %a = sub i64 %n, 1
  %f = call ptr @__cilk_spawn_marker(ptr @_Z4ifibl)
  %r = call i64 %f(i64 %a)
  store i64 %r, ptr %x
  %b = sub i64 %n, 2
  %s = call i64 @_Z4ifibl(i64 %b)
  call void @__cilk_sync_marker()
  %v = load i64, ptr %x
  %t = add i64 %v, %s
  ret i64 %t
}

attributes #0 = { "cilk" }
