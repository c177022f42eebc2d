// Checks the race build on sync regions (-fsanitize=cilk): a cilk_sync, or
// the end of a cilk_scope, orders the region's own children before what
// follows, not the children spawned before the region. So the child
// spawned before a scope races with the code after the scope's end (and
// after a cilk_sync in the scope, and after a scope left by break), the
// children of each scope do not, a return from inside scopes waits for
// every child, a reducer updated on both sides of regions keeps its
// serial value, and a scope whose markers do not nest alike (a goto to a
// label inside it, at -O1) is one region.
// UNSUPPORTED: sanitizer-thread, sanitizer-address, sanitizer-memory
// RUN: %cilkc -fsanitize=cilk -O1 %s -o %t
// RUN: %status %t 2>&1 | FileCheck %s
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-regions.c:50:{{[0-9]+}} in scope_end
// CHECK: is logically parallel with an earlier write
// CHECK-NEXT: race-regions.c:39:{{[0-9]+}} in bump
// CHECK-NEXT: spawned at {{.*}}race-regions.c:45:{{[0-9]+}} in scope_end
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-regions.c:62:{{[0-9]+}} in sync_in_scope
// CHECK: spawned at {{.*}}race-regions.c:57:{{[0-9]+}} in sync_in_scope
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-regions.c:77:{{[0-9]+}} in nested
// CHECK: spawned at {{.*}}race-regions.c:70:{{[0-9]+}} in nested
// CHECK: cilk race: write at 0x{{[0-9a-f]+}}
// CHECK-NEXT: race-regions.c:92:{{[0-9]+}} in broken
// CHECK: spawned at {{.*}}race-regions.c:84:{{[0-9]+}} in broken
// CHECK-NOT: cilk race: {{read|write}}
// CHECK: values 2 2 2 2 2 2 2 3 2 2 string 0123456789 goto 2
// CHECK: cilk race: 4 races found
// CHECK: status 66
#include <cilk/cilk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long a, b, c, d, e, f, g, h;
static char text_serial[16];

static void bump(long *p) { ++*p; }
static long plus_one(long x) { return x + 1; }

/* The scope's end orders its child, not the one spawned before it. */
static void scope_end(void)
{
    cilk_spawn bump(&a);
    cilk_scope {
        cilk_spawn bump(&b);
    }
    b++;                 /* no race: the scope's child */
    a++;                 /* races with the child spawned before */
    cilk_sync;
}

/* So does a cilk_sync in the scope. */
static void sync_in_scope(void)
{
    cilk_spawn bump(&c);
    cilk_scope {
        cilk_spawn bump(&d);
        cilk_sync;
        d++;             /* no race */
        c++;             /* races */
    }
    cilk_sync;
}

/* Nested: each end orders its own depth's children. */
static void nested(void)
{
    cilk_spawn bump(&e);
    cilk_scope {
        cilk_scope {
            cilk_spawn bump(&f);
        }
        f++;             /* no race */
    }
    e++;                 /* races */
    cilk_sync;
}

/* Leaving scopes by break. */
static void broken(void)
{
    cilk_spawn bump(&g);
    for (int i = 0; i < 3; i++)
        cilk_scope {
            cilk_spawn bump(&h);
            if (i == 1)
                break;
        }
    h++;                 /* no race: each scope's child is done */
    g++;                 /* races */
    cilk_sync;
}

/* A return from inside scopes waits for every child. */
static long *returns_inside(long *p)
{
    cilk_spawn bump(p);
    cilk_scope {
        cilk_scope {
            cilk_spawn bump(p + 1);
            return p;
        }
    }
}

/* A string reducer appended to on both sides of the regions' ends. */
struct str {
    size_t n;
    char s[64];
};
static void str_init(void *v) { memset(v, 0, sizeof(struct str)); }
static void str_cat(void *l, void *r)
{
    struct str *L = l, *R = r;
    memcpy(L->s + L->n, R->s, R->n + 1);
    L->n += R->n;
}
static struct str cilk_reducer(str_init, str_cat) text;
static void say(char ch)
{
    text.s[text.n++] = ch;
    text.s[text.n] = 0;
}

static void strings(void)
{
    cilk_spawn say('0');
    say('1');
    cilk_scope {
        cilk_spawn say('2');
        say('3');
        cilk_scope {
            cilk_spawn say('4');
            say('5');
        }
        say('6');
    }
    cilk_spawn say('7');
    say('8');
    cilk_sync;
    say('9');
}

/* A goto out of a loop to a label inside the same scope: at -O1 clang's
 * cleanup dispatch joins paths of two depths, and the function is one
 * region (CilkRegions.cpp); the cilk_sync after the scope still orders
 * the child before the read. */
static volatile int never;
static long cleanup_goto(void)
{
    long v = cilk_spawn plus_one(1);
    cilk_scope {
        for (int i = 0; i < 3; i++)
            if (never == i + 10)
                goto out;
    out:;
    }
    cilk_sync;
    return v;            /* no race */
}

int main(void)
{
    long r[2] = {0, 0};
    scope_end();
    sync_in_scope();
    nested();
    broken();
    long *p = returns_inside(r);
    p[0]++;              /* no race: the return waited */
    p[1]++;
    strings();
    long v = cleanup_goto();
    memcpy(text_serial, text.s, text.n + 1);
    printf("values %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld string %s goto %ld\n",
           a, b, c, d, e, f, g, h, r[0], r[1], text_serial, v);
    return 0;
}
