; Checks the race build's loops before the vectorizer (cilk-race-loops,
; CilkRace.cpp: RaceLoopsPass): a loop that walks memory one element after
; another gets one range check per walk in its preheader, its accesses
; !nosanitize, and stays scalar (llvm.loop.vectorize.enable 0): the
; vectorizer's wide accesses would not keep !nosanitize, and a vectorized
; loop with a small bound (matmul's base case) was unrolled into blocks
; with exits of their own, which no later pass could check as a range. A
; loop that calls a function is left alone.
; RUN: %cilkopt -passes=cilk-race-loops -S %s | FileCheck %s

; CHECK-LABEL: define void @axpy(ptr %x, ptr %y, i64 %n)
; CHECK: ph:
; CHECK: call void @__tsan_read_range(ptr nocapture %x, i64 %[[B:.*]])
; CHECK: call void @__tsan_read_range(ptr nocapture %y, i64 %[[B]])
; CHECK: call void @__tsan_write_range(ptr nocapture %y, i64 %[[B]])
; CHECK: loop:
; CHECK: load double, ptr %px, align 8, !nosanitize
; CHECK: load double, ptr %py, align 8, !nosanitize
; CHECK: store double %s, ptr %py, align 8, !nosanitize
; CHECK: br i1 %more, label %loop, label %done, !llvm.loop ![[L:[0-9]+]]
define void @axpy(ptr %x, ptr %y, i64 %n) #0 {
entry:
  %some = icmp sgt i64 %n, 0
  br i1 %some, label %ph, label %done
ph:
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %py = getelementptr inbounds double, ptr %y, i64 %i
  %a = load double, ptr %px, align 8
  %b = load double, ptr %py, align 8
  %s = fadd double %a, %b
  store double %s, ptr %py, align 8
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @calls(ptr %x, i64 %n)
; CHECK-NOT: __tsan_
; CHECK-NOT: !nosanitize
; CHECK: ret void
define void @calls(ptr %x, i64 %n) #0 {
entry:
  %some = icmp sgt i64 %n, 0
  br i1 %some, label %ph, label %done
ph:
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %a = load double, ptr %px, align 8
  call void @use(double %a)
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare void @use(double)

attributes #0 = { sanitize_thread }

; CHECK: ![[L]] = distinct !{![[L]], ![[V:[0-9]+]]}
; CHECK: ![[V]] = !{!"llvm.loop.vectorize.enable", i32 0}
