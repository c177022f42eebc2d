#!/usr/bin/env python3
"""Run a command, pass its output through, and print `status N` (its exit
status; `signal N` if it was killed by a signal) as the last line of stdout.
Always exits 0, so a RUN line can FileCheck the exact status."""
import subprocess
import sys

r = subprocess.run(sys.argv[1:])
sys.stdout.flush()
print(f"signal {-r.returncode}" if r.returncode < 0 else f"status {r.returncode}")
