; Checks the eager fast clone of fib: a stack frame set up only where it
; spawns (not in a leaf), the live value saved and the resume index set
; before each spawn, push on the thread-local tail, call, THE pop without
; a fence (a compiler barrier only: thieves fence for it, or raise the
; thread-local pop limit that stands for head so that the pop fences in the
; runtime), the rare path to the runtime; between the two spawns a step
; instead of a pop and a push. The pop stores, as the tail, the slot its
; push used, kept in slot.home (a stack word, not a callee-saved
; register), not the tail read back; the saved values are read back from
; their fields after each spawn. The second spawn's argument is computed
; after the step's check, from n's field, and the second call's result is
; read back from its slot after the rare path's call: so no value lives
; across a call of the runtime either.
; RUN: %cilkopt -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: entry:
; CHECK: %slot.home = alloca ptr
; CHECK: %frame = alloca %fib.closure, align 16
; CHECK-NOT: @__cilkrt_tls_worker
; CHECK-NOT: @fib.desc
; CHECK: base:
; CHECK-NEXT: ret i32 %n
; CHECK: rec:
; CHECK: store ptr @fib.desc, ptr
; CHECK: %[[NF:n.addr.field[0-9]*]] = getelementptr inbounds i8, ptr %frame, i64 [[N:[0-9]+]]
; CHECK: store i32 %{{.*}}, ptr %[[NF]]
; CHECK: store i32 1, ptr
; CHECK: [[TA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %[[TAIL:tail[0-9]*]] = load atomic ptr, ptr [[TA]] monotonic
; CHECK-NEXT: store volatile ptr %[[TAIL]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[TAIL]]
; CHECK-NEXT: %tail.next = getelementptr inbounds ptr, ptr %[[TAIL]], i64 1
; CHECK-NEXT: store atomic ptr %tail.next, ptr [[TA]] release
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; n is read back from its field after the call, not kept in a register
; across it (eager-leaf-x86.c: so the leaves save no register).
; CHECK-NEXT: %n.addr.field{{[0-9]+}} = getelementptr inbounds i8, ptr %frame, i64 [[N]]
; CHECK-NEXT: %n.addr.back = load i32, ptr %n.addr.field{{[0-9]+}}
; CHECK-NEXT: store i32 %n.addr.back, ptr %n.addr
; Only arithmetic until the second spawn: a step (eager-step.ll), the frame
; left pushed, no pop and no push.
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r1, ptr %x
; The second spawn saves x (live across it) but not n (dead after it).
; CHECK: %x.field = getelementptr inbounds i8, ptr %frame
; CHECK-NOT: %n.addr.field
; CHECK: store atomic i32 2, ptr %{{.*}} release
; CHECK-NEXT: %slot = load volatile ptr, ptr %slot.home
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; The pop limit: head's thread-local copy, or above any tail while the
; owner is to fence its pops (runtime/deque.h: deque_owner_fences).
; CHECK-NEXT: [[L:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_pop_limit)
; CHECK-NEXT: %[[LIM:limit[0-9]*]] = load atomic ptr, ptr [[L]] acquire
; CHECK-NEXT: %[[ST:stolen[0-9]*]] = icmp ugt ptr %[[LIM]], %slot
; CHECK-NEXT: br i1 %[[ST]], label %pop.step.1, label %call.1
; The worker is loaded on the rare path only.
; CHECK: pop.step.1:
; CHECK-NEXT: store i32 %r1, ptr %result.1
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_worker)
; CHECK-NEXT: %[[W:w[0-9]*]] = load ptr
; CHECK-NEXT: %step = call i32 @__cilkrt_pop_step(ptr %[[W]], ptr %result.1)
; n - 2 again, after the check (eager-step.ll).
; CHECK: call.1:
; CHECK-NEXT: %[[NF2:n.addr.field[0-9]*]] = getelementptr inbounds i8, ptr %frame, i64 [[N]]
; CHECK-NEXT: %n.addr.again = load i32, ptr %[[NF2]]
; CHECK-NEXT: %b.again = sub i32 %n.addr.again, 2
; CHECK-NEXT: %r2 = call i32 @fib.fast(i32 %b.again), !cilk.spawn
; CHECK-NEXT: [[T:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %tail.popped = load volatile ptr, ptr %slot.home
; CHECK-NEXT: store atomic ptr %tail.popped, ptr [[T]] monotonic
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: [[L2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_pop_limit)
; CHECK-NEXT: %limit = load atomic ptr, ptr [[L2]] acquire
; CHECK-NEXT: %stolen{{.*}} = icmp ugt ptr %limit, %tail.popped
; CHECK-NEXT: br i1 %stolen{{.*}}, label %pop.slow.2, label %popped.2
; The last pop's tail is used by no push: nothing reads it again.
; CHECK: pop.slow.2:
; CHECK-NEXT: store i32 %r2
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_worker)
; CHECK-NEXT: %w{{[0-9]*}} = load ptr
; CHECK-NEXT: call i32 @__cilkrt_pop_slow
; CHECK-NEXT: %r2.again = load i32, ptr %result.2
; CHECK-NEXT: icmp ne i32
; x is read back after the pop, and the result from its slot on the rare
; path: nothing crosses the rare path's call.
; CHECK: popped.2:
; CHECK-NEXT: %r2.now = phi i32 [ %r2, %call.1 ], [ %r2.again, %pop.slow.2 ]
; CHECK-NEXT: %x.field{{[0-9]+}} = getelementptr inbounds i8, ptr %frame
; CHECK-NEXT: %x.back = load i32, ptr %x.field{{[0-9]+}}
; CHECK-NEXT: store i32 %x.back, ptr %x
; CHECK-NEXT: br label %tail.2
; CHECK: tail.2:
; CHECK-NEXT: store i32 %r2.now, ptr %y
; A sync in the fast clone is nothing at all.
; CHECK-NOT: __cilkrt_sync
; CHECK-NOT: __cilk_sync_marker
; CHECK: stolen:
; CHECK-NEXT: ret i32 poison
