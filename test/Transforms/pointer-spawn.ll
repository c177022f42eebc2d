; Checks spawns through pointers: the C entry point @apply carries the
; prefix <{ magic, @apply.fast - @apply }>, and a spawn through %f in the
; fast and slow clones calls the fast clone found there when the magic is
; present and %f itself otherwise; the serial elision calls %f.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @apply(ptr %f, i32 %n) #0 {
entry:
  %x = alloca i32
  %y = alloca i32
  %r = call i32 %f(i32 %n) nounwind, !cilk.spawn !0
  store i32 %r, ptr %x
  %s = call i32 %f(i32 %n) nounwind, !cilk.spawn !0
  store i32 %s, ptr %y
  call void @__cilk_sync_marker()
  %v = load i32, ptr %x
  %u = load i32, ptr %y
  %t = add i32 %v, %u
  ret i32 %t
}

declare void @__cilk_sync_marker() nounwind

attributes #0 = { "cilk" nounwind }
!0 = !{}

; CHECK-LABEL: define i32 @apply.fast(ptr %f, i32 %n)
; CHECK: %p.magic.addr = getelementptr i8, ptr %f, i64 -16
; CHECK-NEXT: %p.magic = load i64, ptr %p.magic.addr, align 4, !nosanitize
; CHECK-NEXT: %p.is.entry = icmp eq i64 %p.magic, 4848490359606824532
; CHECK-NEXT: %p.offset.addr = getelementptr i8, ptr %f, i64 -8
; CHECK-NEXT: %p.offset = load i64, ptr %p.offset.addr, align 4, !nosanitize
; CHECK-NEXT: %p.fast = getelementptr i8, ptr %f, i64 %p.offset
; CHECK-NEXT: %p.callee = select i1 %p.is.entry, ptr %p.fast, ptr %f
; CHECK: call i32 %p.callee(i32 %n){{( #[0-9]+)?}}, !cilk.spawn

; CHECK-LABEL: define internal i32 @apply.serial(ptr %f, i32 %n)
; CHECK-NOT: select
; CHECK: call i32 %f(i32 %n){{( #[0-9]+)?$}}
; CHECK: call i32 %f(i32 %n){{( #[0-9]+)?$}}

; The second spawn, in the slow clone after the first one's steal.
; CHECK-LABEL: define internal void @apply.slow(ptr %frame)
; CHECK: %p.magic{{[0-9]*}} = load i64, ptr %p.magic.addr{{[0-9]*}}, align 4, !nosanitize
; CHECK: %p.callee{{[0-9]*}} = select i1 %p.is.entry{{[0-9]*}}, ptr %p.fast{{[0-9]*}}, ptr %f.reload
; CHECK: call i32 %p.callee{{[0-9]*}}(i32

; CHECK-LABEL: define i32 @apply(ptr %f, i32 %n) {{.*}}prefix <{ i64, i64 }> <{ i64 4848490359606824532, i64 sub (i64 ptrtoint (ptr @apply.fast to i64), i64 ptrtoint (ptr @apply to i64)) }>
