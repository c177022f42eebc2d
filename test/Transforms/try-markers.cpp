// Checks that the plugin numbers the try statements of a procedure that
// spawns (cilk-abi.h, CILK_ABI_TRY_MARKER): a marker before each, and the
// same number first in each of its handlers, nested or not, whether the
// block spawns or not. A function that does not spawn gets none.
// RUN: %cilkcc -std=c++17 -O0 -fno-discard-value-names -Xclang -disable-llvm-passes \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s
#include <cilk/cilk.h>
void work(int);

// CHECK-LABEL: define {{.*}} @_Z6nestedi(
// CHECK: call void @__cilk_try_marker(i32 noundef 0)
// CHECK: call void @__cilk_try_marker(i32 noundef 1)
// CHECK: call ptr @__cxa_begin_catch(
// CHECK-NEXT: load i32
// CHECK-NEXT: store i32
// CHECK-NEXT: call void @__cilk_catch_marker(i32 noundef 1)
// CHECK-NEXT: invoke void @_Z4worki(i32 noundef 1)
// CHECK: call ptr @__cxa_begin_catch(
// CHECK-NEXT: call void @__cilk_catch_marker(i32 noundef 0)
// CHECK-NEXT: invoke void @_Z4worki(i32 noundef 2)
void nested(int n) {
  try {
    cilk_spawn work(n);
    try {
      work(n);
    } catch (int) {
      work(1);
    }
  } catch (...) {
    work(2);
  }
}

// CHECK-LABEL: define {{.*}} @_Z5plaini(
// CHECK-NOT: __cilk_try_marker
// CHECK-NOT: __cilk_catch_marker
// CHECK: ret void
void plain(int n) {
  try {
    work(n);
  } catch (...) {
    work(2);
  }
}
