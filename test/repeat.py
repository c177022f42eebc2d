#!/usr/bin/env python3
"""Run a command N times; every run must exit 0 within the timeout and print
the same stdout. Prints that stdout once (for FileCheck).

usage: repeat.py N COMMAND [ARGS...]
"""
import subprocess
import sys


def main():
    n, cmd = int(sys.argv[1]), sys.argv[2:]
    first = None
    for i in range(n):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            sys.exit(f"repeat: run {i + 1} timed out (hang?)")
        if r.returncode:
            sys.exit(f"repeat: run {i + 1} exited {r.returncode}\n{r.stderr}")
        if first is None:
            first = r.stdout
        elif r.stdout != first:
            sys.exit(f"repeat: run {i + 1} printed\n{r.stdout}\ninstead of\n"
                     f"{first}")
    sys.stdout.write(first)


if __name__ == "__main__":
    main()
