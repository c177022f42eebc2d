#!/usr/bin/env python3
"""What OpenCilk's spelling costs, in every mode:

1. instructions per call of fib written with Cilk-5's `spawn` (two spawns
   and a sync) and with OpenCilk's `cilk_spawn` (a spawn, a call of a
   function that spawns, which becomes a spawn and a sync, and a
   cilk_sync), on one worker: valgrind --tool=callgrind, (I(fib 24) -
   I(fib 20)) / (calls(24) - calls(20)), so that start-up cancels; exact,
   unlike timings on this shared 2-core machine;
2. a cilk_for over a cheap body (bench/vadd.c, a[i] = b[i] + c[i], 10^7
   doubles) against the same C loop: seconds per pass, median of --runs
   processes of 20 passes each, the programs interleaved run by run, with
   CILK_NWORKERS=1 and 2 (a plain main: its thread runs Cilk code as a
   guest beside the workers);
3. reducers (bench/reducer.c): the instructions an update of a reducer
   adds to one of a plain variable (fib counting its calls in each, one
   worker, callgrind as in 1), and a cilk_for summing 10^7 longs into a
   reducer against the C loop (seconds per pass, as in 2).

    python3 bench/opencilk.py [--build build] [--runs 5] [--out FILE]

Writes bench/results/<date>-opencilk.md."""
import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODES = ["serial", "eager", "indolent", "sedative"]


def calls(n):
    """Calls of fib made by fib(n), the root's included."""
    a, b = 1, 1  # calls(0), calls(1)
    for _ in range(n - 1):
        a, b = b, a + b + 1
    return b if n > 0 else a


def instructions_of(cmd):
    """Instructions the command executes (callgrind), on one worker."""
    r = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=/dev/null"] + cmd,
                       capture_output=True, text=True, check=True,
                       env=dict(os.environ, CILK_NWORKERS="1"))
    return int(re.search(r"Collected : (\d+)", r.stderr).group(1))


def instructions(exe, spelling, n):
    return instructions_of([exe, "--nproc", "1", spelling, str(n)])


def compile_bench(build, name, mode):
    """Compiles bench/<name>.c in `mode` at -O2 into build/bench/ and
    returns the executable's path (<name>-<mode>)."""
    out_dir = os.path.join(build, "bench")
    os.makedirs(out_dir, exist_ok=True)
    exe = os.path.join(out_dir, f"{name}-{mode}")
    subprocess.run(["clang-19", f"-fplugin={build}/lib/cilk/cilk.so",
                    f"-fplugin-arg-cilk-mode={mode}", "-O2",
                    os.path.join(ROOT, "bench", f"{name}.c"),
                    f"-L{build}/lib", "-lcilkrt", "-lpthread", "-o", exe],
                   check=True)
    return exe


def pass_times(a, name, variants, args):
    """bench/<name>.c in the serial, sedative and eager modes, on 1 and 2
    workers: for each (mode, P), the median over a.runs processes of the
    seconds per pass each variant prints (`exe VARIANT ARGS...`), the
    variants interleaved run by run."""
    medians = {}
    for mode in ["serial", "sedative", "eager"]:
        exe = compile_bench(a.build, name, mode)
        for p in ["1", "2"]:
            times = {v: [] for v in variants}
            for _ in range(a.runs):
                for v in variants:
                    r = subprocess.run(
                        [exe, v] + args, capture_output=True, text=True,
                        check=True, env=dict(os.environ, CILK_NWORKERS=p))
                    times[v].append(float(r.stdout.split()[0]))
            medians[(mode, p)] = {v: statistics.median(t)
                                  for v, t in times.items()}
            print(f"{name} {mode} P={p}: {medians[(mode, p)]}",
                  file=sys.stderr)
    return medians


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out")
    a = ap.parse_args()
    rows = []
    for mode in MODES:
        exe = compile_bench(a.build, "fib-spellings", mode)
        per = {}
        for spelling in ["cilk5", "opencilk"]:
            lo, hi = (instructions(exe, spelling, n) for n in (20, 24))
            per[spelling] = (hi - lo) / (calls(24) - calls(20))
            print(f"{mode} {spelling}: {per[spelling]:.1f} instructions "
                  f"per call", file=sys.stderr)
        rows.append((mode, per["cilk5"], per["opencilk"]))
    loops = pass_times(a, "vadd", ["c", "cilk_for"], [])
    updates = []
    for mode in MODES:
        exe = compile_bench(a.build, "reducer", mode)
        per = {}
        for what in ["fib-plain", "fib-reducer"]:
            lo, hi = (instructions_of([exe, what, str(n)]) for n in (20, 24))
            per[what] = (hi - lo) / (calls(24) - calls(20))
        updates.append((mode, per["fib-plain"], per["fib-reducer"]))
        print(f"reducer {mode}: {per}", file=sys.stderr)
    sums = pass_times(a, "reducer", ["sum-c", "sum-for"], ["10000000", "20"])
    date = datetime.date.today().isoformat()
    path = a.out or os.path.join(ROOT, "bench", "results",
                                 f"{date}-opencilk.md")
    with open(path, "w") as f:
        f.write("# OpenCilk's spelling: what it costs\n\n")
        f.write("## Instructions per call of fib\n\n")
        f.write("`python3 bench/opencilk.py` (valgrind --tool=callgrind, "
                "one worker, `bench/fib-spellings.c` at -O2, "
                "(I(fib 24) - I(fib 20)) / (calls(24) - calls(20))).\n\n")
        f.write("| mode | Cilk-5: `x = spawn fib(n-1); y = spawn fib(n-2); "
                "sync;` | OpenCilk: `x = cilk_spawn fib(n-1); y = "
                "fib(n-2); cilk_sync;` | ratio |\n|---|---|---|---|\n")
        for mode, c5, oc in rows:
            f.write(f"| {mode} | {c5:.1f} | {oc:.1f} | {oc / c5:.2f} |\n")
        f.write("\n## cilk_for against the C loop\n\n"
                "`bench/vadd.c` at -O2: `a[i] = b[i] + c[i]` over 10^7 "
                f"doubles, seconds per pass, median of {a.runs} processes "
                "of 20 passes, interleaved. P is CILK_NWORKERS: the "
                "program's main is plain C, whose thread runs the loop as "
                "a guest beside P workers. This machine has 2 shared "
                "cores; the loop is bound by memory.\n\n"
                "| mode | P | C loop (s) | cilk_for (s) | cilk_for / C |\n"
                "|---|---|---|---|---|\n")
        for (mode, p), t in loops.items():
            f.write(f"| {mode} | {p} | {t['c']:.4f} | {t['cilk_for']:.4f} | "
                    f"{t['cilk_for'] / t['c']:.3f} |\n")
        f.write("\n## Reducers\n\n"
                "`bench/reducer.c` at -O2. Instructions per call of fib "
                "that counts its calls in a plain global and in a reducer "
                "(`long cilk_reducer(zero, add) calls; calls += 1;`, a "
                "view lookup per update that nothing hoists), one worker "
                "(CILK_NWORKERS=1: the worker steals from main's thread, so "
                "most updates run in segments a steal started), callgrind "
                "as above; the difference is what an update costs: a "
                "call that loads the thread's view map and finds the view "
                "as its last answer (in the leftmost segment, the "
                "variable itself).\n\n"
                "| mode | plain | reducer | per update |\n"
                "|---|---|---|---|\n")
        for mode, plain, red in updates:
            f.write(f"| {mode} | {plain:.1f} | {red:.1f} | "
                    f"{red - plain:+.1f} |\n")
        f.write("\nA cilk_for summing 10^7 longs into a reducer (the "
                "lookup hoisted out of each chunk) against the C loop, "
                f"seconds per pass, median of {a.runs} processes of 20 "
                "passes, interleaved:\n\n"
                "| mode | P | C loop (s) | cilk_for + reducer (s) | ratio |\n"
                "|---|---|---|---|---|\n")
        for (mode, p), t in sums.items():
            f.write(f"| {mode} | {p} | {t['sum-c']:.4f} | "
                    f"{t['sum-for']:.4f} | "
                    f"{t['sum-for'] / t['sum-c']:.3f} |\n")
    print(path)


if __name__ == "__main__":
    main()
