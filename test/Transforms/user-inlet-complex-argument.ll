; Checks a user inlet whose parameter is a _Complex double, `add(spawn
; f(n))` with f returning long: the conversion of the result is two stores
; (the real part, then a zero imaginary part), and all of it is the spawn's
; tail, followed by the inlet's body, in the inlet function. Before, the
; statement ended at the first store, so the imaginary part and the
; inlet's body ran in the continuation, before a stolen child's result had
; arrived.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i64 @f(i64 %n) #0 {
  ret i64 %n
}

define double @sum(i64 %n) #0 {
entry:
  %z = alloca { double, double }
  %arg = alloca { double, double }
  %z.re = getelementptr inbounds { double, double }, ptr %z, i32 0, i32 0
  %z.im = getelementptr inbounds { double, double }, ptr %z, i32 0, i32 1
  store double 0.0, ptr %z.re
  store double 0.0, ptr %z.im
  call void (i32, ...) @__cilk_inlet_args(i32 0)
  %r = call i64 @f(i64 %n), !cilk.spawn !0
  %conv = sitofp i64 %r to double
  %arg.re = getelementptr inbounds { double, double }, ptr %arg, i32 0, i32 0
  %arg.im = getelementptr inbounds { double, double }, ptr %arg, i32 0, i32 1
  store double %conv, ptr %arg.re
  store double 0.0, ptr %arg.im
  call void @__cilk_inlet_begin(i32 0)
  %arg.re2 = getelementptr inbounds { double, double }, ptr %arg, i32 0, i32 0
  %arg.im2 = getelementptr inbounds { double, double }, ptr %arg, i32 0, i32 1
  %a.re = load double, ptr %arg.re2
  %a.im = load double, ptr %arg.im2
  %z.re2 = getelementptr inbounds { double, double }, ptr %z, i32 0, i32 0
  %z.im2 = getelementptr inbounds { double, double }, ptr %z, i32 0, i32 1
  %old.re = load double, ptr %z.re2
  %old.im = load double, ptr %z.im2
  %new.re = fadd double %old.re, %a.re
  %new.im = fadd double %old.im, %a.im
  store double %new.re, ptr %z.re2
  store double %new.im, ptr %z.im2
  call void @__cilk_inlet_end(i32 0)
  call void @__cilk_sync_marker()
  %z.re3 = getelementptr inbounds { double, double }, ptr %z, i32 0, i32 0
  %v = load double, ptr %z.re3
  ret double %v
}

declare void @__cilk_inlet_args(i32, ...) nounwind
declare void @__cilk_inlet_begin(i32) nounwind
declare void @__cilk_inlet_end(i32) nounwind
declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; The fast clone: nothing of the conversion before the call.
; CHECK-LABEL: define double @sum.fast(
; CHECK-NOT: store double 0.000000e+00, ptr %arg.im
; CHECK: %r = call i64 @f(i64 %n), !cilk.spawn
; CHECK: tail.1:
; CHECK: %conv = sitofp i64 %r to double
; CHECK: store double %conv, ptr
; CHECK-NEXT: store double 0.000000e+00, ptr
; CHECK: %new.im = fadd double %old.im, %a.im

; The inlet, run when a stolen child's result arrives: the whole
; conversion, then the body.
; CHECK-LABEL: define internal void @sum.inlet.1(
; CHECK: %r = load i64, ptr %result
; CHECK: %conv = sitofp i64 %r to double
; CHECK: store double %conv, ptr
; CHECK-NEXT: store double 0.000000e+00, ptr
; CHECK: %new.re = fadd double %old.re, %a.re
; CHECK: %new.im = fadd double %old.im, %a.im
