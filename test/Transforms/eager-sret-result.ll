; Checks a spawn whose struct result comes back through sret: the child
; writes into the parent's temporary, which is what the runtime receives on
; the rare path; the fast clone of a struct-returning procedure keeps the
; address its caller gave in its frame, right after the header, and its
; slow clone writes the result where the runtime says (its own frame's
; result field, or that address if the caller takes the result in place:
; CILK_ABI_RESULT_ADDR). This C struct's temporary is no such place.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

%struct.big = type { [8 x i64] }

define void @mk(ptr sret(%struct.big) %out, i64 %v) #0 {
entry:
  %b = alloca %struct.big
  %tmp = alloca %struct.big
  store i64 %v, ptr %b
  call void @mk(ptr sret(%struct.big) %tmp, i64 %v), !cilk.spawn !0
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %tmp, i64 64, i1 false)
  call void @__cilk_sync_marker()
  call void @llvm.memcpy.p0.p0.i64(ptr %out, ptr %b, i64 64, i1 false)
  ret void
}

declare void @__cilk_sync_marker() nounwind
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1) nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK: @mk.sites = internal constant [3 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr @mk.inlet.1, i32 1, i32 {{[0-9]+}}, i32 0, i32 0, i32 0, ptr null }
; CHECK-LABEL: define void @mk.fast(
; CHECK: %sret.addr = getelementptr inbounds i8, ptr %frame, i64 112
; CHECK-NEXT: store ptr %out, ptr %sret.addr, align 8
; CHECK: call void @mk.fast(ptr sret(%struct.big) %tmp, i64 %v), !cilk.spawn
; CHECK: pop.slow.1:
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_worker)
; CHECK-NEXT: %w = load ptr
; CHECK-NEXT: call i32 @__cilkrt_pop_slow(ptr %w, ptr %tmp)
; CHECK: tail.1:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %tmp, i64 64, i1 false)

; CHECK-LABEL: define internal void @mk.slow(ptr %frame)
; CHECK: %retval = call ptr @__cilkrt_result_addr(ptr %frame)
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr %retval, ptr %b.field, i64 64, i1 false)

; CHECK-LABEL: define internal void @mk.inlet.1(ptr %dst, ptr %result, ptr %frame)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %result, i64 64, i1 false)
; CHECK-NEXT: ret void
