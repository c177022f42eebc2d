; Checks eager mode's steps (cilk-abi.h: CILK_ABI_POP_STEP): between two
; spawns with only arithmetic and the procedure's own variables between
; them, the frame stays pushed: no pop after the first call, no push before
; the second; the second spawn's values and resume index are saved with
; atomic stores (the index last, release), and the slot is compared with
; the pop limit as a pop would, going to __cilkrt_pop_step with the first
; spawn's result. Anything else between (a call, a sync, a store to a
; variable live across both spawns, a loop, another way in) keeps the pop
; and the push. The second spawn's arguments are computed again after the
; check, from the fields of the values the first spawn saved, so that none
; lives across the check's rare call; not from a variable stored to between
; the spawns, whose field is stale.
; On x86 the pop limit's load is unordered, which folds into the compare,
; and a compiler fence on the edge that goes on makes it an acquire, as any
; load is there; elsewhere the load is an acquire.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -mtriple=aarch64-unknown-linux-gnu -passes='cilk<eager>' -S %s \
; RUN:   | FileCheck %s --check-prefix=OTHER

target triple = "x86_64-unknown-linux-gnu"

declare i32 @g(i32) #0 nounwind
declare void @c_function() nounwind
declare void @__cilk_sync_marker() nounwind

; fib's shape.
define i32 @fib(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %n1 = sub i32 %n, 1
  %a = call i32 @g(i32 %n1), !cilk.spawn !0
  store i32 %a, ptr %x
  %n2 = sub i32 %n, 2
  %b = call i32 @g(i32 %n2), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @fib.fast(
; CHECK: store i32 1, ptr %{{.*}}, align 8
; CHECK: %[[T:tail[0-9]*]] = load atomic ptr
; CHECK-NEXT: store volatile ptr %[[T]], ptr %slot.home
; CHECK-NEXT: store ptr %frame, ptr %[[T]]
; CHECK: %a = call i32 @g.fast(i32 %n1){{.*}}, !cilk.spawn
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK-NOT: __cilkrt_pop_slow
; CHECK: store atomic i32 %{{.*}}, ptr %x.field monotonic, align 4
; CHECK: store atomic i32 2, ptr %{{.*}} release, align 8
; CHECK-NEXT: %slot = load volatile ptr, ptr %slot.home
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: %[[L:.*]] = call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@__cilkrt_tls_pop_limit)
; CHECK-NEXT: %[[LIM:limit[0-9]*]] = load atomic ptr, ptr %[[L]] unordered
; CHECK-NEXT: %[[ST:stolen[0-9]*]] = icmp ugt ptr %[[LIM]], %slot
; CHECK-NEXT: br i1 %[[ST]], label %pop.step.1, label %call.1
; CHECK: pop.step.1:
; CHECK-NEXT: store i32 %a, ptr %result.1
; CHECK: %step = call i32 @__cilkrt_pop_step(ptr %{{.*}}, ptr %result.1)
; CHECK-NEXT: %[[K:.*]] = icmp ne i32 %step, 0
; CHECK-NEXT: br i1 %[[K]], label %stolen, label %call.1
; CHECK: call.1:
; CHECK-NEXT: fence syncscope("singlethread") acquire
; CHECK-NEXT: %[[NF:n.spill.field[0-9]*]] = getelementptr inbounds i8, ptr %frame
; CHECK-NEXT: %n.spill.again = load i32, ptr %[[NF]]
; CHECK-NEXT: %n2.again = sub i32 %n.spill.again, 2
; CHECK-NEXT: %b = call i32 @g.fast(i32 %n2.again){{.*}}, !cilk.spawn
; CHECK-NOT: __cilkrt_pop_step
; CHECK: load volatile ptr, ptr %slot.home
; CHECK: store atomic ptr %{{.*}}, ptr {{.*}} monotonic
; CHECK: call i32 @__cilkrt_pop_slow(

; OTHER-LABEL: define i32 @fib.fast(
; OTHER: store atomic i32 2, ptr %{{.*}} release, align 8
; OTHER-NEXT: %slot = load volatile ptr, ptr %slot.home
; OTHER-NEXT: fence syncscope("singlethread") seq_cst
; OTHER-NEXT: call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@__cilkrt_tls_pop_limit)
; OTHER-NEXT: %{{limit[0-9]*}} = load atomic ptr, ptr %{{.*}} acquire
; OTHER: call.1:
; OTHER-NOT: fence
; OTHER: %b = call i32 @g.fast(

; Three spawns, two steps: one push and one pop for the three.
define i32 @three(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %z = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %b = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %b, ptr %y
  %c = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %c, ptr %z
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %zv = load i32, ptr %z
  %s = add i32 %xv, %yv
  %t = add i32 %s, %zv
  ret i32 %t
}

; CHECK-LABEL: define i32 @three.fast(
; CHECK: %a = call i32 @g.fast(
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: call i32 @__cilkrt_pop_step(ptr %{{.*}}, ptr %result.1)
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: %b = call i32 @g.fast(
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: store atomic i32 3, ptr %{{.*}} release
; CHECK: call i32 @__cilkrt_pop_step(ptr %{{.*}}, ptr %result.2)
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: %c = call i32 @g.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: load volatile ptr, ptr %slot.home
; CHECK: call i32 @__cilkrt_pop_slow(

; Control flow between, without a loop: still a step.
define i32 @diamond(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %k = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %xa = load i32, ptr %x
  %neg = icmp slt i32 %xa, 0
  br i1 %neg, label %minus, label %plus

minus:
  store i32 -1, ptr %k
  br label %join

plus:
  store i32 1, ptr %k
  br label %join

join:
  %kv = load i32, ptr %k
  %b = call i32 @g(i32 %kv), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @diamond.fast(
; CHECK: %a = call i32 @g.fast(
; CHECK-NOT: @__cilkrt_tls_tail
; CHECK: call i32 @__cilkrt_pop_step(
; CHECK: %b = call i32 @g.fast(

; A variable live across both spawns changes between them: the second
; save would change a field the first spawn's continuation reads.
define i32 @kept_changes(i32 %n) #0 {
entry:
  %m = alloca i32, align 4
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 %n, ptr %m
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %mv = load i32, ptr %m
  %m1 = add i32 %mv, 1
  store i32 %m1, ptr %m
  %b = call i32 @g(i32 %m1), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %mw = load i32, ptr %m
  %s = add i32 %xv, %yv
  %t = add i32 %s, %mw
  ret i32 %t
}

; CHECK-LABEL: define i32 @kept_changes.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: %a = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: %b = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: ret i32

; A variable live across the first spawn only, stored to between the
; spawns: a step, and the second spawn's argument, read from the variable
; after that store, is not computed again from the field (which holds n).
define i32 @changed_between(i32 %n) #0 {
entry:
  %m = alloca i32, align 4
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 %n, ptr %m
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %mv = load i32, ptr %m
  %m1 = add i32 %mv, 1
  store i32 %m1, ptr %m
  %mv2 = load i32, ptr %m
  %arg = mul i32 %mv2, 3
  %b = call i32 @g(i32 %arg), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @changed_between.fast(
; CHECK: %a = call i32 @g.fast(
; CHECK: %mv2 = load i32, ptr %m
; CHECK-NEXT: %arg = mul i32 %mv2, 3
; CHECK: call i32 @__cilkrt_pop_step(
; CHECK: call.1:
; CHECK-NOT: .again
; CHECK: %b = call i32 @g.fast(i32 %arg)

; The same, but the store between the spawns writes part of m, through a
; pointer into it: m's field is stale too, and the argument stays.
define i32 @changed_in_part(i32 %n) #0 {
entry:
  %m = alloca i32, align 4
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 %n, ptr %m
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %byte = getelementptr inbounds i8, ptr %m, i64 1
  store i8 9, ptr %byte
  %mv = load i32, ptr %m
  %arg = add i32 %mv, 1
  %b = call i32 @g(i32 %arg), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @changed_in_part.fast(
; CHECK: store i8 9, ptr %byte
; CHECK: call i32 @__cilkrt_pop_step(
; CHECK: call.1:
; CHECK-NOT: .again
; CHECK: %b = call i32 @g.fast(i32 %arg)

; A sync between the spawns, or a C call: no step.
define i32 @sync_between(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %z = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  call void @__cilk_sync_marker()
  %b = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @c_function()
  %c = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %c, ptr %z
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %zv = load i32, ptr %z
  %s = add i32 %xv, %yv
  %t = add i32 %s, %zv
  ret i32 %t
}

; CHECK-LABEL: define i32 @sync_between.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: %a = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: %b = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: %c = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: ret i32

; The second spawn is also reached from elsewhere (the first is skipped on
; one path), or repeats in a loop: no step.
define i32 @other_way_in(i32 %n) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 0, ptr %x
  %c = icmp slt i32 %n, 2
  br i1 %c, label %first, label %second

first:
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  br label %second

second:
  %i = phi i32 [ 0, %entry ], [ 0, %first ], [ %i.next, %second ]
  %b = call i32 @g(i32 %i), !cilk.spawn !0
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %second, label %done

done:
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  ret i32 %xv
}

; CHECK-LABEL: define i32 @other_way_in.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: ret i32

; ThreadSanitizer: the step stays, and the pop limit's load is an acquire
; (TSan would take an unordered load for a relaxed one).
define i32 @tsan(i32 %n) #1 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %b = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %b, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; CHECK-LABEL: define i32 @tsan.fast(
; CHECK: %a = call i32 @g.fast(
; CHECK: %{{limit[0-9]*}} = load atomic ptr, ptr %{{.*}} acquire
; CHECK: call i32 @__cilkrt_pop_step(
; CHECK: call.1:
; CHECK-NOT: fence
; CHECK: %b = call i32 @g.fast(
; CHECK: %limit = load atomic ptr, ptr %{{.*}} acquire
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: ret i32

@divisor = global i32 1
@table = constant [2 x i32] [i32 3, i32 5]

; A thief that took the frame before the check may run on past the second
; spawn while the first child still runs on the owner, which then runs the
; code between the spawns anyway: only what may run then steps. A load of
; a global others may change (or free), a load through a pointer, a
; division by a variable (it may trap): no step. A constant global's load
; and a division by a constant: a step.
define i32 @reruns(i32 %n, ptr %p) #0 {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %z = alloca i32, align 4
  %w = alloca i32, align 4
  %v = alloca i32, align 4
  %a = call i32 @g(i32 %n), !cilk.spawn !0
  store i32 %a, ptr %x
  %d = load i32, ptr @divisor
  %b = call i32 @g(i32 %d), !cilk.spawn !0
  store i32 %b, ptr %y
  %q = load i32, ptr %p
  %c = call i32 @g(i32 %q), !cilk.spawn !0
  store i32 %c, ptr %z
  %e = sdiv i32 1000, %n
  %f = call i32 @g(i32 %e), !cilk.spawn !0
  store i32 %f, ptr %w
  %t = getelementptr [2 x i32], ptr @table, i32 0, i32 1
  %tv = load i32, ptr %t
  %h = sdiv i32 %tv, 7
  %k = call i32 @g(i32 %h), !cilk.spawn !0
  store i32 %k, ptr %v
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %zv = load i32, ptr %z
  %wv = load i32, ptr %w
  %vv = load i32, ptr %v
  %s1 = add i32 %xv, %yv
  %s2 = add i32 %s1, %zv
  %s3 = add i32 %s2, %wv
  %s4 = add i32 %s3, %vv
  ret i32 %s4
}

; CHECK-LABEL: define i32 @reruns.fast(
; CHECK: %a = call i32 @g.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: load i32, ptr @divisor
; CHECK: %b = call i32 @g.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: %c = call i32 @g.fast(
; CHECK-NOT: __cilkrt_pop_step
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: %f = call i32 @g.fast(
; CHECK-NOT: __cilkrt_pop_slow
; CHECK: call i32 @__cilkrt_pop_step(
; CHECK: %k = call i32 @g.fast(
; CHECK: call i32 @__cilkrt_pop_slow(
; CHECK: ret i32

attributes #0 = { "cilk" nounwind }
attributes #1 = { "cilk" nounwind sanitize_thread }
!0 = !{}
