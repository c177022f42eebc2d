; fib as clang emits it before optimization, marks already recognized: the
; "cilk" attribute, spawns tagged !cilk.spawn, sync as a marker call.
define i32 @fib(i32 %n) #0 {
entry:
  %n.addr = alloca i32
  %x = alloca i32
  %y = alloca i32
  store i32 %n, ptr %n.addr
  %lt = icmp slt i32 %n, 2
  br i1 %lt, label %base, label %rec

base:
  ret i32 %n

rec:
  %n1 = load i32, ptr %n.addr
  %a = sub i32 %n1, 1
  %r1 = call i32 @fib(i32 %a), !cilk.spawn !0
  store i32 %r1, ptr %x
  %n2 = load i32, ptr %n.addr
  %b = sub i32 %n2, 2
  %r2 = call i32 @fib(i32 %b), !cilk.spawn !0
  store i32 %r2, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}
