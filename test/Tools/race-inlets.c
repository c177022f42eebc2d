// Checks the race detector on inlets and result assignments, which run
// when their child returns, in parallel with the rest of the parent up to
// its sync: inlets of one procedure are atomic with respect to each other
// and to the procedure, and so are `x += spawn` in a loop (Cilk-5's
// `if (found) break;` after an inlet is no race); two plain `x = spawn`
// into one variable race (with the result assignment named), as does an
// inlet with a sibling child that reads what it writes.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O1 -fplugin-arg-cilk-Wno-unsynced %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-inlets.c:72:{{[0-9]+}} in twice
// CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-inlets.c:72:{{[0-9]+}} in twice
// CHECK-NEXT: spawned at {{.*}}race-inlets.c:93:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-inlets.c:71:{{[0-9]+}} in twice
// CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-inlets.c:71:{{[0-9]+}} in twice
// CHECK-NEXT: spawned at {{.*}}race-inlets.c:93:{{[0-9]+}} in main
// CHECK: cilk race: read at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-inlets.c:34:{{[0-9]+}} in peek
// CHECK-NEXT: spawned at {{.*}}race-inlets.c:82:{{[0-9]+}} in watched
// CHECK-NEXT: spawned at {{.*}}race-inlets.c:94:{{[0-9]+}} in main
// CHECK-NEXT: is logically parallel with an earlier write
// CHECK-NEXT: race-inlets.c:80:{{[0-9]+}} in watched
// CHECK-NEXT: in the inlet of the spawn at {{.*}}race-inlets.c:81:{{[0-9]+}} in watched
// CHECK-NEXT: spawned at {{.*}}race-inlets.c:94:{{[0-9]+}} in main
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: sum 45 total 45 x {{[12]}} watched 3 first 3
// CHECK: cilk race: 2 races found
// CHECK: status 66
#include <stdio.h>

cilk int id(int n) { return n; }
cilk int peek(const int *p) { return *p; /* R */ }

cilk int sum(int n)
{
    int s = 0;
    inlet void add(int r) { s += r; }
    for (int i = 0; i < n; i++)
        add(spawn id(i));
    sync;
    return s;
}

cilk int first(int n)
{
    int found = -1;
    inlet void catch(int r) { if (r >= 3) found = r; }
    for (int i = 0; i < n; i++) {
        catch(spawn id(i));
        if (found >= 0)
            break;
    }
    sync;
    return found;
}

cilk int total(int n)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += spawn id(i);
    sync;
    return t;
}

cilk int twice(void)
{
    int x;
    x = spawn id(1); /* X1 */
    x = spawn id(2); /* X2 */
    sync;
    return x;
}

cilk int watched(void)
{
    int seen = 0, r;
    inlet void note(int v) { seen = v; /* I */ }
    note(spawn id(3)); /* A */
    r = spawn peek(&seen); /* P */
    sync;
    return seen + 0 * r;
}

cilk int main(void)
{
    int a, b, c, d, e;
    e = spawn first(10);
    a = spawn sum(10);
    b = spawn total(10);
    c = spawn twice(); /* T */
    d = spawn watched(); /* W */
    sync;
    printf("sum %d total %d x %d watched %d first %d\n", a, b, c, d, e);
    return 0;
}
