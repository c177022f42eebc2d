#!/usr/bin/env python3
"""Compile a Cilk program in each requested mode and -O level, run it under
each worker count, and require the exact stdout and exit status of its serial
elision compiled by gcc. On success, print the elision's stdout once, so the
RUN line can also FileCheck the known answer.

usage: run-vs-elision.py --cilkcc CMD --cilkrt FLAGS --workdir DIR
                         [--modes serial,...] [--opt -O0,-O2]
                         [--nproc 1,2,4,8] [--repeat N] [--no-stress]
                         [--cflags=FLAGS] [--libs=FLAGS] [--also FILE]...
                         [--reference elision|serial|projection]
                         [--cilk-include DIR] [--thin]
                         SOURCE [-- PROGRAM-ARGS...]

--also adds a source file of the same program (a Cilk file or a plain C
file; its elision is compiled with the reference). The worker count is given
as CILK_NWORKERS, so a program whose main() is plain C gets it too.

Every parallel mode runs both normally and in stress mode (CILK_STRESS=1,
steal attempts forced far more often), unless --no-stress.

--reference serial takes as the reference the program compiled by the
plugin in serial mode, on one worker, instead of gcc's elision: the serial
meaning of continuation-passing threads, which have no elision (a
successor waits for its missing arguments).

--thin runs a smaller matrix, for the sanitizer suites (whose programs run
ten times slower and whose point is the sanitizer's verdict, not rare
interleavings, which the main suite covers): no repeats, of the worker
counts above 1 only the least and the greatest, and a serial build (which
runs no thief) on one worker count.

--reference projection takes OpenCilk's serial projection, for a program in
OpenCilk's spelling: the sources compiled unchanged by gcc, where
<cilk/cilk.h> (found in --cilk-include) is <cilk/cilk_stub.h>. Cilk-5's
elision would delete `spawn` and `sync`, which such a program may use as
names.
"""
import argparse
import itertools
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from elide import elide  # noqa: E402


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def die(msg):
    sys.stderr.write(f"run-vs-elision: {msg}\n")
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cilkcc", required=True)
    ap.add_argument("--cilkrt", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--modes", default="serial,eager,indolent,sedative")
    ap.add_argument("--opt", default="-O0,-O2")
    ap.add_argument("--nproc", default="1,2,4,8")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--no-stress", action="store_true")
    ap.add_argument("--cflags", default="",
                    help="more flags for every compile, the elision's too "
                         "(but the plugin's, -fplugin-arg-cilk-*)")
    ap.add_argument("--libs", default="",
                    help="more libraries for every link, after the program")
    ap.add_argument("--also", action="append", default=[],
                    help="another source file of the program")
    ap.add_argument("--reference", choices=["elision", "serial", "projection"],
                    default="elision")
    ap.add_argument("--cilk-include", default="",
                    help="where <cilk/cilk.h> is, for the projection")
    ap.add_argument("--thin", action="store_true")
    ap.add_argument("source")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()

    os.makedirs(a.workdir, exist_ok=True)
    base = os.path.join(a.workdir, os.path.basename(a.source))

    sources = [a.source] + a.also
    # A C++ program (.cpp): compiled as C++17 (unless --cflags says
    # otherwise), its reference by g++, both linked with the C++ library.
    cxx = a.source.endswith((".cpp", ".cc", ".cxx"))
    std = ["-std=c++17"] if cxx else []
    lang = ["-x", "c++"] if cxx else ["-x", "c"]
    cxxlib = ["-lstdc++"] if cxx else []

    def compile_mode(mode, opt):
        exe = f"{base}.{mode}{opt}"
        cmd = (shlex.split(a.cilkcc) +
               [f"-fplugin-arg-cilk-mode={mode}", opt] + std +
               shlex.split(a.cflags) + lang + sources +
               ["-o", exe] +
               shlex.split(a.cilkrt) + ["-lm"] + cxxlib + shlex.split(a.libs))
        r = run(cmd)
        if r.returncode:
            die(f"compile failed ({shlex.join(cmd)}):\n{r.stderr}")
        return exe

    if a.reference == "serial":
        ref = run([compile_mode("serial", "-O0")] + a.args,
                  timeout=a.timeout, env=dict(os.environ, CILK_NWORKERS="1"))
        return compare(a, compile_mode, ref)

    # The reference: the serial elision (or projection), compiled by gcc.
    ref_cs = []
    for i, src in enumerate(sources):
        if a.reference == "projection":
            ref_cs.append(src)
            continue
        with open(src) as f:
            elided = elide(f.read())
        ref_c = f"{base}.elision{i}.c"
        with open(ref_c, "w") as f:
            f.write(elided)
        ref_cs.append(ref_c)
    ref_exe = base + ".elision"
    # The elision is written elsewhere: its includes are found beside the
    # source.
    includes = [f"-I{a.cilk_include}"] if a.reference == "projection" else []
    compiler = ["g++", "-std=gnu++17"] if cxx else ["gcc", "-std=gnu11"]
    plain = [f for f in shlex.split(a.cflags)
             if not f.startswith("-fplugin-arg-cilk-")]
    r = run(compiler + ["-O1", "-w"] + plain +
            includes + [f"-I{os.path.dirname(os.path.abspath(src))}"
                        for src in sources] + ref_cs +
            ["-o", ref_exe, "-lm"] + shlex.split(a.libs))
    if r.returncode:
        die(f"gcc could not compile the elision:\n{r.stderr}")
    ref = run([ref_exe] + a.args, timeout=a.timeout)
    compare(a, compile_mode, ref)


def thinned(a):
    """The worker counts and the repeat count of a --thin run."""
    nprocs = a.nproc.split(",")
    if not a.thin:
        return nprocs, a.repeat
    parallel = sorted({p for p in nprocs if int(p) > 1}, key=int)
    if parallel:
        nprocs = sorted({parallel[0], parallel[-1]}, key=int)
    return nprocs, 1


def compare(a, compile_mode, ref):
    failures = 0
    nprocs, repeat = thinned(a)
    for mode in a.modes.split(","):
        for opt in a.opt.split(","):
            exe = compile_mode(mode, opt)
            stresses = [False] if mode == "serial" or a.no_stress else [
                False, True]
            ps = nprocs[:1] if a.thin and mode == "serial" else nprocs
            for stress, p, i in itertools.product(
                    stresses, ps, range(repeat)):
                what = (f"mode={mode} {opt} --nproc {p} run {i + 1}"
                        f"{' CILK_STRESS=1' if stress else ''}")
                env = dict(os.environ, CILK_NWORKERS=p)
                if stress:
                    env["CILK_STRESS"] = "1"
                try:
                    got = run([exe] + a.args,
                              timeout=a.timeout, env=env)
                except subprocess.TimeoutExpired:
                    print(f"FAIL {what}: timed out (hang?)")
                    failures += 1
                    continue
                if (got.stdout, got.returncode) != (ref.stdout,
                                                    ref.returncode):
                    print(f"FAIL {what}: exit {got.returncode} "
                          f"(reference {ref.returncode})\n--- got\n"
                          f"{got.stdout[:2000]}--- reference\n"
                          f"{ref.stdout[:2000]}{got.stderr[:2000]}")
                    failures += 1
    if failures:
        die(f"{failures} run(s) differ from the {a.reference} reference")
    sys.stdout.write(ref.stdout)
    print(f"exit status {ref.returncode}")


if __name__ == "__main__":
    main()
