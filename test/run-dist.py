#!/usr/bin/env python3
"""Runs a Cilk program as a distributed job and compares it with one process.

  run-dist.py --cilkc CILKC [--modes M,...] [--np 2,4] [--nproc 1,2]
              [--stress 0,1] [--cflags FLAGS] [--hybrid] [--workdir DIR]
              FILE [-- ARGS]

Builds FILE with `cilkc -cilk-dist` in each mode, runs `mpirun -np R prog
--nproc P ARGS` for every R and P, without and with CILK_STRESS, and
compares each run's output (the runtime's own `cilk:` lines left out) and
exit status with those of the program built with plain cilkc in serial
mode, run as one process. A stress run ships every portable closure to
another process: the script checks that closures did move (the runtime's
--stats lines on stderr) in every stress run of more than one process.
With --hybrid, FILE is a hybrid program (it calls MPI itself): it is
built with `cilkc -cilk-mpi` instead, and nothing is expected to move.
Prints the reference output once, then one line per disagreement; exits 1
if there was any."""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, env=None, timeout=300):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    out = "".join(line for line in r.stdout.splitlines(keepends=True)
                  if not line.startswith("cilk: "))
    return out, r.returncode, r.stderr


def main():
    argv = sys.argv[1:]
    prog_args = []
    if "--" in argv:
        i = argv.index("--")
        argv, prog_args = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--cilkc", required=True)
    ap.add_argument("--modes", default="serial,eager,indolent,sedative")
    ap.add_argument("--np", default="2,4")
    ap.add_argument("--nproc", default="1,2")
    ap.add_argument("--stress", default="0,1")
    ap.add_argument("--cflags", default="")
    ap.add_argument("--hybrid", action="store_true")
    ap.add_argument("--workdir")
    ap.add_argument("file")
    o = ap.parse_args(argv)
    work = o.workdir or tempfile.mkdtemp(prefix="run-dist.")
    os.makedirs(work, exist_ok=True)
    cflags = o.cflags.split()

    def build(exe, extra):
        cmd = [o.cilkc, "-O2", *extra, *cflags, o.file, "-o", exe, "-lm"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"run-dist: {' '.join(cmd)} failed:\n{r.stderr}")

    ref_exe = os.path.join(work, "reference")
    build(ref_exe, ["-cilk-mode=serial", *(["-cilk-mpi"] if o.hybrid else [])])
    ref = run([ref_exe, *prog_args])
    if ref is None:
        sys.exit("run-dist: the reference run timed out")
    ref_out, ref_status, _ = ref
    sys.stdout.write(ref_out)
    print(f"exit status {ref_status}")

    bad = runs = 0
    for mode in o.modes.split(","):
        exe = os.path.join(work, f"dist-{mode}")
        build(exe, ["-cilk-mpi" if o.hybrid else "-cilk-dist",
                    f"-cilk-mode={mode}"])
        for ranks in o.np.split(","):
            for nproc in o.nproc.split(","):
                for stress in o.stress.split(","):
                    env = dict(os.environ, CILK_STRESS=stress)
                    what = (f"{mode} -np {ranks} --nproc {nproc} "
                            f"stress={stress}")
                    r = run(["mpirun", "-np", ranks, exe, "--nproc", nproc,
                             "--stats", "1", *prog_args], env=env)
                    runs += 1
                    if r is None:
                        print(f"{what}: timed out")
                        bad += 1
                        continue
                    out, status, err = r
                    if out != ref_out or status != ref_status:
                        print(f"{what}: exit status {status}, output:\n{out}"
                              f"stderr:\n{err}")
                        bad += 1
                        continue
                    moved = sum(int(n) for n in re.findall(
                        r"cilk dist: rank \d+ of \d+: (\d+) closures received",
                        err))
                    if (stress == "1" and int(ranks) > 1 and not moved and
                            not o.hybrid):
                        print(f"{what}: no closure moved between processes "
                              f"under stress:\n{err}")
                        bad += 1
    if bad:
        print(f"{bad} of {runs} distributed runs differ")
        sys.exit(1)
    print(f"all {runs} distributed runs agree with one process")


if __name__ == "__main__":
    main()
