; Checks the chunks of polled loops (CilkPollChunks.cpp), as the pass finds
; a lazy fast clone's loops just before the vectorizer: an innermost loop
; that polls (a monotonic load marked !cilk.poll) and otherwise exits at
; one test of a known count becomes an inner loop without a poll, of at
; most K iterations, in an outer loop that polls between chunks. The
; release then takes the values where the chunk ends: the header's when
; the loop is cut at its header, what the header receives from the latch
; when it is cut at its latch. A loop that calls a function, one whose
; count is not known, one with another exit and one whose poll is in the
; middle of an iteration keep their poll.
; RUN: %cilkopt -passes='function(cilk-poll-chunks)' -S %s | FileCheck %s
; RUN: %cilkopt -passes='function(cilk-poll-chunks)' -disable-output \
; RUN:   -pass-remarks=cilk-poll-chunks -pass-remarks-missed=cilk-poll-chunks \
; RUN:   %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: loop polls once every 2048 iterations
; REMARK: remark: <unknown>:0:0: loop polls once every 2048 iterations
; REMARK: remark: <unknown>:0:0: loop polls on each iteration: it calls a function
; REMARK: remark: <unknown>:0:0: loop polls on each iteration: its count of iterations is not known
; REMARK: remark: <unknown>:0:0: loop polls on each iteration: it has several exits
; REMARK: remark: <unknown>:0:0: loop polls on each iteration: its poll is in the middle of an iteration

@__cilkrt_tls_cf = external thread_local global i32
declare ptr @llvm.threadlocal.address.p0(ptr)
declare void @release(i64, i64)
declare void @other()

; Tested at the header, polled at the latch: the release's values from the
; latch (%s.next, %i.next) become the header's (%s, %i) at a chunk's end.
; CHECK-LABEL: define i64 @sum(
; CHECK: entry:
; CHECK: br label %chunk.outer
; CHECK: chunk.outer:
; CHECK-NEXT: %i.chunk = phi i64 [ 0, %entry ], [ %i, %chunk.poll ]
; CHECK-NEXT: %s.chunk = phi i64 [ 0, %entry ], [ %s, %chunk.poll ]
; CHECK-NEXT: %chunk.left = phi i64 [ %n, %entry ], [ %chunk.left.next, %chunk.poll ]
; CHECK-NEXT: %chunk.limit = call i64 @llvm.umin.i64(i64 %chunk.left, i64 2048)
; CHECK-NEXT: br label %header
; CHECK: header:
; CHECK-NEXT: %i = phi i64 [ %i.chunk, %chunk.outer ], [ %i.next, %latch ]
; CHECK-NEXT: %s = phi i64 [ %s.chunk, %chunk.outer ], [ %s.next, %latch ]
; CHECK-NEXT: %chunk.j = phi i64 [ %chunk.limit, %chunk.outer ], [ %chunk.j.next, %latch ]
; CHECK-NEXT: %chunk.full = icmp eq i64 %chunk.j, 0
; CHECK-NEXT: br i1 %chunk.full, label %chunk.end, label %latch
; CHECK: latch:
; CHECK-NOT: load atomic
; CHECK: %chunk.j.next = sub nuw i64 %chunk.j, 1
; CHECK-NEXT: br label %header
; CHECK: exit:
; CHECK-NEXT: phi i64 [ %s, %chunk.end ]
; CHECK: {{^}}release:
; CHECK-NEXT: %r.s = phi i64 [ %s, %chunk.release ]
; CHECK-NEXT: %r.i = phi i64 [ %i, %chunk.release ]
; CHECK: chunk.end:
; CHECK-NEXT: %chunk.last = icmp ule i64 %chunk.left, 2048
; CHECK-NEXT: br i1 %chunk.last, label %exit, label %chunk.poll
; CHECK: chunk.poll:
; CHECK-NEXT: %chunk.left.next = sub nuw i64 %chunk.left, 2048
; CHECK: %chunk.cf = load atomic i32, ptr %{{.*}} monotonic, align 4, !cilk.poll
; CHECK-NEXT: %chunk.attempted = icmp ne i32 %chunk.cf, 0
; CHECK-NEXT: br i1 %chunk.attempted, label %chunk.release, label %chunk.outer, !prof
define i64 @sum(ptr %a, i64 %n) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %done = icmp eq i64 %i, %n
  br i1 %done, label %exit, label %latch
latch:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %s.next = add i64 %s, %x
  %i.next = add nuw i64 %i, 1
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %header, label %release
exit:
  %r = phi i64 [ %s, %header ]
  ret i64 %r
release:
  %r.s = phi i64 [ %s.next, %latch ]
  %r.i = phi i64 [ %i.next, %latch ]
  call void @release(i64 %r.s, i64 %r.i)
  ret i64 poison
}

; A do-while, polled at its header and tested at its latch: the release's
; values from the header (%i) become those the header receives from the
; latch (%i.next), and a value computed from them (%t) is computed again.
; The loop runs its count plus one iterations.
; CHECK-LABEL: define void @dowhile(
; CHECK: %[[C:.*]] = add i64 %n, 1
; CHECK: chunk.outer:
; CHECK-NEXT: %i.chunk = phi i64 [ 0, %entry ], [ %i.next, %chunk.poll ]
; CHECK-NEXT: %chunk.left = phi i64 [ %[[C]], %entry ], [ %chunk.left.next, %chunk.poll ]
; CHECK: body:
; CHECK-NOT: load atomic
; CHECK: latch:
; CHECK: %chunk.j.next = sub nuw i64 %chunk.j, 1
; CHECK-NEXT: %chunk.full = icmp eq i64 %chunk.j.next, 0
; CHECK-NEXT: br i1 %chunk.full, label %chunk.end, label %header
; CHECK: chunk.release:
; CHECK-NEXT: %[[T:.*]] = trunc i64 %i.next to i32
; CHECK-NEXT: br label %release
; CHECK: {{^}}release:
; CHECK-NEXT: %r.t = phi i32 [ %[[T]], %chunk.release ]
define void @dowhile(ptr %a, i64 %n) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %t = trunc i64 %i to i32
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %body, label %release
body:
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 %t, ptr %p
  br label %latch
latch:
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i, %n
  br i1 %more, label %header, label %exit
exit:
  ret void
release:
  %r.t = phi i32 [ %t, %header ]
  %r.i = zext i32 %r.t to i64
  call void @release(i64 %r.i, i64 0)
  ret void
}

; CHECK-LABEL: define void @calls(
; CHECK-NOT: chunk
; CHECK: load atomic i32, ptr %tls monotonic
; CHECK-NOT: chunk
; CHECK: ret void
define void @calls(i64 %n) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %done = icmp eq i64 %i, %n
  br i1 %done, label %exit, label %latch
latch:
  call void @other()
  %i.next = add i64 %i, 1
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %header, label %release
exit:
  ret void
release:
  call void @release(i64 %i.next, i64 0)
  ret void
}

; A walk to a zero: its count is not known, and its poll stays as it was.
; CHECK-LABEL: define i64 @strlen(
; CHECK-NOT: chunk
; CHECK: latch:
; CHECK: %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll
; CHECK-NEXT: %go = icmp eq i32 %cf, 0
; CHECK-NEXT: br i1 %go, label %header, label %release
; CHECK-NOT: chunk
; CHECK: ret i64
define i64 @strlen(ptr %s) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i8, ptr %s, i64 %i
  %c = load i8, ptr %p
  %end = icmp eq i8 %c, 0
  br i1 %end, label %exit, label %latch
latch:
  %i.next = add i64 %i, 1
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %header, label %release
exit:
  ret i64 %i
release:
  call void @release(i64 %i.next, i64 0)
  ret i64 poison
}

; A search that may leave early: two exits besides the poll.
; CHECK-LABEL: define i64 @find(
; CHECK-NOT: chunk
; CHECK: ret i64
define i64 @find(ptr %a, i64 %n, i64 %v) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %done = icmp eq i64 %i, %n
  br i1 %done, label %exit, label %body
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %hit = icmp eq i64 %x, %v
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i64 %i, 1
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %header, label %release
exit:
  %r = phi i64 [ -1, %header ], [ %i, %body ]
  ret i64 %r
release:
  call void @release(i64 %i.next, i64 0)
  ret i64 poison
}

; The poll between two stores of an iteration: no state to save at a
; chunk's end would match it.
; CHECK-LABEL: define void @middle(
; CHECK-NOT: chunk
; CHECK: ret void
define void @middle(ptr %a, i64 %n) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_cf)
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %done = icmp eq i64 %i, %n
  br i1 %done, label %exit, label %body
body:
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 1, ptr %p
  %cf = load atomic i32, ptr %tls monotonic, align 4, !cilk.poll !0
  %go = icmp eq i32 %cf, 0
  br i1 %go, label %latch, label %release
latch:
  store i64 2, ptr %p
  %i.next = add i64 %i, 1
  br label %header
exit:
  ret void
release:
  call void @release(i64 %i, i64 0)
  ret void
}

!0 = !{}
