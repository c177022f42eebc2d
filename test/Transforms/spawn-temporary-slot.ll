; Checks C++'s temporaries of a spawn in a loop (a lambda object passed as
; `this`, built before the call in each iteration, destroyed by the
; statement's tail): in the parallel modes each spawn gets storage of its
; own, allocated where the temporary is first used and freed by the tail
; after the child; a local the loop uses again (%acc) and a spawn outside a
; loop keep their locals; the serial elision changes nothing.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL

declare ptr @__cilk_spawn_object_marker(ptr) nounwind
declare void @__cilk_sync_marker() nounwind
declare void @__cilk_spawn_end() nounwind
declare void @body(ptr) nounwind
declare void @destroy(ptr) nounwind

; CHECK-LABEL: define void @loop.fast(i32 %n)
; CHECK: spawn:
; CHECK-NEXT: %tmp.slot = call ptr @aligned_alloc(i64 16, i64 16)
; CHECK: store i32 %{{.*}}, ptr %tmp.slot
; CHECK: store ptr %tmp.slot, ptr %dst.1.field
; CHECK-NEXT: call void %p.callee(ptr %tmp.slot){{( #[0-9]+)?}}, !cilk.spawn
; CHECK: tail.1:
; CHECK-NEXT: %dst.1.reload = load ptr, ptr %dst.1.field
; CHECK-NEXT: call void @destroy(ptr %dst.1.reload)
; CHECK-NEXT: call void @free(ptr %dst.1.reload)
; CHECK: call void %p.callee{{[0-9]+}}(ptr %acc.field){{( #[0-9]+)?}}, !cilk.spawn
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
  call void @body(ptr %o) nounwind
  call void @destroy(ptr %tmp)
  call void @__cilk_spawn_end()
  %o2 = call ptr @__cilk_spawn_object_marker(ptr %acc)
  call void @body(ptr %o2) nounwind
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
; CHECK: call void %p.callee(ptr %tmp{{.*}}){{( #[0-9]+)?}}, !cilk.spawn
define void @once() #0 {
  %tmp = alloca { i32 }, align 4
  store i32 1, ptr %tmp
  %o = call ptr @__cilk_spawn_object_marker(ptr %tmp)
  call void @body(ptr %o) nounwind
  call void @destroy(ptr %tmp)
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  ret void
}

; A local made before the loop (%obj), passed to every iteration's spawn:
; the spawns share it, in a function whose 40 blocks after the loop make a
; reachability search give up (the tail once freed %obj after the first
; child).
; CHECK-LABEL: define void @made_before.fast(i32 %n)
; CHECK-NOT: call ptr @aligned_alloc
; CHECK: call void %p.callee(ptr %obj{{.*}}){{( #[0-9]+)?}}, !cilk.spawn
; CHECK-NOT: call void @free
; CHECK: {{^}}}
define void @made_before(i32 %n) #0 {
entry:
  %obj = alloca { i32 }, align 4
  store i32 7, ptr %obj
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %next, %spawn ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %spawn, label %b0

spawn:
  %o = call ptr @__cilk_spawn_object_marker(ptr %obj)
  call void @body(ptr %o) nounwind
  call void @__cilk_spawn_end()
  %next = add i32 %i, 1
  br label %head

b0:
  br label %b1
b1:
  br label %b2
b2:
  br label %b3
b3:
  br label %b4
b4:
  br label %b5
b5:
  br label %b6
b6:
  br label %b7
b7:
  br label %b8
b8:
  br label %b9
b9:
  br label %b10
b10:
  br label %b11
b11:
  br label %b12
b12:
  br label %b13
b13:
  br label %b14
b14:
  br label %b15
b15:
  br label %b16
b16:
  br label %b17
b17:
  br label %b18
b18:
  br label %b19
b19:
  br label %b20
b20:
  br label %b21
b21:
  br label %b22
b22:
  br label %b23
b23:
  br label %b24
b24:
  br label %b25
b25:
  br label %b26
b26:
  br label %b27
b27:
  br label %b28
b28:
  br label %b29
b29:
  br label %b30
b30:
  br label %b31
b31:
  br label %b32
b32:
  br label %b33
b33:
  br label %b34
b34:
  br label %b35
b35:
  br label %b36
b36:
  br label %b37
b37:
  br label %b38
b38:
  br label %b39
b39:
  br label %b40
b40:
  call void @__cilk_sync_marker()
  ret void
}

attributes #0 = { "cilk" nounwind }
