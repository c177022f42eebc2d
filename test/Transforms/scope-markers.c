// Checks that the plugin brackets a cilk_scope with the sync region markers
// (cilk-abi.h): the region begins before the scope's statement and ends
// after its sync; each jump out of it (break, a goto to a label outside,
// return) first syncs and ends the region, a goto to a label inside does
// not, and a return's own sync comes after the region's end, at depth 0.
// RUN: %cilkcc -O0 -fno-discard-value-names -Xclang -disable-llvm-passes \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s
#include <cilk/cilk.h>
void work(int);

// CHECK-LABEL: define {{.*}} @scoped(
// CHECK: call void @__cilk_region_begin()
// CHECK: call void %{{.*}}(i32 noundef 1)
// break:
// CHECK: call void @__cilk_sync_marker()
// CHECK-NEXT: call void @__cilk_region_end()
// CHECK-NEXT: br label %for.end
// goto inside: no markers
// CHECK: if.then{{[0-9]*}}:
// CHECK-NEXT: br label %again
// goto outside:
// CHECK: call void @__cilk_sync_marker()
// CHECK-NEXT: call void @__cilk_region_end()
// CHECK-NEXT: br label %out
// return: the region's end, then the return's sync
// CHECK: call void @__cilk_sync_marker()
// CHECK-NEXT: call void @__cilk_region_end()
// CHECK-NEXT: call void @__cilk_sync_marker()
// CHECK-NEXT: store i32 7
// the scope's own end
// CHECK: call void @__cilk_sync_marker()
// CHECK-NEXT: call void @__cilk_region_end()
int scoped(int n)
{
    for (int i = 0; i < n; i++) {
        cilk_scope {
        again:
            cilk_spawn work(1);
            if (i == 1)
                break;
            if (i == 2)
                goto again;
            if (i == 3)
                goto out;
            if (i == 4)
                return 7;
        }
    }
out:
    return 0;
}
