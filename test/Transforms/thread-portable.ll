; Checks a portable thread's descriptor: the plugin's description of its C
; parameters ("cilk-layout") rewritten with one entry per closure slot (a
; _Complex double split into two eightbytes, each its own slot), the stable
; id (FNV-1a of the name), each slot's offset, a code hash and the entry
; in section cilk_threads; a thread whose slots do not match its
; description is not portable (null description, code hash 0, no entry).
; A thread that spawns a portable thread (a call through the spawn marker's
; result) is portable itself.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

declare ptr @__cilk_cp_spawn_marker(ptr)
declare void @__cilk_cp_send(ptr)

; FNV-1a("fib") = 0xdc9e8818fec94cb6, as a signed i64 -2549450698109924170.
; CHECK-DAG: @fib.layout = private constant [{{[0-9]+}} x i8] c"0c4(0i4);0f8;0f8;!;0i1,8f8\00"
; CHECK-DAG: @fib.offsets = private constant [5 x i32] [i32 56, i32 72, i32 88, i32 104, i32 120]
; CHECK-DAG: @fib.thread = internal constant %cilk.thread { ptr @fib.run, i32 144, i32 5, ptr @fib.name, i64 -2549450698109924170, ptr @fib.layout, ptr @fib.offsets, i64 {{-?[1-9][0-9]*}} }
; CHECK-DAG: @fib.thread.entry = internal constant ptr @fib.thread, section "cilk_threads"
; CHECK-DAG: @odd.thread = internal constant %cilk.thread { ptr @odd.run, i32 80, i32 2, ptr @odd.name, i64 {{-?[0-9]+}}, ptr null, ptr @odd.offsets, i64 0 }
; CHECK-DAG: @spawner.layout = private constant [{{[0-9]+}} x i8] c"0i4\00"
; CHECK-DAG: @llvm.compiler.used = appending global [2 x ptr] [ptr @fib.thread.entry, ptr @spawner.thread.entry]

; fib(cont int k, _Complex double z, int *p, struct { char c; double d; } s)
define void @fib(ptr %k, double %re, double %im, ptr %p, ptr byval({ i8, double }) %s) "cilk_thread" "cilk-layout"="8=0c4(0i4);16=0f8,8f8;8=!;16=0i1,8f8" {
  call void @__cilk_cp_send(ptr %k)
  ret void
}

; Described as one int, but its closure has two slots.
define void @odd(i32 %a, i32 %b) "cilk_thread" "cilk-layout"="4=0i4" {
  ret void
}

; CHECK-NOT: @odd.thread.entry
; CHECK-LABEL: define void @start(
define void @start(ptr %k, ptr %p, ptr %s) "cilk_thread" {
  %fib = call ptr @__cilk_cp_spawn_marker(ptr @fib)
  call void %fib(ptr %k, double 1.0, double 2.0, ptr %p, ptr byval({ i8, double }) %s)
  %odd = call ptr @__cilk_cp_spawn_marker(ptr @odd)
  call void %odd(i32 1, i32 2)
  %sp = call ptr @__cilk_cp_spawn_marker(ptr @spawner)
  call void %sp(i32 3)
  ret void
}

; Spawns fib through the marker: portable, as fib is.
define void @spawner(i32 %n) "cilk_thread" "cilk-layout"="4=0i4" {
  %fib = call ptr @__cilk_cp_spawn_marker(ptr @fib)
  call void %fib(ptr null, double 1.0, double 2.0, ptr null, ptr byval({ i8, double }) null)
  ret void
}
