// Checks the ends of locals' scopes in a race build (llvm-pass/CilkRace.cpp:
// markScopeEnds): a local that spawns' tails write ends in a race where a
// child may still be writing it (its scope ends before the sync: reported
// as "end of the local's scope"), and is only forgotten where every such
// tail is synced before the end (pfold's `part`: no check of the end, and
// a later frame reusing the slot is not reported). A read before the sync
// races as ever.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 %s -o %t1
// RUN: env CILK_RACE_MAX_REPORTS=100 %status %t1 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 %s -o %t2
// RUN: env CILK_RACE_MAX_REPORTS=100 %status %t2 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @early_end(
// IR: call void @__cilkrt_race_scope_end(ptr %{{.*}}, i64 16)
// IR-LABEL: define {{.*}} @synced(
// IR-NOT: @__cilkrt_race_scope_end
// IR: call void @__cilkrt_race_forget(ptr %{{.*}}, i64 144)
// IR-NOT: @__cilkrt_race_scope_end
// IR-LABEL: define {{.*}} @unsynced(
// IR: call void @__cilkrt_race_scope_end(ptr %{{.*}}, i64 144)
// CHECK: cilk race: read at
// CHECK-NEXT: race-scope-ends.c:[[#@LINE+22]]:{{[0-9]+}} in early_end
// CHECK: cilk race: end of the local's scope at
// CHECK-NEXT: race-scope-ends.c:[[#@LINE+21]]:{{[0-9]+}} in early_end
// CHECK: cilk race: end of the local's scope at
// CHECK-NEXT: race-scope-ends.c:[[#@LINE+56]]:{{[0-9]+}} in unsynced
// CHECK-NOT: cilk race: {{read|write|end}}
// CHECK: 4 15 4 16
// CHECK: cilk race: 3 races found
#include <stdio.h>

struct fold { long a, b, c; };

cilk struct fold mk(int v) { struct fold r = {v, v + 1, v + 2}; return r; }
cilk int f(int n) { return n; }

/* A read before the sync, in a block whose end comes before the sync. */
cilk int early_end(int n)
{
    int s = 0;
    {
        int x[4];
        x[0] = spawn f(n);
        s = x[0];
    }
    sync;
    return s;
}

/* A loop of spawns into an array, synced, then read. */
cilk long synced(int n)
{
    struct fold part[6];
    int m = 0;
    for (int i = 0; i < n; i++) {
        part[m] = spawn mk(i);
        m++;
    }
    sync;
    long t = 0;
    for (int i = 0; i < m; i++)
        t += part[i].b;
    return t;
}

/* The array's scope ends before the sync: a child may still write it. */
cilk long unsynced(int n)
{
    long t = 0;
    {
        struct fold part[6];
        int m = 0;
        for (int i = 0; i < n; i++) {
            part[m] = spawn mk(i);
            m++;
        }
        t = m;
        if (n > 100) {
            sync;
            t += part[0].a;
        }
    }
    sync;
    return t;
}

/* synced twice in parallel: the second reuses the first's frame. */
cilk long twice(int n)
{
    long t = spawn synced(n);
    long u = spawn synced(n + 1);
    sync;
    return t + u;
}

cilk int main(void)
{
    int a = spawn early_end(4);
    long b = spawn synced(5);
    long c = spawn unsynced(4);
    long d = spawn twice(3);
    sync;
    printf("%d %ld %ld %ld\n", a, b, c, d);
    return 0;
}
