; The unit record of a file compiled by another Cilk (abi-version.test):
; version 99 (flags 99 << 16), after this runtime's; sedative mode. What the pass writes
; (Transforms/unit-record.ll), by hand.
@__cilk_unit.file = private constant [6 x i8] c"new.c\00"
@"cilk: link the Cilk runtime (-lcilkrt -lpthread), or build with cilkc" = external global i8
@__cilk_unit = private constant { i32, i32, ptr, ptr } { i32 3, i32 6488064, ptr @__cilk_unit.file, ptr @"cilk: link the Cilk runtime (-lcilkrt -lpthread), or build with cilkc" }, section "cilk_units", align 8
@llvm.compiler.used = appending global [1 x ptr] [ptr @__cilk_unit], section "llvm.metadata"
