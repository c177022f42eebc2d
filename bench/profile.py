#!/usr/bin/env python3
"""The profile build's cost and accuracy: each example built with
-fplugin-arg-cilk-profile against the same program built without it, both
in sedative mode at -O2, run on one worker.

usage: python3 bench/profile.py [--runs N] [--no-install] [--build DIR]
                                [--before DIR] [--apps fib,...]
                                [--out FILE.md] [--json FILE]

One command from a fresh Debian 12 machine.  Per example: the plain
build's and the profile build's CPU times on one worker (medians of --runs,
default 5, taken alternately), their ratio (what profiling costs), and the
work T_1 the profile build reports as a ratio to the plain build's time
(what the figures are worth: 1 is exact; more means the hooks' time the
calibration did not take off stayed in the strands), and its span T_inf.
The profile build runs twice in each round: as it is (children whose
subtrees take less than the grain run quiet, runtime/profile.c) and with
every strand timed (CILK_PROFILE_GRAIN=0), so that the spans can be set
side by side.  --before DIR runs another build's plain and profile
builds in the same rounds (rows "(before)").  Writes
bench/results/<date>-<machine>-profile.md (and with --json FILE each row's
cost and T_1 / plain).
"""
import argparse
import datetime
import statistics

from benchlib import (build_project, common_options, compile_cilk, fmt, log,
                      machine, machine_lines, parse_profile, result_path, run,
                      write_json)

# Inputs for which the plain build runs tens of milliseconds or more.
CASES = [("fib", [32]), ("queens", [12]), ("knary", [8, 6, 1]),
         ("pfold", [3, 3, 2]), ("ray", [512, 384]), ("cilksort", [2000000]),
         ("matmul", [512]), ("heat", [1024, 1024, 100])]


def main():
    ap = argparse.ArgumentParser()
    common_options(ap, "the Markdown report")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--before", metavar="BUILD",
                    help="another build dir whose plain and profile builds "
                         "run in the same rounds, rows of their own")
    ap.add_argument("--apps", help="comma-separated examples (default: all)")
    a = ap.parse_args()
    build_project(a.build, not a.no_install, packages=())
    mach = machine()
    cases = [c for c in CASES if not a.apps or c[0] in a.apps.split(",")]
    builds = [("", a.build)] + ([(" (before)", a.before)] if a.before
                                else [])
    rows = []
    ways = [("quiet children", {}),
            ("every strand", {"CILK_PROFILE_GRAIN": "0"})]
    for app, args in cases:
        exes = {}
        for tag, b in builds:
            suffix = "-before" if tag else ""
            exes[tag] = (compile_cilk(b, app, "sedative",
                                      name=f"{app}-plain{suffix}"),
                         compile_cilk(b, app, "sedative",
                                      extra=["-fplugin-arg-cilk-profile"],
                                      name=f"{app}-profile{suffix}"))
        tp = {tag: [] for tag in exes}
        got = {(tag, way): ([], [], []) for tag in exes for way, _ in ways}
        for _ in range(a.runs):
            for tag, (plain, prof) in exes.items():
                tp[tag].append(run(plain, args, p=1)[2].cpu)
                for way, env in ways:
                    r = run(prof, args, p=1, env=env)[2]
                    w, s, _, _ = parse_profile(r.stderr)
                    for v, x in zip(got[tag, way], (r.cpu, w, s)):
                        v.append(x)
        for tag in exes:
            p = statistics.median(tp[tag])
            row = [app + tag, args, p]
            for way, _ in ways:
                q, w, s = (statistics.median(v) for v in got[tag, way])
                log(f"{app}{tag} {args} ({way}): plain {p:.3f} s, profile "
                    f"{q:.3f} s ({q / p:.1f}x), T_1 {w:.3f} s ({w / p:.2f} "
                    f"of plain), T_inf {s:.6f} s")
                row += [q, w, s]
            rows.append(row)
    out = result_path(a.out, mach, "profile")
    with open(out, "w") as f:
        f.write(f"# The profile build's cost and accuracy "
                f"({datetime.date.today()})\n\n"
                "Written by `python3 bench/profile.py`. Each example built "
                "with `-fplugin-arg-cilk-profile` against the same program "
                "built without it, both in sedative mode at -O2, on one "
                "worker; CPU times and reported figures are medians of "
                f"{a.runs} alternating runs. The profile build runs as it "
                "is (children whose subtrees take less than the grain run "
                "quiet) and with every strand timed "
                "(`CILK_PROFILE_GRAIN=0`, the last three columns)."
                + (f" \"(before)\": the plain and profile builds of "
                   f"`{a.before}`." if a.before else "") + "\n\n")
        f.write("\n".join(machine_lines(mach)) + "\n\n")
        f.write("| example | input | plain (s) | profile build (s) | cost "
                "| reported T_1 (s) | T_1 / plain | reported T_inf (s) "
                "| every strand timed: cost | T_1 / plain | T_inf (s) |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|\n")
        for app, args, p, q, w, s, q0, w0, s0 in rows:
            f.write(f"| {app} | {' '.join(map(str, args))} | {fmt(p)} | "
                    f"{fmt(q)} | {q / p:.1f}x | {fmt(w)} | {w / p:.2f} | "
                    f"{fmt(s)} | {q0 / p:.1f}x | {w0 / p:.2f} | "
                    f"{fmt(s0)} |\n")
    log(f"wrote {out}")
    write_json(a.json, {app: {"cost": q / p, "work": w / p,
                              "cost_every_strand": q0 / p,
                              "work_every_strand": w0 / p}
                        for app, _, p, q, w, _, q0, w0, _ in rows})


if __name__ == "__main__":
    main()
