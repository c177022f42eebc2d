; Checks what remains of the lazy fast clones of fib after -O2: on the path
; where no thief asks, one load of the control-flow word and one branch per
; check (sedative: after each call; indolent: before and after), each
; after an empty asm with a memory clobber that keeps the unordered load
; where it is (without it, the check after an inlined pure child was
; hoisted out of a loop of spawns), the rare branches weighted cold, and
; no call but the two recursive ones.
; RUN: %cilkopt -passes='cilk<sedative>,default<O2>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=SED %s
; RUN: %cilkopt -passes='cilk<indolent>,default<O2>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=IND %s

; SED-LABEL: define i32 @fib.fast(i32 %n)
; SED-NOT: {{ call }}
; SED: rec:
; SED-NEXT: %a = add nsw i32 %n, -1
; SED-NEXT: %r1 = tail call i32 @fib.fast(i32 %a)
; SED-NEXT: tail call void asm sideeffect "", "~{memory}"()
; SED-NEXT: [[CF:%.*]] = tail call align 4 ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; SED-NEXT: %cf.after.1 = load atomic i32, ptr [[CF]] unordered
; SED-NEXT: %unusual.1.not = icmp eq i32 %cf.after.1, 0
; SED-NEXT: br i1 %unusual.1.not, label %tail.1, label %release.1
; SED: tail.1:
; SED-NEXT: %b = add nsw i32 %n, -2
; SED-NEXT: %r2 = tail call i32 @fib.fast(i32 %b)
; SED-NEXT: tail call void asm sideeffect "", "~{memory}"()
; SED-NEXT: %cf.after.2 = load atomic i32, ptr [[CF]] unordered
; SED-NEXT: %unusual.2.not = icmp eq i32 %cf.after.2, 0
; SED-NEXT: br i1 %unusual.2.not, label %tail.2, label %release.2, !prof [[LIKELY:![0-9]+]]
; SED: tail.2:
; SED-NEXT: %s = add i32 %r2, %r1

; IND-LABEL: define i32 @fib.fast(i32 %n)
; IND-NOT: {{ call }}
; IND: rec:
; IND-NEXT: %a = add nsw i32 %n, -1
; IND-NEXT: tail call void asm sideeffect "", "~{memory}"()
; IND-NEXT: [[CF:%.*]] = tail call align 4 ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
; IND-NEXT: %cf.1 = load atomic i32, ptr [[CF]] unordered
; IND-NEXT: %attempted.1.not = icmp eq i32 %cf.1, 0
; IND-NEXT: br i1 %attempted.1.not, label %call.1, label %release.before.1
; IND: call.1:
; IND-NEXT: %r1 = tail call i32 @fib.fast(i32 %a)
; IND-NEXT: tail call void asm sideeffect "", "~{memory}"()
; IND-NEXT: %cf.after.1 = load atomic i32, ptr [[CF]] unordered
; IND-NEXT: %releasing.1 = icmp eq i32 %cf.after.1, 2
; IND-NEXT: br i1 %releasing.1, label %release.1, label %tail.1
; IND: tail.1:
; IND-NEXT: %b = add nsw i32 %n, -2
; IND-NEXT: tail call void asm sideeffect "", "~{memory}"()
; IND-NEXT: %cf.2 = load atomic i32, ptr [[CF]] unordered
; IND-NEXT: %attempted.2.not = icmp eq i32 %cf.2, 0
; IND-NEXT: br i1 %attempted.2.not, label %call.2, label %release.before.2
; IND: call.2:
; IND-NEXT: %r2 = tail call i32 @fib.fast(i32 %b)
; IND-NEXT: tail call void asm sideeffect "", "~{memory}"()
; IND-NEXT: %cf.after.2 = load atomic i32, ptr [[CF]] unordered
; IND-NEXT: %releasing.2 = icmp eq i32 %cf.after.2, 2
; IND-NEXT: br i1 %releasing.2, label %release.2, label %tail.2, !prof [[COLD:![0-9]+]]
; SED: [[LIKELY]] = !{!"branch_weights", i32 1048575, i32 1}
; IND: [[COLD]] = !{!"branch_weights", i32 1, i32 1048575}
