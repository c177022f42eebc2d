#!/usr/bin/env python3
"""What an idle rank of a distributed run costs (issue 39, item 6).

  bench/dist-idle.py [--builds build[,OTHER]] [--nproc 1,2] [--runs 5]
                     [--iterations 4000000000] [--json FILE]

Compiles bench/idle-rank.cilk with each build's `cilkc -cilk-dist`
(sedative), runs `mpirun --bind-to none -np 2 prog --nproc P N` --runs
times (the builds interleaved run by run), and prints per build and P the
median CPU time of rank 1, which has nothing to do, as a share of a core
while it idles: what its communicator, its main thread and its workers
spend on asking for work, refusals and timeouts. A sampler beside rank 1
reads the CPU time of its threads (/proc/PID/task/*/schedstat, in
nanoseconds) every 50 ms; the share is taken from 1 s after the start to
0.5 s before the end, which leaves out MPI's start and end and the
process's first moves (about 0.4 s here). N must keep rank 0 busy for
2 s or more (4e9 iterations: about 4.5 s here)."""
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

# Runs argv[2:] and writes "seconds-since-start cpu-ns" lines to argv[1].
SAMPLER = """import glob, os, sys, time
start = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
def cpu():
    ns = 0
    for t in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(t) as f:
                ns += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return ns
lines = []
while True:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    lines.append(f"{time.monotonic() - start} {cpu()}")
    time.sleep(0.05)
with open(sys.argv[1], "w") as f:
    f.write("\\n".join(lines) + "\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--builds", default=os.path.join(ROOT, "build"))
    ap.add_argument("--nproc", default="1,2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--iterations", default="4000000000")
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
    samples = os.path.join(work, "samples")
    sampler = os.path.join(work, "sampler.py")
    with open(sampler, "w") as f:
        f.write(SAMPLER)

    def share(exe, p):
        """Rank 1's CPU time per second of wall time while it idles (%)."""
        subprocess.run(
            ["mpirun", "--bind-to", "none", "-np", "2", "sh", "-c",
             f"if [ $OMPI_COMM_WORLD_RANK = 1 ]; then "
             f"exec python3 {sampler} {samples} {exe} --nproc {p} "
             f"{a.iterations}; else exec {exe} --nproc {p} {a.iterations}; "
             f"fi >/dev/null"],
            env=ENV, check=True)
        with open(samples) as f:
            s = [tuple(map(float, line.split())) for line in f]
        window = [x for x in s if 1.0 <= x[0] <= s[-1][0] - 0.5]
        if len(window) < 10:
            raise SystemExit(f"rank 0 ended after {s[-1][0]:.1f} s: give "
                             "--iterations for 2 s or more")
        (t0, c0), (t1, c1) = window[0], window[-1]
        return 100 * (c1 - c0) / 1e9 / (t1 - t0)

    figures = {b: {} for b in exes}
    for p in a.nproc.split(","):
        shares = {b: [] for b in exes}
        for _ in range(a.runs):
            for b, exe in exes.items():
                shares[b].append(share(exe, p))
        for b, v in shares.items():
            figures[b][p] = statistics.median(v)
            print(f"{b} P={p}: rank 1 CPU {statistics.median(v):.2f}% of a "
                  f"core (runs: {', '.join(f'{x:.2f}' for x in v)})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=1)


if __name__ == "__main__":
    main()
