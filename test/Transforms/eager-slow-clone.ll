; Checks the eager slow clone of fib: a jump on the resume index, frame
; fields in place of the allocas, the spawn's result applied through the
; runtime, syncs that may suspend, and the result left in the frame.
; RUN: %cilkopt -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-LABEL: define internal void @fib.slow(ptr %frame)
; CHECK: entry.dispatch:
; CHECK: %retval = getelementptr inbounds i8, ptr %frame
; CHECK: %n.addr.field = getelementptr inbounds i8, ptr %frame
; CHECK: %x.field = getelementptr inbounds i8, ptr %frame
; CHECK: %y.field = getelementptr inbounds i8, ptr %frame
; CHECK: %resume.idx = load i32, ptr
; CHECK-NEXT: switch i32 %resume.idx, label %bad.resume [
; CHECK-NEXT: i32 1, label %resume.1
; CHECK-NEXT: i32 2, label %resume.2
; CHECK-NEXT: i32 3, label %resume.3
; CHECK-NEXT: ]
; After the first spawn was stolen: spawn the second child, publishing the
; frame itself.
; CHECK: resume.1:
; CHECK-NEXT: %n2 = load i32, ptr %n.addr.field
; CHECK: store ptr %frame, ptr %tail
; CHECK: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; CHECK: br i1 %stolen{{.*}}, label %pop.slow.2, label %apply.2
; CHECK: pop.slow.2:
; CHECK: call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.2)
; CHECK: br i1 %{{.*}}, label %stolen, label %apply.2
; CHECK: apply.2:
; CHECK-NEXT: store i32 %r2, ptr %result.2
; CHECK-NEXT: call void @__cilkrt_apply(ptr %w, ptr %frame, i32 2, ptr %result.2)
; CHECK-NEXT: br label %resume.2
; CHECK: resume.2:
; CHECK-NEXT: getelementptr inbounds i8, ptr %frame, i64 8
; CHECK-NEXT: store i32 3, ptr
; CHECK-NEXT: %suspend = call i32 @__cilkrt_sync(ptr %w, ptr %frame)
; CHECK: br i1 %{{.*}}, label %stolen, label %resume.3
; CHECK: resume.3:
; CHECK: %xv = load i32, ptr %x.field
; CHECK: %yv = load i32, ptr %y.field
; CHECK: store i32 %{{.*}}, ptr %retval
; CHECK-NEXT: ret void
; CHECK: stolen:
; CHECK-NEXT: ret void
