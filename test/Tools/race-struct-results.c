// Checks that the race detector sees a spawn's struct-valued result being
// written into its destination by the spawn's tail, for every way a struct
// comes back (through sret, in one or two registers, with padding, nested,
// with an array, a union, three chars stored as an i24): the parent's read
// of a member before the sync, another spawn's result written into the
// same struct, the parent's write of a member, a declaration, a
// destination through a pointer, each at -O0 and -O2. The same program
// with a sync before each of those accesses (RACE_FREE), and spawns into
// distinct elements or members, are silent.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -cilk-race -O0 %s -o %t0
// RUN: %status %t0 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O2 %s -o %t2
// RUN: %status %t2 2>&1 | FileCheck %s
// RUN: %cilkc -cilk-race -O0 -DRACE_FREE %s -o %t0.ok
// RUN: %status %t0.ok 2>&1 | FileCheck --check-prefix=OK %s
// RUN: %cilkc -cilk-race -O2 -DRACE_FREE %s -o %t2.ok
// RUN: %status %t2.ok 2>&1 | FileCheck --check-prefix=OK %s
// OK-NOT: cilk race: {{read|write}}
// OK: sum 73
// OK: cilk race: no races found
// OK: status 0
#include <stdio.h>

#ifdef RACE_FREE
#define EARLY_SYNC sync;
#else
#define EARLY_SYNC
#endif

struct big { long a, b, c, d; };               /* sret */
struct two { int a, b; };                      /* one i64 */
struct one { int a; };                         /* one i32 */
struct dbl { double a, b; };                   /* two doubles */
struct pad { char c; long a; };                /* padding, two i64 */
struct nest { struct two in; long z; };        /* nested, two i64 */
struct arr { int a[3]; };                      /* array, i64 and i32 */
union un { char c[20]; int i; };               /* union, sret */
struct chars { char a, b, c; };                /* one i24 */

cilk struct big mk_big(int v) { struct big r = {v, v, v + 2, v}; return r; }
cilk struct two mk_two(int v) { struct two r = {v, v + 1}; return r; }
cilk struct one mk_one(int v) { struct one r = {v}; return r; }
cilk struct dbl mk_dbl(int v) { struct dbl r = {v, v + 1}; return r; }
cilk struct pad mk_pad(int v) { struct pad r = {1, v}; return r; }
cilk struct nest mk_nest(int v) { struct nest r = {{0, v}, 1}; return r; }
cilk struct arr mk_arr(int v) { struct arr r = {{0, 1, v}}; return r; }
cilk union un mk_un(int v) { union un r = {{0, 0, 0, 0, 0, (char)v}}; return r; }
cilk struct chars mk_chars(int v) { struct chars r = {0, 1, (char)v}; return r; }

cilk long sret_read(void)
{
    struct big q;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+5]]:{{[0-9]+}} in sret_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+2]]:{{[0-9]+}} in sret_read
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in sret_read
    q = spawn mk_big(1);
    EARLY_SYNC peek = q.c;
    sync;
    return peek;
}

cilk long two_read(void)
{
    struct two t;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+5]]:{{[0-9]+}} in two_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+2]]:{{[0-9]+}} in two_read
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in two_read
    t = spawn mk_two(1);
    EARLY_SYNC peek = t.b;
    sync;
    return peek;
}

cilk long one_read(void)
{
    struct one o;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in one_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in one_read
    o = spawn mk_one(2);
    EARLY_SYNC peek = o.a;
    sync;
    return peek;
}

cilk long dbl_read(void)
{
    struct dbl d;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in dbl_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in dbl_read
    d = spawn mk_dbl(1);
    EARLY_SYNC peek = (long)d.b;
    sync;
    return peek;
}

cilk long pad_read(void)
{
    struct pad p;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in pad_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in pad_read
    p = spawn mk_pad(2);
    EARLY_SYNC peek = p.a;
    sync;
    return peek;
}

cilk long nest_read(void)
{
    struct nest n;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in nest_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in nest_read
    n = spawn mk_nest(2);
    EARLY_SYNC peek = n.in.b;
    sync;
    return peek;
}

cilk long arr_read(void)
{
    struct arr a;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in arr_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in arr_read
    a = spawn mk_arr(2);
    EARLY_SYNC peek = a.a[2];
    sync;
    return peek;
}

cilk long union_read(void)
{
    union un u;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in union_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in union_read
    u = spawn mk_un(2);
    EARLY_SYNC peek = u.c[5];
    sync;
    return peek;
}

cilk long chars_read(void)
{
    struct chars c;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in chars_read
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in chars_read
    c = spawn mk_chars(2);
    EARLY_SYNC peek = c.c;
    sync;
    return peek;
}

cilk long sret_twice(void)
{
    struct big q;
    // CHECK: cilk race: write at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+6]]:{{[0-9]+}} in sret_twice
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+5]]:{{[0-9]+}} in sret_twice
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+2]]:{{[0-9]+}} in sret_twice
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in sret_twice
    q = spawn mk_big(1);
    EARLY_SYNC q = spawn mk_big(5);
    sync;
    return q.c;
}

cilk long two_twice(void)
{
    struct two t;
    // CHECK: cilk race: write at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+6]]:{{[0-9]+}} in two_twice
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+5]]:{{[0-9]+}} in two_twice
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+2]]:{{[0-9]+}} in two_twice
    // CHECK-NEXT: in the result assignment of the spawn at {{.*}}race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in two_twice
    t = spawn mk_two(1);
    EARLY_SYNC t = spawn mk_two(5);
    sync;
    return t.b;
}

cilk long two_member_write(void)
{
    struct two t;
    // CHECK: cilk race: write at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in two_member_write
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in two_member_write
    t = spawn mk_two(1);
    EARLY_SYNC t.b = 3;
    sync;
    return t.b;
}

cilk long sret_declaration(void)
{
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in sret_declaration
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in sret_declaration
    struct big d = spawn mk_big(1);
    EARLY_SYNC peek = d.c;
    sync;
    return peek;
}

cilk long through_pointer(void)
{
    struct nest n;
    struct two *p = &n.in;
    long peek;
    // CHECK: cilk race: read at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+4]]:{{[0-9]+}} in through_pointer
    // CHECK: is logically parallel with an earlier write
    // CHECK-NEXT: race-struct-results.c:[[#@LINE+1]]:{{[0-9]+}} in through_pointer
    *p = spawn mk_two(3);
    EARLY_SYNC peek = n.in.b;
    sync;
    return peek;
}

/* Race-free in both builds: distinct destinations, results used after the
 * sync, a destination reused across syncs. */
cilk long distinct_destinations(void)
{
    struct big bs[2];
    struct nest n;
    struct two ts[4];
    long s = 0;
    bs[0] = spawn mk_big(1);
    bs[1] = spawn mk_big(2);
    n.in = spawn mk_two(3);
    n.z = 4;
    for (int i = 0; i < 4; i++)
        ts[i] = spawn mk_two(i);
    sync;
    s = bs[0].c + bs[1].c + n.in.b + n.z;
    for (int i = 0; i < 4; i++) {
        ts[0] = spawn mk_two(i);
        sync;
        s += ts[0].b + ts[i].a;
    }
    return s;
}

cilk int main(void)
{
    long s = 0;
    s += spawn sret_read();
    s += spawn two_read();
    s += spawn one_read();
    s += spawn dbl_read();
    s += spawn pad_read();
    s += spawn nest_read();
    s += spawn arr_read();
    s += spawn union_read();
    s += spawn chars_read();
    s += spawn sret_twice();
    s += spawn two_twice();
    s += spawn two_member_write();
    s += spawn sret_declaration();
    s += spawn through_pointer();
    s += spawn distinct_destinations();
    sync;
    printf("sum %ld\n", s);
    return 0;
}
// CHECK-NOT: cilk race: {{read|write}} at
// CHECK: sum 73
// CHECK: cilk race: 14 races found
// CHECK: status 66
