; Checks the indolent fast clone of fib (memo Figure 7): no frame and no
; store on entry; per spawn one control-flow load and one branch before the
; call (a steal attempted: release before it) and after it (a release under
; way: save and return); the rare blocks save the live values into a new
; closure and call the runtime; nothing else touches the runtime.
; RUN: %cilkopt -passes='cilk<indolent>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK-NOT: __cilkrt_tls_worker
; CHECK-NOT: {{ call }}
; CHECK: base:
; CHECK-NEXT: ret i32 %n
; CHECK: spawn.1:
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
; CHECK-NEXT: [[A1:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; CHECK-NEXT: %cf.1 = load atomic i32, ptr [[A1]] unordered, align 4
; CHECK-NEXT: %attempted.1 = icmp ne i32 %cf.1, 0
; CHECK-NEXT: br i1 %attempted.1, label %release.before.1, label %call.1
; CHECK: call.1:
; CHECK-NEXT: %a.reload = load i32, ptr %a.reg2mem
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a.reload), !cilk.spawn
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
; CHECK-NEXT: [[A2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; CHECK-NEXT: %cf.after.1 = load atomic i32, ptr [[A2]] unordered, align 4
; CHECK-NEXT: %releasing.1 = icmp eq i32 %cf.after.1, 2
; CHECK-NEXT: br i1 %releasing.1, label %release.1, label %tail.1
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r1, ptr %x
; CHECK: spawn.2:
; CHECK: %attempted.2 = icmp ne i32 %cf.2, 0
; CHECK-NEXT: br i1 %attempted.2, label %release.before.2, label %call.2
; CHECK: call.2:
; CHECK-NEXT: %b.reload = load i32, ptr %b.reg2mem
; CHECK-NEXT: %r2 = call i32 @fib.fast(i32 %b.reload), !cilk.spawn
; CHECK: %releasing.2 = icmp eq i32 %cf.after.2, 2
; CHECK-NEXT: br i1 %releasing.2, label %release.2, label %tail.2
; The sync is nothing at all; the normal return is the only other exit.
; CHECK-NOT: {{ call }}
; CHECK: ret i32 %s

; Released before the first call: n (needed later) and the argument n-1,
; resume index 5 (the call itself, after the four suspend points).
; CHECK: release.before.1:
; CHECK-NEXT: %closure = call ptr @__cilkrt_closure_new(ptr @fib.desc)
; CHECK: %a.reg2mem.field = getelementptr inbounds i8, ptr %closure, i64 [[AOFF:[0-9]+]]
; CHECK: %n.addr.field = getelementptr inbounds i8, ptr %closure, i64 [[NOFF:[0-9]+]]
; CHECK: store i32 4, ptr
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure, ptr null, i32 0)
; CHECK-NEXT: ret i32 poison
; Released after the first call: n, resume index 1, and the result.
; CHECK: release.1:
; CHECK: %n.addr.field{{.*}} = getelementptr inbounds i8, ptr %closure{{.*}}, i64 [[NOFF]]
; CHECK-NOT: %a.reg2mem.field
; CHECK: store i32 1, ptr
; CHECK-NEXT: store i32 %r1, ptr %result.1
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.1, i32 0)
; CHECK-NEXT: ret i32 poison
; Before the second call: x and n-2, resume index 6.
; CHECK: release.before.2:
; CHECK: %b.reg2mem.field = getelementptr
; CHECK: %x.field = getelementptr
; CHECK: store i32 5, ptr
; CHECK: release.2:
; CHECK: %x.field{{.*}} = getelementptr
; CHECK: store i32 2, ptr
; CHECK-NEXT: store i32 %r2, ptr %result.2
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.2, i32 1)
