#!/usr/bin/env python3
"""What a loop costs in a Cilk procedure against the same loop in a C
function (issue 39, item 1): bench/loops.cilk's six loops (Horner's
polynomial, dot product, saxpy, count, x = x * a + i, and bench/coarse's
child), one worker, in every mode.

  1. Instructions (valgrind --tool=callgrind, exact): the program's count
     at 2 * REPS repetitions less its count at REPS, so start-up cancels,
     for the Cilk procedure and for the C function; their ratio.
  2. CPU time: medians of --rounds rounds, every program once per round in
     the same order (a change in the machine's load hits them alike), over
     N = 4096 elements (in cache), each loop repeated to about 0.2 s; the
     ratio of the medians.

--before BUILD measures a second build of the project beside this one
(e.g. one of the commit before CilkPollChunks.cpp, whose lazy loops polled
on every iteration). Writes bench/results/<date>-<machine>-loops.md;
--json FILE also writes, per build and loop, both instruction counts and
the time ratio.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bl  # noqa: E402

# Each loop's repetitions for the timing: about 0.2 s of the C function.
LOOPS = {"poly": 25000, "dot": 50000, "saxpy": 400000, "count": 200000,
         "affine": 40000, "busy": 25000}
N = 4096
COUNT_REPS = 20


def per_reps(exe, loop, kind):
    """Instructions of COUNT_REPS repetitions, start-up cancelled."""
    lo = bl.instructions(exe, [loop, kind, str(N), str(COUNT_REPS)])
    hi = bl.instructions(exe, [loop, kind, str(N), str(2 * COUNT_REPS)])
    return hi - lo


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    bl.common_options(ap, "the result file")
    ap.add_argument("--before", help="another build to measure beside")
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    bl.build_project(a.build, not a.no_install, packages=())
    mach = bl.machine()
    builds = [("", a.build)] + ([(" (before)", a.before)] if a.before else [])
    exes = {}
    for tag, build in builds:
        for mode in ["serial"] + bl.MODES:
            exes[mode + tag] = bl.compile_cilk(
                build, "loops", mode,
                name=f"loops-{mode}" + ("-before" if tag else ""),
                src=os.path.join(bl.ROOT, "bench", "loops.cilk"))

    bl.log("counting instructions (callgrind)")
    counts = {}
    for name, exe in exes.items():
        for loop in LOOPS:
            counts[name, loop] = {k: per_reps(exe, loop, k)
                                  for k in ("cilk", "c")}

    bl.log(f"timing, {a.rounds} rounds")
    times = {(name, loop, k): [] for name in exes for loop in LOOPS
             for k in ("cilk", "c")}
    outputs = {}
    for r in range(a.rounds):
        for loop in LOOPS:
            for name, exe in exes.items():
                for k in ("cilk", "c"):
                    _, _, p = bl.run(exe, [loop, k, N, LOOPS[loop]], p=1)
                    times[name, loop, k].append(p.cpu)
                    outputs.setdefault(loop, set()).add(p.stdout)
    for loop, outs in outputs.items():
        if len(outs) != 1:
            sys.exit(f"bench: {loop}: the builds disagree: {outs}")

    lines = ["# Loops in Cilk procedures against C functions", "",
             "Command: `python3 bench/loops.py"
             + (f" --before {a.before}" if a.before else "") + "`", "",
             *bl.machine_lines(mach), "",
             f"One worker; {N} elements. Instructions: callgrind, the "
             f"count of {COUNT_REPS} repetitions (start-up cancelled). "
             f"Time: CPU-time medians of {a.rounds} interleaved rounds, "
             "each loop repeated to about 0.2 s. Ratios are the Cilk "
             "procedure's over the C function's, in the same program.",
             "",
             "| loop | build | instructions Cilk / C | time Cilk / C | "
             "Cilk median | C median |",
             "|---|---|---|---|---|---|"]
    figures = {name: {} for name in exes}
    for loop in LOOPS:
        for name in exes:
            c = counts[name, loop]
            tk = statistics.median(times[name, loop, "cilk"])
            tc = statistics.median(times[name, loop, "c"])
            lines.append(f"| {loop} | {name} | {c['cilk'] / c['c']:.3f} | "
                         f"{tk / tc:.3f} | {tk:.3f} s | {tc:.3f} s |")
            figures[name][loop] = {"cilk_instructions": c["cilk"],
                                   "c_instructions": c["c"],
                                   "time_ratio": tk / tc}
    bl.write_report(a.out, mach, "loops", lines)
    bl.write_json(a.json, figures)


if __name__ == "__main__":
    main()
