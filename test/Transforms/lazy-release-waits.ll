; Checks what a lazy release block tells the runtime about the code after
; its spawn (CilkWaits.cpp): whether it reaches a sync of the spawn's
; region before anything else, computed from the frame's variables in the
; release block. knary's loop (its first r children each synced before the
; next spawn) waits when i < r or when the spawn was the last (i + 1 == k:
; the loop ends at the sync); a store to memory that others see, or a
; decision on the spawn's result (which the tail assigns later), is an
; answer of no, and so is a path through a load that may not be safe
; everywhere (an undefined weak global): the copies run unguarded. What a
; load promised of its value (!noundef) does not hold for its copy.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<indolent>' -S %s | FileCheck %s

@seen = global i32 0

define i32 @f(i32 %i) #0 {
  ret i32 %i
}

define i32 @knary(i32 %k, i32 %r) #0 {
entry:
  %k.addr = alloca i32
  %r.addr = alloca i32
  %nodes = alloca i32
  %i = alloca i32
  store i32 %k, ptr %k.addr
  store i32 %r, ptr %r.addr
  store i32 1, ptr %nodes
  store i32 0, ptr %i
  br label %cond
cond:
  %iv = load i32, ptr %i
  %kv = load i32, ptr %k.addr
  %more = icmp slt i32 %iv, %kv
  br i1 %more, label %body, label %done
body:
  %iv2 = load i32, ptr %i
  %c = call i32 @f(i32 %iv2), !cilk.spawn !0
  %old = load i32, ptr %nodes
  %new = add nsw i32 %old, %c
  store i32 %new, ptr %nodes
  %iv3 = load i32, ptr %i
  %rv = load i32, ptr %r.addr, !noundef !0
  %serial = icmp slt i32 %iv3, %rv
  br i1 %serial, label %wait, label %next
wait:
  call void @__cilk_sync_marker()
  br label %next
next:
  %iv4 = load i32, ptr %i
  %inc = add i32 %iv4, 1
  store i32 %inc, ptr %i
  br label %cond
done:
  call void @__cilk_sync_marker()
  %nv = load i32, ptr %nodes
  ret i32 %nv
}

; CHECK-LABEL: define i32 @knary.fast(
; CHECK: release.1:
; CHECK: store i32 %c, ptr %result.1
; CHECK-NEXT: %iv3.w = load i32, ptr %i
; CHECK-NEXT: %rv.w = load i32, ptr %r.addr, align 4{{$}}
; CHECK-NEXT: %serial.w = icmp slt i32 %iv3.w, %rv.w
; CHECK-NEXT: %iv4.w = load i32, ptr %i
; CHECK-NEXT: %inc.w = add i32 %iv4.w, 1
; CHECK-NEXT: %kv.w = load i32, ptr %k.addr
; CHECK-NEXT: %more.w = icmp slt i32 %inc.w, %kv.w
; CHECK-NEXT: [[LAST:%.*]] = select i1 %more.w, i1 false, i1 true
; CHECK-NEXT: [[W:%.*]] = select i1 %serial.w, i1 true, i1 [[LAST]]
; CHECK-NEXT: [[F:%.*]] = freeze i1 [[W]]
; CHECK-NEXT: %waits = zext i1 [[F]] to i32
; CHECK-NEXT: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.1, i32 %waits)
; CHECK-NEXT: ret i32 poison

define void @publish(i32 %n) #0 {
entry:
  %c = call i32 @f(i32 %n), !cilk.spawn !0
  store i32 1, ptr @seen
  call void @__cilk_sync_marker()
  ret void
}

; CHECK-LABEL: define void @publish.fast(
; CHECK: release.1:
; CHECK-NOT: .w =
; CHECK: call void @__cilkrt_release(ptr %closure{{.*}}, ptr {{.*}}, i32 0)

define i32 @on_result(i32 %n) #0 {
entry:
  %x = alloca i32
  store i32 0, ptr %x
  %c = call i32 @f(i32 %n), !cilk.spawn !0
  store i32 %c, ptr %x
  br label %check
check:
  %xv = load i32, ptr %x
  %zero = icmp eq i32 %xv, 0
  br i1 %zero, label %wait, label %more
wait:
  call void @__cilk_sync_marker()
  ret i32 0
more:
  %d = call i32 @f(i32 %n), !cilk.spawn !0
  store i32 %d, ptr %x
  call void @__cilk_sync_marker()
  %dv = load i32, ptr %x
  ret i32 %dv
}

; CHECK-LABEL: define i32 @on_result.fast(
; CHECK: release.1:
; CHECK-NOT: .w =
; CHECK: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.1, i32 0)
; CHECK: release.3:
; CHECK: call void @__cilkrt_release(ptr %closure{{.*}}, ptr %result.3, i32 1)

@tuning = extern_weak global i32

define void @weak(i32 %n) #0 {
entry:
  %c = call i32 @f(i32 %n), !cilk.spawn !0
  %have = icmp ne ptr @tuning, null
  br i1 %have, label %read, label %go
read:
  %t = load i32, ptr @tuning
  %big = icmp sgt i32 %t, 2
  br i1 %big, label %wait, label %go
wait:
  call void @__cilk_sync_marker()
  br label %go
go:
  store i32 1, ptr @seen
  call void @__cilk_sync_marker()
  ret void
}

; CHECK-LABEL: define void @weak.fast(
; CHECK: release.1:
; CHECK-NOT: @tuning
; CHECK: call void @__cilkrt_release(ptr %closure{{.*}}, ptr {{.*}}, i32 0)

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}
