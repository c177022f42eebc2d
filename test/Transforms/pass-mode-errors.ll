; Checks that opt refuses unknown modes and modes not implemented yet.
; RUN: not %cilkopt -passes='cilk<eager>' -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=EAGER %s
; RUN: not %cilkopt -passes='cilk<bogus>' -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=BOGUS %s
; EAGER: Cilk mode 'eager' is not implemented yet; available modes: serial
; BOGUS: unknown Cilk mode 'bogus' (expected serial, eager, indolent or sedative)
define void @f() {
  ret void
}
