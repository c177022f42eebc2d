; Checks the race build's RaceFramesPass (after ThreadSanitizer): the
; entry hook (a no-op in the detector) goes everywhere; the exit hook, which
; forgets the returning function's frame, goes where the frame holds
; nothing the detector checks: @leaf (no locals), @record (only a race
; record, which the hooks take), @param (a by-value parameter, in the
; caller's frame), but not @local (a local whose address a callee may
; check) nor @byval (an argument passed in the frame). A by-value
; parameter that is used is forgotten at each exit, before the hook (kept
; or not): @param, @param_local; @unused's is never accessed.
; RUN: %cilkopt -passes=cilk-race-frames -S %s | FileCheck %s

%struct.big = type { [8 x i64] }

declare void @__tsan_func_entry(ptr)
declare void @__tsan_func_exit()
declare void @__cilkrt_race_enter(ptr)
declare void @__cilkrt_race_return(ptr)
declare void @__tsan_read8(ptr)
declare void @use(ptr)
declare void @take(ptr byval(%struct.big))
declare ptr @llvm.returnaddress(i32)

; CHECK-LABEL: define i32 @leaf(
; CHECK-NOT: __tsan_func
; CHECK-NOT: llvm.returnaddress
; CHECK: ret i32
define i32 @leaf(i32 %n) sanitize_thread {
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  %m = mul i32 %n, 3
  call void @__tsan_func_exit()
  ret i32 %m
}

; CHECK-LABEL: define void @record(
; CHECK-NOT: __tsan_func
; CHECK: ret void
define void @record() sanitize_thread {
  %r = alloca [64 x i8]
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @__cilkrt_race_enter(ptr %r)
  call void @__cilkrt_race_return(ptr %r)
  call void @__tsan_func_exit()
  ret void
}

; CHECK-LABEL: define void @local(
; CHECK-NOT: __tsan_func_entry
; CHECK: call void @use(ptr %x)
; CHECK-NEXT: call void @__tsan_func_exit()
define void @local() sanitize_thread {
  %x = alloca i64
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @use(ptr %x)
  call void @__tsan_func_exit()
  ret void
}

; CHECK-LABEL: define void @byval(
; CHECK-NOT: __tsan_func_entry
; CHECK: call void @take(
; CHECK-NEXT: call void @__tsan_func_exit()
define void @byval(ptr %p) sanitize_thread {
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @take(ptr byval(%struct.big) %p)
  call void @__tsan_func_exit()
  ret void
}

; CHECK-LABEL: define i64 @param(
; CHECK-NOT: __tsan_func
; CHECK: ok:
; CHECK-NEXT: call void @__cilkrt_race_forget(ptr %b, i64 64)
; CHECK-NEXT: ret i64 %v
; CHECK: pad:
; CHECK-NEXT: landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @__cilkrt_race_forget(ptr %b, i64 64)
; CHECK-NEXT: resume
define i64 @param(ptr byval(%struct.big) %b) sanitize_thread personality ptr null {
entry:
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @__tsan_read8(ptr %b)
  %v = load i64, ptr %b
  invoke void @use(ptr null) to label %ok unwind label %pad
ok:
  call void @__tsan_func_exit()
  ret i64 %v
pad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @__tsan_func_exit()
  resume { ptr, i32 } %lp
}

; CHECK-LABEL: define void @param_local(
; CHECK: call void @use(ptr %b)
; CHECK-NEXT: call void @__cilkrt_race_forget(ptr %b, i64 64)
; CHECK-NEXT: call void @__tsan_func_exit()
; CHECK-NEXT: ret void
define void @param_local(ptr byval(%struct.big) %b) sanitize_thread {
  %x = alloca i64
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @use(ptr %x)
  call void @use(ptr %b)
  call void @__tsan_func_exit()
  ret void
}

; CHECK-LABEL: define void @unused(
; CHECK-NOT: __cilkrt_race_forget
; CHECK: ret void
define void @unused(ptr byval(%struct.big) %b) sanitize_thread {
  %ra = call ptr @llvm.returnaddress(i32 0)
  call void @__tsan_func_entry(ptr %ra)
  call void @use(ptr null)
  call void @__tsan_func_exit()
  ret void
}
