#!/usr/bin/env python3
"""T_S/T_2 beside MIT Cilk-5.4.6, the same sources in the same run.

    python3 bench/cilk5.py [--cilk5 DIR] [--runs 5]

Builds MIT Cilk-5.4.6 (GitHub zakkak/cilk) in DIR unless it is built there
already (its support/cilkclocal and runtime; its examples that include
<math.h> do not build with glibc 2.36, and are not needed), after
installing what that takes (autoconf, automake, libtool, bison, flex).
Then compiles bench/peers/fib-cilk5.cilk and bench/peers/knary-cilk5.cilk,
written in Cilk-5's dialect and plain C, with MIT's cilkc, with this
project's plugin in every mode, and as the serial elision (this project's
serial mode, clang -O2; fib's with two real calls, bench/run.py's
baseline), and times every build in each round, interleaved: the serial
elision on one worker, MIT's build on 1 and 2, this project's on 2.
T_S/T_2 is over that one serial elision for every system; MIT's T_1/T_2
is given too. (A gcc elision is no baseline: gcc -O2 inlines fib's
recursion into itself until fib(42) takes 6 ms.) A T_2 from a run that
did not have both cores to itself (the rest of the machine kept more than
a quarter of a core busy) is refused, as in bench/apps.py.

The issue that asked (39, item 7) compares T_S/T_2 on 2 idle CPUs with
Lace's and Cilk-5's; this gives Cilk-5's on the same inputs, the knary
of examples/knary.cilk included."""
import argparse
import os
import statistics
import subprocess

import benchlib as bl

PEERS = os.path.join(bl.ROOT, "bench", "peers")
APPS = {"fib": ["42"], "knary": ["11", "5", "2"]}
TWO_CALLS = {"fib": ["-fno-optimize-sibling-calls"], "knary": []}
SOURCE = "https://github.com/zakkak/cilk"


def build_cilk5(src, install):
    """MIT Cilk-5.4.6 in `src` (cloned first if absent); returns its
    cilkclocal, which compiles and links against the runtime built there."""
    cilkc = os.path.join(src, "support", "cilkclocal")
    if os.path.exists(cilkc) and os.path.exists(
            os.path.join(src, "runtime", "libcilk.la")):
        return cilkc
    if install:
        bl.log("installing Cilk-5's build tools")
        subprocess.run(["bash", os.path.join(bl.ROOT, "scripts",
                                             "install-deps.sh"),
                        "autoconf", "automake", "libtool", "bison", "flex"],
                       check=True, stdout=subprocess.DEVNULL)
    if not os.path.exists(os.path.join(src, "configure.ac")):
        bl.log(f"cloning {SOURCE} into {src}")
        bl.sh(["git", "clone", "-q", SOURCE, src])
    bl.log(f"building MIT Cilk-5.4.6 in {src}")
    for step in (["sh", "bootstrap.sh"], ["sh", "configure"]):
        subprocess.run(step, cwd=src, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    # -k: the examples that include <math.h> fail (cilk2c cannot parse
    # glibc 2.36's); the runtime and the compiler driver build.
    subprocess.run(["make", "-k", f"-j{os.cpu_count()}"], cwd=src,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(cilkc):
        raise SystemExit(f"cilk5: no {cilkc} after the build")
    return cilkc


def compile_all(build, cilkc5, work):
    """Per app, the executables by build name."""
    exes = {}
    for app in APPS:
        src = os.path.join(PEERS, f"{app}-cilk5.cilk")
        exes[app, "serial"] = bl.compile_cilk(
            build, app, "serial", TWO_CALLS[app], src=src,
            name=f"{app}-cilk5-serial")
        mit = os.path.join(work, f"{app}-mit")
        bl.sh([cilkc5, "-O2", src, "-o", mit])
        exes[app, "MIT"] = mit
        for mode in bl.MODES:
            exes[app, mode] = bl.compile_cilk(build, app, mode, src=src,
                                              name=f"{app}-cilk5-{mode}")
    return exes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    bl.common_options(ap, "the report (default bench/results/<date>-"
                          "<machine>-cilk5.md)")
    ap.add_argument("--cilk5", default="/tmp/cilk5-src",
                    help="MIT Cilk-5.4.6's tree, built there if it is not "
                         "(cloned first if absent)")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    bl.build_project(a.build, not a.no_install)
    cilkc5 = build_cilk5(a.cilk5, not a.no_install)
    work = os.path.join(a.build, "bench", "cilk5")
    os.makedirs(work, exist_ok=True)
    exes = compile_all(a.build, cilkc5, work)

    mach = bl.machine()
    plan = [("serial", None), ("MIT", 1), ("MIT", 2)] + \
        [(m, 2) for m in bl.MODES]
    t = {}
    for i in range(a.runs):
        for app, args in APPS.items():
            bl.log(f"{app}{tuple(args)} round {i + 1}/{a.runs}")
            for b, p in plan:
                wall, _, r = bl.run(exes[app, b], args, p)
                # Both cores to itself: bench/run.py's idle_enough.
                if p == 2 and r.others > mach["cores"] - 2 + 0.25:
                    continue
                t.setdefault((app, b, p), []).append(wall)

    med = lambda k: statistics.median(t[k]) if t.get(k) else None
    L = ["# T_S/T_2 beside MIT Cilk-5.4.6", ""]
    L += bl.machine_lines(mach)
    L += ["", f"Command: `python3 bench/cilk5.py --runs {a.runs}`. MIT "
          f"Cilk-5.4.6 from {SOURCE}, built in `{a.cilk5}`. Sources: "
          "`bench/peers/fib-cilk5.cilk` and `bench/peers/knary-cilk5.cilk` "
          "(knary as in `examples/knary.cilk`), compiled with MIT's cilkc "
          "(-O2; its C goes to gcc), with this project's plugin (-O2), "
          "and as the serial elision (this project's serial mode, clang "
          "-O2; fib's with `-fno-optimize-sibling-calls`, two real calls). "
          "Wall-time "
          f"medians of {a.runs} interleaved rounds; T_2 only from runs "
          "with both cores to themselves (how many kept: n); T_S/T_2 over "
          "that one serial elision for every system.", "",
          "| program | T_S (s) | MIT T_1 (s) | MIT T_2 (s) | MIT T_S/T_2 | "
          "MIT T_1/T_2 | " +
          " | ".join(f"{m} T_2 (s) | {m} T_S/T_2" for m in bl.MODES) +
          " |", "|" + "---|" * (6 + 2 * len(bl.MODES))]
    for app, args in APPS.items():
        ts, t1 = med((app, "serial", None)), med((app, "MIT", 1))
        row = [f"{app}({','.join(args)})", bl.fmt(ts), bl.fmt(t1)]
        for b in ["MIT", *bl.MODES]:
            t2 = med((app, b, 2))
            n = len(t.get((app, b, 2), []))
            row += [f"{bl.fmt(t2)} (n={n})" if t2 else "refused",
                    f"{ts / t2:.2f}" if t2 else "—"]
            if b == "MIT":
                row.append(f"{t1 / t2:.2f}" if t2 else "—")
        L.append("| " + " | ".join(row) + " |")
    bl.write_report(a.out, mach, "cilk5", L)


if __name__ == "__main__":
    main()
