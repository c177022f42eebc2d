; Checks that opt refuses an unknown mode and names the modes it knows.
; RUN: not %cilkopt -passes='cilk<bogus>' -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: unknown Cilk mode 'bogus' (expected serial, eager, indolent or sedative)
define void @f() {
  ret void
}
