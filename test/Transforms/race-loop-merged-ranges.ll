; Checks that the race build's loop checks (cilk-race-loops) merge walks of
; one kind and element size whose lowest addresses differ by constants
; that leave no gap: a stencil's c[i - 1], c[i] and c[i + 1] are one read
; range from c[-1] covering the trips' elements and two more, located at
; the lowest walk's load; a walk 3 elements away (a gap of 16 bytes) and
; the store keep ranges of their own.
; RUN: %cilkopt -passes=cilk-race-loops -S %s | FileCheck %s

; CHECK-LABEL: define void @stencil(ptr %c, ptr %o, i64 %n)
; CHECK: ph:
; CHECK: %[[LO:.*]] = getelementptr i8, ptr %c, i64 -8
; CHECK: %[[B3:.*]] = add {{.*}}i64 %{{.*}}, 16
; CHECK: call void @__tsan_read_range(ptr nocapture %[[LO]], i64 %[[B3]]), !dbg ![[LEFT:[0-9]+]]
; CHECK-NOT: __tsan_read_range(ptr nocapture %c,
; CHECK: call void @__tsan_read_range(ptr nocapture %{{.*}}, i64 %{{.*}}), !dbg ![[FAR:[0-9]+]]
; CHECK: call void @__tsan_write_range(ptr nocapture %o, i64
; CHECK-NOT: __tsan_read_range
; CHECK: loop:
; CHECK: load double, ptr %pl, align 8, !dbg ![[LEFT]], !nosanitize
; CHECK: load double, ptr %pm, align 8, !dbg {{.*}}, !nosanitize
; CHECK: load double, ptr %pr, align 8, !dbg {{.*}}, !nosanitize
; CHECK: load double, ptr %pf, align 8, !dbg ![[FAR]], !nosanitize
define void @stencil(ptr %c, ptr %o, i64 %n) #0 !dbg !3 {
entry:
  %some = icmp sgt i64 %n, 0
  br i1 %some, label %ph, label %done
ph:
  br label %loop
loop:
  %i = phi i64 [ 0, %ph ], [ %i.next, %loop ]
  %il = add nsw i64 %i, -1
  %ir = add nsw i64 %i, 1
  %if = add nsw i64 %i, 4
  %pl = getelementptr inbounds double, ptr %c, i64 %il
  %pm = getelementptr inbounds double, ptr %c, i64 %i
  %pr = getelementptr inbounds double, ptr %c, i64 %ir
  %pf = getelementptr inbounds double, ptr %c, i64 %if
  %po = getelementptr inbounds double, ptr %o, i64 %i
  %l = load double, ptr %pl, align 8, !dbg !10
  %m = load double, ptr %pm, align 8, !dbg !11
  %r = load double, ptr %pr, align 8, !dbg !12
  %f = load double, ptr %pf, align 8, !dbg !13
  %s1 = fadd double %l, %m
  %s2 = fadd double %s1, %r
  %s3 = fadd double %s2, %f
  store double %s3, ptr %po, align 8
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

attributes #0 = { sanitize_thread }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "s.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "stencil", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!10 = !DILocation(line: 5, column: 10, scope: !3)
!11 = !DILocation(line: 5, column: 20, scope: !3)
!12 = !DILocation(line: 5, column: 30, scope: !3)
!13 = !DILocation(line: 5, column: 40, scope: !3)
