#!/usr/bin/env python3
"""What an idle rank of a distributed run costs (issue 39, item 6).

  bench/dist-idle.py [--builds build[,OTHER]] [--nproc 1,2] [--runs 5]
                     [--iterations 2000000000] [--json FILE]

Compiles bench/idle-rank.cilk with each build's `cilkc -cilk-dist`
(sedative), runs `mpirun --bind-to none -np 2 prog --nproc P N` --runs
times (the builds interleaved run by run), and prints per build and P the
median CPU time (user + system) of rank 1, which has nothing to do, as a
share of a core while it idles: what its communicator, its main thread
and its workers spend on asking for work, refusals and timeouts. The
fixed cost of a run (MPI's start and end, about 0.06 s here) is measured
by a run of 1000 iterations and taken off: the share is (CPU(N) -
CPU(1000)) / (wall(N) - wall(1000))."""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
           OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--builds", default=os.path.join(ROOT, "build"))
    ap.add_argument("--nproc", default="1,2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--iterations", default="2000000000")
    ap.add_argument("--json", metavar="FILE",
                    help="also write {build: {P: median share}} here")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="dist-idle.")
    exes = {}
    for i, b in enumerate(a.builds.split(",")):
        exes[b] = os.path.join(work, f"idle-rank.{i}")
        subprocess.run([os.path.join(b, "bin", "cilkc"), "-cilk-dist", "-O2",
                        os.path.join(ROOT, "bench", "idle-rank.cilk"), "-o",
                        exes[b]], check=True)
    times = os.path.join(work, "t")

    def rank1(exe, p, n):
        """Rank 1's CPU seconds and wall seconds."""
        subprocess.run(
            ["mpirun", "--bind-to", "none", "-np", "2", "sh", "-c",
             f"/usr/bin/time -o {times}.$OMPI_COMM_WORLD_RANK "
             f"-f '%U %S %e' {exe} --nproc {p} {n} >/dev/null"],
            env=ENV, check=True)
        with open(times + ".1") as f:
            user, system, wall = map(float, f.read().split())
        return user + system, wall

    figures = {b: {} for b in exes}
    for p in a.nproc.split(","):
        share = {b: [] for b in exes}
        for _ in range(a.runs):
            for b, exe in exes.items():
                cpu0, wall0 = rank1(exe, p, 1000)
                cpu, wall = rank1(exe, p, a.iterations)
                share[b].append(100 * (cpu - cpu0) / (wall - wall0))
        for b, v in share.items():
            figures[b][p] = statistics.median(v)
            print(f"{b} P={p}: rank 1 CPU {statistics.median(v):.1f}% of a "
                  f"core (runs: {', '.join(f'{x:.1f}' for x in v)})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()
