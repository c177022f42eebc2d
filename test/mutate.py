#!/usr/bin/env python3
"""Never a crash: compile many mutated variants of Cilk sources with the
plugin and require that each compile either succeeds or fails with an
ordinary error (exit status 0 or 1, no crash report).

usage: mutate.py --seed N --count N --workdir DIR CLANG-COMMAND... -- SOURCES...
Mutations delete tokens, replace them with Cilk keywords and punctuation, or
insert keywords, so spawns and syncs land in every odd place."""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys

INSERTS = ["spawn ", "sync;", "sync", "cilk ", "x = spawn ", "(", ")", "{",
           "}", ";", "+", "=", ",", "?", ":", "&", "*", "return ", "int ",
           "void ", "goto L;", "L:"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    split = a.rest.index("--")
    compiler = [w for part in a.rest[:split] for w in shlex.split(part)]
    sources = a.rest[split + 1:]
    os.makedirs(a.workdir, exist_ok=True)
    rng = random.Random(a.seed)
    texts = [open(s).read() for s in sources]
    bad = 0
    for i in range(a.count):
        toks = re.findall(r"\w+|[^\w\s]|\s+", rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(toks))
            r = rng.random()
            if r < 0.4:
                toks[k] = ""
            elif r < 0.7:
                toks[k] = rng.choice(INSERTS)
            else:
                toks.insert(k, rng.choice(INSERTS))
        path = os.path.join(a.workdir, f"m{i}.c")
        with open(path, "w") as f:
            f.write("".join(toks))
        p = subprocess.run(compiler + ["-x", "c", "-c", path, "-o", os.devnull],
                           capture_output=True, text=True)
        if p.returncode not in (0, 1) or "PLEASE submit" in p.stderr:
            bad += 1
            print(f"CRASH on {path} (exit {p.returncode}):\n{p.stderr[-1500:]}")
        else:
            os.remove(path)
    print(f"{a.count} mutants compiled, {bad} crashed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
