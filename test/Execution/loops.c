// Checks spawns in for, while and do loops, nested loops, loops with
// break/continue, op-assign spawns (x += spawn f()) and a switch.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: squares: 0 1 4 9 16 25 36 49 64 81 100 121 144 169 196 225
// CHECK: sum of squares below 1000 = 332833500
// CHECK: while: 45 do: 55
// CHECK: grid total = 2610
// CHECK: skipped odd, stopped at 20: 90
// CHECK: switch: 7 30 -1
// CHECK: exit status 0
#include <stdio.h>

cilk long square(long i) { return i * i; }

cilk void store_square(long *slot, long i) { *slot = i * i; }

cilk long sum_squares(long lo, long hi)
{
    long s = 0;
    if (hi - lo <= 8) {
        for (long i = lo; i < hi; i++)
            s += spawn square(i);
        sync;
        return s;
    }
    long a, b;
    a = spawn sum_squares(lo, (lo + hi) / 2);
    b = spawn sum_squares((lo + hi) / 2, hi);
    sync;
    return a + b;
}

cilk int identity(int x) { return x; }

cilk int pick(int k)
{
    int r = -1;
    switch (k) {
    case 0:
        r = spawn identity(7);
        break;
    case 1: {
        int t = 0;
        for (int i = 0; i < 5; i++)
            t += spawn identity(2 * i + 4 - i);
        sync;
        r = t;
        break;
    }
    default:
        break;
    }
    sync;
    return r;
}

cilk int main(void)
{
    long sq[16];
    for (int i = 0; i < 16; i++)
        spawn store_square(&sq[i], i);
    sync;
    printf("squares:");
    for (int i = 0; i < 16; i++)
        printf(" %ld", sq[i]);
    printf("\n");

    long total;
    total = spawn sum_squares(0, 1000);
    sync;
    printf("sum of squares below 1000 = %ld\n", total);

    int w = 0, d = 0, i = 0;
    while (i < 10) {
        w += spawn identity(i);
        i++;
    }
    i = 0;
    do {
        i++;
        d += spawn identity(i);
    } while (i < 10);
    sync;
    printf("while: %d do: %d\n", w, d);

    int grid[6][5];
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            grid[r][c] = spawn identity(r * 5 + c);
    sync;
    int g = 0;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            g += grid[r][c] * 6;
    printf("grid total = %d\n", g);

    int acc = 0;
    for (int k = 0;; k++) {
        if (k % 2)
            continue;
        if (k == 20)
            break;
        acc += spawn identity(k);
    }
    sync;
    printf("skipped odd, stopped at 20: %d\n", acc);

    int p0, p1, p2;
    p0 = spawn pick(0);
    p1 = spawn pick(1);
    p2 = spawn pick(2);
    sync;
    printf("switch: %d %d %d\n", p0, p1, p2);
    return 0;
}
