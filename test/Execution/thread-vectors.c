// Checks vectors in closures (PCM's vectors: thread parameters declared as
// arrays) in every mode, worker count and under stress, against the serial
// mode on one worker: a closure holds its own copy, taken when it is
// created, so a creator that changes its array after a spawn, or spawns
// the same array twice with different contents, gives each child its own
// board; vectors of variable length (cilk_vector) split in halves; a vector
// beside a missing argument in spawn_next; a vector of structs; a
// tail_call; a Cilk procedure that starts a thread with a vector and
// changes its array before its sync.
// RUN: %run-vs-elision --reference serial %s 8 | FileCheck %s
// CHECK: queens 6: 4 queens 8: 92
// CHECK: sum 5050 of 100, sum 500500 of 1000
// CHECK: weighted 1*4+2*5+3*6 = 32
// CHECK: points 3 x 45 y 90
// CHECK: tail 10 last 9
// CHECK: procedure 4950 then 0
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

thread add(cont long k, long a, long b)
{
    send_argument(k, a + b);
}

static int safe(const char *cols, int row, int c)
{
    for (int r = 0; r < row; r++)
        if (cols[r] == c || cols[r] - c == row - r || c - cols[r] == row - r)
            return 0;
    return 1;
}

thread place(cont long k, int row, int n, char cols[12]);

// Tries columns c .. n-1 for the queen of `row`: one child per column,
// each with the board as it is when spawned.
thread columns(cont long k, int row, int n, int c, char cols[12])
{
    if (c == n) {
        send_argument(k, 0);
        return;
    }
    cont long here, others;
    spawn_next add(k, ?here, ?others);
    if (safe(cols, row, c)) {
        cols[row] = (char)c;
        spawn place(here, row + 1, n, cols);
    } else {
        send_argument(here, 0);
    }
    cols[row] = -1; /* the child keeps its copy: this one is the closure's */
    spawn columns(others, row, n, c + 1, cols);
}

thread place(cont long k, int row, int n, char cols[12])
{
    if (row == n)
        send_argument(k, 1);
    else
        tail_call columns(k, row, n, 0, cols);
}

// The sum of a vector of any length, by halves: each half is a copy.
thread vsum(cont long k, int n, int v[])
{
    if (n <= 3) {
        long s = 0;
        for (int i = 0; i < n; i++)
            s += v[i];
        send_argument(k, s);
        return;
    }
    cont long a, b;
    spawn_next add(k, ?a, ?b);
    spawn vsum(a, n / 2, cilk_vector(v, n / 2));
    spawn vsum(b, n - n / 2, cilk_vector(v + n / 2, n - n / 2));
}

thread dot3(cont long k, int w[3])
{
    send_argument(k, w[0] + 2 * w[1] + 3 * w[2]);
}

// Sends s if its own copy of the tenfold weights gives the same sum (the
// creator zeroes its array right after spawn_next), else -1.
thread checked(cont long k, long s, int w[3])
{
    send_argument(k, (w[0] + 2 * w[1] + 3 * w[2]) / 10 == s ? s : -1);
}

thread weighted(cont long k, int w[3])
{
    cont long s;
    int tmp[3] = {w[0] * 10, w[1] * 10, w[2] * 10};
    spawn_next checked(k, ?s, tmp);
    tmp[0] = tmp[1] = tmp[2] = 0;
    spawn dot3(s, w);
}

struct point {
    int x, y;
};

thread centroid(cont long k, int n, struct point p[])
{
    long sx = 0, sy = 0;
    for (int i = 0; i < n; i++) {
        sx += p[i].x;
        sy += p[i].y;
    }
    send_argument(k, sx * 1000 + sy);
}

thread last_of(cont long k, int n, int v[])
{
    send_argument(k, n * 100 + v[n - 1]);
}

thread count_down(cont long k, int n, int v[])
{
    if (n == 1)
        tail_call last_of(k, 10, cilk_vector(v, 10));
    else
        tail_call count_down(k, n - 1, cilk_vector(v, 10));
}

cilk int main(int argc, char *argv[])
{
    (void)argc;
    (void)argv;
    char board[12];
    for (int i = 0; i < 12; i++)
        board[i] = -1;
    long q6, q8;
    spawn place(&q6, 0, 6, board);
    spawn place(&q8, 0, 8, board);
    sync;
    printf("queens 6: %ld queens 8: %ld\n", q6, q8);

    int *data = malloc(1000 * sizeof *data);
    for (int i = 0; i < 1000; i++)
        data[i] = i + 1;
    long s100, s1000;
    spawn vsum(&s100, 100, cilk_vector(data, 100));
    spawn vsum(&s1000, 1000, cilk_vector(data, 1000));
    sync;
    printf("sum %ld of 100, sum %ld of 1000\n", s100, s1000);

    int w[3] = {4, 5, 6};
    long wsum;
    spawn weighted(&wsum, w);
    sync;
    printf("weighted 1*4+2*5+3*6 = %ld\n", wsum);

    struct point pts[3] = {{10, 20}, {15, 30}, {20, 40}};
    long c;
    spawn centroid(&c, 3, cilk_vector(pts, 3));
    sync;
    printf("points 3 x %ld y %ld\n", c / 1000, c % 1000);

    int ten[10];
    for (int i = 0; i < 10; i++)
        ten[i] = i;
    long t;
    spawn count_down(&t, 5, cilk_vector(ten, 10));
    sync;
    printf("tail %ld last %ld\n", t / 100, t % 100);

    // The closure copied data when the thread started: the sync's result
    // is the sum of 0 .. 99 whatever this procedure writes meanwhile.
    long before;
    for (int i = 0; i < 100; i++)
        data[i] = i;
    spawn vsum(&before, 100, cilk_vector(data, 100));
    for (int i = 0; i < 100; i++)
        data[i] = 0;
    sync;
    long after = 0;
    for (int i = 0; i < 100; i++)
        after += data[i];
    printf("procedure %ld then %ld\n", before, after);
    free(data);
    return 0;
}
