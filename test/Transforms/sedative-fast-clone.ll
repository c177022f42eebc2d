; Checks the sedative fast clone of fib (memo Figure 8): no frame and no
; store on entry, no check before a call, and after each call one
; control-flow load and one branch (anything but NORMAL: a release under way,
; or a steal attempted, in which case the release starts here, result in
; hand); the rare block saves the frame into a new closure.
; RUN: %cilkopt -passes='cilk<sedative>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK-NOT: __cilkrt_tls_worker
; CHECK-NOT: {{ call }}
; CHECK: rec:
; CHECK-NEXT: %n1 = load i32, ptr %n.addr
; CHECK-NEXT: %a = sub i32 %n1, 1
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
; CHECK-NEXT: [[A1:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; CHECK-NEXT: %cf.after.1 = load atomic i32, ptr [[A1]] unordered, align 4
; CHECK-NEXT: %unusual.1 = icmp ne i32 %cf.after.1, 0
; CHECK-NEXT: br i1 %unusual.1, label %release.1, label %tail.1
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r1, ptr %x
; CHECK: resume.1:
; CHECK-NEXT: %n2 = load i32, ptr %n.addr
; CHECK-NEXT: %b = sub i32 %n2, 2
; CHECK-NEXT: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
; CHECK-NEXT: [[A2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; CHECK-NEXT: %cf.after.2 = load atomic i32, ptr [[A2]] unordered, align 4
; CHECK-NEXT: %unusual.2 = icmp ne i32 %cf.after.2, 0
; CHECK-NEXT: br i1 %unusual.2, label %release.2, label %tail.2
; CHECK-NOT: {{ call }}
; CHECK: ret i32 %s
; CHECK-NOT: release.before
; CHECK: release.1:
; CHECK-NEXT: %closure = call ptr @__cilkrt_closure_new(ptr @fib.desc)
; CHECK: %n.addr.field = getelementptr inbounds i8, ptr %closure
; CHECK: store i32 1, ptr
; CHECK-NEXT: store i32 %r1, ptr %result.1
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure, ptr %result.1, i32 0)
; CHECK-NEXT: ret i32 poison
; CHECK: release.2:
; CHECK-NOT: %n.addr.field
; CHECK: %x.field{{.*}} = getelementptr
; CHECK: store i32 2, ptr
; CHECK-NEXT: store i32 %r2, ptr %result.2
; The code after the second spawn is the sync: the closure waits for its
; child (CilkWaits.cpp; lazy-release-waits.ll).
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.2, i32 1)
