"""Issue 39's table in one command (`python3 bench/run.py --table`): every
row of it measured on this machine as the tree before the issue built it
(--baseline REV, default 3b2db72, the tree the issue measured) and as this
tree builds it, side by side in the same rounds, with the issue's goals.

Each row comes from the command that measures it in full, run with its
own option for an earlier build beside and --json for its headline
figures: loops.py (loops in procedures), race.py (race builds),
profile.py --apps fib (profile build), dist-idle.py (an idle rank) and
apps.py (T_S/T_2 at P = 2); fib's instructions per spawn (callgrind) and
eager T_1 (CPU time) and whether portable frames behind non-portable ones
move (test/Runtime/Inputs/dist-behind.cilk under mpirun) are measured
here.  The report gives the table first, then each command's own report.
"""
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

import benchlib as bl
import placements

# The tree issue 39 was filed against (its last commit before the issue).
BEFORE = "3b2db72"
HERE = os.path.dirname(os.path.abspath(__file__))
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1",
           "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}
LAZY = ["indolent", "sedative"]
APPS = ["knary(11,5,2)", "queens(14)", "cilksort(5e7)"]


def part(script, args, work):
    """Runs bench/<script> with `args` (its report and --json into
    `work`) and returns (its headline figures, its Markdown report).
    dist-idle.py writes no report: its printed lines stand for one."""
    js = os.path.join(work, script[:-3] + ".json")
    md = os.path.join(work, script[:-3] + ".md")
    bl.log(f"{script} {' '.join(args)}")
    own_report = script != "dist-idle.py"
    r = subprocess.run([sys.executable, os.path.join(HERE, script), *args,
                        "--json", js] + (["--out", md] if own_report else []),
                       check=True, stdout=subprocess.PIPE, text=True)
    with open(js) as f:
        figures = json.load(f)
    if not own_report:
        return figures, f"```\n{r.stdout}```\n"
    with open(md) as f:
        return figures, f.read()


def per_spawn(exe, args, ns=(20, 24)):
    """Instructions per call of fib (callgrind on one worker):
    (I(fib ns[1]) - I(fib ns[0])) over the difference in calls."""
    calls = lambda n: 2 * round(((1 + 5 ** .5) / 2) ** (n + 1) / 5 ** .5) - 1
    lo, hi = (bl.instructions(exe, [*args, n]) for n in ns)
    return (hi - lo) / (calls(ns[1]) - calls(ns[0]))


def fib_figures(builds, n, runs, work):
    """Per build: extra instructions per spawn over the serial elision with
    two real calls, for int fib (examples/fib.cilk) and long fib
    (bench/fib-spellings.c, Cilk-5's spelling), in every mode; and eager
    T_1 over that elision's T_S for fib(n): the mean, over four placements
    of the hot function in a 64-byte line (bench/placements.py: the same
    code's time moves by up to 20% with it), of CPU-time medians of `runs`
    interleaved runs."""
    longfib = os.path.join(HERE, "fib-spellings.c")
    two = ["-fno-optimize-sibling-calls"]
    out, exes = {}, {}
    for tag, b in builds.items():
        sfx = "-before" if tag else ""
        ser = {kind: bl.compile_cilk(b, "fib", "serial", two, src=src,
                                     name=f"t-{kind}-serial2{sfx}")
               for kind, src in (("int", None), ("long", longfib))}
        fig = {}
        for mode in bl.MODES:
            for kind, src in (("int", None), ("long", longfib)):
                exe = bl.compile_cilk(b, "fib", mode, src=src,
                                      name=f"t-{kind}-{mode}{sfx}")
                args = ["--nproc", "1"] if kind == "int" else ["cilk5"]
                bl.log(f"callgrind {os.path.basename(exe)}")
                fig[f"{mode} {kind}"] = (per_spawn(exe, args) -
                                         per_spawn(ser[kind], args))
        out[tag] = fig
        fib = os.path.join(bl.ROOT, "examples", "fib.cilk")
        cilkc = os.path.join(b, "bin", "cilkc")
        for name, fn, opts in (("eager", "fib.fast", ["-cilk-mode=eager"]),
                               ("serial2", "fib",
                                ["-cilk-mode=serial", *two])):
            exes[tag, name] = placements.build(
                work, f"t-{name}{sfx}", fn,
                shlex.join([cilkc, *opts, "-O2", fib]))
    bl.log(f"fib({n}) on one worker, four placements each")
    med = placements.time_placements(exes, ["--nproc", "1", n], runs)
    for tag in builds:
        out[tag]["eager T_1/T_S2"] = (statistics.mean(med[tag, "eager"]) /
                                      statistics.mean(med[tag, "serial2"]))
    return out


def moved(builds, runs):
    """Portable frames behind non-portable ones: dist-behind.cilk (rank 0's
    oldest frames are not portable, fib's behind them are) on 2 ranks of one
    worker, `runs` times per mode and build; how many runs sent rank 1
    any work."""
    src = os.path.join(bl.ROOT, "test", "Runtime", "Inputs",
                       "dist-behind.cilk")
    out = {}
    for tag, b in builds.items():
        for mode in bl.MODES:
            exe = os.path.join(b, "bench", f"t-behind-{mode}")
            bl.sh([os.path.join(b, "bin", "cilkc"), "-cilk-dist",
                   f"-cilk-mode={mode}", "-O2", src, "-o", exe])
            got = 0
            for _ in range(runs):
                r = subprocess.run(
                    ["mpirun", "--bind-to", "none", "-np", "2", exe,
                     "--nproc", "1", "--stats", "37"], capture_output=True,
                    text=True, env=dict(os.environ, **MPI_ENV))
                m = re.search(r"rank 1 of 2: (\d+) closures received",
                              r.stdout + r.stderr)
                if r.returncode != 0 or not m:
                    sys.exit(f"bench: {exe} failed:\n{r.stdout}{r.stderr}")
                got += int(m.group(1)) > 0
            out[tag, mode] = got
    return out


def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def main(a):
    rev = a.baseline or BEFORE
    runs = a.runs or 5
    bl.build_project(a.build, not a.no_install, ("valgrind",))
    before = bl.build_revision(a.build, rev)
    mach = bl.machine()
    work = tempfile.mkdtemp(prefix="bench-table.")
    builds = {"": a.build, " (before)": before}
    common = ["--no-install", "--build", a.build]
    reports = {}

    loops, reports["loops.py"] = part(
        "loops.py", common + ["--before", before, "--rounds", str(runs)],
        work)
    fib = fib_figures(builds, a.fib_n or 40, runs, work)
    race, reports["race.py"] = part(
        "race.py", common + ["--baseline", before], work)
    prof, reports["profile.py"] = part(
        "profile.py", common + ["--before", before, "--apps", "fib"], work)
    idle, reports["dist-idle.py"] = part(
        "dist-idle.py", ["--builds", f"{a.build},{before}", "--nproc", "1",
                         "--runs", "3"], work)
    mv = moved(builds, 4)
    apps, reports["apps.py"] = part(
        "apps.py", common + ["--before", before, "--apps", ",".join(APPS)],
        work)

    four = ("poly", "dot", "saxpy", "count")
    rows = []

    def row(what, fn, goal, ok=None):
        """A row: what, before, now, the goal and whether now meets it."""
        cells = [fn(tag) for tag in builds]
        mark = "" if ok is None else (" (met)" if ok(cells[0][1])
                                      else " (not met)")
        rows.append(f"| {what} | {cells[1][0]} | {cells[0][0]} | "
                    f"{goal}{mark} |")

    def loop_instr(tag):
        r = max(sum(loops[m + tag][x]["cilk_instructions"] for x in four) /
                sum(loops[m + tag][x]["c_instructions"] for x in four)
                for m in LAZY)
        return f"{r:.2f}x", r
    row("a loop in a Cilk procedure, lazy modes: instructions of the four "
        "loops (polynomial, dot, saxpy, count) over the C functions' "
        "(the worse mode)", loop_instr, "the C function")

    def loop_time(tag):
        r, loop, m = max((loops[m + tag][x]["time_ratio"], x, m)
                         for m in ["serial"] + bl.MODES
                         for x in loops[m + tag])
        return f"{r:.2f}x ({loop}, {m})", r
    row("a loop in a Cilk procedure: the slowest of loops.py's six loops "
        "per iteration over the C function (CPU time; every mode)",
        loop_time, "within 5%", lambda r: r <= 1.05)

    def indolent(tag):
        f = fib[tag]
        return (f"{f['indolent long']:.1f} (long) / {f['indolent int']:.1f} "
                "(int)", max(f["indolent long"], f["indolent int"]))
    row("indolent spawn: instructions over the two-call serial fib",
        indolent, "<= 5", lambda r: r <= 5.05)

    def eager_t1(tag):
        r = fib[tag]["eager T_1/T_S2"]
        return f"{r:.2f}x", r
    row(f"eager T_1 / two-call serial fib (fib({a.fib_n or 40}), CPU time, "
        "mean of four placements)",
        eager_t1, "1.4x (Lace 1.45x)", lambda r: r <= 1.4)

    def eager_instr(tag):
        r = fib[tag]["eager int"]
        return f"{r:.1f} (int) / {fib[tag]['eager long']:.1f} (long)", r
    row("eager spawn: instructions over the two-call serial fib",
        eager_instr, "<= 10", lambda r: r <= 10.05)

    def race_cell(tag):
        s = race["baseline_slowdown" if tag else "slowdown"]
        worst = max(s, key=s.get)
        g = geomean(s.values())
        return f"{g:.1f}x (worst {worst} {s[worst]:.0f}x)", (g, s[worst])
    row("race build over the serial elision, geometric mean of the 8 "
        "examples", race_cell, "<= 10x, none above 30x",
        lambda r: r[0] <= 10.05 and r[1] <= 30)

    def prof_cell(tag):
        f = prof["fib" + tag]
        return f"{f['cost']:.1f}x (T_1 {f['work']:.2f} of plain)", f
    row("profile build on fib (sedative, one worker, CPU time)", prof_cell,
        "<= 5x, T_1 within 15%",
        lambda f: f["cost"] <= 5.05 and abs(f["work"] - 1) <= 0.15)

    def idle_cell(tag):
        v = idle[before if tag else a.build]["1"]
        return f"{v:.1f}% of a core", v
    row("an idle rank of a distributed run (P = 1)", idle_cell, "< 2%",
        lambda v: v < 2)

    def moved_cell(tag):
        c = ", ".join(f"{m} {mv[tag, m]}" for m in bl.MODES)
        return f"{c} of 4 runs", min(mv[tag, m] for m in bl.MODES)
    row("portable frames behind non-portable ones (2 ranks): runs in which "
        "the idle rank got work", moved_cell, "every run", lambda k: k == 4)

    for m in bl.MODES:
        def apps_cell(tag, m=m):
            v = [apps[x][m + tag] for x in APPS]
            return (" / ".join("refused" if x is None else f"{x:.2f}"
                               for x in v),
                    min((x for x in v if x is not None), default=0))
        row(f"T_S/T_2 of {' / '.join(APPS)}, {m}", apps_cell, ">= 1.9",
            lambda r: r >= 1.9)

    head = bl.sh(["git", "-C", bl.ROOT, "rev-parse", "--short", "HEAD"])
    lines = [f"# Issue 39's table, before and now ({mach['slug']})", "",
             *bl.machine_lines(mach), "",
             "Command: `python3 bench/run.py"
             + "".join(f" {x}" for x in sys.argv[1:])
             + f"` ({time.time() - bl.T0:.0f} s). Before: the tree at "
             f"{rev}, built in `{before}`; now: the tree at {head.strip()}"
             " (and its uncommitted changes, if any). Both measured on this "
             "machine, in the same rounds; the commands' own reports follow "
             "the table.", "",
             "| where | before | now | goal |", "|---|---|---|---|", *rows,
             ""]
    for script, md in reports.items():
        lines += [f"## `bench/{script}`", ""]
        lines += [("##" + x if x.startswith("#") else x)
                  for x in md.splitlines()] + [""]
    bl.write_report(a.out, mach, "table", lines)
