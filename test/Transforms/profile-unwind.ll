; Checks a profile build's hooks of C++ unwinding (CilkProfile.cpp:
; prepareProfile): the catch hook first in each landing pad, the unwind
; hook before each resume, and a pad of its own, prof.unwind (unwind hook,
; resume), for each call that may throw and had none: the spawn, and the
; implicit sync at return. In the parallel modes the spawn and the sync
; keep that pad as any C++ pad (the fast clone's pads then free the heap
; frame in eh.out; in the slow clone the sync's rethrow reaches
; %prof.unwind.threw, which syncs); the serial elision unwinds into it at
; once. A nounwind call gets no pad.
; RUN: %cilkopt -passes='cilk<sedative;profile>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;profile>' -S %s | FileCheck --check-prefix=SERIAL %s

declare ptr @__cilk_spawn_any_marker(ptr)
declare void @__cilk_sync_marker()
declare i32 @child(i32)
declare void @work()
declare void @cleanup() nounwind
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i32 @parent.fast(i32 %n)
; CHECK: call void @__cilkrt_prof_spawn(ptr %prof.field)
; CHECK: %{{.*}} = invoke i32 %p.callee(i32 %n)
; CHECK-NEXT: to label %{{.*}} unwind label %prof.unwind
; CHECK: invoke void @work()
; CHECK-NEXT: to label %cont unwind label %lpad
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @__cilkrt_prof_catch(ptr %prof.field)
; CHECK-NEXT: call void @cleanup()
; CHECK-NEXT: call void @__cilkrt_prof_unwind(ptr %prof.field)
; CHECK-NEXT: br label %eh.out
; CHECK: prof.unwind:
; CHECK-NEXT: %[[U:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @__cilkrt_prof_unwind(ptr %prof.field)
; CHECK-NEXT: br label %eh.out
; CHECK: eh.out:
; CHECK-NEXT: phi { ptr, i32 } [ %lp, %lpad ], [ %[[U]], %prof.unwind ]
; CHECK-NEXT: call void @__cilkrt_frame_free(ptr %w, ptr %frame)
; CHECK-NEXT: resume

; CHECK-LABEL: define internal void @parent.slow(ptr %frame)
; CHECK: prof.unwind.threw:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK: call i32 @__cilkrt_sync_threw(
; CHECK: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 0)
; CHECK-NEXT: to label %prof.unwind.never unwind label %prof.unwind
; CHECK: prof.unwind:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: call void @__cilkrt_prof_unwind(ptr %prof.field)
; CHECK: synced.threw.2:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 0)
; CHECK-NEXT: to label %synced.never.2 unwind label %prof.unwind.threw

; SERIAL-LABEL: define i32 @parent(i32 %n)
; SERIAL: call void @__cilkrt_prof_spawn(ptr %prof)
; SERIAL-NEXT: %{{.*}} = invoke i32 @child(i32 %n)
; SERIAL-NEXT: to label %[[C:.*]] unwind label %prof.unwind
; SERIAL: [[C]]:
; SERIAL-NEXT: call void @__cilkrt_prof_resume(ptr %prof)
; SERIAL: lpad:
; SERIAL-NEXT: %lp = landingpad { ptr, i32 }
; SERIAL-NEXT: cleanup
; SERIAL-NEXT: call void @__cilkrt_prof_catch(ptr %prof)
; SERIAL-NEXT: call void @cleanup()
; SERIAL-NEXT: call void @__cilkrt_prof_unwind(ptr %prof)
; SERIAL-NEXT: resume { ptr, i32 } %lp
; SERIAL: prof.unwind:
; SERIAL-NEXT: %[[U:.*]] = landingpad { ptr, i32 }
; SERIAL-NEXT: cleanup
; SERIAL-NEXT: call void @__cilkrt_prof_unwind(ptr %prof)
; SERIAL-NEXT: resume { ptr, i32 } %[[U]]
define i32 @parent(i32 %n) #0 personality ptr @__gxx_personality_v0 {
  %x = alloca i32
  %f = call ptr @__cilk_spawn_any_marker(ptr @child)
  %r = call i32 %f(i32 %n)
  store i32 %r, ptr %x
  invoke void @work()
          to label %cont unwind label %lpad

cont:
  %v = load i32, ptr %x
  ret i32 %v

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup()
  resume { ptr, i32 } %lp
}

attributes #0 = { "cilk" }
