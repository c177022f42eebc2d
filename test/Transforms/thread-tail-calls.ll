; Checks the lowering of tail_call, which runs in constant stack space at
; every -O level: a musttail call, then `ret void`, where the callee has the
; caller's prototype (no byval parameter), no argument is a vector, no local
; of the caller escapes and nothing follows the call; otherwise the
; trampoline: a closure from __cilkrt_cp_tail, filled and never posted (the
; runner of the calling thread runs it once that returns). The same in
; every mode and in profile and race builds, where ThreadSanitizer's exit
; hook goes before the musttail call.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;race>,tsan-module,function(tsan)' -S %s \
; RUN:   | FileCheck %s --check-prefix=RACE

%struct.big = type { [11 x i64] }

declare ptr @__cilk_cp_tail_marker(ptr)
declare void @__cilk_cp_send(ptr) nounwind
declare void @use(ptr) nounwind
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; count(cont long k, long n, long acc) with a local array that is only
; indexed, as clang emits it at -O0: the call becomes a musttail call and
; the branch to the return block a `ret void`.
; CHECK-LABEL: define void @count(
; CHECK-NOT: __cilkrt_cp_tail
; RACE-LABEL: define void @count(
; RACE: more:
; RACE: call void @__tsan_func_exit()
; RACE-NEXT: musttail call void @count(ptr %k2, i64 %n1, i64 %acc1)
; RACE-NEXT: ret void
; CHECK: more:
; CHECK: %acc1 = add i64 %acc, %v
; CHECK-NEXT: musttail call void @count(ptr %k2, i64 %n1, i64 %acc1)
; CHECK-NEXT: ret void
; CHECK: return:
; CHECK-NOT: __cilkrt_cp_tail
; CHECK: ret void
; CHECK-NEXT: }
define void @count(ptr %k, i64 %n, i64 %acc) nounwind "cilk_thread" {
entry:
  %k.addr = alloca ptr
  %a = alloca [16 x i64]
  store ptr %k, ptr %k.addr
  %i = and i64 %n, 15
  %e = getelementptr inbounds [16 x i64], ptr %a, i64 0, i64 %i
  store i64 %n, ptr %e
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %more

done:
  %kk = load ptr, ptr %k.addr
  store i64 %acc, ptr %kk
  call void @__cilk_cp_send(ptr %kk)
  br label %return

more:
  %t = call ptr @__cilk_cp_tail_marker(ptr @count)
  %k2 = load ptr, ptr %k.addr
  %v = load i64, ptr %e
  %n1 = sub i64 %n, 1
  %acc1 = add i64 %acc, %v
  call void %t(ptr %k2, i64 %n1, i64 %acc1)
  br label %return

return:
  ret void
}

; The same as clang emits it before -O2's passes: lifetime markers after
; the call are passed over (and dropped on its path: nothing reads the
; array once the caller's frame is gone).
; CHECK-LABEL: define void @count_o2(
; CHECK: musttail call void @count_o2(ptr %k, i64 %n1, i64 0)
; CHECK-NEXT: ret void
; CHECK: cleanup:
; CHECK-NEXT: call void @llvm.lifetime.end.p0(i64 128, ptr %a)
; CHECK-NEXT: ret void
define void @count_o2(ptr %k, i64 %n, i64 %acc) nounwind "cilk_thread" {
entry:
  %a = alloca [16 x i64]
  call void @llvm.lifetime.start.p0(i64 128, ptr %a)
  store i64 %n, ptr %a
  %z = icmp eq i64 %n, 0
  br i1 %z, label %cleanup, label %more

more:
  %t = call ptr @__cilk_cp_tail_marker(ptr @count_o2)
  %n1 = sub i64 %n, 1
  call void %t(ptr %k, i64 %n1, i64 0)
  br label %cleanup

cleanup:
  call void @llvm.lifetime.end.p0(i64 128, ptr %a)
  ret void
}

; A local whose address escapes (an argument could point into the frame
; that a musttail call gives up): the trampoline. count's closure: k at 56,
; n at 72, acc at 88; 96 bytes.
; RACE-LABEL: define void @escapes(
; RACE-NOT: musttail
; RACE: call ptr @__cilkrt_cp_tail(ptr @count.thread, i64 96)
; RACE: call void @__tsan_func_exit()
; RACE-NEXT: ret void
; CHECK-LABEL: define void @escapes(
; CHECK-NOT: musttail
; CHECK: %[[C:.*]] = call ptr @__cilkrt_cp_tail(ptr @count.thread, i64 96)
; CHECK-NEXT: %[[K:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 56
; CHECK-NEXT: store ptr %k, ptr %[[K]]
; CHECK-NEXT: %[[N:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 72
; CHECK-NEXT: store i64 %n, ptr %[[N]]
; CHECK-NEXT: %[[ACC:.*]] = getelementptr inbounds i8, ptr %[[C]], i64 88
; CHECK-NEXT: store i64 %acc, ptr %[[ACC]]
; CHECK-NOT: __cilkrt_cp_arm
; CHECK: ret void
define void @escapes(ptr %k, i64 %n, i64 %acc) nounwind "cilk_thread" {
  %a = alloca [16 x i64]
  call void @use(ptr %a)
  %t = call ptr @__cilk_cp_tail_marker(ptr @count)
  call void %t(ptr %k, i64 %n, i64 %acc)
  ret void
}

; Another prototype (ping(k, n) calls count(k, n, 0)): the trampoline.
; CHECK-LABEL: define void @ping(
; CHECK-NOT: musttail
; CHECK: %[[C:.*]] = call ptr @__cilkrt_cp_tail(ptr @count.thread, i64 96)
; CHECK: store i64 0, ptr
; CHECK-NOT: __cilkrt_cp_arm
; CHECK: ret void
define void @ping(ptr %k, i64 %n) nounwind "cilk_thread" {
  %t = call ptr @__cilk_cp_tail_marker(ptr @count)
  call void %t(ptr %k, i64 %n, i64 0)
  ret void
}

; A struct by value (byval): its bytes are copied into the closure (k at
; 56, n at 72, b at 88 for 88 bytes; 176 bytes), though the prototypes
; match.
; CHECK-LABEL: define void @big(
; CHECK-NOT: musttail
; CHECK: %[[C:.*]] = call ptr @__cilkrt_cp_tail(ptr @big.thread, i64 176)
; CHECK: %[[B:[0-9]+]] = getelementptr inbounds i8, ptr %[[C]], i64 88
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %[[B]], ptr align 1 %b, i64 88, i1 false)
; CHECK: ret void
define void @big(ptr %k, i64 %n, ptr byval(%struct.big) align 8 %b) nounwind "cilk_thread" {
  %t = call ptr @__cilk_cp_tail_marker(ptr @big)
  call void %t(ptr %k, i64 %n, ptr byval(%struct.big) align 8 %b)
  ret void
}

; Something after the call (here a send): it runs before count, so no
; musttail call.
; CHECK-LABEL: define void @notlast(
; CHECK-NOT: musttail
; CHECK: call ptr @__cilkrt_cp_tail(ptr @count.thread, i64 96)
; CHECK: call void @__cilk_cp_send(ptr %k)
; CHECK-NEXT: ret void
define void @notlast(ptr %k, i64 %n, i64 %acc) nounwind "cilk_thread" {
  %t = call ptr @__cilk_cp_tail_marker(ptr @count)
  call void %t(ptr %k, i64 %n, i64 %acc)
  call void @__cilk_cp_send(ptr %k)
  ret void
}

; count's runner calls it as every runner calls its thread.
; CHECK-LABEL: define internal void @count.run(ptr %c)
; CHECK: call void @count(
; CHECK-NEXT: ret void
