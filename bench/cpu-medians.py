#!/usr/bin/env python3
"""CPU-time medians of several programs run side by side: ROUNDS rounds,
each running every program once in the order given (so a change in the
machine's load hits them alike), each with `--nproc 1 ARGS`. Prints the
median and minimum CPU time (user + system) of each, and its median as a
ratio to the first program's.

usage: cpu-medians.py [--rounds N] [--args "40"] PROGRAM...
Pin it to one core (`taskset -c 1`) on a shared machine."""
import argparse
import resource
import shlex
import statistics
import subprocess


def cpu_time(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, capture_output=True, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--args", default="40")
    ap.add_argument("programs", nargs="+")
    a = ap.parse_args()
    times = {p: [] for p in a.programs}
    for _ in range(a.rounds):
        for p in a.programs:
            times[p].append(cpu_time([p, "--nproc", "1"] + shlex.split(a.args)))
    base = statistics.median(times[a.programs[0]])
    for p in a.programs:
        m = statistics.median(times[p])
        print(f"{p:32s} median {m:.3f} s  min {min(times[p]):.3f} s  "
              f"ratio {m / base:.3f}")


if __name__ == "__main__":
    main()
