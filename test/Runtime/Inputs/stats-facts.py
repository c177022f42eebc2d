"""Reads a program's output and its --stats table; prints the program's
lines and a few facts about the totals for FileCheck."""
import sys

from stats_table import totals

text = sys.stdin.read()
for line in text.splitlines(keepends=True):
    if not line.startswith("cilk:"):
        print(line, end="")
t = totals(text)
print("releases > 0:", t["releases"] > 0)
print("released >= releases:", t["released"] >= t["releases"])
print("steals <= requests:", t["steals"] <= t["requests"])
print("waited > 0:", t["waited"] > 0)
# Only a frame released with its child outstanding waits: not the one that
# started each release.
print("waited <= released - releases:",
      t["waited"] <= t["released"] - t["releases"])
