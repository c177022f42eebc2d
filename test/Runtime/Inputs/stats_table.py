"""The total row of a --stats table, shared by the *-facts.py scripts."""
import re


def totals(text):
    """{column: value} of the `cilk: total` row in text; None for `-`."""
    cols = re.search(r"^cilk: worker (.*)$", text, re.M).group(1).split()
    row = re.search(r"^cilk: total (.*)$", text, re.M).group(1).split()
    return dict(zip(cols, (int(v) if v != "-" else None for v in row)))
