// Checks the waits for thread results in the lazy modes
// (CilkThreadLowering.cpp: awaitAnsweringReleases): each is a loop that
// polls, around __cilkrt_cp_await, which comes back when a thief asks for
// a release while a result is out, so the fast clone releases its frame
// at the poll; then the plain wait. The slow clone's await is 0: it waits
// without asking (nothing of it is hidden). Eager mode keeps the plain
// wait, its frames being on the deque already.
// RUN: %cilkcc -O0 -fno-discard-value-names -S -emit-llvm %s -o - | FileCheck %s
// RUN: %cilkcc -fplugin-arg-cilk-mode=eager -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=EAGER

thread put(cont long k, long v)
{
    send_argument(k, v);
}

cilk long waiter(long v)
{
    long r;
    spawn put(&r, v);
    sync;
    return r;
}

// CHECK-LABEL: define {{.*}}i64 @waiter.fast(
// CHECK: call void @__cilkrt_cp_start(
// CHECK-NEXT: br label %cp.await
// CHECK: cp.await:
// CHECK: %cf.poll.1 = load atomic i32, ptr %{{.*}} monotonic
// CHECK-NEXT: %attempted.poll.1 = icmp ne i32 %cf.poll.1, 0
// CHECK-NEXT: br i1 %attempted.poll.1, label %release.poll.1, label %resume.1
// CHECK: resume.1:
// CHECK-NEXT: %cp.asked = call i32 @__cilkrt_cp_await(ptr %cp.results.field)
// CHECK-NEXT: %cp.again = icmp ne i32 %cp.asked, 0
// CHECK-NEXT: br i1 %cp.again, label %cp.await, label %cp.waited
// CHECK: cp.waited:
// CHECK-NEXT: call void @__cilkrt_cp_wait(ptr %cp.results.field)
// CHECK: release.poll.1:
// CHECK: call void @__cilkrt_release(

// CHECK-LABEL: define internal void @waiter.slow(
// CHECK-NOT: __cilkrt_cp_await
// CHECK: call void @__cilkrt_cp_wait(
// CHECK-NOT: __cilkrt_cp_await
// CHECK: {{^}}}

// EAGER-NOT: __cilkrt_cp_await
// EAGER: call void @__cilkrt_cp_wait(
// EAGER-NOT: __cilkrt_cp_await
