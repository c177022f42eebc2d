; Checks that the module defining Cilk main records the compiled mode for
; the runtime, and that other modules do not.
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s
; RUN: sed -e 's/@__cilk_main(/@other(/' %s | %cilkopt -passes='cilk<serial>' -S | FileCheck --check-prefix=NOMAIN %s

; CHECK: @__cilk_main_mode = constant i32 0
; NOMAIN-NOT: __cilk_main_mode

define i32 @__cilk_main(i32 %argc, ptr %argv) "cilk" {
  ret i32 0
}
