#!/usr/bin/env python3
"""The race detector's cost: each example built for the race detector
(-fplugin-arg-cilk-race) against its serial elision, both at -O2.

usage: python3 bench/race.py [--runs N] [--no-install] [--build DIR]
                             [--baseline DIR] [--out FILE.md]

One command from a fresh Debian 12 machine.  Per example: the serial
elision's and the race build's wall times (medians of --runs, default 3,
taken alternately), their ratio, the race build's peak memory (maximum
resident set size), and that it found no race; with --baseline, the
race builds of another build directory (an earlier tree) in the same
rounds, beside them.  Writes
bench/results/<date>-<machine>-race.md (and with --json FILE each
example's slowdowns).
"""
import argparse
import datetime
import math
import os
import statistics
import subprocess
import time

from benchlib import (build_project, common_options, compile_cilk, fmt, log,
                      machine, machine_lines, result_path, write_json)

# Inputs for which the serial elision runs tens of milliseconds or more
# (shorter runs would measure process start-up) and the race build a few
# seconds at most on a 2-core VM.
CASES = [("fib", [32]), ("queens", [12]), ("knary", [8, 6, 1]),
         ("pfold", [3, 3, 2]), ("ray", [512, 384]), ("cilksort", [2000000]),
         ("matmul", [256]), ("heat", [512, 512, 100])]


def timed(exe, args):
    """Wall time, peak resident set size in KiB, and the process's exit
    status and stderr."""
    t = time.perf_counter()
    p = subprocess.Popen([exe] + [str(a) for a in args],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss, p.returncode, err


def main():
    ap = argparse.ArgumentParser()
    common_options(ap, "the Markdown report")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline",
                    help="a build of an earlier tree: its race builds run "
                         "in the same rounds, a column of their own")
    a = ap.parse_args()
    build_project(a.build, not a.no_install, packages=())
    mach = machine()
    rows = []
    for app, args in CASES:
        serial = compile_cilk(a.build, app, "serial")
        races = [compile_cilk(b, app, "serial",
                              extra=["-fplugin-arg-cilk-race"],
                              libs=[f"{b}/lib/libcilkrace.a"],
                              name=f"{app}-race")
                 for b in [a.build] + ([a.baseline] if a.baseline else [])]
        ts, tr, tb, rss = [], [], [], 0
        for _ in range(a.runs):
            ts.append(timed(serial, args)[0])
            for race, times in zip(races, (tr, tb)):
                wall, peak, status, err = timed(race, args)
                if status != 0 or "cilk race: no races found" not in err:
                    raise SystemExit(f"bench: {app}: the race build failed "
                                     f"or reported races:\n{err[-2000:]}")
                times.append(wall)
                if times is tr:
                    rss = max(rss, peak)
        s, t = statistics.median(ts), statistics.median(tr)
        b = statistics.median(tb) if tb else None
        log(f"{app} {args}: serial {s:.3f} s, race {t:.3f} s ({t / s:.1f}x)"
            + (f", baseline {b:.3f} s ({b / s:.1f}x)" if b else ""))
        rows.append((app, args, s, t, rss, b))
    out = result_path(a.out, mach, "race")
    with open(out, "w") as f:
        f.write(f"# The race detector's cost ({datetime.date.today()})\n\n"
                "Written by `python3 bench/race.py`. Each example built "
                "for the race detector (`-fplugin-arg-cilk-race`, the "
                "serial elision with every access checked) against its "
                "serial elision, both at -O2; wall times are medians of "
                f"{a.runs} alternating runs; every race run found no "
                "race.\n\n")
        f.write("\n".join(machine_lines(mach)) + "\n\n")
        base = bool(a.baseline)
        f.write("| example | input | serial (s) | race build (s) | slowdown "
                "| race build's peak RSS (MiB) |"
                + (" baseline (s) | baseline's slowdown |" if base else "")
                + "\n|---|---|---|---|---|---|" + ("---|---|" if base else "")
                + "\n")
        logs, blogs = [], []
        for app, args, s, t, rss, b in rows:
            f.write(f"| {app} | {' '.join(map(str, args))} | {fmt(s)} | "
                    f"{fmt(t)} | {t / s:.1f}x | {rss // 1024} |"
                    + (f" {fmt(b)} | {b / s:.1f}x |" if base else "") + "\n")
            logs.append(math.log(t / s))
            if base:
                blogs.append(math.log(b / s))
        f.write(f"\nGeometric mean of the slowdowns: "
                f"{math.exp(sum(logs) / len(logs)):.1f}x"
                + (f" (baseline {a.baseline}: "
                   f"{math.exp(sum(blogs) / len(blogs)):.1f}x)" if base
                   else "") + ".\n")
    log(f"wrote {out}")
    figures = {"slowdown": {app: t / s for app, _, s, t, _, _ in rows}}
    if a.baseline:
        figures["baseline_slowdown"] = {app: b / s
                                        for app, _, s, _, _, b in rows}
    write_json(a.json, figures)


if __name__ == "__main__":
    main()
