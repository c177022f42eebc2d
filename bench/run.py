#!/usr/bin/env python3
"""The spawn-cost and speedup benchmark: eager, indolent and sedative against
the serial elision and against OpenMP tasks (libgomp, libomp) and oneTBB.

usage: python3 bench/run.py [--quick] [--no-install] [--out FILE.md]
                           [--baseline REV | --no-baseline]
       python3 bench/run.py --table [--baseline REV] [--runs N]
                           [--no-install] [--out FILE.md]

--table measures issue 39's table instead, before (REV, default 3b2db72)
and now: bench/table.py.

One command from a fresh Debian 12 machine: installs the peers and tools
(scripts/install-deps.sh), builds the project if needed, compiles every
program, then measures and writes bench/results/<date>-<machine>.md and a
chart next to it (.png).  Progress goes to stderr.

  1. Spawn cost (the memo's Tables 1-2): fib(n) with n chosen so the serial
     elision runs about 1 s (--quick: 0.1 s); T_S of the elision, also
     compiled with -fno-optimize-sibling-calls; T_1 of every mode; min,
     median and spread of --runs runs, all programs interleaved run by run.
  2. Instructions per spawn (valgrind --tool=callgrind, one worker):
     (I(fib 24) - I(fib 20)) / (spawns(24) - spawns(20)), so start-up
     cancels; exact and repeatable. Every mode also as the compiler and
     runtime of --baseline REV built it (default 72fb770, the code
     generation before issue 16: the same fib without the new codegen),
     built once in build/bench-REV from a git worktree.
  3. Peers at the same n: T_1, T_P, T_1/T_S, and the library really loaded
     (the Debian package and version owning it).
  4. Speedups of fib, knary and queens in every mode for P = 1 .. cores:
     T_1/T_P, T_S/T_P, steals and releases per worker (--stats).

Timings are process wall times (start-up included, the same for every
program); the machine may be shared, so read medians and spreads, not single
runs. Beside each timing the report gives the load: the cores the rest of
the machine kept busy while it ran (/proc/stat less the run's own CPU
time). A run on P > 1 workers counts only if that left a core to each
worker; a T_P with no such run is refused in the report and the chart.
"""
import argparse
import datetime
import math
import os
import re
import statistics
import subprocess
import time

from benchlib import (MODES, ROOT, T0, build_project, build_revision,
                      compile_cilk, instructions, log, machine, machine_lines,
                      run, sh, summary, use_system_matplotlib)
import table

PHI = (1 + 5 ** 0.5) / 2

# The code generation before issue 16 (lazy checks with a monotonic load and
# no branch weights, the eager spawn of 35.5 instructions), and issue 16's
# goals: instructions per spawn over the serial program with two calls.
BASELINE = "72fb770"
GOALS = {"sedative": 2, "indolent": 5, "eager": 15}

# The memo's published overheads of T_1 over T_S for fib(36) (Tables 1-2,
# hand-coded fast clones, no stealing) and Cilk-5's (Cilk-5 paper, Figure 7),
# as quoted in the memo: range over all its machines, and the Pentium gcc -O2
# row (the x86 of the time).
PUBLISHED = {
    "indolent": ("22% to 113%", "59%"),
    "sedative": ("-4.2% to 57%", "24%"),
    "eager": ("120% to 520% (Cilk-5)", "330% (Cilk-5, 200 MHz)"),
}

# ---------------------------------------------------------------- building

def compile_programs(build):
    """Returns {name: executable}.  Cilk programs are named app-mode."""
    out = os.path.join(build, "bench")
    exe = {}
    for app in ("fib", "knary", "queens"):
        for mode in ["serial"] + MODES:
            exe[f"{app}-{mode}"] = compile_cilk(build, app, mode)
    exe["fib-serial-2calls"] = compile_cilk(
        build, "fib", "serial", ["-fno-optimize-sibling-calls"],
        "fib-serial-2calls")

    peers = os.path.join(ROOT, "bench", "peers")
    for name, cmd in {
        "gomp": ["gcc", "-O2", "-fopenmp", f"{peers}/fib-omp.c"],
        "libomp": ["clang-19", "-O2", "-fopenmp=libomp", f"{peers}/fib-omp.c"],
        "tbb": ["g++", "-O2", f"{peers}/fib-tbb.cpp", "-ltbb"],
    }.items():
        exe[f"fib-{name}"] = os.path.join(out, f"fib-{name}")
        sh(cmd + ["-o", exe[f"fib-{name}"]])
    return exe


def build_baseline(build, rev):
    """Builds the plugin and runtime of git revision `rev`
    (benchlib.build_revision) and compiles fib with them in every mode:
    {mode: executable}."""
    bld = build_revision(build, rev, ("lib/cilk/cilk.so", "lib/libcilkrt.a"))
    return {m: compile_cilk(bld, "fib", m, name=f"fib-{m}-baseline")
            for m in ["serial"] + MODES}


# ---------------------------------------------------------------- machine

def package_version(pkg):
    try:
        return sh(["dpkg-query", "-W", "-f=${Version}", pkg])
    except subprocess.CalledProcessError:
        return "not installed"


def loaded_library(exe, pattern):
    """The shared library matching pattern that exe loads, with the Debian
    package owning it and that package's version."""
    for line in sh(["ldd", exe]).splitlines():
        m = re.match(r"\s*(\S+) => (\S+)", line)
        if m and re.search(pattern, m.group(1)):
            path = os.path.realpath(m.group(2))
            try:
                pkg = sh(["dpkg-query", "-S", path]).split(":")[0]
            except subprocess.CalledProcessError:
                try:
                    pkg = sh(["dpkg-query", "-S", m.group(2)]).split(":")[0]
                except subprocess.CalledProcessError:
                    return f"{path} (no Debian package)"
            return f"{path} from {pkg} {package_version(pkg)}"
    return "not loaded"


def versions(exe):
    first = lambda cmd: sh(cmd).splitlines()[0]
    return {
        "gcc": first(["gcc", "--version"]),
        "g++": first(["g++", "--version"]),
        "valgrind": first(["valgrind", "--version"]),
        "libgomp (gcc -fopenmp)": loaded_library(exe["fib-gomp"], "libgomp"),
        "libomp (clang-19 -fopenmp=libomp)":
            loaded_library(exe["fib-libomp"], "libomp"),
        "oneTBB (task_group)": loaded_library(exe["fib-tbb"], "libtbb"),
        "oneTBB runtime (TBB_runtime_version)": subprocess.run(
            [exe["fib-tbb"], "1"], env=dict(os.environ, FIB_TBB_VERSION="1"),
            capture_output=True, text=True, check=True).stderr.strip(),
    }


# ---------------------------------------------------------------- running

def spawns(n):
    """Spawns made by fib(n): every call but the root's."""
    a, b = 0, 1
    for _ in range(n + 1):
        a, b = b, a + b
    return 2 * a - 2


def calibrate(exe, target):
    """The n for which the serial fib takes about target seconds."""
    n = 30
    t = statistics.median(run(exe, [n])[0] for _ in range(3))
    n += round(math.log(target / t) / math.log(PHI))
    return max(20, min(n, 46))


# ---------------------------------------------------------------- report

def fmt(x, d=3):
    return f"{x:.{d}f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="small inputs: under 5 minutes")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--no-install", action="store_true",
                    help="do not run scripts/install-deps.sh")
    ap.add_argument("--runs", type=int, help="runs per timing (default 5)")
    ap.add_argument("--peer-runs", type=int,
                    help="runs per peer timing (default 3, full mode 1)")
    ap.add_argument("--fib-n", type=int, help="skip the calibration")
    ap.add_argument("--out", help="result file (.md; the chart is .png)")
    ap.add_argument("--baseline", metavar="REV",
                    help="the revision whose code generation the "
                    f"instruction table compares with (default {BASELINE}"
                    f"; with --table, {table.BEFORE})")
    ap.add_argument("--no-baseline", action="store_true",
                    help="no comparison with an earlier revision")
    ap.add_argument("--table", action="store_true",
                    help="issue 39's table instead: every row before "
                    "and now (bench/table.py)")
    a = ap.parse_args()
    if a.table:
        return table.main(a)
    a.baseline = a.baseline or BASELINE
    runs = a.runs or 5
    # A peer's fib(n) takes 50-100 T_S on one worker and more on two (the
    # OpenMP runtimes contend), so the full mode times each peer once.
    peer_runs = a.peer_runs or (3 if a.quick else 1)
    target = 0.1 if a.quick else 1.0
    sizes = {"knary": [9, 5, 2] if a.quick else [10, 5, 2],
             "queens": [11] if a.quick else [13]}

    build_project(a.build, not a.no_install,
                  ["libomp-19-dev", "libtbb-dev", "g++", "valgrind",
                   "python3-matplotlib"])
    use_system_matplotlib(__file__)
    log("compiling fib, knary and queens in every mode, and the peers")
    exe = compile_programs(a.build)
    if not a.no_baseline:
        for m, e in build_baseline(a.build, a.baseline).items():
            exe[f"fib-{m}-baseline"] = e
    mach = machine()
    ver = versions(exe)
    for k, v in ver.items():
        log(f"{k}: {v}")
    cores = mach["cores"]
    procs = list(range(1, max(2, cores) + 1))
    date = datetime.date.today().isoformat()
    out = a.out or os.path.join(ROOT, "bench", "results",
                                f"{date}-{mach['slug']}.md")

    n = a.fib_n or calibrate(exe["fib-serial"], target)
    log(f"fib({n}): serial elision calibrated to about {target} s")

    # 1. Spawn cost and fib speedups, interleaved so that a slow moment of
    # a shared machine hits every program alike.
    fib_builds = [("serial", 1), ("serial-2calls", 1)] + \
        [(m, p) for m in MODES for p in procs]
    fib_t = {b: [] for b in fib_builds}
    fib_s = {b: [] for b in fib_builds}
    fib_o = {b: [] for b in fib_builds}
    for i in range(runs):
        log(f"fib({n}) round {i + 1}/{runs}")
        for mode, p in fib_builds:
            t, st, r = run(exe[f"fib-{mode}"], [n], p, stats=True)
            fib_t[(mode, p)].append(t)
            fib_s[(mode, p)].append(st)
            fib_o[(mode, p)].append(r.others)

    # 2. Instructions per spawn.
    callgrind = ["serial", "serial-2calls"] + MODES + ["gomp", "libomp", "tbb"]
    if not a.no_baseline:
        callgrind += [f"{m}-baseline" for m in ["serial"] + MODES]
    per = {}
    for b in callgrind:
        log(f"callgrind fib-{b} (fib 20 and fib 24, one worker)")
        i20 = instructions(exe[f"fib-{b}"], ["--nproc", "1", 20])
        i24 = instructions(exe[f"fib-{b}"], ["--nproc", "1", 24])
        per[b] = (i24 - i20) / (spawns(24) - spawns(20))

    # 3. Peers at the same n.
    peers = ["gomp", "libomp", "tbb"]
    peer_t = {(b, p): [] for b in peers for p in procs}
    for i in range(peer_runs):
        for b in peers:
            for p in procs:
                log(f"peer fib-{b} fib({n}) P={p} round {i + 1}/{peer_runs}")
                peer_t[(b, p)].append(run(exe[f"fib-{b}"], [n], p)[0])

    # 4. Speedups of knary and queens.
    app_t, app_s, app_o = {}, {}, {}
    for app, args in sizes.items():
        builds = [("serial", 1)] + [(m, p) for m in MODES for p in procs]
        for i in range(runs):
            log(f"{app}{tuple(args)} round {i + 1}/{runs}")
            for mode, p in builds:
                t, st, r = run(exe[f"{app}-{mode}"], args, p, stats=True)
                app_t.setdefault((app, mode, p), []).append(t)
                app_s.setdefault((app, mode, p), []).append(st)
                app_o.setdefault((app, mode, p), []).append(r.others)
    for (mode, p), v in fib_t.items():
        app_t[("fib", mode, p)] = v
        app_s[("fib", mode, p)] = fib_s[(mode, p)]
        app_o[("fib", mode, p)] = fib_o[(mode, p)]

    report = write_report(out, a, mach, ver, n, runs, peer_runs, fib_t, per,
                          peer_t, app_t, app_s, app_o, fib_o, sizes, procs)
    # The chart shows what the report does: runs on P > 1 workers without
    # an idle core for each are left out (a refused T_P is not drawn).
    kept = {k: [t for t, o in zip(v, app_o[k])
                if idle_enough(o, k[2], mach["cores"])]
            for k, v in app_t.items()}
    chart(out[:-3] + ".png", n, fib_t, per, peer_t, kept, procs)
    log(f"wrote {out} and {out[:-3]}.png")
    print(report)


def idle_enough(others, p, cores):
    """A run on p > 1 workers had a core to each: the rest of the machine
    kept at most cores - p busy on average (plus a quarter of a core for
    the bench itself and the OS)."""
    return p == 1 or others <= cores - p + 0.25


def write_report(out, a, mach, ver, n, runs, peer_runs, fib_t, per, peer_t,
                 app_t, app_s, app_o, fib_o, sizes, procs):
    L = []
    w = L.append
    mode = "quick" if a.quick else "full"
    w(f"# Spawn cost and speedups, {datetime.date.today().isoformat()} "
      f"({mode} mode)\n")
    w(f"Command: `python3 bench/run.py{' --quick' if a.quick else ''}` "
      f"(total {time.time() - T0:.0f} s).\n")
    w("## Machine\n")
    for line in machine_lines(mach):
        w(line)
    for k, v in ver.items():
        w(f"- {k}: {v}")
    w("")

    ts = summary(fib_t[("serial", 1)])
    ts2 = summary(fib_t[("serial-2calls", 1)])
    w(f"## Spawn cost: fib({n}) on one worker (the memo's Tables 1-2)\n")
    w(f"{runs} runs of each program, interleaved; wall time of the process "
      "in seconds. T_S is the serial elision at clang -O2, which turns fib's "
      "second call into a loop; T_S(2 calls) is the same elision with "
      "`-fno-optimize-sibling-calls`, a real call per spawn like every Cilk "
      "mode. Spread = (max - min) / median. Published: the memo's fast "
      "clones of fib(36), range over its 16 machine/compiler rows and its "
      "Pentium gcc -O2 row; for eager, Cilk-5's overhead as quoted in the "
      "memo.\n")
    w("Load: the cores the rest of the machine kept busy while the program "
      "ran (median over its runs; /proc/stat less the run's own CPU time).\n")
    w("| program | min | median | spread | load | median/T_S - 1 | "
      "median/T_S(2 calls) - 1 | published (all rows) | published (Pentium) |")
    w("|---|---|---|---|---|---|---|---|---|")
    for b in ["serial", "serial-2calls"] + MODES:
        s = summary(fib_t[(b, 1)])
        pub = PUBLISHED.get(b, ("", ""))
        w(f"| {b} | {fmt(s['min'])} | {fmt(s['median'])} | "
          f"{s['spread']:.0f}% | {statistics.median(fib_o[(b, 1)]):.2f} | "
          f"{(s['median'] / ts['median'] - 1) * 100:.0f}%"
          f" | {(s['median'] / ts2['median'] - 1) * 100:.0f}% | "
          f"{pub[0]} | {pub[1]} |")
    w("")

    w("## Instructions per spawn (valgrind --tool=callgrind, one worker)\n")
    w(f"(I(fib 24) - I(fib 20)) / (spawns(24) - spawns(20)), "
      f"spawns(24) - spawns(20) = {spawns(24) - spawns(20)}; a spawn is a "
      "task for the peers. Start-up cancels; the figures are exact.\n")
    w("| program | instructions per spawn | more than serial | "
      "more than serial (2 calls) |")
    w("|---|---|---|---|")
    for b, v in per.items():
        if not b.endswith("-baseline"):
            w(f"| {b} | {v:.2f} | {v - per['serial']:.2f} | "
              f"{v - per['serial-2calls']:.2f} |")
    w("")
    if "serial-baseline" in per:
        w(f"With and without the new code generation: the same fib compiled "
          f"by this revision and by {a.baseline} (its own plugin and "
          "runtime), extra instructions per spawn over this revision's "
          "serial program with two calls; the goals are issue 16's.\n")
        w(f"| mode | {a.baseline} | now | goal |")
        w("|---|---|---|---|")
        base2 = per["serial-2calls"]
        for m in MODES:
            now = per[m] - base2
            before = per[f"{m}-baseline"] - base2
            mark = "met" if now <= GOALS[m] + 0.05 else "not met"
            w(f"| {m} | {before:.2f} | {now:.2f} | <= {GOALS[m]} ({mark}) |")
        w(f"| serial -O2 (the same code) | "
          f"{per['serial-baseline'] - base2:.2f} | "
          f"{per['serial'] - base2:.2f} | |")
        w("")

    w(f"## Peers: fib({n}), a task per call, no cutoff\n")
    w(f"{peer_runs} run{'s' if peer_runs > 1 else ''} each; T_S = {fmt(ts['median'])} s (serial "
      "elision, median above). The Cilk rows repeat the medians above.\n")
    head = " | ".join(f"T_{p} median (min)" for p in procs)
    w(f"| program | {head} | T_1/T_S | T_1/T_{procs[-1]} |")
    w("|---|" + "---|" * (len(procs) + 2))
    rows = [(m, fib_t) for m in MODES] + [(b, peer_t) for b in
                                          ("gomp", "libomp", "tbb")]
    for b, tab in rows:
        s = {p: summary(tab[(b, p)]) for p in procs}
        cells = " | ".join(f"{fmt(s[p]['median'])} ({fmt(s[p]['min'])})"
                           for p in procs)
        w(f"| {b} | {cells} | {s[1]['median'] / ts['median']:.2f} | "
          f"{s[1]['median'] / s[procs[-1]]['median']:.2f} |")
    w("")

    w("## Speedups\n")
    cores = mach["cores"]
    w("Medians of the runs above; speedup T_1/T_P against the same mode on "
      "one worker, application speedup T_S/T_P against the serial elision. "
      "Steals and releases per worker are medians over the runs of the "
      "`--stats` totals divided by P. A run on P > 1 workers counts only if "
      "the rest of the machine left a core to each worker (load, the cores "
      "it kept busy, at most cores - P + 0.25); a T_P with no such run is "
      "refused, not reported. Runs: those kept, of those made.\n")
    apps = [("fib", [n])] + list(sizes.items())
    w("| application | mode | P | T_P median (s) | load | runs | T_1/T_P | "
      "T_S/T_P | steals/worker | releases/worker | frames released/worker |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for app, args in apps:
        name = f"{app}({','.join(map(str, args))})"
        tsa = statistics.median(app_t[(app, "serial", 1)])
        load = statistics.median(app_o[(app, "serial", 1)])
        w(f"| {name} | serial elision | 1 | {fmt(tsa)} | {load:.2f} | | | "
          "1.00 | | | |")
        for m in MODES:
            t1 = statistics.median(app_t[(app, m, 1)])
            for p in procs:
                runs_p = list(zip(app_t[(app, m, p)], app_o[(app, m, p)],
                                  app_s[(app, m, p)]))
                kept = [r for r in runs_p if idle_enough(r[1], p, cores)]
                used = f"{len(kept)}/{len(runs_p)}"
                if not kept:
                    load = statistics.median(r[1] for r in runs_p)
                    w(f"| {name} | {m} | {p} | refused: no idle core | "
                      f"{load:.2f} | {used} | | | | | |")
                    continue
                tp = statistics.median(r[0] for r in kept)
                load = statistics.median(r[1] for r in kept)
                per_w = lambda k: statistics.median(r[2][k] for r in kept) / p
                w(f"| {name} | {m} | {p} | {fmt(tp)} | {load:.2f} | {used} | "
                  f"{t1 / tp:.2f} | {tsa / tp:.2f} | {per_w('steals'):.1f} | "
                  f"{per_w('releases'):.1f} | {per_w('released'):.1f} |")
    w("")
    w(f"Chart: `{os.path.basename(out)[:-3]}.png` (T_1/T_S per program, "
      "instructions per spawn over the two-call elision, application "
      f"speedups on {procs[-1]} workers).\n")
    text = "\n".join(L)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write(text)
    return text


def chart(path, n, fib_t, per, peer_t, app_t, procs):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 3, figsize=(16, 4.8))
    ts = statistics.median(fib_t[("serial", 1)])
    names = ["serial-2calls"] + MODES + ["gomp", "libomp", "tbb"]
    tabs = [fib_t] * 4 + [peer_t] * 3
    med = [statistics.median(t[(b, 1)]) / ts for b, t in zip(names, tabs)]
    lo = [m - min(t[(b, 1)]) / ts for m, b, t in zip(med, names, tabs)]
    hi = [max(t[(b, 1)]) / ts - m for m, b, t in zip(med, names, tabs)]
    ax[0].bar(names, med, yerr=[lo, hi], capsize=3,
              color=["grey"] + ["C0", "C1", "C2"] + ["C3"] * 3)
    ax[0].set_yscale("log")
    ax[0].set_ylabel("T_1 / T_S (log scale; whiskers: min, max)")
    ax[0].set_title(f"fib({n}) on one worker")
    ax[0].tick_params(axis="x", rotation=30)

    names = MODES + ["gomp", "libomp", "tbb"]
    vals = [per[b] - per["serial-2calls"] for b in names]
    ax[1].bar(names, vals, color=["C0", "C1", "C2"] + ["C3"] * 3)
    ax[1].set_yscale("log")
    ax[1].set_ylabel("instructions per spawn over the 2-call elision (log)")
    ax[1].set_title("callgrind, fib(24) - fib(20)")
    for i, v in enumerate(vals):
        ax[1].text(i, v, f"{v:.1f}", ha="center", va="bottom")
    ax[1].tick_params(axis="x", rotation=30)

    apps = ["fib", "knary", "queens"]
    p = procs[-1]
    width = 0.8 / len(MODES)
    for j, m in enumerate(MODES):
        sp = [statistics.median(app_t[(a_, "serial", 1)]) /
              statistics.median(app_t[(a_, m, p)]) if app_t[(a_, m, p)]
              else float("nan") for a_ in apps]
        ax[2].bar([i + j * width for i in range(len(apps))], sp, width,
                  label=m, color=f"C{j}")
    ax[2].axhline(p, color="grey", linestyle="--", linewidth=1)
    ax[2].set_xticks([i + width for i in range(len(apps))], apps)
    ax[2].set_ylabel(f"T_S / T_{p}")
    ax[2].set_title(f"application speedup on {p} workers")
    ax[2].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
