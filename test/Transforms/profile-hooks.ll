; Checks where a profile build (cilk<MODE;profile>) calls the runtime: enter
; after the allocas, spawn before each spawned call, resume first in each
; continuation (resume.N, so in both clones), sync and synced around a sync,
; return before each return (after the implicit sync); the record lives in
; the frame (its address escapes to the runtime, so the frame is a heap
; frame). The slow clone's spawn hook runs before the push: once the frame
; is on the deque a thief may run the continuation's hooks. The serial
; elision gets the same hooks, resume right after a call. fib's sync follows
; a spawn statement at once, so it is sync_empty (profile-sync-empty.ll).
; RUN: %cilkopt -passes='cilk<sedative;profile>' -S %S/Inputs/fib.ll | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;profile>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=SERIAL %s
; RUN: %cilkopt -passes='cilk<sedative>' -S %S/Inputs/fib.ll | FileCheck --check-prefix=OFF %s
; RUN: not %cilkopt -passes='cilk<sedative;profil>' -disable-output %S/Inputs/fib.ll 2>&1 | FileCheck --check-prefix=BAD %s

; CHECK-LABEL: define i32 @fib.fast(i32 %n)
; CHECK: %frame = call ptr @__cilkrt_frame_alloc(ptr %w, ptr @fib.desc)
; CHECK: %prof.field = getelementptr inbounds i8, ptr %frame, i64 112
; CHECK: call void @__cilkrt_prof_enter(ptr %prof.field)
; CHECK: base:
; CHECK-NEXT: call void @__cilkrt_prof_return(ptr %prof.field)
; CHECK: rec:
; CHECK: call void @__cilkrt_prof_spawn_quietable(ptr %prof.field)
; CHECK-NEXT: %r1 = call i32 @fib.fast(i32 %a), !cilk.spawn
; CHECK: resume.1:
; CHECK-NEXT: call void @__cilkrt_prof_resume(ptr %prof.field)
; CHECK: call void @__cilkrt_prof_spawn_quietable(ptr %prof.field)
; CHECK-NEXT: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; CHECK: resume.2:
; CHECK-NEXT: call void @__cilkrt_prof_resume(ptr %prof.field)
; CHECK-NEXT: call void @__cilkrt_prof_sync_empty(ptr %prof.field)
; CHECK: resume.3:
; CHECK-NEXT: call void @__cilkrt_prof_synced(ptr %prof.field)
; CHECK: call void @__cilkrt_prof_return(ptr %prof.field)
; CHECK-NEXT: call void @__cilkrt_frame_free(ptr %w, ptr %frame)
; CHECK-NEXT: ret i32 %s

; CHECK-LABEL: define internal void @fib.slow(ptr %frame)
; CHECK-NOT: @__cilkrt_prof_enter
; CHECK: resume.1:
; CHECK-NEXT: call void @__cilkrt_prof_resume(ptr %prof.field)
; CHECK: call void @__cilkrt_prof_spawn_quietable(ptr %prof.field)
; CHECK-NOT: call {{(void|i32)}}
; CHECK: store ptr %frame, ptr %tail
; CHECK: %r2 = call i32 @fib.fast(i32 %b), !cilk.spawn
; CHECK: resume.2:
; CHECK-NEXT: call void @__cilkrt_prof_resume(ptr %prof.field)
; CHECK-NEXT: call void @__cilkrt_prof_sync_empty(ptr %prof.field)
; CHECK: resume.3:
; CHECK-NEXT: call void @__cilkrt_prof_synced(ptr %prof.field)
; CHECK: call void @__cilkrt_prof_return(ptr %prof.field)
; CHECK-NEXT: store i32 %s, ptr %retval
; CHECK-NEXT: ret void

; SERIAL-LABEL: define i32 @fib(i32 %n)
; SERIAL: %prof = alloca [112 x i8], align 8
; SERIAL: %y = alloca i32
; SERIAL: entry.profiled:
; SERIAL-NEXT: call void @__cilkrt_prof_enter(ptr %prof)
; SERIAL: call void @__cilkrt_prof_spawn_quietable(ptr %prof)
; SERIAL-NEXT: %r1 = call i32 @fib(i32 %a), !cilk.spawn
; SERIAL-NEXT: call void @__cilkrt_prof_resume(ptr %prof)
; SERIAL: call void @__cilkrt_prof_sync_empty(ptr %prof)
; SERIAL-NEXT: call void @__cilkrt_prof_synced(ptr %prof)
; SERIAL: call void @__cilkrt_prof_return(ptr %prof)
; SERIAL-NEXT: ret i32 %s

; OFF-NOT: __cilkrt_prof

; BAD: unknown cilk pass parameter 'profil' (expected 'profile' or 'race')
