#!/usr/bin/env python3
"""The Cilk paper's Figure 6 on this machine: every application in
examples/, in every closure-creation mode, on P = 1 .. cores workers.

usage: python3 bench/figure6.py [--quick] [--runs N] [--apps a,b,...]
                                [--no-install] [--build DIR] [--out FILE.md]

One command from a fresh Debian 12 machine (it installs and builds what it
needs).  Each application runs its standard input (`-b medium`; --quick:
`-b short`), first once per mode with -c (checked against its serial
computation), then timed:

  T_serial   the serial elision (the same source, clang -O2, no runtime
             work); for a continuation-passing version (cp*), its Cilk-5
             twin's
  T_1, T_P   the mode's build on 1 and P workers (--stats wall time: the
             computation, without process start-up)
  T_inf      T_1 / parallelism, where parallelism is the work/span ratio a
             profile build of the same mode measures (-fplugin-arg-cilk-
             profile, every strand timed, span by earliest start); the
             profile's own times include its hooks, the ratio nearly not
  threads    the profile's thread count (exact), thread length T_1/threads
  space/proc the most runtime frames live at once on one worker
  requests/proc, steals/proc   --stats totals / P

Times are medians of --runs runs (default 3; profile builds --profile-runs,
default 5), all builds interleaved round by round.  Also measured: how
stable the profile's T_1 and T_inf are across P (each profile build runs on
1 and on `cores` workers).  Writes
bench/results/<date>-<machine>-figure6.md.
"""
import argparse
import datetime
import re
import statistics
import sys
import time

from benchlib import (MODES, T0, build_project, common_options,
                      compile_cilk, fmt, log, machine, machine_lines,
                      parse_profile, result_path, run, worker_counts)

APPS = ["fib", "queens", "pfold", "ray", "knary", "cilksort", "matmul",
        "heat", "cpfib", "cpqueens", "cpknary"]
# The continuation-passing versions (the Cilk paper's own style) have no
# serial elision: their T_serial is their Cilk-5 twin's, the same C
# computation, as the paper's T_serial is the best serial program.
SERIAL_TWIN = {"cpfib": "fib", "cpqueens": "queens", "cpknary": "knary"}


def label(stdout):
    """The application and its input as the program prints them."""
    m = re.match(r"(\w+\([^)]*\))", stdout)
    return m.group(1) if m else stdout.split()[0]


def measure(apps, build, size, runs, prof_runs, procs):
    """Runs everything; returns {app: results}."""
    res = {}
    for app in apps:
        log(f"{app}: compiling serial, {', '.join(MODES)} and profile builds")
        twin = SERIAL_TWIN.get(app, app)
        exe = {"serial": compile_cilk(build, twin, "serial")}
        for m in MODES:
            exe[m] = compile_cilk(build, app, m)
            exe[m + "-prof"] = compile_cilk(
                build, app, m, ["-fplugin-arg-cilk-profile"],
                f"{app}-{m}-prof")
        args = ["-b", size]
        r = {"stats": {}, "prof": {}}
        for b in ["serial"] + MODES:
            out = run(exe[b], ["-c"] + args, procs[-1])[2].stdout
            if "check: ok" not in out:
                sys.exit(f"bench: {exe[b]} -c {' '.join(args)}: {out}")
        r["label"] = ("cp" if twin != app else "") + label(out)
        log(f"{r['label']}: -c passed in every mode on {procs[-1]} workers")
        builds = [("serial", 1)] + [(m, p) for m in MODES for p in procs]
        profs = [(m, p) for m in MODES for p in sorted({1, procs[-1]})]
        for i in range(max(runs, prof_runs)):
            log(f"{r['label']} round {i + 1}/{max(runs, prof_runs)}")
            for b, p in builds if i < runs else ():
                r["stats"].setdefault((b, p), []).append(
                    run(exe[b], args, p, stats=True)[1])
            for m, p in profs if i < prof_runs else ():
                err = run(exe[m + "-prof"], args, p,
                          env={"CILK_PROFILE": "time",
                               "CILK_PROFILE_GRAIN": "0"})[2].stderr
                r["prof"].setdefault((m, p), []).append(parse_profile(err))
        res[app] = r
    return res


def derive(r, mode, procs):
    """The figure's column for one application in one mode."""
    med = statistics.median
    wall = lambda b, p: med(s["wall"] for s in r["stats"][(b, p)])
    t_serial = wall("serial", 1)
    t1 = wall(mode, 1)
    prof1 = r["prof"][(mode, 1)]
    par = med(x[2] for x in prof1)
    threads = prof1[0][3]
    c = {"T_serial": t_serial, "T_1": t1, "T_serial/T_1": t_serial / t1,
         "T_inf": t1 / par, "T_1/T_inf": par, "threads": threads,
         "thread length (us)": t1 / threads * 1e6,
         "profile T_1 / T_1": med(x[0] for x in prof1) / t1}
    for p in procs:
        tp = wall(mode, p)
        st = r["stats"][(mode, p)]
        c[("T_P", p)] = tp
        c[("T_1/P + T_inf", p)] = t1 / p + t1 / par
        c[("T_1/T_P", p)] = t1 / tp
        c[("T_1/(P T_P)", p)] = t1 / (p * tp)
        c[("space/proc", p)] = med(s["space"] for s in st)
        c[("requests/proc", p)] = med(s["requests"] for s in st) / p
        c[("steals/proc", p)] = med(s["steals"] for s in st) / p
    return c


def stability(res, apps, procs):
    """Per application and mode: the profile's median T_1 and T_inf on 1
    and on procs[-1] workers, their ratio, and the run-to-run spread."""
    rows = []
    top = procs[-1]
    for app in apps:
        for m in MODES:
            row = [res[app]["label"], m]
            for k in (0, 1):
                v = {p: [x[k] for x in res[app]["prof"][(m, p)]]
                     for p in (1, top)}
                meds = {p: statistics.median(v[p]) for p in v}
                spread = max((max(v[p]) - min(v[p])) / meds[p] for p in v)
                row += [meds[1], meds[top], meds[top] / meds[1] - 1, spread]
            rows.append(row)
    return rows


def report(res, apps, procs, mach, a):
    L = []
    w = L.append
    size = "short" if a.quick else "medium"
    w(f"# Figure 6 of the Cilk paper, {datetime.date.today().isoformat()}\n")
    apps_opt = "" if apps == APPS else f" --apps {','.join(apps)}"
    w(f"Command: `python3 bench/figure6.py{' --quick' if a.quick else ''}"
      f"{apps_opt}` "
      f"(inputs `-b {size}`, {a.runs} timed runs of every build, "
      f"{a.profile_runs} of every profile build; total "
      f"{time.time() - T0:.0f} s).\n")
    w("## Machine\n")
    L.extend(machine_lines(mach))
    w("")
    w("## How to read it\n")
    w("The paper's rows, one table per closure-creation mode, one column "
      "per application. T_serial: the serial elision (clang -O2; for a "
      "continuation-passing version, cp*, its Cilk-5 twin's). T_1, T_P: "
      "the mode's build on 1 and P workers, `--stats` wall time (the "
      "computation, without process start-up), medians. T_inf = T_1 / "
      "(work/span measured by the mode's profile build on one worker); "
      "\"profile T_1 / T_1\" is what the profile's hooks cost. threads: the "
      "profile's exact count; thread length = T_1 / threads. space/proc: "
      "the most runtime frames live at once on one worker (the paper's "
      "closures); requests/proc and steals/proc: `--stats` totals / P, "
      "medians. Every application first passed its `-c` check in every "
      f"mode on {procs[-1]} workers.\n")
    cols = [res[app]["label"] for app in apps]
    for m in MODES:
        d = [derive(res[app], m, procs) for app in apps]
        w(f"## {m}\n")
        w("| | " + " | ".join(cols) + " |")
        w("|---|" + "---|" * len(cols))
        for k in ["T_serial", "T_1", "T_serial/T_1", "T_inf", "T_1/T_inf",
                  "threads", "thread length (us)", "profile T_1 / T_1"]:
            w(f"| {k} | " + " | ".join(fmt(c[k]) for c in d) + " |")
        for p in procs:
            w(f"| **P = {p}** |" + " |" * len(cols))
            for k in ["T_P", "T_1/P + T_inf", "T_1/T_P", "T_1/(P T_P)",
                      "space/proc", "requests/proc", "steals/proc"]:
                name = f"T_{p}" if k == "T_P" else k
                w(f"| {name} | " +
                  " | ".join(fmt(c[(k, p)]) for c in d) + " |")
        w("")
    rows = stability(res, apps, procs)
    top = procs[-1]
    w("## Stability of the profile across P\n")
    w(f"The profile builds' T_1 and T_inf (medians of {a.profile_runs} runs) "
      f"on 1 and "
      f"on {top} workers; change = T(P={top}) / T(P=1) - 1; spread: the "
      "larger run-to-run (max - min) / median of the two.\n")
    w(f"| application | mode | T_1 (P=1) | T_1 (P={top}) | change | spread "
      f"| T_inf (P=1) | T_inf (P={top}) | change | spread |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        w(f"| {row[0]} | {row[1]} | {fmt(row[2])} | {fmt(row[3])} | "
          f"{row[4] * 100:+.1f}% | {row[5] * 100:.1f}% | {fmt(row[6])} | "
          f"{fmt(row[7])} | {row[8] * 100:+.1f}% | {row[9] * 100:.1f}% |")
    t1c = [abs(r[4]) for r in rows]
    tic = [abs(r[8]) for r in rows]
    w("")
    w(f"Across all applications and modes, |change| of T_1: median "
      f"{statistics.median(t1c) * 100:.1f}%, largest {max(t1c) * 100:.1f}%; "
      f"of T_inf: median {statistics.median(tic) * 100:.1f}%, largest "
      f"{max(tic) * 100:.1f}%.\n")
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="the short inputs (-b short)")
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs of every build on every P")
    ap.add_argument("--profile-runs", type=int, default=5,
                    help="runs of every profile build on 1 and on cores "
                         "workers")
    ap.add_argument("--apps", default=",".join(APPS))
    common_options(ap, "result file (.md)")
    a = ap.parse_args()
    apps = a.apps.split(",")
    build_project(a.build, not a.no_install, [])
    mach = machine()
    procs = worker_counts(mach)
    res = measure(apps, a.build, "short" if a.quick else "medium", a.runs,
                  a.profile_runs, procs)
    text = report(res, apps, procs, mach, a)
    out = result_path(a.out, mach, "figure6")
    with open(out, "w") as f:
        f.write(text)
    log(f"wrote {out}")
    print(text)


if __name__ == "__main__":
    main()
