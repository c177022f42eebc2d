"""What the bench/ commands share: building the project, compiling the
examples in every mode, running a program with --stats, describing the
machine, and progress output.  Every command is one command from a fresh
Debian 12 machine: build_project() installs what it needs first."""
import datetime
import importlib.util
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODES = ["eager", "indolent", "sedative"]
T0 = time.time()


def log(msg):
    print(f"[bench {time.time() - T0:6.0f} s] {msg}", file=sys.stderr,
          flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True,
                          **kw).stdout


def build_project(build, install, packages=("python3-matplotlib",),
                  src=ROOT, targets=()):
    """Installs the dependencies plus `packages` (unless not `install`),
    then configures `build` from `src` if needed and builds `targets` there
    (everything if none)."""
    if install:
        log("installing dependencies (scripts/install-deps.sh)")
        subprocess.run(["bash", os.path.join(ROOT, "scripts/install-deps.sh"),
                        *packages], check=True, stdout=sys.stderr)
    if not os.path.exists(os.path.join(build, "build.ninja")):
        log(f"configuring {build}")
        subprocess.run(["cmake", "-S", src, "-B", build, "-G", "Ninja",
                        "-DCMAKE_BUILD_TYPE=Release"], check=True,
                       stdout=sys.stderr)
    log(f"building {' '.join(targets) or 'the plugin, pass and runtime'} "
        f"in {build}")
    subprocess.run(["ninja", "-C", build, *targets], check=True,
                   stdout=sys.stderr)


def build_revision(build, rev, targets=()):
    """Builds `targets` (everything if none) of git revision `rev` of this
    repository in <build>/bench-<rev>/build, from a worktree in
    <build>/bench-<rev>/src that is kept for the next run, and returns
    that build directory."""
    base = os.path.join(build, f"bench-{rev}")
    src, bld = os.path.join(base, "src"), os.path.join(base, "build")
    want = sh(["git", "-C", ROOT, "rev-parse", rev + "^{commit}"]).strip()
    have = ""
    if os.path.exists(os.path.join(src, ".git")):
        have = sh(["git", "-C", src, "rev-parse", "HEAD"]).strip()
    if have != want:
        log(f"checking out {rev} in {src}")
        subprocess.run(["rm", "-rf", base], check=True)
        subprocess.run(["git", "-C", ROOT, "worktree", "prune"], check=True)
        sh(["git", "-C", ROOT, "worktree", "add", "--detach", "-f", src,
            want])
    build_project(bld, False, src=src, targets=targets)
    return bld


def instructions(exe, args):
    """callgrind's total instruction count of one run of `exe args` on one
    worker (and one OpenMP thread, for the peers)."""
    r = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=/dev/null", exe,
                        *map(str, args)], capture_output=True, text=True,
                       env=run_env(1, {"CILK_NWORKERS": "1"}))
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or not m:
        sys.exit(f"bench: callgrind of {exe} failed:\n{r.stderr}")
    return int(m.group(1))


def use_system_matplotlib(script):
    """Debian's python3-matplotlib is importable by the system Python only
    (not by a pyenv or venv interpreter found first on PATH): re-runs
    `script` under /usr/bin/python3 (without reinstalling) if needed."""
    if importlib.util.find_spec("matplotlib") is None:
        if sys.executable == "/usr/bin/python3":
            sys.exit("bench: matplotlib is not installed "
                     "(apt-get install python3-matplotlib)")
        log("matplotlib: continuing under /usr/bin/python3")
        os.execv("/usr/bin/python3", ["/usr/bin/python3", script,
                                      *sys.argv[1:], "--no-install"])


def compile_cilk(build, app, mode, extra=(), name=None, libs=(), src=None):
    """Compiles examples/<app>.cilk (or the Cilk file `src`) in `mode` at
    -O2 (with `extra` flags, and `libs` linked before the runtime) into
    build/bench/ and returns the executable's path (named <app>-<mode>
    unless `name`)."""
    out = os.path.join(build, "bench")
    os.makedirs(out, exist_ok=True)
    exe = os.path.join(out, name or f"{app}-{mode}")
    sh(["clang-19", f"-fplugin={build}/lib/cilk/cilk.so",
        f"-fplugin-arg-cilk-mode={mode}", "-O2", *extra, "-x", "c",
        src or os.path.join(ROOT, "examples", app + ".cilk"), "-x", "none",
        *libs, f"-L{build}/lib", "-lcilkrt", "-lpthread", "-lm", "-o", exe])
    return exe


def parse_stats(stderr):
    """The --stats output: {"wall": seconds, column: total row value}, with
    None for a column printed as "-"."""
    head = re.search(r"cilk: worker (.*)", stderr).group(1).split()
    row = re.search(r"cilk: total (.*)", stderr).group(1).split()
    total = dict(zip(head, (int(v) if v != "-" else None for v in row)))
    total["wall"] = float(re.search(r"wall time ([\d.]+) s", stderr).group(1))
    return total


PROFILE = re.compile(r"work T_1 ([\d.]+) s, span T_inf ([\d.]+) s, "
                     r"parallelism ([\d.]+), threads (\d+)")


def parse_profile(stderr):
    """A profile build's line in time: (T_1, T_inf, parallelism, threads)."""
    g = PROFILE.search(stderr).groups()
    return float(g[0]), float(g[1]), float(g[2]), int(g[3])


def busy_seconds():
    """CPU seconds all processes have spent so far, from /proc/stat (every
    state but idle and iowait)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")


def run_env(p, extra=None):
    """The environment of a measured run on p workers: no stress mode, and
    OpenMP (the peers) on as many threads."""
    env = dict(os.environ, OMP_NUM_THREADS=str(p or 1), **(extra or {}))
    env.pop("CILK_STRESS", None)
    return env


def run(exe, args, p=None, stats=False, env=None):
    """Runs exe (on p workers, with --stats if asked) and returns its
    process wall time, its --stats totals (parse_stats; None unless asked)
    and the finished process (its stdout and stderr), which also carries
    `others`: the cores the rest of the machine kept busy on average while
    it ran (/proc/stat less the run's own CPU time; 10 ms resolution), and
    `cpu`: the run's own CPU time (user + system).  A failing run stops
    the bench."""
    cmd = [exe]
    if p is not None:
        cmd += ["--nproc", str(p)]
    if stats:
        cmd += ["--stats", "1"]
    env = run_env(p, env)
    own = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy = busy_seconds()
    t = time.perf_counter()
    r = subprocess.run(cmd + [str(a) for a in args], capture_output=True,
                       text=True, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    mine = (after.ru_utime - own.ru_utime) + (after.ru_stime - own.ru_stime)
    r.others = max(0.0, (busy_seconds() - busy - mine) / wall)
    r.cpu = mine
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    return wall, parse_stats(r.stderr) if stats else None, r


def cpu_side_by_side(exe, args, n=2):
    """Starts n copies of exe (one worker each) at once; returns each one's
    CPU time (user + system). Two serial runs at once show what the machine
    itself loses when both cores are busy (shared caches, memory bandwidth,
    a sibling hyperthread), which no runtime can win back."""
    procs = [subprocess.Popen([exe, "--nproc", "1", *map(str, args)],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=run_env(1))
             for _ in range(n)]
    cpus = []
    for p in procs:
        _, status, ru = os.wait4(p.pid, 0)
        if status:
            sys.exit(f"bench: {exe} failed side by side")
        cpus.append(ru.ru_utime + ru.ru_stime)
    return cpus


def summary(times):
    med = statistics.median(times)
    return {"min": min(times), "median": med, "max": max(times),
            "spread": (max(times) - min(times)) / med * 100}


def machine():
    """The machine's description, and a slug naming its results."""
    cpu = "unknown"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem = int(re.search(r"MemTotal:\s+(\d+)",
                        open("/proc/meminfo").read()).group(1)) // 1024
    osname = platform.platform()
    if os.path.exists("/etc/os-release"):
        m = re.search(r'PRETTY_NAME="([^"]*)"', open("/etc/os-release").read())
        osname = m.group(1) if m else osname
    cores = os.cpu_count()
    slug = re.sub(r"[^a-z0-9]+", "-", cpu.lower()).strip("-")
    slug = "-".join(slug.split("-")[:3])
    return {"cpu": cpu, "cores": cores, "mem_mib": mem, "os": osname,
            "kernel": platform.release(), "slug": f"{slug}-{cores}core",
            "clang": sh(["clang-19", "--version"]).splitlines()[0]}


def machine_lines(mach):
    """The machine's description as Markdown list items."""
    return [f"- CPU: {mach['cpu']}, {mach['cores']} cores online, "
            f"{mach['mem_mib']} MiB memory",
            f"- OS: {mach['os']}, kernel {mach['kernel']}",
            f"- Compiler: {mach['clang']}"]


def common_options(ap, out_help):
    """Adds the options every bench command has."""
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--no-install", action="store_true",
                    help="do not run scripts/install-deps.sh")
    ap.add_argument("--out", help=out_help)
    ap.add_argument("--json", metavar="FILE",
                    help="also write the headline figures here as JSON "
                         "(bench/run.py --table reads them)")


def write_json(path, figures):
    """Writes a command's headline figures (a dict) to --json, if given."""
    if path:
        with open(path, "w") as f:
            json.dump(figures, f, indent=1)


def worker_counts(mach):
    """P = 1 .. cores (at least 2)."""
    return list(range(1, max(2, mach["cores"]) + 1))


def result_path(out, mach, what):
    """--out, else bench/results/<date>-<machine>-<what>.md; its folder
    exists."""
    out = out or os.path.join(
        ROOT, "bench", "results",
        f"{datetime.date.today().isoformat()}-{mach['slug']}-{what}.md")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    return out


def write_report(out, mach, what, lines):
    """Writes the report's Markdown lines to --out (else result_path's
    file), prints them and says where they went."""
    out = result_path(out, mach, what)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    log(f"wrote {out}")


def fmt(v):
    """A measured number in a table: 4 significant digits or so."""
    if isinstance(v, int):
        return f"{v:,}"
    if v == 0:
        return "0"
    if abs(v) >= 100:
        return f"{v:.1f}"
    if abs(v) >= 1:
        return f"{v:.3f}"
    return f"{v:.4g}"
