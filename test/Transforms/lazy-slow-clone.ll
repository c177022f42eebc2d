; Checks the slow clone of fib in the lazy modes: indolent adds a resume
; point at each spawned call (5 and 6, after the four suspend points), and
; in both modes a spawned fast clone that comes back released (the word is
; RELEASING) makes this frame the bottom of the release: the runtime is
; told and the clone returns, before the pop.
; RUN: %cilkopt -passes='cilk<indolent>' -S %S/Inputs/fib.ll | FileCheck %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=SED %s

; CHECK-LABEL: define internal void @fib.slow(ptr %frame)
; CHECK: switch i32 %resume.idx, label %bad.resume [
; CHECK-NEXT: i32 1, label %resume.1
; CHECK-NEXT: i32 4, label %spawn.1
; CHECK-NEXT: i32 2, label %resume.2
; CHECK-NEXT: i32 5, label %spawn.2
; CHECK-NEXT: i32 3, label %resume.3
; CHECK-NEXT: ]
; CHECK: spawn.1:
; CHECK-NEXT: %a.reload = load i32, ptr %a.reg2mem.field
; CHECK: store ptr %frame, ptr %tail
; CHECK: %r1 = call i32 @fib.fast(i32 %a.reload), !cilk.spawn
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
; CHECK-NEXT: [[A:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; CHECK-NEXT: %cf.after.1 = load atomic i32, ptr [[A]] unordered
; CHECK-NEXT: %releasing.1 = icmp eq i32 %cf.after.1, 2
; CHECK-NEXT: br i1 %releasing.1, label %released.1, label %pop.1
; CHECK: released.1:
; CHECK-NEXT: call void @__cilkrt_release_bottom(ptr %w, ptr %frame)
; CHECK-NEXT: br label %stolen
; The slow clone's pop keeps its fence (thieves in the lazy modes fence
; only themselves).
; CHECK: pop.1:
; CHECK: [[T:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: atomicrmw sub ptr [[T]], i64 8 seq_cst
; CHECK: %head{{.*}} = load atomic ptr, ptr %w.head{{.*}} seq_cst

; SED-LABEL: define internal void @fib.slow(ptr %frame)
; SED: switch i32 %resume.idx, label %bad.resume [
; SED-NEXT: i32 1, label %resume.1
; SED-NEXT: i32 2, label %resume.2
; SED-NEXT: i32 3, label %resume.3
; SED-NEXT: ]
; SED: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; SED-NEXT: call void asm sideeffect "", "~{memory}"()
; SED-NEXT: [[A:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; SED-NEXT: %cf.after.2 = load atomic i32, ptr [[A]] unordered
; SED-NEXT: %releasing.2 = icmp eq i32 %cf.after.2, 2
; SED-NEXT: br i1 %releasing.2, label %released.2, label %pop.2
