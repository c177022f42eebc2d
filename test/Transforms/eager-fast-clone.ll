; Checks the eager fast clone of fib: a stack frame, the live value saved
; and the resume index set before each spawn, push, call, THE pop with a
; locked store (xchg) as its fence, and the rare path to the runtime.
; RUN: %cilkopt -passes='cilk<eager>' -S %S/Inputs/fib.ll | FileCheck %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: %w = load ptr, ptr
; CHECK: %frame = alloca %fib.closure, align 16
; CHECK: store ptr @fib.desc, ptr
; CHECK-NOT: call
; CHECK: base:
; CHECK-NEXT: ret i32 %n
; CHECK: rec:
; CHECK: %n.addr.field = getelementptr inbounds i8, ptr %frame, i64 [[N:[0-9]+]]
; CHECK: store i32 %{{.*}}, ptr %n.addr.field
; CHECK: store i32 1, ptr
; CHECK: %tail = load atomic ptr, ptr %{{.*}} monotonic
; CHECK-NEXT: store ptr %frame, ptr %tail
; CHECK-NEXT: %tail.next = getelementptr inbounds ptr, ptr %tail, i64 1
; CHECK-NEXT: store atomic ptr %tail.next, ptr %{{.*}} release
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK: %tail.prev = getelementptr inbounds ptr, ptr %{{.*}}, i64 -1
; CHECK-NEXT: store atomic ptr %tail.prev, ptr %{{.*}} seq_cst
; CHECK: %head = load atomic ptr, ptr %w.head seq_cst
; CHECK-NEXT: %stolen{{.*}} = icmp ugt ptr %head, %tail.prev
; CHECK-NEXT: br i1 %stolen{{.*}}, label %pop.slow.1, label %tail.1
; CHECK: pop.slow.1:
; CHECK-NEXT: store i32 %r1, ptr %result.1
; CHECK-NEXT: %pop = call i32 @__cilkrt_pop_slow(ptr %w, ptr %result.1)
; CHECK: tail.1:
; CHECK-NEXT: store i32 %r1, ptr %x
; The second spawn saves x (live across it) but not n (dead after it).
; CHECK: %x.field = getelementptr inbounds i8, ptr %frame
; CHECK-NOT: %n.addr.field
; CHECK: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; A sync in the fast clone is nothing at all.
; CHECK-NOT: __cilkrt_sync
; CHECK-NOT: __cilk_sync_marker
; CHECK: stolen:
; CHECK-NEXT: ret i32 poison
