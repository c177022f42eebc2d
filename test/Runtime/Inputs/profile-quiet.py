"""Runs fib's profile build (EXE, fib(N) has SPAWNS spawns) on 1, 2 and 4
workers, with and without forced steal attempts, with a grain of a second
(so that a child runs quiet wherever its spawn made two subtrees at its
depth before, however fast the machine), and prints per run what must hold
whatever the schedule when children run quiet (profile.c: quiet_child):
the result is right, some spawned subtrees ran quiet, the spawns counted
(a quiet child's, not those inside it) are at most the program's and
include the quiet ones, and the span is positive and at most the work.
Then, on one worker: CILK_PROFILE=strands and CILK_PROFILE_GRAIN=0 count
every spawn, with no child quiet.

usage: profile-quiet.py EXE N RESULT SPAWNS"""
import os
import re
import subprocess
import sys

exe, n, result, spawns = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def run(p, **env):
    r = subprocess.run([exe, "--nproc", str(p), n], capture_output=True,
                       text=True, env=dict(os.environ, **env))
    quiet = re.search(r"(\d+) spawned subtrees ran quiet", r.stderr)
    counted = re.search(r"spawns (\d+)", r.stderr)
    return r, int(quiet.group(1)) if quiet else 0, int(counted.group(1))


for p in (1, 2, 4):
    for stress in ("0", "1"):
        r, quiet, counted = run(p, CILK_STRESS=stress,
                                CILK_PROFILE_GRAIN="1000000000")
        prof = re.search(r"work T_1 ([\d.]+) s, span T_inf ([\d.]+) s",
                         r.stderr)
        work, span = float(prof.group(1)), float(prof.group(2))
        print(f"P={p} stress={stress} status {r.returncode}: "
              f"right {f'fib({n}) = {result}' in r.stdout}; "
              f"some quiet {quiet > 0}; "
              f"quiet <= counted <= spawns {quiet <= counted <= spawns}; "
              f"span <= work {0 < span <= work}")
for env in ({"CILK_PROFILE": "strands"}, {"CILK_PROFILE_GRAIN": "0"}):
    r, quiet, counted = run(1, **env)
    print(f"{env}: spawns {counted}, quiet {quiet}")
