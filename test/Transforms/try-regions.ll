; Checks a C++ try block that spawns, a sync region of its own
; (CilkRegions.cpp: closeRegionsOnUnwindPaths): an exception leaves the
; block's region without its end marker, so the handler, which joins the
; code after the block, gets one on its way there. The function nests
; then: the block's spawn and sync are of region 1, and the frame counts
; region 1 apart (before, the paths of two depths made the function one
; region, and the block's end waited for the child spawned before it,
; whose exception its handler then caught). A sync throws only what came
; out of its region and deeper: region 1 after the block's sync and from
; the block's landing pad, 0 at the end (runtime/closure.h). A race build
; sees the region end on the handler's way out. clang's one `unreachable`
; block, which the throws of every depth reach, does not make a function one
; region (@throws). The plugin's try and catch markers (cilk-abi.h,
; CILK_ABI_TRY_MARKER) tell the landing pad the depth around the block.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s --check-prefix=RACE

declare void @__cilk_sync_marker()
declare void @__cilk_region_begin() nounwind
declare void @__cilk_region_end() nounwind
declare void @__cilk_try_marker(i32) nounwind
declare void @__cilk_catch_marker(i32) nounwind
declare void @work(i32)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)

; spawn (0); try { spawn (1); sync (1) } catch (...) {}; sync (0)
define void @tryblock(i32 %n) #0 personality ptr @__gxx_personality_v0 {
entry:
  call void @work(i32 %n), !cilk.spawn !0
  call void @__cilk_try_marker(i32 0)
  call void @__cilk_region_begin()
  invoke void @work(i32 1)
          to label %body unwind label %lpad, !cilk.spawn !0
body:
  invoke void @__cilk_sync_marker()
          to label %synced unwind label %lpad
synced:
  call void @__cilk_region_end()
  br label %after
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %c = call ptr @__cxa_begin_catch(ptr %e)
  call void @__cilk_catch_marker(i32 0)
  call void @__cxa_end_catch()
  br label %after
after:
  call void @__cilk_sync_marker()
  ret void
}

; clang's one `unreachable` block after every throw, reached from depth 1
; (in the block) and 0 (after it): the function still nests.
; spawn (0); try { spawn (1); if (%c) throw; sync (1) } catch (...) {};
; if (%d) throw; sync (0)
define void @throws(i1 %c, i1 %d) #0 personality ptr @__gxx_personality_v0 {
entry:
  call void @work(i32 0), !cilk.spawn !0
  call void @__cilk_try_marker(i32 0)
  call void @__cilk_region_begin()
  invoke void @work(i32 1)
          to label %body unwind label %lpad, !cilk.spawn !0
body:
  br i1 %c, label %throw.in, label %sync.in
throw.in:
  invoke void @throw_it()
          to label %unreachable unwind label %lpad
sync.in:
  invoke void @__cilk_sync_marker()
          to label %synced unwind label %lpad
synced:
  call void @__cilk_region_end()
  br label %after
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %x = call ptr @__cxa_begin_catch(ptr %e)
  call void @__cilk_catch_marker(i32 0)
  call void @__cxa_end_catch()
  br label %after
after:
  br i1 %d, label %throw.out, label %done
throw.out:
  call void @throw_it()
  br label %unreachable
done:
  call void @__cilk_sync_marker()
  ret void
unreachable:
  unreachable
}

declare void @throw_it()

attributes #0 = { "cilk" }
!0 = !{}

; The second spawn and the block's sync (sites 2 and 3) are of region 1.
; CHECK-DAG: @tryblock.sites = internal constant [7 x %cilk.site] [%cilk.site zeroinitializer, %cilk.site zeroinitializer, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null }, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null },
; CHECK-DAG: @tryblock.desc = internal constant %cilk.desc { {{.*}}, i32 1, i32 112, i32 0 }
; The second spawn is of region 1 in @throws too.
; CHECK-DAG: @throws.sites = internal constant [{{[0-9]+}} x %cilk.site] [%cilk.site zeroinitializer, %cilk.site zeroinitializer, %cilk.site { ptr null, i32 0, i32 0, i32 0, i32 1, i32 0, ptr null },
; CHECK-LABEL: define internal void @tryblock.slow(ptr %frame)
; CHECK: resume.3:
; CHECK-NEXT: call i32 @__cilkrt_exn_pending(ptr %frame, i32 1)
; CHECK: lpad.threw:
; CHECK: call i32 @__cilkrt_sync_threw(ptr %w, ptr %frame)
; CHECK: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 1)
; CHECK-NEXT: to label %lpad.never unwind label %lpad
; CHECK: call i32 @__cilkrt_sync(ptr %w, ptr %frame)
; CHECK: call i32 @__cilkrt_exn_pending(ptr %frame, i32 0)
; CHECK: synced.threw.3:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 1)
; CHECK-NEXT: to label %synced.never.3 unwind label %lpad.threw
; CHECK: synced.threw.5:
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 0)
; CHECK-NOT: __cilk_region
; CHECK-NOT: call void @__cilk_try_marker
; CHECK-NOT: call void @__cilk_catch_marker

; RACE-LABEL: define void @tryblock(
; RACE: call void @__cilkrt_race_region_begin(ptr %race)
; RACE: call void @__cilkrt_race_sync(ptr %race)
; RACE: call void @__cilkrt_race_region_end(ptr %race)
; RACE-NEXT: br label %after
; RACE: lpad:
; RACE-NEXT: landingpad
; RACE-NEXT: catch ptr null
; RACE-NEXT: call void @__cilkrt_race_catch(ptr %race)
; RACE: invoke void @__cxa_end_catch()
; RACE-NEXT: to label %[[E:.*]] unwind label %race.unwind
; RACE: [[E]]:
; RACE-NEXT: call void @__cilkrt_race_region_end(ptr %race)
; RACE-NEXT: br label %after
; RACE-NOT: call void @__cilk_region
