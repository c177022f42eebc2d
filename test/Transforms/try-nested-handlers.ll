; Checks nested try statements (CilkRegions.cpp: exceptionRegions), as
; clang emits
;   try { spawn f(n); try { g(n); } catch (short) { h(1); } sync; }
;   catch (int) { h(2); } catch (double) { h(3); }
; The plugin's markers give each statement the depth around it: 0 for the
; outer (its block is region 1), 1 for the inner. g's landing pad throws
; the first exception of region 2 and deeper, which is g's own: f, spawned
; before the inner statement, is not its handler's to catch. Where the
; dispatch leaves the inner handler for the outer ones (g threw an int),
; f's exception, if any, comes first in serial order: the edge keeps the
; one in flight and throws the first of region 1 again, to a landing pad
; with the outer handlers' types only (not short: an exception of f never
; reaches the inner handler). The fast clone, whose children are all done,
; branches on.
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s

declare void @f(i32)
declare void @g(i32)
declare void @h(i32)
declare void @__cilk_sync_marker()
declare void @__cilk_region_begin() nounwind
declare void @__cilk_region_end() nounwind
declare void @__cilk_try_marker(i32) nounwind
declare void @__cilk_catch_marker(i32) nounwind
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)

@_ZTIs = external constant ptr
@_ZTIi = external constant ptr
@_ZTId = external constant ptr

define void @nested(i32 %n) #0 personality ptr @__gxx_personality_v0 {
entry:
  %exn.slot = alloca ptr, align 8
  %ehselector.slot = alloca i32, align 4
  call void @__cilk_try_marker(i32 0)
  call void @__cilk_region_begin()
  invoke void @f(i32 %n)
          to label %spawned unwind label %lpad, !cilk.spawn !0
spawned:
  call void @__cilk_try_marker(i32 1)
  invoke void @g(i32 %n)
          to label %try.cont unwind label %lpad1
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @_ZTIi
          catch ptr @_ZTId
  %e = extractvalue { ptr, i32 } %lp, 0
  store ptr %e, ptr %exn.slot, align 8
  %s = extractvalue { ptr, i32 } %lp, 1
  store i32 %s, ptr %ehselector.slot, align 4
  br label %catch.dispatch7
lpad1:
  %lp1 = landingpad { ptr, i32 }
          catch ptr @_ZTIs
          catch ptr @_ZTIi
          catch ptr @_ZTId
  %e1 = extractvalue { ptr, i32 } %lp1, 0
  store ptr %e1, ptr %exn.slot, align 8
  %s1 = extractvalue { ptr, i32 } %lp1, 1
  store i32 %s1, ptr %ehselector.slot, align 4
  br label %catch.dispatch
catch.dispatch:
  %sel = load i32, ptr %ehselector.slot, align 4
  %ti = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIs)
  %m = icmp eq i32 %sel, %ti
  br i1 %m, label %catch, label %catch.dispatch7
catch:
  %exn = load ptr, ptr %exn.slot, align 8
  %c = call ptr @__cxa_begin_catch(ptr %exn)
  call void @__cilk_catch_marker(i32 1)
  call void @h(i32 1)
  call void @__cxa_end_catch()
  br label %try.cont
try.cont:
  invoke void @__cilk_sync_marker()
          to label %synced unwind label %lpad
synced:
  call void @__cilk_region_end()
  br label %done
catch.dispatch7:
  %sel8 = load i32, ptr %ehselector.slot, align 4
  %ti8 = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIi)
  %m8 = icmp eq i32 %sel8, %ti8
  br i1 %m8, label %catch15, label %catch.fallthrough
catch15:
  %exn16 = load ptr, ptr %exn.slot, align 8
  %c16 = call ptr @__cxa_begin_catch(ptr %exn16)
  call void @__cilk_catch_marker(i32 0)
  call void @h(i32 2)
  call void @__cxa_end_catch()
  br label %done
catch.fallthrough:
  %td = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTId)
  %md = icmp eq i32 %sel8, %td
  br i1 %md, label %catch11, label %eh.resume
catch11:
  %exn12 = load ptr, ptr %exn.slot, align 8
  %c12 = call ptr @__cxa_begin_catch(ptr %exn12)
  call void @__cilk_catch_marker(i32 0)
  call void @h(i32 3)
  call void @__cxa_end_catch()
  br label %done
done:
  call void @__cilk_sync_marker()
  ret void
eh.resume:
  %exn20 = load ptr, ptr %exn.slot, align 8
  %sel21 = load i32, ptr %ehselector.slot, align 4
  %v = insertvalue { ptr, i32 } poison, ptr %exn20, 0
  %v2 = insertvalue { ptr, i32 } %v, i32 %sel21, 1
  resume { ptr, i32 } %v2
}

attributes #0 = { "cilk" }
!0 = !{}

; CHECK-LABEL: define void @nested.fast(
; CHECK-NOT: .leave
; CHECK: catch.dispatch:
; CHECK: br i1 %m, label %catch, label %catch.dispatch7
; CHECK: catch.dispatch7:
; CHECK-SAME: preds = %catch.dispatch, %lpad
; CHECK-LABEL: define internal void @nested.serial(
; CHECK-NOT: .leave
; CHECK-LABEL: define internal void @nested.slow(
; CHECK: lpad.threw:
; CHECK: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 1)
; CHECK-NEXT: to label %lpad.never unwind label %lpad
; CHECK: lpad1.threw:
; CHECK: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 2)
; CHECK-NEXT: to label %lpad1.never unwind label %lpad1
; CHECK: catch.dispatch:
; CHECK: br i1 %m, label %catch, label %catch.dispatch7.leave
; CHECK: catch.dispatch7.leave:
; CHECK-NEXT: %[[E:.*]] = load ptr, ptr %exn.slot
; CHECK-NEXT: %[[H:.*]] = call ptr @__cilkrt_exn_capture(ptr %[[E]])
; CHECK-NEXT: call void @__cilkrt_exn_keep(ptr %frame, ptr %[[H]])
; CHECK-NEXT: invoke void @__cilkrt_rethrow_pending(ptr %frame, i32 1)
; CHECK-NEXT: to label %catch.dispatch7.never unwind label %catch.dispatch7.lp
; CHECK: catch.dispatch7.lp:
; CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @_ZTIi
; CHECK-NEXT: catch ptr @_ZTId
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: %[[X:.*]] = extractvalue { ptr, i32 } %[[LP]], 0
; CHECK-NEXT: store ptr %[[X]], ptr %exn.slot
; CHECK-NEXT: %[[S:.*]] = extractvalue { ptr, i32 } %[[LP]], 1
; CHECK-NEXT: store i32 %[[S]], ptr %ehselector.slot
; CHECK-NEXT: br label %catch.dispatch7
; CHECK-NOT: call void @__cilk_try_marker
; CHECK-NOT: call void @__cilk_catch_marker
