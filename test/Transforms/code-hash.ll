; Checks the code hash in a portable procedure's descriptor (the start-up
; check of a distributed job compares it across processes): it changes when
; a function the procedure calls changes only in leaf code (`s + 2` for
; `s + 1`) and when a constant it reads changes (a format string); it stays
; the same in every mode, with other file names, with debug locations, and
; with another numbering of private constants (another string before).
; RUN: %cilkopt -passes='cilk<sedative>' -S %s > %t.a
; RUN: %cilkopt -passes='cilk<eager>' -S %s > %t.eager
; RUN: sed -e 's/source_filename = "a.c"/source_filename = "b.c"/' \
; RUN:     -e 's/@\.str\([ ,]\)/@.str.1\1/g' \
; RUN:     -e 's/^@\.str\.1 = /@.str = private constant [2 x i8] c"x\\00"\n&/' \
; RUN:     -e 's/!dbg !1$/!dbg !2/' %s \
; RUN:   | %cilkopt -passes='cilk<sedative>' -S > %t.moved
; RUN: sed 's/add i64 %acc, 1/add i64 %acc, 2/' %s \
; RUN:   | %cilkopt -passes='cilk<sedative>' -S > %t.leaf
; RUN: sed 's/c"%ld\\0A\\00"/c"%lx\\0A\\00"/' %s \
; RUN:   | %cilkopt -passes='cilk<sedative>' -S > %t.format
; RUN: cat %t.a %t.eager | FileCheck --check-prefix=SAME %s
; RUN: cat %t.a %t.moved | FileCheck --check-prefix=SAME %s
; RUN: cat %t.a %t.leaf | not FileCheck --check-prefix=SAME %s
; RUN: cat %t.a %t.format | not FileCheck --check-prefix=SAME %s
; RUN: cat %t.leaf %t.format | FileCheck --check-prefix=HASH %s

; SAME: @sum.desc = internal constant %cilk.desc { {{.*}}, ptr @sum.layout, i64 [[CODE:-?[1-9][0-9]*]], i32 0, i32 0, i32 0 }
; SAME: @sum.desc = internal constant %cilk.desc { {{.*}}, ptr @sum.layout, i64 [[CODE]], i32 0, i32 0, i32 0 }
; HASH: @sum.desc = internal constant %cilk.desc { {{.*}}, ptr @sum.layout, i64 {{-?[1-9][0-9]*}}, i32 0, i32 0, i32 0 }
; HASH: @sum.desc = internal constant %cilk.desc { {{.*}}, ptr @sum.layout, i64 {{-?[1-9][0-9]*}}, i32 0, i32 0, i32 0 }

source_filename = "a.c"

@.str = private constant [5 x i8] c"%ld\0A\00"

; The leaf code: counts to n.
define internal i64 @leaf(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i64 %acc, 1, !dbg !1
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %r = call i32 (ptr, ...) @printf(ptr @.str, i64 %acc.next)
  ret i64 %acc.next
}

define i64 @sum(i32 %depth, i64 %n) "cilk" {
entry:
  %x = alloca i64
  %y = alloca i64
  %base = icmp eq i32 %depth, 0
  br i1 %base, label %leaf, label %rec

leaf:
  %l = call i64 @leaf(i64 %n)
  ret i64 %l

rec:
  %d = sub i32 %depth, 1
  %r1 = call i64 @sum(i32 %d, i64 %n), !cilk.spawn !0
  store i64 %r1, ptr %x
  %r2 = call i64 @sum(i32 %d, i64 %n), !cilk.spawn !0
  store i64 %r2, ptr %y
  call void @__cilk_sync_marker()
  %xv = load i64, ptr %x
  %yv = load i64, ptr %y
  %t = add i64 %xv, %yv
  ret i64 %t
}

declare i32 @printf(ptr, ...)
declare void @__cilk_sync_marker()

!llvm.module.flags = !{!3}
!llvm.dbg.cu = !{!4}

!0 = !{}
!1 = !DILocation(line: 7, scope: !5)
!2 = !DILocation(line: 9, scope: !5)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DICompileUnit(language: DW_LANG_C11, file: !6, emissionKind: FullDebug)
!5 = distinct !DISubprogram(name: "leaf", scope: !6, file: !6, line: 5, type: !7, unit: !4, spFlags: DISPFlagDefinition)
!6 = !DIFile(filename: "a.c", directory: "/")
!7 = !DISubroutineType(types: !{})
