; Checks that a module with Cilk code records the mode it was compiled in
; (the one place the runtime reads the mode from: units.c), its flags (the
; interface's version in bits 16 and up: CILK_ABI_VERSION 1) and
; the runtime's hint for the linker, in section cilk_units, kept for the
; linker; and that the hint comes first among the module's functions.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck --check-prefix=EAGER %s

; CHECK: @__cilk_unit = private constant { i32, i32, ptr, ptr } { i32 0, i32 65536, ptr @__cilk_unit.file, ptr @"cilk: link the Cilk runtime (-lcilkrt -lpthread), or build with cilkc" }, section "cilk_units", align 8
; CHECK: @llvm.compiler.used = appending global [2 x ptr] [ptr @__cilk_unit, ptr @cilk.link.hint]
; CHECK-NOT: __cilk_main_mode
; CHECK: define internal ptr @cilk.link.hint()
; CHECK-NEXT: entry:
; CHECK-NEXT: ret ptr @"cilk: link the Cilk runtime (-lcilkrt -lpthread), or build with cilkc"
; CHECK: define i32 @__cilk_main(
; EAGER: @__cilk_unit = private constant { i32, i32, ptr, ptr } { i32 1, i32 65536,

define i32 @__cilk_main(i32 %argc, ptr %argv) "cilk" {
  ret i32 0
}
