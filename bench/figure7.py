#!/usr/bin/env python3
"""The Cilk paper's Figure 7 and its model fit on this machine: knary(n,k,r)
over a grid of shapes, in every closure-creation mode, on P = 1 .. cores
workers, fitted to T_P = c_1 T_1/P + c_inf T_inf; and a check that knary's
measured work and span follow its closed form.

usage: python3 bench/figure7.py [--quick] [--runs N] [--no-install]
                                [--build DIR] [--out FILE.md]

One command from a fresh Debian 12 machine.  For every shape (k, r) of the
grid, n is the largest depth whose tree has at most --nodes nodes
(default 1.5 million, --quick 400,000), so the shapes span parallelisms from
about 1 to several hundred.  Per shape and mode:

  T_1, T_P   wall times (--stats) of the mode's build, medians of --runs
  T_inf      T_1 / parallelism, the parallelism a profile build measures on
             one worker (median of --runs)
  strands    the profile under CILK_PROFILE=strands: thread count and
             threads on the critical path, compared with the closed form

The fit minimizes the relative error sum(((c_1 T_1/P + c_inf T_inf) - T_P)
/ T_P)^2 over every run, as in the paper (also with c_1 fixed to 1); it
reports 95% confidence intervals, R^2 and the mean relative error.  The
closed-form check explains the measured work and span of every shape with
three costs (a node's body strand, any other strand, Cilk main's own
strands) and the closed-form counts of each on the critical path.  Writes bench/results/<date>-<machine>-figure7.md and the
normalized-speedup plot (.png).
"""
import argparse
import datetime
import math
import os
import re
import statistics
import time

from benchlib import (MODES, T0, build_project, common_options,
                      compile_cilk, fmt, log, machine, machine_lines,
                      parse_profile, result_path, run, use_system_matplotlib,
                      worker_counts)

# (k, r): parallelism grows as (k / m)^n with m = r + [k > r].
SHAPES = [(2, 0), (3, 1), (5, 2), (4, 2), (5, 3), (6, 4), (7, 5), (8, 6),
          (10, 8), (3, 2), (4, 4)]
STRANDS = re.compile(r"strands: work (\d+), span (\d+)")
# Two-sided 95% quantiles of Student's t by degrees of freedom.
T95 = {1: 12.71, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447,
       7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131,
       20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t95(df):
    return T95[max(d for d in T95 if d <= df)] if df >= 1 else math.inf


def depth(k, limit):
    n, nodes, level = 0, 0, 1
    while nodes + level <= limit and n < 30:
        nodes += level
        level *= k
        n += 1
    return n


def closed_form(n, k, r):
    """knary(n, k, r) without Cilk main: (nodes, threads, body strands on
    the critical path, other strands on it); see
    test/Runtime/Inputs/span-closed-form.py.  A node's body is its first
    strand (the empty loop); its other strands end at a spawn, a sync or
    the return."""
    if n == 1:
        return 1, 1, 1, 0
    nodes, threads, body, other = closed_form(n - 1, k, r)
    m = r + (k > r)
    return (1 + k * nodes, 1 + k * threads + k + r + (k > r),
            1 + m * body, k + m * other)


def solve(a, b):
    """Solves the square system a x = b (Gaussian elimination)."""
    n = len(b)
    m = [list(row) + [v] for row, v in zip(a, b)]
    for i in range(n):
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        for r in range(i + 1, n):
            f = m[r][i] / m[i][i]
            m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) \
            / m[i][i]
    return x


def lstsq(rows, rhs):
    """Least squares: x minimizing |rows x - rhs|, and the diagonal of
    (rows^T rows)^-1 (the unknowns' variances over the residual's)."""
    k = len(rows[0])
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(k)]
           for i in range(k)]
    atb = [sum(r[i] * y for r, y in zip(rows, rhs)) for i in range(k)]
    inv = [solve(ata, [float(i == j) for i in range(k)])[j]
           for j in range(k)]
    return solve(ata, atb), inv


def fit(points, fix_c1=False):
    """points: (T_1/P, T_inf, T_P).  Minimizes the relative error; returns
    c_1, c_inf, their 95% half-intervals, R^2 and mean relative error."""
    n = len(points)
    # Each run's relative error is linear in the unknowns:
    # (c_1 T_1/P + c_inf T_inf - T_P) / T_P, with c_1 = 1 moved to the right.
    if fix_c1:
        rows = [(ti / tp,) for _, ti, tp in points]
        rhs = [1 - w / tp for w, _, tp in points]
    else:
        rows = [(w / tp, ti / tp) for w, ti, tp in points]
        rhs = [1.0] * n
    x, var = lstsq(rows, rhs)
    dof = n - len(x)
    res = [y - sum(a * c for a, c in zip(row, x))
           for row, y in zip(rows, rhs)]
    s2 = sum(e * e for e in res) / max(dof, 1)
    half = [t95(dof) * math.sqrt(s2 * v) for v in var]
    (c1, cinf), (e1, einf) = ((1.0, x[0]), (0.0, half[0])) if fix_c1 \
        else (x, half)
    pred = [c1 * w + cinf * ti for w, ti, _ in points]
    tps = [tp for _, _, tp in points]
    mean = statistics.mean(tps)
    r2 = 1 - sum((p - t) ** 2 for p, t in zip(pred, tps)) / \
        sum((t - mean) ** 2 for t in tps)
    mre = statistics.mean(abs(p - t) / t for p, t in zip(pred, tps))
    return {"c1": c1, "cinf": cinf, "e1": e1, "einf": einf, "r2": r2,
            "mre": mre, "n": n}


def measure(build, nodes, runs, procs):
    exe = {}
    for m in MODES:
        exe[m] = compile_cilk(build, "knary", m)
        exe[m + "-prof"] = compile_cilk(
            build, "knary", m, ["-fplugin-arg-cilk-profile"],
            f"knary-{m}-prof")
    data = []
    for k, r in SHAPES:
        n = depth(k, nodes)
        args = [n, k, r]
        log(f"knary({n},{k},{r})")
        d = {"n": n, "k": k, "r": r, "wall": {}, "prof": {}, "strands": {}}
        for i in range(runs):
            for m in MODES:
                for p in procs:
                    st = run(exe[m], args, p, stats=True)[1]
                    d["wall"].setdefault((m, p), []).append(st["wall"])
                err = run(exe[m + "-prof"], args, 1,
                          env={"CILK_PROFILE": "time",
                               "CILK_PROFILE_GRAIN": "0"})[2].stderr
                d["prof"].setdefault(m, []).append(parse_profile(err))
        for m in MODES:
            err = run(exe[m + "-prof"], args, procs[-1],
                      env={"CILK_PROFILE": "strands"})[2].stderr
            d["strands"][m] = tuple(map(int, STRANDS.search(err).groups()))
        data.append(d)
    return data


def analyse(data, procs):
    med = statistics.median
    points = {m: [] for m in MODES}
    rows = []
    for d in data:
        for m in MODES:
            t1 = med(d["wall"][(m, 1)])
            par = med(x[2] for x in d["prof"][m])
            tinf = t1 / par
            for p in procs:
                for tp in d["wall"][(m, p)]:
                    points[m].append((t1 / p, tinf, tp, p, par))
            nodes, threads, body, other = closed_form(d["n"], d["k"],
                                                       d["r"])
            rows.append({"d": d, "mode": m, "t1": t1, "tinf": tinf,
                         "par": par, "nodes": nodes, "body": body,
                         "other": other, "knary_threads": threads,
                         "threads": threads + 3,
                         "span": body + other + 2,
                         "prof_t1": min(x[0] for x in d["prof"][m]),
                         "prof_tinf": min(x[1] for x in d["prof"][m]),
                         "strands": d["strands"][m]})
    fits = {}
    for m in MODES + ["all"]:
        pts = [q[:3] for mm in MODES for q in points[mm]] if m == "all" \
            else [q[:3] for q in points[m]]
        fits[m] = (fit(pts), fit(pts, fix_c1=True))
    # Three costs per mode, fitted to the profile's work and span of every
    # shape at once (least squares on relative error): a body strand t_b,
    # any other strand t_s, and Cilk main's own strands c_0 (setup before
    # its spawn, the result's printf after its sync), which lie both in
    # the work and on the critical path.
    costs = {}
    for m in MODES:
        rs = [x for x in rows if x["mode"] == m]
        eqs = [((x["nodes"], x["knary_threads"] - x["nodes"], 1),
                x["prof_t1"]) for x in rs] + \
              [((x["body"], x["other"], 1), x["prof_tinf"]) for x in rs]
        (tb, ts, c0), _ = lstsq([[v / t for v in row] for row, t in eqs],
                                [1.0] * len(eqs))
        costs[m] = (tb, ts, c0)
        for x in rs:
            x["pred_t1"] = (x["nodes"] * tb +
                            (x["knary_threads"] - x["nodes"]) * ts + c0)
            x["pred_tinf"] = x["body"] * tb + x["other"] * ts + c0
    return points, fits, costs, rows


def plot(path, points, fits, procs):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 6))
    marks = {"eager": "o", "indolent": "s", "sedative": "^"}
    xs = []
    for m in MODES:
        x = [p / par for (_, _, _, p, par) in points[m]]
        y = [(w * p / tp) / par for (w, _, tp, p, par) in points[m]]
        xs += x
        ax.scatter(x, y, marker=marks[m], facecolors="none",
                   edgecolors=f"C{MODES.index(m)}", label=f"{m} runs")
    lo, hi = min(xs) / 2, max(max(xs) * 2, 4)
    grid = [lo * (hi / lo) ** (i / 200) for i in range(201)]
    ax.plot(grid, grid, "k-", lw=1, label="linear speedup bound")
    ax.plot(grid, [1] * len(grid), "k--", lw=1,
            label="critical path bound")
    f = fits["all"][0]
    ax.plot(grid, [1 / (f["c1"] / x + f["cinf"]) for x in grid], "C3-",
            label=f"fit: T_P = {f['c1']:.3f} T_1/P + {f['cinf']:.3f} T_inf")
    for c, style in ((1, ":"), (2, "-.")):
        ax.plot(grid, [1 / (1 / x + c) for x in grid], f"C7{style}",
                label=f"T_P = T_1/P + {c} T_inf")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("normalized machine size P / (T_1/T_inf)")
    ax.set_ylabel("normalized speedup (T_1/T_P) / (T_1/T_inf)")
    ax.set_title(f"knary, P = 1..{procs[-1]} (Cilk paper, Figure 7)")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def report(a, mach, procs, points, fits, costs, rows, png):
    L = []
    w = L.append
    w(f"# knary model fit and Figure 7, "
      f"{datetime.date.today().isoformat()}\n")
    w(f"Command: `python3 bench/figure7.py{' --quick' if a.quick else ''}` "
      f"(trees of at most {a.nodes:,} nodes, {a.runs} runs of everything; "
      f"total {time.time() - T0:.0f} s).\n")
    w("## Machine\n")
    L.extend(machine_lines(mach))
    w("")
    w("## Fit: T_P = c_1 T_1/P + c_inf T_inf\n")
    w(f"Every timed run on P = 1..{procs[-1]} (T_1 and T_inf are the "
      "shape's medians), least squares on the relative error, 95% "
      "confidence intervals. The paper (CM5, P up to 256): c_1 = 0.9543 "
      "± 0.1775, c_inf = 1.54 ± 0.3888, R^2 0.989, mean relative error "
      "13.07%; with c_1 = 1: c_inf = 1.509 ± 0.3727, R^2 0.984, 4.04%.\n")
    w("| mode | runs | c_1 | c_inf | R^2 | mean rel. error | c_inf "
      "(c_1 = 1) | R^2 | mean rel. error |")
    w("|---|---|---|---|---|---|---|---|---|")
    for m in MODES + ["all"]:
        f, g = fits[m]
        w(f"| {m} | {f['n']} | {f['c1']:.4f} ± {f['e1']:.4f} | "
          f"{f['cinf']:.3f} ± {f['einf']:.3f} | {f['r2']:.4f} | "
          f"{f['mre'] * 100:.2f}% | {g['cinf']:.3f} ± {g['einf']:.3f} | "
          f"{g['r2']:.4f} | {g['mre'] * 100:.2f}% |")
    w("")
    w(f"Plot: `{os.path.basename(png)}` (normalized speedup against "
      "normalized machine size, log-log, with both bounds, the fit and "
      "the paper's comparison curves).\n")
    w("## Closed form\n")
    w("knary(n,k,r) has N = sum k^i nodes (i < n). With each thread "
      "weighing 1 (CILK_PROFILE=strands), work and span are the closed "
      "form's exactly: a node has k + r + [k > r] + 1 threads, and its "
      "critical path holds its body strand, k other strands and m = r + "
      "[k > r] children's critical paths: S(n) = m S(n-1) + k + 1 threads "
      "(Cilk main adds 3 threads and 2 to the span). In time, with a body "
      "strand (the 400-iteration loop) costing t_b, any other strand t_s "
      "and Cilk main's own strands c_0, the same structure predicts\n\n"
      "    T_1 = N t_b + (threads - N) t_s + c_0,   "
      "T_inf = B t_b + O t_s + c_0,\n\n"
      "with B(n) = 1 + m B(n-1), O(n) = k + m O(n-1) the body and other "
      "strands on the critical path. The three costs are fitted to the "
      "measured T_1 and T_inf of all shapes at once (2 x shapes numbers, "
      "per mode, least squares on relative error); the errors below say "
      "how well that one structure explains every measurement. T_1 and "
      "T_inf are the profile build's own on one worker, the least of the "
      "runs: an interruption of the process only ever adds to a strand, "
      "and a short span can be mostly interruptions (its hooks are part "
      "of t_s).\n")
    w("| mode | t_b (ns) | t_s (ns) | c_0 (us) |")
    w("|---|---|---|---|")
    for m in MODES:
        w(f"| {m} | {costs[m][0] * 1e9:.1f} | {costs[m][1] * 1e9:.1f} | "
          f"{costs[m][2] * 1e6:.1f} |")
    w("")
    w("| knary | mode | nodes | threads | strand span | = closed form | "
      "T_1 (profile, s) | error of T_1 | T_inf (profile, s) | error of "
      "T_inf | T_1/T_inf | T_1 (s) | "
      f"T_{procs[-1]} (s) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    e1, einf = [], []
    for x in rows:
        d = x["d"]
        ok = x["strands"] == (x["threads"], x["span"])
        err1 = x["prof_t1"] / x["pred_t1"] - 1
        err = x["prof_tinf"] / x["pred_tinf"] - 1
        e1.append(abs(err1))
        einf.append(abs(err))
        top = statistics.median(d["wall"][(x["mode"], procs[-1])])
        w(f"| ({d['n']},{d['k']},{d['r']}) | {x['mode']} | "
          f"{x['nodes']:,} | {x['strands'][0]:,} | {x['strands'][1]:,} | "
          f"{'yes' if ok else 'NO: ' + str((x['threads'], x['span']))}"
          f" | {fmt(x['prof_t1'])} | {err1 * 100:+.1f}% | "
          f"{fmt(x['prof_tinf'])} | {err * 100:+.1f}% | {fmt(x['par'])} | "
          f"{fmt(x['t1'])} | {fmt(top)} |")
    w("")
    w(f"Measured against the closed form: T_1 median |error| "
      f"{statistics.median(e1) * 100:.1f}% (largest "
      f"{max(e1) * 100:.1f}%), T_inf median |error| "
      f"{statistics.median(einf) * 100:.1f}% (largest "
      f"{max(einf) * 100:.1f}%). Strand counts equal to the closed form in "
      f"{sum(x['strands'] == (x['threads'], x['span']) for x in rows)} of "
      f"{len(rows)} shapes × modes.\n")
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="trees of at most 400,000 nodes")
    ap.add_argument("--nodes", type=int,
                    help="tree size limit (default 1,500,000)")
    ap.add_argument("--runs", type=int, default=3)
    common_options(ap, "result file (.md; the plot is .png)")
    a = ap.parse_args()
    a.nodes = a.nodes or (400000 if a.quick else 1500000)
    build_project(a.build, not a.no_install)
    use_system_matplotlib(__file__)
    mach = machine()
    procs = worker_counts(mach)
    data = measure(a.build, a.nodes, a.runs, procs)
    points, fits, costs, rows = analyse(data, procs)
    out = result_path(a.out, mach, "figure7")
    png = out[:-3] + ".png"
    plot(png, points, fits, procs)
    text = report(a, mach, procs, points, fits, costs, rows, png)
    with open(out, "w") as f:
        f.write(text)
    log(f"wrote {out} and {png}")
    print(text)


if __name__ == "__main__":
    main()
