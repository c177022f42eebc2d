// Checks continuation-passing threads in every mode, worker count and
// under stress, against the serial mode on one worker: a successor waiting
// on several continuations of different types, a reduction tree whose
// leaves send in any order, tail_call, struct and byval arguments in
// closures, arrays of continuations, results of several thread
// computations awaited by one sync, and threads started from a Cilk
// procedure that also spawns Cilk-5 children.
// RUN: %run-vs-elision --reference serial %s 9 | FileCheck %s
// CHECK: tree 512 sum 130816
// CHECK: mixed 7 2.5 x
// CHECK: chain 100 steps
// CHECK: big 55 101 c
// CHECK: array 0 1 4 9 16 25 36 49
// CHECK: procedure 28678 and 3628800 and 6765
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>

thread add(cont long k, long a, long b)
{
    send_argument(k, a + b);
}

// The sum of lo .. hi-1 by halving: every leaf sends to a successor that
// waits for two halves.
thread tree(cont long k, long lo, long hi)
{
    if (hi - lo == 1) {
        send_argument(k, lo);
        return;
    }
    cont long left, right;
    long mid = lo + (hi - lo) / 2;
    spawn_next add(k, ?left, ?right);
    spawn tree(left, lo, mid);
    spawn tree(right, mid, hi);
}

// A successor of three missing arguments of three types.
thread show(cont int k, int i, double d, char c)
{
    printf("mixed %d %.1f %c ", i, d, c);
    send_argument(k, 9);
}

thread give_int(cont int k) { send_argument(k, 7); }
thread give_double(cont double k) { send_argument(k, 2.5); }
thread give_char(cont char k) { send_argument(k, 'x'); }

thread mixed(cont int k)
{
    cont int i;
    cont double d;
    cont char c;
    spawn_next show(k, ?i, ?d, ?c);
    spawn give_char(c);
    spawn give_double(d);
    spawn give_int(i);
}

// tail_call: a loop of threads on one stack frame at a time.
thread chain(cont int k, int n, int steps)
{
    if (n == 0)
        send_argument(k, steps);
    else
        tail_call chain(k, n - 1, steps + 1);
}

// A struct too large for registers travels in the closure by value.
struct big {
    long v[10];
    char tag;
};

thread sum_big(cont long k, struct big b, long extra)
{
    long s = 0;
    for (int i = 0; i < 10; i++)
        s += b.v[i];
    printf("big %ld %ld %c\n", s, extra, b.tag);
    send_argument(k, s);
}

// Eight squares into a successor through an array of continuations.
thread squares(cont int k, int a, int b, int c, int d, int e, int f, int g,
               int h)
{
    printf("array %d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h);
    send_argument(k, a + b + c + d + e + f + g + h);
}

thread square(cont int k, int i) { send_argument(k, i * i); }

thread array(cont int k)
{
    cont int x[8];
    spawn_next squares(k, ?x[0], ?x[1], ?x[2], ?x[3], ?x[4], ?x[5], ?x[6],
                       ?x[7]);
    for (int i = 7; i >= 0; i--)
        spawn square(x[i], i);
}

thread fact(cont long k, int n, long acc)
{
    if (n <= 1)
        send_argument(k, acc);
    else
        tail_call fact(k, n - 1, acc * n);
}

thread fib(cont int k, int n);
thread fib_sum(cont int k, int x, int y) { send_argument(k, x + y); }
thread fib(cont int k, int n)
{
    if (n < 2) {
        send_argument(k, n);
        return;
    }
    cont int x, y;
    spawn_next fib_sum(k, ?x, ?y);
    spawn fib(x, n - 1);
    spawn fib(y, n - 2);
}

cilk int cfib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn cfib(n - 1);
    y = spawn cfib(n - 2);
    sync;
    return x + y;
}

// A Cilk procedure mixing Cilk-5 children and two thread computations; one
// sync waits for all of them. The thread computation started between two
// spawns runs at once and posts closures where the first spawn's entry was
// (an eager push must not take that entry for its frame still: a thief
// would run a finished thread again while the long second child runs).
cilk long procedure(int n)
{
    long f;
    int c, d, t;
    c = spawn cfib(n - 1);
    spawn fib(&t, 20);
    d = spawn cfib(n + 14);
    spawn fact(&f, 10, 1);
    sync;
    printf("procedure %d and %ld and %d\n", c + d, f, t);
    return f;
}

cilk int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 9;
    long total, b_sum, p;
    int m, steps, sq;
    struct big b = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 'c'};
    spawn tree(&total, 0, 1L << n);
    sync;
    printf("tree %ld sum %ld\n", 1L << n, total);
    spawn mixed(&m);
    sync;
    printf("\n");
    spawn chain(&steps, 100, 0);
    sync;
    printf("chain %d steps\n", steps);
    spawn sum_big(&b_sum, b, 101);
    sync;
    spawn array(&sq);
    sync;
    p = spawn procedure(n);
    sync;
    return b_sum == 55 && sq == 140 && m == 9 && p == 3628800 ? 0 : 1;
}
