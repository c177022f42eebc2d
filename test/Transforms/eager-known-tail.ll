; Checks where the eager fast clone sets up its frame and which pushes may
; skip loading the tail: the frame is set up once, in the block that
; dominates every spawn, outside any loop; a push reuses the tail a pop left
; only if that pop dominates it and no call between may move the tail (a C
; function may post a thread's closure). A push that loads the tail keeps
; it in slot.home, where its pop reads it back.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

declare i32 @g(i32) #0 nounwind
declare void @c_function() nounwind
declare void @__cilk_sync_marker() nounwind

@counter = global i32 0

; A store to memory others see between two spawns: no step (eager-step.ll),
; but no call either: the second push only moves the tail back over the
; entry the first pop left, and its pop finds the slot in slot.home.
define i32 @store_between(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  store i32 1, ptr @counter
  %b = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @store_between.fast(
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: %a = call i32 @g.fast(i32 %n{{.*}}), !cilk.spawn
; CHECK: %tail.popped = load volatile ptr, ptr %slot.home
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: popped.1:
; CHECK-NEXT: %tail.now = phi ptr [ %tail.popped, %{{.*}} ], [ %tail.again, %pop.slow.1 ]
; CHECK: store i32 1, ptr @counter
; CHECK-NOT: store volatile
; CHECK: %tail.next{{[0-9]+}} = getelementptr inbounds ptr, ptr %tail.now, i64 1
; CHECK-NEXT: store atomic ptr %tail.next{{[0-9]+}}, ptr %{{.*}} release
; CHECK-NEXT: %b = call i32 @g.fast(i32 %n{{.*}}), !cilk.spawn
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__cilkrt_tls_tail)
; CHECK-NEXT: load volatile ptr, ptr %slot.home

; A C call between two spawns: the second push loads the tail.
define i32 @call_between(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  call void @c_function()
  %b = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @call_between.fast(
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: %a = call i32 @g.fast(i32 %n{{.*}}), !cilk.spawn
; CHECK: call void @c_function()
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: %b = call i32 @g.fast(i32 %n{{.*}}), !cilk.spawn
; CHECK-NOT: %tail.now

; A loop of spawns: the frame is set up before the loop, and each push in
; it loads the tail (no pop dominates it).
define void @loop(i32 %n) #0 {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done

body:
  %r = call i32 @g(i32 %i), !cilk.spawn !0
  %i.next = add i32 %i, 1
  br label %head

done:
  call void @__cilk_sync_marker()
  ret void
}

; CHECK-LABEL: define void @loop.fast(
; CHECK: entry:
; CHECK: store ptr @loop.desc, ptr
; CHECK: head:
; CHECK-NOT: @loop.desc
; CHECK: body:
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: call i32 @g.fast(i32 %i{{.*}}), !cilk.spawn

; Spawns in both arms of an if, then one after the join: no pop dominates
; any push, so each loads the tail; the frame is set up before the branch.
define i32 @arms(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %c = icmp slt i32 %n, 2
  br i1 %c, label %then, label %else

then:
  %a = call i32 @g(i32 1), !cilk.spawn !0
  store i32 %a, ptr %x
  br label %join

else:
  %b = call i32 @g(i32 2), !cilk.spawn !0
  store i32 %b, ptr %x
  br label %join

join:
  %d = call i32 @g(i32 3), !cilk.spawn !0
  store i32 %d, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @arms.fast(
; CHECK: entry:
; CHECK: store ptr @arms.desc, ptr
; CHECK: br i1 %c
; CHECK: then:
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: else:
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: join:
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: %d = call i32 @g.fast(i32 3), !cilk.spawn

attributes #0 = { "cilk" nounwind }
!0 = !{}
