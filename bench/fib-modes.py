#!/usr/bin/env python3
"""Spawn cost of fib in every mode, as recorded in
bench/results/2026-11-21-lazy-modes.md.

usage: python3 bench/fib-modes.py [--build build] [--n 38] [--runs 5]

Builds test/Execution/fib.c with the plugin at -O2 in each mode (plus the
serial elision with -fno-optimize-sibling-calls, two real calls per node),
then prints
  - instructions per spawn from valgrind --tool=callgrind, --nproc 1:
    (instructions(fib 24) - instructions(fib 20)) / (spawns(24) - spawns(20)),
    so start-up cancels; exact and repeatable;
  - wall times of fib(n), median and minimum of --runs runs, every mode at
    --nproc 1 and the parallel modes at --nproc 2, taken side by side.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# name -> (mode, extra flags)
BUILDS = {
    "serial": ("serial", []),
    "serial-2calls": ("serial", ["-fno-optimize-sibling-calls"]),
    "eager": ("eager", []),
    "indolent": ("indolent", []),
    "sedative": ("sedative", []),
}


def spawns(n):
    """Spawns made by fib(n): every call but the first is a spawn."""
    a, b = 0, 1
    for _ in range(n + 1):
        a, b = b, a + b
    return 2 * a - 2


def instructions(exe, n):
    r = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=/dev/null", exe, "--nproc", "1",
                        str(n)], capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", r.stderr).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--n", type=int, default=38)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="fib-modes.")
    exe = {}
    for name, (mode, flags) in BUILDS.items():
        exe[name] = os.path.join(tmp, name)
        subprocess.run(
            ["clang-19", f"-fplugin={a.build}/lib/cilk/cilk.so",
             f"-fplugin-arg-cilk-mode={mode}", "-O2", *flags, "-x", "c",
             os.path.join(ROOT, "test/Execution/fib.c"), f"-L{a.build}/lib",
             "-lcilkrt", "-lpthread", "-o", exe[name]], check=True)

    print("instructions per spawn (callgrind, fib 24 - fib 20, --nproc 1)",
          file=sys.stderr)
    per = {name: (instructions(e, 24) - instructions(e, 20)) /
           (spawns(24) - spawns(20)) for name, e in exe.items()}
    print("| build | instructions per spawn | more than serial | "
          "more than serial-2calls |\n|---|---|---|---|")
    for name, v in per.items():
        print(f"| {name} | {v:.2f} | {v - per['serial']:.2f} | "
              f"{v - per['serial-2calls']:.2f} |")

    print(f"timing fib({a.n}), {a.runs} runs each", file=sys.stderr)
    runs = {}
    for _ in range(a.runs):
        for name, e in exe.items():
            for p in (1, 2) if not name.startswith("serial") else (1,):
                t = time.perf_counter()
                subprocess.run([e, "--nproc", str(p), str(a.n)],
                               capture_output=True, check=True)
                runs.setdefault((name, p), []).append(
                    time.perf_counter() - t)
    ts = statistics.median(runs[("serial", 1)])
    print(f"\n| build | P | median (s) | min (s) | median / T_S |\n"
          f"|---|---|---|---|---|")
    for (name, p), v in runs.items():
        med = statistics.median(v)
        print(f"| {name} | {p} | {med:.3f} | {min(v):.3f} | {med / ts:.2f} |")


if __name__ == "__main__":
    main()
