; Checks that a cycle which gotos enter at two blocks, no loop to
; LoopInfo, polls in the lazy modes (CilkPoll.cpp): at the block where
; CycleInfo starts the cycle, so every walk around it passes a poll, and
; the procedure gets clones like one with a loop; its slow clone resumes
; at that block. Eager mode polls no cycle.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s --check-prefix=EAGER

define i64 @gotos(i64 %n, i1 %odd) #0 {
entry:
  br i1 %odd, label %second, label %first

first:
  %i.f = phi i64 [ 0, %entry ], [ %i.next, %second ]
  %x = mul i64 %i.f, 3
  br label %second

second:
  %i.s = phi i64 [ 0, %entry ], [ %i.f, %first ]
  %i.next = add i64 %i.s, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %first, label %exit

exit:
  ret i64 %i.next
}

attributes #0 = { "cilk" }

; CHECK-LABEL: define i64 @gotos.fast(
; CHECK: %cf.poll.1 = load atomic i32, ptr {{%.*}} monotonic, align 4
; CHECK-NEXT: %attempted.poll.1 = icmp ne i32 %cf.poll.1, 0
; CHECK-NEXT: br i1 %attempted.poll.1, label %release.poll.1, label %resume.1, !prof
; CHECK: release.poll.1:
; CHECK: call void @__cilkrt_release(
; CHECK-LABEL: define internal void @gotos.slow(
; CHECK: br i1 %cond, label %resume.1, label %bad.resume

; EAGER-LABEL: define i64 @gotos(
; EAGER-NOT: __cilkrt
; EAGER: ret i64
; EAGER-NOT: gotos.slow
