"""Reads a program's output and its --stats table; prints the program's
lines and a few facts about the totals for FileCheck."""
import sys

cols = None
for line in sys.stdin:
    f = line.split()
    if f[:2] == ["cilk:", "worker"]:
        cols = f[2:]
    elif f[:2] == ["cilk:", "total"]:
        t = dict(zip(cols, (int(v) if v != "-" else None for v in f[2:])))
    elif not line.startswith("cilk:"):
        print(line, end="")
print("releases > 0:", t["releases"] > 0)
print("released >= releases:", t["released"] >= t["releases"])
print("steals <= requests:", t["steals"] <= t["requests"])
