; Checks a variable-length array in a procedure that spawns: it moves to the
; heap, on the frame's list, freed after the implicit sync at return.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define void @fill(ptr %p, i64 %n) #0 {
  ret void
}

define void @vla(i64 %n) #0 {
entry:
  %n.addr = alloca i64
  store i64 %n, ptr %n.addr
  %buf = alloca i32, i64 %n
  %nv = load i64, ptr %n.addr
  call void @fill(ptr %buf, i64 %nv), !cilk.spawn !0
  ret void
}

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define void @vla.fast(i64 %n)
; CHECK: %allocas.field = getelementptr inbounds i8, ptr %frame
; CHECK: store ptr null, ptr %allocas.field
; CHECK: [[BYTES:%.*]] = mul i64 %n, 4
; CHECK-NEXT: %buf = call ptr @__cilkrt_alloca(ptr %allocas.field, i64 [[BYTES]])
; CHECK: call void @fill(ptr %buf{{.*}}), !cilk.spawn
; CHECK: call void @__cilkrt_free_allocas(ptr %allocas.field)
; CHECK-NEXT: call void @__cilkrt_frame_free
; CHECK-NEXT: ret void

; The slow clone frees the list after the implicit sync too.
; CHECK-LABEL: define internal void @vla.slow(ptr %frame)
; CHECK: call i32 @__cilkrt_sync(
; CHECK: call void @__cilkrt_free_allocas(ptr %allocas.field)
