; Checks that opt refuses unknown modes and modes not implemented yet.
; RUN: not %cilkopt -passes='cilk<indolent>' -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=INDOLENT %s
; RUN: not %cilkopt -passes='cilk<bogus>' -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=BOGUS %s
; INDOLENT: Cilk mode 'indolent' is not implemented yet; available modes: serial, eager
; BOGUS: unknown Cilk mode 'bogus' (expected serial, eager, indolent or sedative)
define void @f() {
  ret void
}
