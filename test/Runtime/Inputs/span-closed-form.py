"""Runs a profile build of examples/knary.cilk, fib.cilk, cpfib.cilk or
cpknary.cilk with
CILK_PROFILE=strands (each thread weighs 1) on 1, 2 and 4 workers, with and
without CILK_STRESS=1, and compares the work and span it measures with the
program's closed form.  Prints one line per run.

usage: span-closed-form.py knary|fib|cpfib|cpknary EXE ARGS...

knary(n, k, r): a leaf is 1 thread.  An internal node has k + r + [k > r] + 1
threads (each spawn, each sync with a child outstanding, the return); on
its longest path lie its r serial children, then (when k > r) its last
child, which starts after the k - r - 1 spawns before it, so with
m = r + [k > r] its span is S(n) = m S(n-1) + k + 1, S(1) = 1.
fib(n): S(n) = max(S(n-1) + 1, S(n-2) + 2) + 1, S(0) = S(1) = 1 (the second
spawn's child starts one thread after the first's).
Cilk main adds 3 threads (spawn, sync, return) and 2 to the span.

cpfib and cpknary (continuation-passing threads): a thread is a strand of
weight 1 whose creations and sends happen one after its ready span; a
closure is ready at the latest of its creation and its arguments' sends; a
tail_call runs in the caller's thread. The closed forms follow the
programs' threads (cpfib: S(n) = S(n-1) + 2, S(1) = 1; cpknary: the
recursion below). Cilk main adds 3 threads (the strands before the start,
between the start and the sync, and after it), and its sync waits for the
result: span max(2, 1 + S) + 1."""
import functools
import os
import re
import subprocess
import sys

app, exe, args = sys.argv[1], sys.argv[2], sys.argv[3:]


def knary(n, k, r):
    """(threads, span) of knary(n, k, r)."""
    if n == 1:
        return 1, 1
    work, span = knary(n - 1, k, r)
    m = r + (k > r)
    return 1 + k * work + k + r + (k > r), m * span + k + 1


@functools.lru_cache(None)
def fib(n):
    if n < 2:
        return 1, 1
    w1, s1 = fib(n - 1)
    w2, s2 = fib(n - 2)
    return w1 + w2 + 4, max(s1 + 1, s2 + 2) + 1


def cpfib(n):
    """(threads, span at which fib(n) sends, from its ready span)."""
    if n < 2:
        return 1, 1
    w1, s1 = cpfib(n - 1)
    w2, s2 = cpfib(n - 2)
    return w1 + w2 + 2, max(1, 1 + s1, 1 + s2) + 1


def cpknary(n, k, r):
    """(threads, span at which node(n) sends, from its ready span)."""
    def node(n, own=True):  # own: a thread of its own, not a tail call
        if n <= 1:
            return int(own), 1
        if r > 0:
            c, child = node(n - 1)
            c2, s = serial(n, 0)
            return own + c + c2, max(1, 1 + child) + s
        c, rest_at = rest(n, 0)
        return own + c + 1, max(1, 1 + rest_at) + 1

    def serial(n, i):
        if i + 1 < r:
            c, child = node(n - 1)
            c2, s = serial(n, i + 1)
            return 1 + c + c2, max(1, 1 + child) + s
        if r < k:
            c, rest_at = rest(n, r)
            return 1 + c + 1, max(1, 1 + rest_at) + 1
        return 1, 1

    def rest(n, i):
        if i == k - 1:
            c, s = node(n - 1, own=False)
            return 1 + c, s
        c1, here = node(n - 1)
        c2, others = rest(n, i + 1)
        return c1 + c2 + 2, max(1, 1 + here, 1 + others) + 1

    return node(n)


apps = {"knary": knary, "fib": fib, "cpfib": cpfib, "cpknary": cpknary}
work, span = apps[app](*map(int, args))
if app.startswith("cp"):
    work, span = work + 3, max(2, 1 + span) + 1
else:
    work, span = work + 3, span + 2
for p in (1, 2, 4):
    for stress in ("0", "1"):
        r = subprocess.run([exe, "--nproc", str(p), *args],
                           capture_output=True, text=True,
                           env=dict(os.environ, CILK_STRESS=stress,
                                    CILK_PROFILE="strands"))
        m = re.search(r"strands: work (\d+), span (\d+),", r.stderr)
        got = (int(m.group(1)), int(m.group(2))) if m else None
        print(f"{app} {' '.join(args)} P={p} stress={stress} "
              f"status {r.returncode}: work {got and got[0]} span "
              f"{got and got[1]}; closed form {work} {span}: "
              f"{'match' if got == (work, span) else 'DIFFER'}")
