; Checks the lowering of reducer views (the plugin's calls: CilkReducers.cpp):
; the parallel modes keep the lookup, declared to read only memory the
; program cannot see (so that a view is reused up to the next call), and
; register the module with the runtime before main; the serial elision makes
; every view the variable, calls the identity of a local declared without an
; initializer and drops the rest; the race build keeps the calls (its
; runtime gives each spawn's continuation views of its own) and registers
; the module too (its runtime makes those views only in a program that
; uses reducers).
; RUN: %cilkopt -passes='cilk<sedative>' -S %s | FileCheck %s
; RUN: %cilkopt -passes='cilk<serial>' -S %s | FileCheck %s --check-prefix=SERIAL
; RUN: %cilkopt -passes='cilk<serial;race>' -S %s | FileCheck %s --check-prefix=RACE

@total = global i64 0

declare ptr @__cilkrt_hyper_lookup(ptr, i64, ptr, ptr)
declare void @__cilkrt_hyper_declare(ptr, ptr, ptr, i32)
declare void @__cilkrt_hyper_unregister(ptr)
declare void @zero(ptr)
declare void @add(ptr, ptr)

define void @count(i64 %n) {
entry:
  %v = call ptr @__cilkrt_hyper_lookup(ptr @total, i64 8, ptr @zero, ptr @add)
  %old = load i64, ptr %v
  %new = add i64 %old, %n
  store i64 %new, ptr %v
  ret void
}

define i64 @local() {
entry:
  %s = alloca i64
  call void @__cilkrt_hyper_declare(ptr %s, ptr @zero, ptr @add, i32 0)
  %v = call ptr @__cilkrt_hyper_lookup(ptr %s, i64 8, ptr @zero, ptr @add)
  %x = load i64, ptr %v
  call void @__cilkrt_hyper_unregister(ptr %s)
  ret i64 %x
}

; CHECK: @llvm.global_ctors = appending global {{.*}} @cilk.hyper.enable
; CHECK: declare nonnull ptr @__cilkrt_hyper_lookup(ptr, i64, ptr, ptr) [[LOOKUP:#[0-9]+]]
; CHECK-LABEL: define void @count(
; CHECK: %v = call ptr @__cilkrt_hyper_lookup(ptr @total, i64 8, ptr @zero, ptr @add)
; CHECK-LABEL: define i64 @local(
; CHECK: call void @__cilkrt_hyper_declare(ptr %s, ptr @zero, ptr @add, i32 0)
; CHECK: call void @__cilkrt_hyper_unregister(ptr %s)
; CHECK-LABEL: define internal void @cilk.hyper.enable(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__cilkrt_hyper_enable()
; CHECK: attributes [[LOOKUP]] = { nounwind willreturn memory(inaccessiblemem: read) }

; SERIAL-NOT: @llvm.global_ctors
; SERIAL-LABEL: define void @count(
; SERIAL-NEXT: entry:
; SERIAL-NEXT: %old = load i64, ptr @total
; SERIAL-NOT: !nosanitize
; SERIAL: store i64 %new, ptr @total
; SERIAL-LABEL: define i64 @local(
; SERIAL: call void @zero(ptr %s)
; SERIAL-NEXT: %x = load i64, ptr %s
; SERIAL-NEXT: ret i64 %x

; RACE: @llvm.global_ctors = {{.*}} @cilk.hyper.enable
; RACE-LABEL: define void @count(
; RACE: %v = call ptr @__cilkrt_hyper_lookup(ptr @total, i64 8, ptr @zero, ptr @add)
; RACE-NEXT: %old = load i64, ptr %v
; RACE-LABEL: define i64 @local(
; RACE: call void @__cilkrt_hyper_declare(ptr %s, ptr @zero, ptr @add, i32 0)
; RACE: call void @__cilkrt_hyper_unregister(ptr %s)
