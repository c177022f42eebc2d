; Checks the polls of lazy loops (CilkPoll.cpp): in sedative mode the loop
; of a Cilk procedure that never spawns polls at its header (a monotonic
; load of the control-flow word and a cold branch to release.poll.N, which
; saves the values live across the poll into a closure and releases it;
; the slow clone resumes at the header), so the procedure gets clones like
; one that spawns; a loop with a spawn of its own does not poll (the
; spawn's check does); eager mode polls no loop and leaves the leaf alone.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s --check-prefix=EAGER

define i64 @busy(i64 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi i64 [ 1, %entry ], [ %x.next, %loop ]
  %x.next = mul i64 %x, 3
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %x.next
}

define i64 @spawner(i64 %n) #0 {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %r = call i64 @busy(i64 %i), !cilk.spawn !0
  store i64 %r, ptr %sum
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @__cilk_sync_marker()
  %s = load i64, ptr %sum
  ret i64 %s
}

declare void @__cilk_sync_marker()

attributes #0 = { "cilk" }
!0 = !{}

; CHECK-LABEL: define i64 @busy.fast(i64 %n)
; CHECK: loop:
; CHECK: %cf.poll.1 = load atomic i32, ptr {{%.*}} monotonic, align 4
; CHECK-NEXT: %attempted.poll.1 = icmp ne i32 %cf.poll.1, 0
; CHECK-NEXT: br i1 %attempted.poll.1, label %release.poll.1, label %resume.1, !prof
; CHECK: resume.1:
; CHECK: mul i64 {{.*}}, 3
; CHECK: release.poll.1:
; CHECK-NEXT: %closure = call ptr @__cilkrt_closure_new(ptr @busy.desc)
; CHECK: store i32 1, ptr
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure, ptr null, i32 0)
; CHECK-NEXT: ret i64 poison

; CHECK-LABEL: define i64 @spawner.fast(i64 %n)
; CHECK-NOT: cf.poll
; CHECK: %cf.after.1 = load atomic i32
; CHECK-NOT: cf.poll
; CHECK: ret i64
; CHECK-NOT: __cilk_poll_marker

; CHECK-LABEL: define internal void @busy.slow(ptr %frame)
; CHECK: %cond = icmp eq i32 %resume.idx, 1
; CHECK-NEXT: br i1 %cond, label %resume.1, label %bad.resume
; CHECK-NOT: cf.poll
; CHECK: define

; EAGER-LABEL: define i64 @busy(i64 %n)
; EAGER-NOT: cf.poll
; EAGER-NOT: __cilkrt
; EAGER: ret i64 %x.next
; EAGER-NOT: busy.slow
