"""Reads the output of several runs, each with its --stats table; prints
each run's program lines, then whether the runs' steals, summed, needed
fewer remote fences than they were (the victims fenced their own pops) or
at least one each (eager-fence-handback.test)."""
import re
import sys

from stats_table import totals

text = sys.stdin.read()
steals = fences = 0
for run in re.findall(r"(?ms)^(.*?^cilk: total [^\n]*\n)", text):
    for line in run.splitlines():
        if not line.startswith("cilk:"):
            print(line)
    t = totals(run)
    steals += t["steals"]
    fences += t["fences"]
print("stole:", steals > 0)
print("fences < steals:", fences < steals)
print("fences >= steals:", fences >= steals)
