#!/usr/bin/env python3
"""Two coarse children on 2 workers, every mode beside eager (issue 16,
item 4): `a = spawn busy(n); b = spawn busy(n); sync;` (bench/coarse.cilk)
for child lengths n from 10^4 to 5 * 10^7 loop iterations, the same total
work at each length.  Eager lets a thief take the second child at once;
a lazy mode finds it only when the first child polls (CilkPoll.cpp).
Reports the median wall time of --runs runs (the modes interleaved run by
run) of the serial elision on 1 worker and of each mode on 2, the
speedup T_S/T_2, and the machine's load beside each T_2, which counts only
if the load left a core idle.  Writes bench/results/<date>-<machine>-coarse.md.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bl  # noqa: E402

TOTAL = 2 * 10 ** 8  # loop iterations per run, at every length


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    bl.common_options(ap, "the result file")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--lengths", default="10000,100000,1000000,10000000,"
                                         "50000000")
    a = ap.parse_args()
    bl.build_project(a.build, not a.no_install, packages=())
    mach = bl.machine()
    src = os.path.join(bl.ROOT, "bench", "coarse.cilk")
    exes = {}
    for mode in ["serial"] + bl.MODES:
        exes[mode] = bl.compile_cilk(a.build, "coarse", mode, src=src)

    rows = []
    for n in [int(x) for x in a.lengths.split(",")]:
        pairs = max(1, TOTAL // (2 * n))
        times = {name: [] for name in exes}
        loads = {name: [] for name in exes}
        outputs = set()
        for r in range(a.runs):
            for name, exe in exes.items():
                p = 1 if name == "serial" else 2
                wall, _, proc = bl.run(exe, [n, pairs], p=p)
                times[name].append(wall)
                loads[name].append(proc.others)
                outputs.add(proc.stdout)
            bl.log(f"n {n}: run {r + 1} of {a.runs}")
        if len(outputs) != 1:
            sys.exit(f"bench: the modes disagree at n {n}: {outputs}")
        ts = statistics.median(times["serial"])
        row = {"n": n, "pairs": pairs, "T_S": ts}
        for name in exes:
            if name == "serial":
                continue
            # A T_2 counts only from runs that left both cores to it.
            ok = [t for t, l in zip(times[name], loads[name])
                  if l <= mach["cores"] - 2 + 0.25]
            row[name] = (statistics.median(ok) if ok else None,
                         statistics.median(loads[name]))
        rows.append(row)

    names = [n for n in exes if n != "serial"]
    lines = [f"# Two coarse children on 2 workers ({mach['slug']})", "",
             *bl.machine_lines(mach), "",
             "Command: `python3 bench/coarse.py" +
             "".join(f" {x}" for x in sys.argv[1:]) + "`", "",
             f"Each run: `pairs` times `a = spawn busy(n); b = spawn "
             f"busy(n); sync;` ({TOTAL:,} loop iterations in all); medians "
             f"of {a.runs} runs, interleaved. T_2 on 2 workers, its speedup "
             f"T_S/T_2 over the serial elision on 1, and the cores the rest "
             f"of the machine kept busy meanwhile (load); a T_2 from no run "
             f"with a core left idle is refused.", "",
             "| n | pairs | T_S (s) | " +
             " | ".join(f"{m}: T_2 (s), T_S/T_2, load" for m in names) +
             " |",
             "|" + "---|" * (3 + len(names))]
    for row in rows:
        cells = [f"{row['n']:,}", f"{row['pairs']:,}", bl.fmt(row["T_S"])]
        for m in names:
            t, load = row[m]
            cells.append("refused: no idle core" if t is None else
                         f"{bl.fmt(t)}, {row['T_S'] / t:.2f}, {load:.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    bl.write_report(a.out, mach, "coarse", lines)


if __name__ == "__main__":
    main()
