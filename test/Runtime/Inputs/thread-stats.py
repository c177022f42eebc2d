"""Reads cpfib's output and --stats table; prints facts about the totals
for FileCheck: every thread of fib(n) counted once (3 F(n+1) - 2: fib's
2 F(n+1) - 1 calls and a sum per inner call), each from its own closure,
steals no more than requests."""
import re
import sys

from stats_table import totals

text = sys.stdin.read()
n = int(re.search(r"^fib\((\d+)\)", text, re.M).group(1))
a, b = 0, 1
for _ in range(n + 1):
    a, b = b, a + b
t = totals(text)
print("threads exact:", t["cp-threads"] == 3 * a - 2)
# The closures column also counts the frames stolen and, in the lazy modes,
# those released (the main procedure, at a poll while it waits for its
# threads' results).
print("a closure per thread:",
      t["closures"] - t["steals"] - t["released"] <= t["cp-threads"]
      <= t["closures"])
print("steals <= requests:", t["steals"] <= t["requests"])
print("space > 0:", t["space"] > 0)
