// Checks that the plugin ends each spawn assignment with the marker
// __cilk_spawn_end (after all of its code: an _Atomic compare-exchange loop
// too), and that a declaration and a spawn without result get none; and
// that the pass evaluates the destination before the spawn in the serial
// elision too (the call computing it comes first) and removes the marker.
// RUN: %cilkcc -O0 -fno-discard-value-names -Xclang -disable-llvm-passes \
// RUN:   -S -emit-llvm %s -o - \
// RUN:   | FileCheck --check-prefix=MARK %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=serial -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck --check-prefix=SERIAL %s
cilk int f(int n) { return n; }
cilk void v(int n) { (void)n; }
int *getp(int *a, int i);

// MARK-LABEL: define {{.*}} @g(
// MARK: %[[R:.*]] = call i32 %{{.*}}(i32 noundef 1)
// MARK-NEXT: store i32 %[[R]], ptr %x
// MARK-NEXT: call void @__cilk_spawn_end()
// MARK: %[[R2:.*]] = call i32 %{{.*}}(i32 noundef 2)
// MARK: call ptr @getp(
// MARK: store i32 %[[R2]]
// MARK-NEXT: call void @__cilk_spawn_end()
// MARK: call i32 %{{.*}}(i32 noundef 3)
// MARK: cmpxchg ptr %at
// MARK: atomic_cont:
// MARK-NEXT: call void @__cilk_spawn_end()
// MARK: call i32 %{{.*}}(i32 noundef 4)
// MARK-NEXT: store i32 %{{.*}}, ptr %d
// MARK-NEXT: call void @__cilk_sync_marker()
// MARK: call void %{{.*}}(i32 noundef 5)
// MARK-NEXT: call void @__cilk_sync_marker()

// SERIAL-LABEL: define {{.*}} @g(
// SERIAL-NOT: __cilk_spawn_end
// SERIAL: call ptr @getp(
// SERIAL: call i32 @f(i32 noundef 2)
// SERIAL-NOT: __cilk_spawn_end
// SERIAL: ret i32
cilk int g(int *a)
{
    int x;
    _Atomic int at = 1;
    x = spawn f(1);
    *getp(a, 3) = spawn f(2);
    at *= spawn f(3);
    int d = spawn f(4);
    sync;
    spawn v(5);
    sync;
    return x + d + at;
}
