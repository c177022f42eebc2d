; Checks the eager fast clone of fib: a stack frame set up only where it
; spawns (not in a leaf), the live value saved and the resume index set
; before each spawn, push on the thread-local tail, call, THE pop without
; a fence (a compiler barrier only: thieves fence for it) unless a thief
; asked for one, the rare path to the runtime, and a second push that only moves the tail back over the
; entry the first pop left.
; RUN: %cilkopt -mtriple=x86_64-pc-linux-gnu -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck %s
; Elsewhere the rare call keeps C's convention (runtime/scheduler.c).
; RUN: %cilkopt -mtriple=aarch64-linux-gnu -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=C-CONV %s
; C-CONV: pop.fence.1:
; C-CONV-NEXT: call void @__cilkrt_fence_pop()

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: entry:
; CHECK: %frame = alloca %fib.closure, align 16
; CHECK-NOT: @__cilkrt_tls_worker
; CHECK-NOT: @fib.desc
; CHECK: base:
; CHECK-NEXT: ret i32 %n
; CHECK: rec:
; CHECK: store ptr @fib.desc, ptr
; CHECK: %n.addr.field = getelementptr inbounds i8, ptr %frame, i64 [[N:[0-9]+]]
; CHECK: store i32 %{{.*}}, ptr %n.addr.field
; CHECK: store i32 1, ptr
; CHECK: [[TA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %[[TAIL:tail[0-9]*]] = load atomic ptr, ptr [[TA]] monotonic
; CHECK-NEXT: store ptr %frame, ptr %[[TAIL]]
; CHECK-NEXT: %tail.next = getelementptr inbounds ptr, ptr %[[TAIL]], i64 1
; CHECK-NEXT: store atomic ptr %tail.next, ptr [[TA]] release
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_worker)
; CHECK-NEXT: %w = load ptr
; CHECK-NEXT: [[T:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %tail = load atomic ptr, ptr [[T]] monotonic
; CHECK-NEXT: %tail.popped = getelementptr inbounds ptr, ptr %tail, i64 -1
; CHECK-NEXT: store atomic ptr %tail.popped, ptr [[T]] monotonic
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; After a steal the owner fences its next pops itself, in a call on the
; rare path (runtime/deque.h: deque_owner_fences).
; CHECK-NEXT: [[F:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_fenced_pops)
; CHECK-NEXT: %fenced.1 = load atomic i32, ptr [[F]] unordered
; CHECK-NEXT: %fence.1 = icmp ne i32 %fenced.1, 0
; CHECK-NEXT: br i1 %fence.1, label %pop.fence.1, label %pop.head.1, !prof [[UNLIKELY:![0-9]+]]
; CHECK: pop.fence.1:
; CHECK-NEXT: call preserve_mostcc void @__cilkrt_fence_pop()
; CHECK-NEXT: br label %pop.head.1
; CHECK: pop.head.1:
; CHECK-NEXT: %w.head = getelementptr inbounds i8, ptr %w, i64 64
; CHECK-NEXT: %head = load atomic ptr, ptr %w.head acquire
; CHECK-NEXT: %stolen{{.*}} = icmp ugt ptr %head, %tail.popped
; CHECK-NEXT: br i1 %stolen{{.*}}, label %pop.slow.1, label %popped.1
; CHECK: pop.slow.1:
; CHECK-NEXT: store i32 %r1, ptr %result.1
; CHECK-NEXT: %pop = call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.1)
; The tail is read again after the rare call, not kept across it.
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %tail.again = load atomic ptr
; CHECK: popped.1:
; CHECK-NEXT: %tail.now = phi ptr [ %tail.popped, %pop.head.1 ], [ %tail.again, %pop.slow.1 ]
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r1, ptr %x
; The second spawn saves x (live across it) but not n (dead after it), and
; pushes without loading the tail or storing the entry.
; CHECK: %x.field = getelementptr inbounds i8, ptr %frame
; CHECK-NOT: %n.addr.field
; CHECK: store i32 2, ptr
; CHECK-NEXT: [[T2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: %tail.next{{[0-9]+}} = getelementptr inbounds ptr, ptr %tail.now, i64 1
; CHECK-NEXT: store atomic ptr %tail.next{{[0-9]+}}, ptr [[T2]] release
; CHECK-NEXT: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; The last pop's tail is used by no push: nothing reads it again.
; CHECK: pop.slow.2:
; CHECK-NEXT: store i32 %r2
; CHECK-NEXT: call i32 @__cilkrt_pop_slow
; CHECK-NEXT: icmp ne i32
; CHECK: popped.2:
; CHECK-NEXT: br label %tail.2
; A sync in the fast clone is nothing at all.
; CHECK-NOT: __cilkrt_sync
; CHECK-NOT: __cilk_sync_marker
; CHECK: stolen:
; CHECK-NEXT: ret i32 poison
; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 {{[0-9]+}}}
