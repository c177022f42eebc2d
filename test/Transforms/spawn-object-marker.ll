; Checks C++'s spawn of a member function (__cilk_spawn_object_marker on
; the object): the call that takes the marker's result as an argument,
; its `this`, is the spawn, direct or virtual (through the vtable loaded
; from the object), tagged !cilk.spawn.any when it calls a declaration;
; every use of the marker sees the object; the marker goes.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s

declare ptr @__cilk_spawn_object_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @declared_method(ptr, i32)

define i32 @defined_method(ptr %this) {
  ret i32 1
}

; CHECK-LABEL: define i32 @parent(ptr %obj)
; CHECK-NOT: __cilk_spawn_object_marker
; CHECK: %a = call i32 @defined_method(ptr %obj), !cilk.spawn ![[TAG:[0-9]+]]{{$}}
; CHECK: %b = call i32 @declared_method(ptr %obj, i32 2), !cilk.spawn ![[TAG]], !cilk.spawn.any ![[TAG]]
; CHECK: %vtable = load ptr, ptr %obj
; CHECK: %c = call i32 %fn(ptr %obj, i32 3), !cilk.spawn ![[TAG]]{{$}}
define i32 @parent(ptr %obj) #0 {
  %o1 = call ptr @__cilk_spawn_object_marker(ptr %obj)
  %a = call i32 @defined_method(ptr %o1)
  %o2 = call ptr @__cilk_spawn_object_marker(ptr %obj)
  %b = call i32 @declared_method(ptr %o2, i32 2)
  %o3 = call ptr @__cilk_spawn_object_marker(ptr %obj)
  %vtable = load ptr, ptr %o3
  %fn = load ptr, ptr %vtable
  %c = call i32 %fn(ptr %o3, i32 3)
  call void @__cilk_sync_marker()
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  ret i32 %abc
}

attributes #0 = { "cilk" }
