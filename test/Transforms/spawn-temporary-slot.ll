; Checks C++'s temporaries of a spawn in a loop (a lambda object passed as
; `this`, built before the call in each iteration, destroyed by the
; statement's tail): in the parallel modes each spawn gets storage of its
; own, allocated where the temporary is first used and freed by the tail
; after the child; a local the loop uses again (%acc) and a spawn outside a
; loop keep their locals; the serial elision changes nothing.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL

declare ptr @__cilk_spawn_object_marker(ptr)
declare void @__cilk_sync_marker()
declare void @__cilk_spawn_end()
declare void @body(ptr)
declare void @destroy(ptr)

; CHECK-LABEL: define void @loop.fast(i32 %n)
; CHECK: spawn:
; CHECK-NEXT: %tmp.slot = call ptr @aligned_alloc(i64 16, i64 16)
; CHECK: store i32 %{{.*}}, ptr %tmp.slot
; CHECK: store ptr %tmp.slot, ptr %dst.1.field
; CHECK-NEXT: call void %p.callee(ptr %tmp.slot), !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %dst.1.reload = load ptr, ptr %dst.1.field
; CHECK-NEXT: call void @destroy(ptr %dst.1.reload)
; CHECK-NEXT: call void @free(ptr %dst.1.reload)
; CHECK: call void %p.callee{{[0-9]+}}(ptr %acc.field), !cilk.spawn
; SERIAL-NOT: call ptr @aligned_alloc
define void @loop(i32 %n) #0 {
entry:
  %tmp = alloca { i32 }, align 4
  %acc = alloca i32, align 4
  store i32 0, ptr %acc
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %spawn, label %done

spawn:
  store i32 %i, ptr %tmp
  %o = call ptr @__cilk_spawn_object_marker(ptr %tmp)
  call void @body(ptr %o)
  call void @destroy(ptr %tmp)
  call void @__cilk_spawn_end()
  %o2 = call ptr @__cilk_spawn_object_marker(ptr %acc)
  call void @body(ptr %o2)
  call void @__cilk_spawn_end()
  br label %latch

latch:
  %next = add i32 %i, 1
  br label %head

done:
  call void @__cilk_sync_marker()
  ret void
}

; CHECK-LABEL: define void @once.fast()
; CHECK-NOT: call ptr @aligned_alloc
; CHECK: call void %p.callee(ptr %tmp{{.*}}), !cilk.spawn
define void @once() #0 {
  %tmp = alloca { i32 }, align 4
  store i32 1, ptr %tmp
  %o = call ptr @__cilk_spawn_object_marker(ptr %tmp)
  call void @body(ptr %o)
  call void @destroy(ptr %tmp)
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  ret void
}

attributes #0 = { "cilk" }
