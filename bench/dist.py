#!/usr/bin/env python3
"""Distributed runs measured: R processes x P workers each.

  bench/dist.py [--ranks 1,2,4] [--nproc 1,2] [--runs 3] [--out FILE]
                [--latency-us 10]

Builds cpfib, cpknary and cpqueens (threads), fib and knary (procedures'
frames) with `cilkc -cilk-dist` (sedative mode) and ray as a hybrid program (`-cilk-mpi -DRAY_MPI`), runs each under
`mpirun --bind-to none -np R prog --nproc P --stats` --runs times, and writes a Markdown
table: the median of rank 0's own wall time (the runtime's --stats line,
so mpirun's start-up is not counted), and per process the closures
received and served, steal requests, bytes moved and the mean time from a
request to its answer. The model column predicts the time on a cluster
whose steal round trip is --latency-us: the one-process time divided by
R x P, plus each process's requests times that latency (a thief waits for
its answer and does nothing else). It is a model, not a measurement.
The machine's load average is recorded beside the table: on a shared
2-core machine, more than 2 workers in all only show the overhead."""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CILKC = os.path.join(ROOT, "build", "bin", "cilkc")
PROGRAMS = [
    ("cpfib", ["-cilk-dist"], ["35"]),
    ("cpknary", ["-cilk-dist"], ["10", "5", "2"]),
    ("cpqueens", ["-cilk-dist"], ["12"]),
    ("fib", ["-cilk-dist"], ["35"]),
    ("knary", ["-cilk-dist"], ["10", "5", "2"]),
    ("ray", ["-cilk-mpi", "-DRAY_MPI"], ["512", "512"]),
]


def build(name, flags, work):
    exe = os.path.join(work, name)
    subprocess.run([CILKC, "-O2", *flags, f"-I{ROOT}/examples",
                    f"{ROOT}/examples/{name}.cilk", "-o", exe, "-lm"],
                   check=True)
    return exe


def run(exe, ranks, nproc, args):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    # Open MPI binds each process to one core when there are at most 2:
    # its workers would share that core.
    r = subprocess.run(["mpirun", "--bind-to", "none", "-np", str(ranks),
                        exe, "--nproc",
                        str(nproc), "--stats", "1", *args], capture_output=True,
                       text=True, env=env, check=True)
    wall = float(re.search(r"wall time ([0-9.]+) s", r.stderr).group(1))
    ranks_stats = [tuple(map(float, m)) for m in re.findall(
        r"rank \d+ of \d+: (\d+) closures received, (\d+) served, \d+ "
        r"shipped, \d+ kept for workers here; (\d+) steal requests, \d+ "
        r"refused; \d+ values sent home, \d+ received; \d+ results and joins "
        r"sent, \d+ received; (\d+) bytes out, (\d+) in; ([0-9.]+) us",
        r.stderr)]
    return wall, ranks_stats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", default="1,2,4")
    ap.add_argument("--nproc", default="1,2")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--latency-us", type=float, default=10.0)
    ap.add_argument("--out")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench-dist"))
    o = ap.parse_args()
    os.makedirs(o.work, exist_ok=True)
    load = os.getloadavg()
    lines = [f"Load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
             f"{os.cpu_count()} cores.", "",
             "| program | R x P | time (s, median) | model (s) | per process: "
             "received / served / requests | bytes out (all) | us per request |",
             "|---|---|---|---|---|---|---|"]
    for name, flags, args in PROGRAMS:
        exe = build(name, flags, o.work)
        base = None
        for ranks in map(int, o.ranks.split(",")):
            for nproc in map(int, o.nproc.split(",")):
                results = [run(exe, ranks, nproc, args) for _ in range(o.runs)]
                wall = statistics.median(w for w, _ in results)
                if base is None:
                    base = wall
                _, st = results[len(results) // 2]
                per = " ; ".join(f"{int(a)}/{int(b)}/{int(c)}"
                                 for a, b, c, _, _, _ in st) or "-"
                out = sum(s[3] for s in st)
                reqs = max((s[2] for s in st), default=0)
                lat = statistics.mean(s[5] for s in st) if st else 0
                model = base / (ranks * nproc) + reqs * o.latency_us * 1e-6
                lines.append(f"| {name} {' '.join(args)} | {ranks} x {nproc} | "
                             f"{wall:.3f} | {model:.3f} | {per} | {int(out)} | "
                             f"{lat:.0f} |")
                print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    if o.out:
        with open(o.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
