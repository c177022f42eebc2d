"""Runs a profile build at several worker counts (and under CILK_STRESS=1)
with --stats and prints, per run, the counts that must not depend on the
schedule and a few facts that must hold in every run. Every strand is
timed (CILK_PROFILE_GRAIN=0: no child runs quiet), so the counts are the
program's.

usage: profile-facts.py EXE ARGS..."""
import os
import re
import subprocess
import sys

from stats_table import totals

for p in (1, 2, 4):
    for stress in ("0", "1"):
        r = subprocess.run([sys.argv[1], "--nproc", str(p), "--stats", "1",
                            *sys.argv[2:]], capture_output=True, text=True,
                           env=dict(os.environ, CILK_STRESS=stress,
                                    CILK_PROFILE_GRAIN="0"))
        prof = re.search(r"work T_1 ([\d.]+) s, span T_inf ([\d.]+) s, "
                         r"parallelism [\d.]+, threads (\d+), thread length "
                         r"[\d.]+ us, spawns (\d+)", r.stderr)
        total = totals(r.stderr)
        work, span = float(prof.group(1)), float(prof.group(2))
        print(f"P={p} stress={stress} status {r.returncode}: "
              f"spawns {prof.group(4)} threads {prof.group(3)}; "
              f"columns agree {total['spawns'] == int(prof.group(4)) and total['threads'] == int(prof.group(3))}; "
              f"span <= work {0 < span <= work}; "
              f"steals <= requests {total['steals'] <= total['requests']}; "
              f"failed = requests - steals "
              f"{total['failed'] == total['requests'] - total['steals']}")
