; Checks that a Cilk procedure without spawn or sync is left alone: no
; frame, no clone, no runtime call.
; RUN: %cilkopt -passes='cilk<eager>' -S %s | FileCheck %s

define i32 @leaf(i32 %n) #0 {
  %r = mul i32 %n, 3
  ret i32 %r
}

attributes #0 = { "cilk" }

; CHECK-LABEL: define i32 @leaf(i32 %n)
; CHECK-NEXT: %r = mul i32 %n, 3
; CHECK-NEXT: ret i32 %r
; CHECK-NOT: leaf.slow
; CHECK-NOT: __cilkrt
