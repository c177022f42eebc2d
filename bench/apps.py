#!/usr/bin/env python3
"""The applications at P = 2 (issue 39, item 7): T_S/T_2 of knary, queens
and cilksort on inputs that run about 1 s or more serially, with fib, heat
on a small plate and bench/coarse.cilk's short gaps beside them, in every
mode; with --before BUILD, also the same programs as another build (an
older runtime) makes them, side by side in the same runs.

Each run of a program, its serial elision on 1 worker and every mode on 2
(and each --before twin) are interleaved; the report gives medians of
--runs runs, T_S/T_2, the CPU time T_2's runs used (the excess over T_S is
the runtime's), and the cores the rest of the machine kept busy meanwhile
(load): a T_2 counts only from runs that left both cores to it.  knary's
steal attempts, steals, suspensions and waiting closures (--stats, one
extra run) say how hard the thieves worked and how many steals were
fruitless (the stolen continuation suspended at once) or avoided (a
released closure that waited for its child unpushed). Each round also runs two serial
elisions side by side: each one's CPU time over the serial elision's
alone is what the machine loses with both cores busy (shared caches, a
sibling hyperthread), and for a program that computes more than it moves
data 2 over that ratio bounds T_S/T_2 whatever the runtime does (two
copies of a program that streams through memory move twice the data of
one parallel run: for them it says less).
Writes bench/results/<date>-<machine>-apps.md (and with --json FILE
each program's T_S/T_2 per mode, null where refused).
"""
import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bl  # noqa: E402

# name: (source, arguments). knary(11,5,4) has a parallelism of about 1:
# every continuation a thief takes syncs at once. knary(11,5,2)'s span is
# 1.3% of its work (the profile build: T_1 1.50 s, T_inf 0.020 s,
# parallelism 76); knary(12,5,2), five times the work for three times the
# span, is the same tree one level deeper.
APPS = {
    "knary(11,5,2)": ("knary", ["11", "5", "2"]),
    "knary(12,5,2)": ("knary", ["12", "5", "2"]),
    "knary(11,5,4)": ("knary", ["11", "5", "4"]),
    "queens(14)": ("queens", ["-b", "long"]),
    "cilksort(5e7)": ("cilksort", ["-b", "long"]),
    "fib(40)": ("fib", ["40"]),
    "heat(256,256,2000)": ("heat", ["256", "256", "2000"]),
    "coarse short gaps": (None, ["20000", "10000", "20000"]),
}


def compile_all(build, tag):
    """{(program, variant): executable}; a variant is a mode, + tag."""
    exes, made = {}, {}
    for name, (app, _) in APPS.items():
        for mode in ["serial"] + bl.MODES:
            if tag and mode == "serial":
                continue
            if (app, mode) not in made:
                src = None if app else os.path.join(bl.ROOT, "bench",
                                                    "coarse.cilk")
                made[(app, mode)] = bl.compile_cilk(
                    build, app or "coarse", mode, src=src,
                    name=f"apps-{app or 'coarse'}-{mode}")
            exes[(name, mode + tag)] = made[(app, mode)]
    return exes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    bl.common_options(ap, "the result file")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--before", metavar="BUILD",
                    help="another build dir whose runtime runs beside")
    ap.add_argument("--apps", help="comma-separated names (default: all)")
    a = ap.parse_args()
    if a.before and os.path.realpath(a.before) == os.path.realpath(a.build):
        sys.exit("bench: --before must be another build directory")
    bl.build_project(a.build, not a.no_install, packages=())
    mach = bl.machine()
    # Names hold commas too: split only at those outside parentheses.
    apps = re.split(r",(?![^(]*\))", a.apps) if a.apps else list(APPS)
    if set(apps) - set(APPS):
        sys.exit(f"bench: no such program: {sorted(set(apps) - set(APPS))}")
    exes = compile_all(a.build, "")
    if a.before:
        exes.update(compile_all(a.before, " (before)"))
    variants = ["serial"] + [m + t for t in ([""] + [" (before)"] *
                                             bool(a.before))
                             for m in bl.MODES]

    rows = []
    for name in apps:
        _, args = APPS[name]
        times = {v: [] for v in variants}
        cpus = {v: [] for v in variants}
        loads = {v: [] for v in variants}
        outputs = set()
        beside = []
        for r in range(a.runs):
            for v in variants:
                wall, _, proc = bl.run(exes[(name, v)], args,
                                       p=1 if v == "serial" else 2)
                times[v].append(wall)
                cpus[v].append(proc.cpu)
                loads[v].append(proc.others)
                outputs.add(proc.stdout)
            beside += bl.cpu_side_by_side(exes[(name, "serial")], args)
            bl.log(f"{name}: run {r + 1} of {a.runs}")
        if len(outputs) != 1:
            sys.exit(f"bench: the modes disagree on {name}: {outputs}")
        attempts = {}
        if name.startswith("knary"):
            for v in variants[1:]:
                _, st, _ = bl.run(exes[(name, v)], args, p=2, stats=True)
                # A runtime from before release.c's waiting closures has
                # no such column.
                attempts[v] = (st["requests"], st["steals"],
                               st["suspensions"], st.get("waited", 0))
        ts = statistics.median(times["serial"])
        row = {"name": name, "T_S": ts, "cells": {},
               "machine": statistics.median(beside) /
                          statistics.median(cpus["serial"])}
        for v in variants[1:]:
            ok = [(t, c) for t, c, l in zip(times[v], cpus[v], loads[v])
                  if l <= mach["cores"] - 2 + 0.25]
            row["cells"][v] = (statistics.median(t for t, _ in ok)
                               if ok else None,
                               statistics.median(c for _, c in ok)
                               if ok else statistics.median(cpus[v]),
                               statistics.median(loads[v]),
                               attempts.get(v))
        rows.append(row)

    lines = [f"# The applications at P = 2 ({mach['slug']})", "",
             *bl.machine_lines(mach), "",
             "Command: `python3 bench/apps.py" +
             "".join(f" {x}" for x in sys.argv[1:]) + "`", "",
             f"Medians of {a.runs} interleaved runs: T_S of the serial "
             "elision on 1 worker; for each mode on 2 workers T_2 (s), "
             "T_S/T_2, the CPU time of T_2's runs (s), the load (cores the "
             "rest of the machine kept busy), and for knary the steal "
             "attempts, steals, suspensions (stolen continuations that "
             "suspended at once) and the released closures that waited for "
             "their child instead of being pushed (release.c) of one "
             "--stats run. A T_2 from no run "
             "with both cores idle is refused." +
             (f" \"(before)\": the runtime of `{a.before}`." if a.before
              else ""), "",
             "## The machine with both cores busy", "",
             "Two serial elisions side by side, each one's CPU time over "
             "the serial elision's alone (medians), and the bound on "
             "T_S/T_2 it sets for a program that computes more than it "
             "moves data (two copies of one that streams through memory "
             "move twice the data of one parallel run).", "",
             "| program | side by side / alone | T_S/T_2 at most |",
             "|---|---|---|"]
    lines += [f"| {row['name']} | {row['machine']:.3f} | "
              f"{2 / row['machine']:.2f} |" for row in rows]
    lines.append("")
    for v in variants[1:]:
        lines += [f"## {v}", "",
                  "| program | T_S (s) | T_2 (s) | T_S/T_2 | CPU (s) | "
                  "load | attempts / steals / suspensions / waited |",
                  "|---|---|---|---|---|---|---|"]
        for row in rows:
            t, cpu, load, att = row["cells"][v]
            lines.append(
                f"| {row['name']} | {bl.fmt(row['T_S'])} | " +
                ("refused: no idle core | — " if t is None else
                 f"{bl.fmt(t)} | {row['T_S'] / t:.2f} ") +
                f"| {cpu:.2f} | {load:.2f} | " +
                (" / ".join(f"{x:,}" for x in att) if att is not None
                 else "—") + " |")
        lines.append("")
    bl.write_report(a.out, mach, "apps", lines)
    bl.write_json(a.json, {row["name"]: {
        v: row["T_S"] / t if t else None
        for v, (t, _, _, _) in row["cells"].items()} for row in rows})


if __name__ == "__main__":
    main()
