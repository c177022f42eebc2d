#!/usr/bin/env python3
"""The profile build's cost and accuracy: each example built with
-fplugin-arg-cilk-profile against the same program built without it, both
in sedative mode at -O2, run on one worker.

usage: python3 bench/profile.py [--runs N] [--no-install] [--build DIR]
                                [--out FILE.md]

One command from a fresh Debian 12 machine.  Per example: the plain
build's and the profile build's CPU times on one worker (medians of --runs,
default 5, taken alternately), their ratio (what profiling costs), and the
work T_1 the profile build reports as a ratio to the plain build's time
(what the figures are worth: 1 is exact; more means the hooks' time the
calibration did not take off stayed in the strands).  Writes
bench/results/<date>-<machine>-profile.md.
"""
import argparse
import datetime
import statistics

from benchlib import (build_project, common_options, compile_cilk, fmt, log,
                      machine, machine_lines, parse_profile, result_path, run)

# Inputs for which the plain build runs tens of milliseconds or more.
CASES = [("fib", [32]), ("queens", [12]), ("knary", [8, 6, 1]),
         ("pfold", [3, 3, 2]), ("ray", [512, 384]), ("cilksort", [2000000]),
         ("matmul", [512]), ("heat", [1024, 1024, 100])]


def main():
    ap = argparse.ArgumentParser()
    common_options(ap, "the Markdown report")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    build_project(a.build, not a.no_install, packages=())
    mach = machine()
    rows = []
    for app, args in CASES:
        plain = compile_cilk(a.build, app, "sedative")
        prof = compile_cilk(a.build, app, "sedative",
                            extra=["-fplugin-arg-cilk-profile"],
                            name=f"{app}-profile")
        tp, tq, t1, tinf = [], [], [], []
        for _ in range(a.runs):
            tp.append(run(plain, args, p=1)[2].cpu)
            r = run(prof, args, p=1)[2]
            tq.append(r.cpu)
            w, s, _, _ = parse_profile(r.stderr)
            t1.append(w)
            tinf.append(s)
        p, q = statistics.median(tp), statistics.median(tq)
        w, s = statistics.median(t1), statistics.median(tinf)
        log(f"{app} {args}: plain {p:.3f} s, profile {q:.3f} s "
            f"({q / p:.1f}x), T_1 {w:.3f} s ({w / p:.2f} of plain)")
        rows.append((app, args, p, q, w, s))
    out = result_path(a.out, mach, "profile")
    with open(out, "w") as f:
        f.write(f"# The profile build's cost and accuracy "
                f"({datetime.date.today()})\n\n"
                "Written by `python3 bench/profile.py`. Each example built "
                "with `-fplugin-arg-cilk-profile` against the same program "
                "built without it, both in sedative mode at -O2, on one "
                "worker; CPU times and reported figures are medians of "
                f"{a.runs} alternating runs.\n\n")
        f.write("\n".join(machine_lines(mach)) + "\n\n")
        f.write("| example | input | plain (s) | profile build (s) | cost "
                "| reported T_1 (s) | T_1 / plain | reported T_inf (s) |\n"
                "|---|---|---|---|---|---|---|---|\n")
        for app, args, p, q, w, s in rows:
            f.write(f"| {app} | {' '.join(map(str, args))} | {fmt(p)} | "
                    f"{fmt(q)} | {q / p:.1f}x | {fmt(w)} | {w / p:.2f} | "
                    f"{fmt(s)} |\n")
    log(f"wrote {out}")


if __name__ == "__main__":
    main()
