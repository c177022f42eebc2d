#!/usr/bin/env python3
"""Times programs with their hot function at each 16-byte offset of a
64-byte line, to tell a change from the luck of code placement.

On the project's 2-core VM, eager fib's T_1 moves by up to 20% with where
its fast clone starts within a 64-byte line (0.46 to 0.56 s for the same
code), more than most changes a measurement is asked to show. So each
variant is compiled to assembly with its functions 64-byte aligned, the
named function is moved by 0, 16, 32 and 48 bytes (padding before it,
none executed), and every placement of every variant runs in each round,
interleaved: the report gives each placement's median CPU time and the
mean over the placements.

    python3 bench/placements.py --args "--nproc 1 40" \\
        "eager@fib.fast=build/bin/cilkc -cilk-mode=eager -O2 examples/fib.cilk" \\
        "serial@fib=build/bin/cilkc -cilk-mode=serial -O2 \\
            -fno-optimize-sibling-calls examples/fib.cilk"

Each variant is NAME@FUNCTION=COMMAND: the compile command of the
program (a cilkc or clang command line with the plugin), to which -S,
-falign-functions=64 and -o are added; the same command, with the
assembly for its source, links it."""
import argparse
import os
import re
import shlex
import statistics
import sys
import tempfile

import benchlib as bl

OFFSETS = (0, 16, 32, 48)


def placed(asm, fn, pad):
    """asm with `pad` bytes of padding between fn's alignment and fn."""
    m = re.search(rf"\n(\t\.p2align[^\n]*\n)((?:[^\n]*\n){{0,3}}?){re.escape(fn)}:[ \t\n]",
                  asm)
    if not m:
        sys.exit(f"placements: no function {fn} in the assembly")
    at = m.end(1)
    return asm[:at] + (f"\t.skip {pad}, 0x90\n" if pad else "") + asm[at:]


def build(work, name, fn, command):
    """The binaries of one variant, one per offset."""
    argv = shlex.split(command)
    src = next(a for a in reversed(argv) if os.path.exists(a)
               and not a.startswith("-"))
    asm = os.path.join(work, f"{name}.s")
    bl.sh(argv + ["-S", "-falign-functions=64", "-o", asm])
    text = open(asm).read()
    exes = []
    for pad in OFFSETS:
        s = os.path.join(work, f"{name}+{pad}.s")
        with open(s, "w") as f:
            f.write(placed(text, fn, pad))
        exe = os.path.join(work, f"{name}+{pad}")
        link = [a for a in argv if a != src]
        bl.sh(link + [s, "-o", exe])
        exes.append(exe)
    return exes


def time_placements(progs, args, runs):
    """progs: name -> the binaries build() made. Runs every one of them in
    each of `runs` rounds, interleaved; returns name -> the median CPU time
    of each placement."""
    times = {(n, pad): [] for n in progs for pad in OFFSETS}
    for r in range(runs):
        bl.log(f"placements: round {r + 1} of {runs}")
        for n, exes in progs.items():
            for pad, exe in zip(OFFSETS, exes):
                times[n, pad].append(bl.run(exe, args)[2].cpu)
    return {n: [statistics.median(times[n, p]) for p in OFFSETS]
            for n in progs}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="+", metavar="NAME@FUNCTION=COMMAND")
    ap.add_argument("--args", default="", help="the programs' arguments")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="bench-placements.")
    progs = {}
    for v in a.variants:
        head, command = v.split("=", 1)
        name, fn = head.split("@", 1)
        progs[name] = build(work, name, fn, command)
    medians = time_placements(progs, shlex.split(a.args), a.runs)
    print("| variant | " + " | ".join(f"+{p} B" for p in OFFSETS) +
          " | mean |")
    print("|---|" + "---|" * (len(OFFSETS) + 1))
    for n, med in medians.items():
        print(f"| {n} | " + " | ".join(f"{m:.3f}" for m in med) +
              f" | {statistics.mean(med):.3f} |")
    print(f"\nCPU seconds, median of {a.runs} interleaved runs per placement;"
          f" arguments: {a.args}")


if __name__ == "__main__":
    main()
