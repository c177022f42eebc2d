"""Reads the output of several runs, each with its --stats table; prints
each run's program lines and whether it stole (stress-steals.test)."""
import re
import sys

from stats_table import totals

# A run's table starts at its `cilk: mode` line and ends at its total row.
text = sys.stdin.read()
for run in re.findall(r"(?ms)^(.*?^cilk: total [^\n]*\n)", text):
    for line in run.splitlines():
        if not line.startswith("cilk:"):
            print(line)
    t = totals(run)
    print("steals > 0:", t["steals"] > 0)
    print("steals <= requests:", t["steals"] <= t["requests"])
