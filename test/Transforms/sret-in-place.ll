; Checks an sret result made in place (C++ objects may point into
; themselves and must never be copied to another address): a procedure
; that makes its result with a call before a spawn (a named return value's
; constructor) makes it in its caller's memory, not in a local copied at
; the return, and keeps that address in its frame right after the header;
; its slow clone makes the result where __cilkrt_result_addr says; a spawn
; whose temporary's address escapes (a heap frame's field, which never
; moves) is a site that takes the result in place (in_place 1), so that a
; child that finishes in its slow clone makes it there too. The
; descriptor's last field is the result's size: a frame linked to a parent
; that does not take the result in place moves what it made so far.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s --check-prefix=DESC

; DESC: @mk.desc = internal constant %cilk.desc { ptr @mk.slow, {{.*}}, i32 32 }

; CHECK: @parent.sites = internal constant [{{[0-9]+}} x %cilk.site] [%cilk.site zeroinitializer, %cilk.site { ptr {{.*}}, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, i32 0, i32 1, ptr null },
; CHECK-LABEL: define void @mk.fast(ptr sret(%struct.obj) %out)
; CHECK: %sret.addr = getelementptr inbounds i8, ptr %frame, i64 112
; CHECK-NEXT: store ptr %out, ptr %sret.addr, align 8
; CHECK-NOT: memcpy
; CHECK: call void @construct(ptr %out)
; CHECK-NOT: memcpy
; CHECK-LABEL: define internal void @mk.slow(ptr %frame)
; CHECK: %retval = call ptr @__cilkrt_result_addr(ptr %frame)
%struct.obj = type { ptr, [3 x i64] }

declare void @construct(ptr)
declare void @destroy(ptr)
declare void @work()
declare i32 @__gxx_personality_v0(...)

define void @mk(ptr sret(%struct.obj) %out) #0 personality ptr @__gxx_personality_v0 {
entry:
  call void @construct(ptr %out)
  call void @work(), !cilk.spawn !0
  call void @__cilk_sync_marker()
  ret void
}

define void @parent() #0 {
entry:
  %tmp = alloca %struct.obj
  call void @mk(ptr sret(%struct.obj) %tmp), !cilk.spawn !0
  call void @__cilk_spawn_end()
  call void @__cilk_sync_marker()
  call void @destroy(ptr %tmp)
  ret void
}

declare void @__cilk_sync_marker()
declare void @__cilk_spawn_end()

attributes #0 = { "cilk" }
!0 = !{}
