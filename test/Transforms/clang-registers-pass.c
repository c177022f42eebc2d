// Checks that -fplugin alone runs the Cilk pass at every optimization level:
// no marker survives, spawns are tagged and call fast clones, Cilk
// procedures carry "cilk", and Cilk main is emitted as __cilk_main.
// RUN: %cilkcc -O0 -S -emit-llvm %s -o - | FileCheck --check-prefixes=CHECK,O0 %s
// RUN: %cilkcc -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %cilkcc -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %cilkcc -O3 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %cilkcc -Os -S -emit-llvm %s -o - | FileCheck %s

// CHECK-NOT: __cilk_spawn_marker
// CHECK-NOT: __cilk_sync_marker
// CHECK-NOT: llvm.global.annotations
// CHECK-LABEL: define {{.*}} @fib.fast(
// O0: call i32 @fib.fast({{.*}}){{.*}}, !cilk.spawn
cilk int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

// CHECK-LABEL: define {{.*}} @__cilk_main(
// CHECK-NOT: define {{.*}} @main(
// fib's C entry point, for calls that are not spawns.
// CHECK-LABEL: define {{.*}} @fib(
cilk int main(void)
{
    int r;
    r = spawn fib(10);
    sync;
    return r;
}
// CHECK: attributes #{{[0-9]+}} = { {{.*}}"cilk"
