#!/usr/bin/env python3
"""Differential fuzzing of the pass: unusual-but-valid C around spawns,
compiled in every mode and run under stress, must print exactly what the
serial program prints.

usage: fuzz.py --seed N --count N --workdir DIR --cilkcc CMD --cilkrt FLAGS
               [--modes eager,indolent,sedative] [--opt -O0,-O1,-O2,-O3]
               [--nproc 1,2,3,4,8] [--jobs J] [--profile] [--race-lib FLAGS]
               [--opencilk-share F] [--mutate SOURCES...]

Each test program is either generated (a random Cilk program that is
race-free by construction: every spawn's destination is written by one
child and read only after a sync, except `op=` spawns, which Cilk-5 makes
atomic) or, with --mutate, one of the given deterministic Cilk programs
with its spawn statements wrapped in unusual control flow. Generated
programs use statement expressions, _Generic, labels and goto (forward and
backward), switch fall-through, K&R definitions, attributes, bit-fields,
_Complex, __int128, long double, _Atomic, struct results and by-value
struct arguments, VLAs of structs, pointers into the parent's frame, spawns
in loops with break/continue and nested blocks.

For each program: its serial elision compiled by gcc, the plugin's serial
mode and each parallel mode (one -O level per program, drawn at random) must
all compile and must print the same and exit alike, each parallel mode run
under CILK_STRESS=1 at two worker counts drawn from --nproc and once without
stress; with --profile, a profile build in one parallel mode likewise.
A share of the generated programs (--opencilk-share, 0.3) is compiled in
OpenCilk's spelling instead (no `cilk`, cilk_spawn, cilk_sync, a plain
main, <cilk/cilk.h>): the same program, the same elision; half of those
put some spawn statements and blocks in cilk_scopes, one or two deep (sync
regions: each scope's end waits for its own children only), and half make
some spawn statements spawned blocks (`cilk_spawn { x = f(a); }`).
A compiler crash, a valid program rejected, a difference or a hang
is a failure; the program is kept in DIR with a note of what failed.
Mutants that gcc itself rejects are discarded (counted, not failures).
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from elide import elide  # noqa: E402

PRELUDE = r"""#include <stdio.h>
#include <string.h>
#include <complex.h>
typedef struct { long a; int b; unsigned char c[5]; } P;
typedef struct { unsigned x : 5; long y : 37; unsigned z : 1; int w : 9; } BF;
typedef struct { long v[300]; } Big;
static volatile int fz_zero = 0, fz_one = 1;
static unsigned long fz_mix(unsigned long h, unsigned long v)
{ return (h ^ v) * 0x100000001b3ul + (h >> 29); }
static unsigned long fz_bits(const void *p, size_t n)
{ unsigned long h = n; unsigned char b[32]; memset(b, 0, sizeof b);
  memcpy(b, p, n < 32 ? n : 32);
  for (size_t i = 0; i < 32; i++) h = fz_mix(h, b[i]); return h; }
#define FZ_H(h, v) ((h) = fz_bits_of(h, &(v), sizeof(v)))
static unsigned long fz_bits_of(unsigned long h, const void *p, size_t n)
{ return fz_mix(h, fz_bits(p, n)); }
static long *fz_at(long *a, long i) { return a + i; }
static long fz_scratch[1] = {17};
/* The leaves' calls in serial order, hashed in a reducer whose operation
 * does not commute (a plain variable in the elision). */
typedef struct { unsigned long h, m; } fz_tr;
static void fz_tr_id(void *v) { ((fz_tr *)v)->h = 0; ((fz_tr *)v)->m = 1; }
static void fz_tr_cat(void *l, void *r)
{ fz_tr *a = l, *b = r; a->h = a->h * b->m + b->h; a->m *= b->m; }
#ifdef __cilk
static fz_tr cilk_reducer(fz_tr_id, fz_tr_cat) fz_trace = {0, 1};
#else
static fz_tr fz_trace = {0, 1};
#endif
#define FZ_TRACE(k) (fz_trace.h = fz_trace.h * 31 + (unsigned long)(k), fz_trace.m *= 31)
"""

# The leaves: one Cilk procedure per result type, each a function of k.
LEAVES = r"""cilk int fz_int(long k) { FZ_TRACE(k); return (int)((k * 7 + 3) & 0xffff); }
cilk long fz_long(long k) { FZ_TRACE(k); return k * 1000003 + 11; }
cilk unsigned fz_unsigned(long k) { FZ_TRACE(k); return (unsigned)k * 2654435761u; }
cilk short fz_short(long k) { FZ_TRACE(k); return (short)(k * 31 - 7); }
cilk unsigned char fz_uchar(long k) { FZ_TRACE(k); return (unsigned char)(k * 13 + 1); }
cilk double fz_double(long k) { FZ_TRACE(k); return k * 0.75 + 0.125; }
cilk float fz_float(long k) { FZ_TRACE(k); return (float)k / 3.0f; }
cilk long double fz_ldouble(long k) { FZ_TRACE(k); return (long double)k / 7.0L; }
cilk __int128 fz_i128(long k)
{ return (__int128)(((unsigned __int128)(unsigned long)k << 66) + (unsigned long)k); }
cilk double _Complex fz_cx(long k) { FZ_TRACE(k); return k * 0.5 + (k + 1) * 0.25 * I; }
cilk P fz_p(long k) { FZ_TRACE(k); P p = {k * 3, (int)(k & 0xff), {1, 2, (unsigned char)k, 4, 5}}; return p; }
cilk long fz_fib(long k)
{ long a, b; if (k < 2) return k; a = spawn fz_fib(k - 1); b = spawn fz_fib(k - 2); sync; return a + b; }
cilk void fz_put(long *p, long k) { *p = k * 5 + 2; }
cilk long fz_big(Big b, long k) { long s = k; for (int i = 0; i < 300; i += 37) s += b.v[i]; return s; }
cilk long fz_pa(P p, long k) { return p.a * 3 + p.b + p.c[2] + k; }
"""

# type: (leaf, allowed op-assignments besides '=')
SCALARS = {
    "int": ("fz_int", ["+=", "-=", "^="]),
    "long": ("fz_long", ["+=", "-=", "|="]),
    "unsigned": ("fz_unsigned", ["+=", "*=", "^="]),
    "short": ("fz_short", ["+="]),
    "unsigned char": ("fz_uchar", ["+=", "^="]),
    "double": ("fz_double", ["+=", "*="]),
    "float": ("fz_float", ["+="]),
    "long double": ("fz_ldouble", ["+="]),
    "__int128": ("fz_i128", ["+=", "-="]),
    "double _Complex": ("fz_cx", ["+=", "*="]),
}
# Floating-point op= spawns do not commute: one outstanding at a time.
FLOATING = {"double", "float", "long double", "double _Complex"}
# Types a K&R definition may take unchanged by the default promotions.
KR_SAFE = {"long", "double", "int", "P", "Big", "__int128", "long *"}


# Locals a procedure may have: name, kind, chance, declaration.
OPTIONAL_LOCALS = [
    ("arr", "arr", 0.6, "long arr[4] = {n, 1, 2, 3};"),
    ("ps", "P", 0.5, "P ps = {n, 7, {9, 8, 7, 6, 5}};"),
    ("bf", "BF", 0.5, "BF bf = {1, -2, 1, 3};"),
    ("at", "atomic", 0.3, "_Atomic long at = n;"),
    ("vl", "vla", 0.3, "int vl_n = (int)(n % 3) + 2; P vl[vl_n]; "
     "memset(vl, 0, sizeof vl);"),
    ("bg", "big", 0.25, "Big bg; for (int fz_k = 0; fz_k < 300; fz_k++) "
     "bg.v[fz_k] = fz_k + n;"),
]


class Proc:
    """One generated Cilk procedure: its text and what is pending."""

    def __init__(self, gen, index):
        self.g = gen
        self.r = gen.r
        self.index = index
        self.name = f"p{index}"
        self.lines = []
        self.vars = {}     # name -> kind ('scalar:T', 'arr', 'P', 'BF', ...)
        self.pending = {}  # name -> '=' or the op of its outstanding spawns
        self.labels = 0
        self.depth = 1
        self.pair = "P"    # a struct type and a long value the wrappers use
        self.val = "n"

    # --- emitting -------------------------------------------------------
    def emit(self, s):
        self.lines.append("  " * self.depth + s)

    def fresh(self, prefix):
        self.labels += 1
        return f"{prefix}{self.labels}"

    # --- values ----------------------------------------------------------
    def readable(self, kinds=None):
        return [v for v, k in self.vars.items() if v not in self.pending
                and (kinds is None or k in kinds)]

    def long_expr(self):
        """A long expression over the readable locals, in unusual forms."""
        r = self.r
        ints = self.readable({"scalar:int", "scalar:long", "scalar:unsigned",
                              "scalar:short", "scalar:unsigned char"})
        base = r.choice(ints) if ints and r.random() < 0.7 else "n"
        c = r.randrange(1, 9)
        forms = [
            f"(long)({base}) + {c}",
            f"_Generic(({base}), int: (long)({base}), default: (long)({base}) * {c})",
            f"({{ long fz_t = (long)({base}); fz_t ^ {c}; }})",
            f"(fz_one ? (long)({base}) & 1023 : {c})",
            f"((long)({base}) > 3 && fz_one) + {c}",
            f"((P){{.a = (long)({base}) & 255, .b = {c}}}).a",
            f"(long)__builtin_popcountl((unsigned long)({base})) + {c}",
            f"(long)sizeof(int[{c}]) + ((long)({base}) & 63)",
        ]
        return r.choice(forms)

    def small(self):
        return f"(({self.long_expr()}) & 15)"

    # --- spawn statements -----------------------------------------------
    def spawn_stmt(self):
        """One spawn statement into a destination that no outstanding child
        writes (or one written only by op= spawns, for another op=)."""
        r = self.r
        choices = []
        for v, k in self.vars.items():
            p = self.pending.get(v)
            if k.startswith("scalar:"):
                t = k[7:]
                leaf, ops = SCALARS[t]
                if p is None:
                    choices.append(("scalar", v, t, r.choice(["="] + ops)))
                elif p != "=":
                    choices.append(("scalar", v, t, p))
            elif k == "atomic" and p in (None, "+="):
                choices.append(("atomic", v, None, "+="))
            elif p is None:
                choices.append((k, v, None, "="))
        if not choices:
            return None
        kind, v, t, op = r.choice(choices)
        arg = self.long_expr()
        if kind == "scalar":
            leaf = SCALARS[t][0]
            if leaf == "fz_long" and r.random() < 0.3:
                leaf, arg = "fz_fib", self.small()
            stmt = f"{v} {op} spawn {leaf}({arg});"
        elif kind == "atomic":
            stmt = f"{v} += spawn fz_long({arg});"
        elif kind == "arr":
            i = r.randrange(4)
            stmt = r.choice([
                f"{v}[{i}] = spawn fz_long({arg});",
                f"*fz_at({v}, {i}) = spawn fz_long({arg});",
                f"spawn fz_put(&{v}[{i}], {arg});",
                f"spawn fz_put({v} + {i}, {arg});",
            ])
        elif kind == "P":
            stmt = r.choice([
                f"{v} = spawn fz_p({arg});",
                f"{v}.a = spawn fz_long({arg});",
                f"{v}.c[{r.randrange(5)}] = spawn fz_uchar({arg});",
                f"{v}.b = spawn fz_int({arg});",
            ])
        elif kind == "BF":
            f, leaf = r.choice([("x", "fz_int"), ("y", "fz_long"),
                                ("z", "fz_int"), ("w", "fz_short")])
            stmt = f"{v}.{f} {r.choice(['=', '+='])} spawn {leaf}({arg});"
        elif kind == "vla":
            stmt = r.choice([
                f"{v}[{v}_n - 1].a = spawn fz_long({arg});",
                f"{v}[0] = spawn fz_p({arg});",
            ])
        elif kind == "big":
            # By value: the child must get the copy made before the spawn,
            # whatever the parent writes into the local afterwards.
            dst = self.g_scalar_dest("long")
            if dst is None:
                return None
            stmt = (f"{dst} = spawn fz_big({v}, {arg}); "
                    f"{v}.v[{r.randrange(0, 300, 37)}] += 1000;")
            self.pending[dst] = "="
            return stmt
        else:
            return None
        self.pending[v] = op if kind == "atomic" or (
            kind == "scalar" and t not in FLOATING) else "="
        return stmt

    def g_scalar_dest(self, t):
        c = [v for v, k in self.vars.items()
             if k == f"scalar:{t}" and v not in self.pending]
        return self.r.choice(c) if c else None

    def call_stmt(self):
        """A spawn of another generated procedure (lower-numbered or itself),
        guarded by the depth parameter."""
        r = self.r
        target = r.randrange(self.index + 1)
        dst = self.g_scalar_dest("long")
        if dst is None:
            return None
        proc = self.g.protos[target]
        args = ["n - 1"] + [self.g.arg_of(t, self) for t in proc[1]]
        self.pending[dst] = "="
        return f"if (n > 0) {dst} = spawn p{target}({', '.join(args)});"

    # --- wrappers: one statement in, one statement out ---------------------
    def wrap(self, s):
        r = self.r
        k = r.randrange(12)
        if k == 0:
            return f"{{ {{ {s} }} }}"
        if k == 1:
            lab = self.fresh("fz_fwd")
            return f"{{ goto {lab}; {lab}: {s} }}"
        if k == 2:
            lab, c = self.fresh("fz_back"), self.fresh("fz_c")
            return (f"{{ int {c} = 0; {lab}: if (!{c}++) {{ {s} goto {lab}; }} }}")
        if k == 3:
            return (f"switch (fz_zero) {{ case 1: break; case 0: {s} "
                    f"/* fall through */ default: ; }}")
        if k == 4:
            return f"do {{ {s} }} while (fz_zero);"
        if k == 5:
            c = self.fresh("fz_i")
            return f"for (int {c} = 0; {c} < 1; {c}++) {{ {s} }}"
        if k == 6:
            return f"if (fz_one) {{ {s} }} else {{ ; }}"
        if k == 7:
            return f"(void)({{ {s} 0; }});"
        if k == 8:
            u = self.fresh("fz_u")
            return f"{{ __attribute__((unused)) int {u} = fz_one; {s} }}"
        if k == 9:
            vn, vv = self.fresh("fz_n"), self.fresh("fz_v")
            return (f"{{ int {vn} = fz_one + 2; {self.pair} {vv}[{vn}]; "
                    f"{vv}[{vn} - 1].b = {vn}; {s} "
                    f"if ({vv}[{vn} - 1].b != {vn}) __builtin_trap(); }}")
        if k == 10:
            a = self.fresh("fz_al")
            return (f"{{ long {a} __attribute__((aligned(64))) = {self.val}; "
                    f"{s} if ({a} != {self.val}) __builtin_trap(); }}")
        return s

    # --- statements ------------------------------------------------------
    def parent_stmt(self):
        """The parent writes a local no child is writing."""
        r = self.r
        free = [v for v, k in self.vars.items() if v not in self.pending
                and k in ("scalar:long", "scalar:int", "scalar:unsigned",
                          "scalar:double", "P", "BF", "arr")]
        if not free:
            return None
        v = r.choice(free)
        k = self.vars[v]
        e = self.long_expr()
        if k == "P":
            return f"{v}.b ^= (int)({e});"
        if k == "BF":
            return f"{v}.w = (int)(({e}) & 127);"
        if k == "arr":
            return f"{v}[{r.randrange(4)}] += {e};"
        if k == "scalar:double":
            return f"{v} = {v} * 0.5 + (double)({e});"
        return f"{v} ^= ({k[7:]})({e});"

    def loop_stmt(self):
        r = self.r
        arrs = [v for v, k in self.vars.items()
                if k == "arr" and v not in self.pending]
        accs = [v for v, k in self.vars.items()
                if k in ("scalar:long", "scalar:unsigned", "scalar:__int128")
                and self.pending.get(v) in (None, "+=")]
        i = self.fresh("fz_i")
        body = None
        if arrs and r.random() < 0.5:
            a = r.choice(arrs)
            self.pending[a] = "="
            body = r.choice([f"{a}[{i}] = spawn fz_long(n + {i});",
                             f"spawn fz_put(&{a}[{i}], {i} * n);"])
        elif accs:
            a = r.choice(accs)
            self.pending[a] = "+="
            leaf = SCALARS[self.vars[a][7:]][0]
            body = f"{a} += spawn {leaf}({i} + n);"
        if body is None:
            return None
        body = self.wrap(body)
        form = r.randrange(4)
        if form == 0:
            return f"for (long {i} = 0; {i} < 4; {i}++) {body}"
        if form == 1:
            return (f"for (long {i} = 0; {i} < 4; {i}++) {{ if ({i} == 1) "
                    f"continue; {body} if ({i} == 2 && fz_one) break; }}")
        if form == 2:
            return f"{{ long {i} = 0; while ({i} < 4) {{ {body} {i}++; }} }}"
        lab = self.fresh("fz_loop")
        return f"{{ long {i} = 0; {lab}: {body} if (++{i} < 4) goto {lab}; }}"

    def switch_stmt(self):
        r = self.r
        cases = []
        for c in range(3):
            s = self.spawn_stmt()
            if s is None:
                return None
            cases.append(f"case {c}: {s}" + (" break;" if r.random() < 0.4 else ""))
        return (f"switch ((int)(n % 4)) {{ {' '.join(cases)} "
                f"default: break; }}")

    def body(self):
        r = self.r
        for _ in range(r.randrange(3, 10)):
            x = r.random()
            if x < 0.45:
                s = self.spawn_stmt()
                s = s and self.wrap(s)
            elif x < 0.55:
                s = self.call_stmt()
            elif x < 0.65:
                s = self.loop_stmt()
            elif x < 0.72:
                s = self.switch_stmt()
            elif x < 0.85:
                s = self.parent_stmt()
            else:
                s = "sync;"
            if s is None:
                continue
            if s == "sync;":
                self.pending.clear()
            self.emit(s)


class Gen:
    def __init__(self, r):
        self.r = r
        self.protos = []  # (return, [extra param types], kr)

    def arg_of(self, t, proc):
        e = proc.long_expr()
        return {"long": f"({e})", "int": f"(int)({e})",
                "double": f"(double)({e}) * 0.5",
                "__int128": f"(__int128)({e}) << 3",
                "P": f"(P){{.a = {e}, .b = 2}}",
                "long *": "fz_scratch"}[t]

    def proc(self, index):
        r = self.r
        extra = r.sample(["int", "double", "P", "__int128", "long *"],
                         r.randrange(3))
        kr = r.random() < 0.2 and all(t in KR_SAFE for t in extra)
        self.protos.append(("long", extra, kr))
        p = Proc(self, index)
        params = [("long", "n")] + [(t, f"a{j}") for j, t in enumerate(extra)]
        attrs = r.choice(["", "static ", "__attribute__((noinline)) ",
                          "static __attribute__((cold)) "])
        if kr:
            names = ", ".join(n for _, n in params)
            decls = " ".join(f"{t} {n};" if not t.endswith("*") else
                             f"long *{n};" for t, n in params)
            head = f"{attrs}cilk long p{index}({names}) {decls}"
        else:
            head = (f"{attrs}cilk long p{index}(" +
                    ", ".join(f"{t} {n}" if not t.endswith("*") else f"long *{n}"
                              for t, n in params) + ")")
        proto = (f"{'static ' if 'static' in attrs else ''}cilk long p{index}(" +
                 ", ".join(t for t, _ in params) + ");")
        # Locals: a few of each family, all initialized from the parameters.
        decls = []
        for t in r.sample(list(SCALARS), r.randrange(2, 6)):
            v = f"v{len(p.vars)}"
            p.vars[v] = f"scalar:{t}"
            init = {"double _Complex": f"n + {len(p.vars)} * I"}.get(t, f"({t})(n + {len(p.vars)})")
            decls.append(f"{t} {v} = {init};")
        p.vars.setdefault("v_long", "scalar:long")
        decls.append("long v_long = n;")
        for v, kind, chance, decl in OPTIONAL_LOCALS:
            if r.random() < chance:
                p.vars[v] = kind
                decls.append(decl)
        for j, t in enumerate(extra):
            fold = {"int": f"v_long += a{j};", "double": f"v_long += (long)a{j};",
                    "P": f"v_long += a{j}.a + a{j}.b;",
                    "__int128": f"v_long += (long)(a{j} >> 2);",
                    "long *": f"v_long += a{j}[0];"}[t]
            decls.append(fold)
        for d in decls:
            p.emit(d)
        p.body()
        if r.random() < 0.7:
            p.emit("sync;")
            p.pending.clear()
        # The implicit sync before the return expression.
        p.emit("unsigned long h = 0;")
        folds = []
        for v, k in p.vars.items():
            if k == "big":
                folds.append("FZ_H(h, bg.v[37]);")
            elif k == "vla":
                folds.append("for (int fz_k = 0; fz_k < vl_n; fz_k++) "
                             "{ FZ_H(h, vl[fz_k].a); FZ_H(h, vl[fz_k].c); }")
            elif k == "BF":
                folds.append("h = fz_mix(h, bf.x); h = fz_mix(h, (unsigned long)bf.y); "
                             "h = fz_mix(h, bf.z); h = fz_mix(h, (unsigned long)bf.w);")
            elif k == "atomic":
                folds.append("h = fz_mix(h, (unsigned long)at);")
            elif k == "P":
                folds.append("FZ_H(h, ps.a); FZ_H(h, ps.b); FZ_H(h, ps.c);")
            elif k == "scalar:long double":
                folds.append(f"{{ double fz_d = (double){v}; FZ_H(h, fz_d); }}")
            else:
                folds.append(f"FZ_H(h, {v});")
        # Without the sync above, the fold reads results after the implicit
        # sync, which comes before the return expression.
        text = " ".join(folds)
        p.emit(f"return ({{ {text} (long)h; }});")
        return proto, head + "\n{\n" + "\n".join(p.lines) + "\n}\n", p

    def program(self):
        r = self.r
        protos, bodies = [], []
        nprocs = r.randrange(1, 5)
        for i in range(nprocs):
            proto, body, _ = self.proc(i)
            protos.append(proto)
            bodies.append(body)
        mainp = Proc(self, nprocs)
        lines = ["cilk int main(int argc, char *argv[])", "{",
                 "  long n = argc + 2;"]
        rs = []
        for i in range(nprocs):
            rs.append(f"r{i}")
        lines.append("  long " + ", ".join(rs) + ";")
        depth = r.randrange(3, 6)
        for i in range(nprocs):
            args = [str(depth)] + [self.arg_of(t, mainp) for t in self.protos[i][1]]
            lines.append(f"  r{i} = spawn p{i}({', '.join(args)});")
        lines.append("  sync;")
        for i in range(nprocs):
            lines.append(f'  printf("p{i}: %ld\\n", r{i});')
        lines.append('  printf("trace: %lx\\n", fz_trace.h);')
        lines.append("  return 0;")
        lines.append("}")
        return (PRELUDE + LEAVES + "\n".join(protos) + "\n" +
                "\n".join(bodies) + "\n".join(lines) + "\n")


# --- mutating existing programs ---------------------------------------------

SKIP = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
                  r'|^[ \t]*#[^\n]*', re.S | re.M)
CONTROL = re.compile(r"\s*(?:(if|while|for|switch)\s*\(|else\b|do\b)")
DECL_START = re.compile(r"\s*(?!spawn\b)(?:[A-Za-z_]\w*\s+)+[*A-Za-z_(]")

MUTANT_PRELUDE = ("static volatile int fz_zero = 0, fz_one = 1;\n"
                  "typedef struct { long a; int b; } fz_pair;\n")


def matching(text, i, step):
    """The index of the bracket matching text[i], scanning by step (+1 or
    -1), or None when the text ends first or a string is crossed."""
    opens, closes = ("([", ")]") if step > 0 else (")]", "([")
    depth = 0
    while 0 <= i < len(text):
        c = text[i]
        if c in "\"'":
            return None
        if c in opens:
            depth += 1
        elif c in closes:
            depth -= 1
            if depth == 0:
                return i
        i += step
    return None


def spawn_statements(text):
    """The (start, end) spans of spawn statements `[lhs op] spawn f(...);`
    that stand where a statement may (not declarations), outside comments,
    strings and preprocessor lines."""
    masked = SKIP.sub(lambda m: " " * len(m.group(0)), text)
    spans = []
    for m in re.finditer(r"\bspawn\b", masked):
        # Backwards to the statement's start.
        i = m.start() - 1
        while i >= 0 and masked[i] not in ";{}:":
            if masked[i] in ")]":
                i = matching(masked, i, -1)
                if i is None:
                    break
            elif masked[i] in "([":
                i = None  # inside an argument list: not a statement
                break
            i -= 1
        if i is None:
            continue
        start = i + 1
        # Control headers before the statement stay outside it.
        while True:
            c = CONTROL.match(masked, start)
            if not c:
                break
            if c.group(1):
                close = matching(masked, c.end() - 1, 1)
                if close is None or close > m.start():
                    break
                start = close + 1
            else:
                start = c.end()
        if DECL_START.match(masked, start) or start > m.start():
            continue
        # Forwards to the semicolon.
        j = m.end()
        while j < len(masked) and masked[j] != ";":
            if masked[j] in "([":
                j = matching(masked, j, 1)
                if j is None:
                    break
            elif masked[j] in "{}":
                j = None
                break
            j += 1
        if j is None or j >= len(masked):
            continue
        while start < m.start() and masked[start].isspace():
            start += 1
        spans.append((start, j + 1))
    return spans


def mutate(r, text):
    """Wrap some spawn statements of a valid program in unusual control
    flow; every wrapper is one statement, so the program stays valid."""
    p = Proc(Gen(r), 0)
    p.pair, p.val = "fz_pair", "1"
    sites = spawn_statements(text)
    if not sites:
        return None
    chosen = sorted(r.sample(sites, r.randrange(1, len(sites) + 1)),
                    reverse=True)
    for start, end in chosen:
        s = text[start:end]
        for _ in range(r.randrange(1, 3)):
            s = p.wrap(s)
        text = text[:start] + s + text[end:]
    # Declarations first, but after the includes (a program may rely on an
    # include of its own coming first).
    lines = text.split("\n")
    last_include = max([i for i, l in enumerate(lines)
                        if l.startswith("#include")] + [-1])
    lines.insert(last_include + 1, MUTANT_PRELUDE)
    return "\n".join(lines)


# --- running ------------------------------------------------------------------

OPENCILK_WORDS = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r'|\bcilk\s+|\bspawn\b|\bsync\s*;', re.S)


def to_opencilk(text):
    """A generated Cilk-5 program in OpenCilk's spelling: no `cilk`
    (main becomes plain), `cilk_spawn` and `cilk_sync;`."""
    def repl(m):
        tok = m.group(0)
        if tok.startswith(("/", '"', "'")):
            return tok
        if tok.startswith("cilk"):
            return ""
        return "cilk_spawn" if tok == "spawn" else "cilk_sync;"
    return "#include <cilk/cilk.h>\n" + OPENCILK_WORDS.sub(repl, text)


SPAWN_STATEMENT = re.compile(
    r'(?<=[;{}:)])(\s*)((?:[A-Za-z_][\w.\[\]]*\s*(?:[-+*/%&|^]|<<|>>)?=\s*)?'
    r'cilk_spawn\b)')
BLOCK_STATEMENT = re.compile(r'(?<=[;{}])(\s*)\{')


def statement_end(text, i):
    """The index after the `;` that ends the statement starting at i (or
    after the `}` that closes the block at i), or None."""
    depth = 0
    for j in range(i, len(text)):
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0 and c == "}" and text[i] == "{":
                return j + 1
        elif c == ";" and depth == 0:
            return j + 1
    return None


SPAWNED_CALL = re.compile(
    r'(?:([A-Za-z_][\w.\[\]]*)\s*=\s*)?cilk_spawn\s+(fz_\w+\s*\(.*\))\s*;$',
    re.S)


# What a spawned call's arguments may name to be evaluated in a block: the
# depth parameter (never written), constants and the words of long_expr's
# forms, no other local.
BLOCK_ARG_WORDS = {"n", "fz_one", "long", "int", "unsigned", "sizeof", "P",
                   "a", "b", "_Generic", "default", "fz_t",
                   "__builtin_popcountl"}


def add_spawn_blocks(r, text):
    """Makes some spawn statements `[lhs =] cilk_spawn fz_f(args);` of an
    OpenCilk-spelled program spawned blocks, `cilk_spawn { [lhs =]
    fz_f(args); }`: the block evaluates the arguments and the destination
    in the child, in parallel with what follows, so only where the
    arguments read no local but the depth parameter n (not `op=` spawns
    either, whose blocks would race with each other)."""
    sites = []
    for m in SPAWN_STATEMENT.finditer(text):
        start = m.start(2)
        end = statement_end(text, start)
        if not end:
            continue
        c = SPAWNED_CALL.match(text, start, end)
        if not c:
            continue
        args = c.group(2)[c.group(2).index("("):]
        if set(re.findall(r'[A-Za-z_]\w*', args)) <= BLOCK_ARG_WORDS:
            sites.append((start, end, c))
    if not sites:
        return text
    chosen = r.sample(sites, r.randrange(1, len(sites) + 1))
    for start, end, c in sorted(chosen, key=lambda e: e[0], reverse=True):
        lhs = f"{c.group(1)} = " if c.group(1) else ""
        text = (text[:start] + f"cilk_spawn {{ {lhs}{c.group(2)}; }}" +
                text[end:])
    return text


def add_scopes(r, text):
    """Puts some spawn statements, and some blocks, of an OpenCilk-spelled
    program in a cilk_scope (one or two deep). A race-free program computes
    the same: each scope's end waits for its own children only, so the
    children spawned before it go on (sync regions)."""
    sites = []
    for m in SPAWN_STATEMENT.finditer(text):
        start = m.start(2)
        block = re.compile(r'\s*\{').match(text, m.end(2))
        end = statement_end(text, block.end() - 1 if block else start)
        if end:
            sites.append((start, end))
    gotos = [(m.start(), m.group(1))
             for m in re.finditer(r'\bgoto\s+(\w+)', text)]
    for m in BLOCK_STATEMENT.finditer(text):
        start = m.end() - 1
        end = statement_end(text, start)
        if not end:
            continue
        block = text[start:end]
        # A sync in a scope would wait for the scope's children only, and
        # a goto into a scope is an error.
        if ("cilk_spawn" in block and "cilk_sync" not in block and
                not any(re.search(r'\b' + g + r'\s*:', block)
                        for at, g in gotos if not start <= at < end)):
            sites.append((start, end))
    if not sites:
        return text
    chosen = r.sample(sites, r.randrange(1, min(len(sites), 6) + 1))
    # Outermost first would shift the inner ones: insert from the end.
    edits = []
    for start, end in chosen:
        depth = r.choice([1, 1, 2])
        edits.append((end, "}" * depth))
        edits.append((start, "cilk_scope { " * depth))
    for at, s in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:at] + s + text[at:]
    return text


def run(cmd, timeout=None, env=None):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout, env=env, errors="replace")
    except subprocess.TimeoutExpired:
        return None


def check_runs(exe, mode, instr, nprocs, r, want, timeout, ref_name,
               last_only=False):
    """Runs exe, the program built in mode (instrumented by instr, or ""):
    a serial build once on 2 workers, a parallel one under CILK_STRESS=1 at
    two worker counts drawn from nprocs and once without (the last only,
    with last_only). Returns None if each printed and exited as want
    (stdout, exit status), else what differed from ref_name's."""
    runs = [("2", False)] if mode == "serial" else (
        [(p, True) for p in r.sample(nprocs, min(2, len(nprocs)))] +
        [(r.choice(nprocs), False)])
    if last_only:
        runs = runs[-1:]
    for p, stress in runs:
        env = dict(os.environ, CILK_NWORKERS=p)
        env.pop("CILK_STRESS", None)
        if stress:
            env["CILK_STRESS"] = "1"
        got = run([exe], timeout=timeout, env=env)
        what = (f"mode={mode} {instr} CILK_NWORKERS={p}"
                f"{' CILK_STRESS=1' if stress else ''}")
        if got is None:
            return f"{what}: timed out (hang?)"
        if (got.stdout, got.returncode) != want:
            return (f"{what}: exit {got.returncode} ({ref_name} {want[1]})\n"
                    f"--- got\n{got.stdout[:3000]}--- {ref_name}\n"
                    f"{want[0][:3000]}--- stderr\n{got.stderr[:1500]}")
    return None


def check_race_run(exe, want, timeout, ref_name):
    """Runs exe, a race build of a race-free program. Returns None if it
    printed and exited as want (stdout, exit status) and reported no race,
    else what differed from ref_name's."""
    got = run([exe], timeout=timeout)
    if got is None:
        return "race build: timed out"
    if ((got.stdout, got.returncode) != want or
            "cilk race: no races found" not in got.stderr):
        return (f"race build: exit {got.returncode} ({ref_name} {want[1]})\n"
                f"--- got\n{got.stdout[:3000]}--- {ref_name}\n"
                f"{want[0][:3000]}--- stderr\n{got.stderr[:3000]}")
    return None


def check_one(a, i):
    """Returns (status, message): status 'ok', 'discarded' or 'FAIL'."""
    r = random.Random(a.seed * 1000003 + i)
    if a.mutate and r.random() < a.mutate_share:
        src = r.choice(a.mutate)
        text = mutate(r, open(src).read())
        origin = f"mutant of {src}"
        if text is None:
            return "discarded", ""
    else:
        text = Gen(r).program()
        origin = "generated"
    # The plugin compiles `source`; gcc, the elision of `text`.
    source = text
    if origin == "generated" and r.random() < a.opencilk_share:
        source = to_opencilk(text)
        origin = "generated, OpenCilk's spelling"
        if r.random() < 0.5:
            source = add_spawn_blocks(r, source)
            origin += ", spawned blocks"
        if r.random() < 0.5:
            source = add_scopes(r, source)
            origin += ", with scopes"
    base = os.path.join(a.workdir, f"f{a.seed}_{i}")
    path = base + ".c"
    with open(path, "w") as f:
        f.write(source)
    opt = r.choice(a.opt.split(","))
    libs = ["-lm", "-latomic"]
    incs = [f"-I{os.path.dirname(os.path.abspath(s))}" for s in a.mutate]

    def fail(msg):
        with open(base + ".txt", "w") as f:
            f.write(f"{origin}, {opt}\n{msg}\n")
        return "FAIL", f"{path} ({origin}, {opt}): {msg}"

    with open(base + ".elision.c", "w") as f:
        f.write(elide(text))
    g = run(["gcc", "-std=gnu11", "-O1", "-w"] + incs +
            [base + ".elision.c", "-o", base + ".gcc"] + libs)
    if g.returncode:
        if origin.startswith("generated"):
            return fail(f"gcc rejects a generated program:\n{g.stderr[-2000:]}")
        os.remove(path)
        os.remove(base + ".elision.c")
        return "discarded", ""
    ref = run([base + ".gcc"], timeout=a.timeout)
    if ref is None:
        return fail("the elision compiled by gcc hangs")
    want = (ref.stdout, ref.returncode)
    cc = shlex.split(a.cilkcc)
    rt = shlex.split(a.cilkrt)
    nprocs = a.nproc.split(",")
    # Every mode, and with --profile a profile build in one of them (its
    # hooks must not change what the program computes).
    builds = [(m, "") for m in ["serial"] + a.modes.split(",")]
    if a.profile:
        builds.append((r.choice(a.modes.split(",")), "profile"))
    for mode, instr in builds:
        exe = f"{base}.{mode}{instr}"
        flags = [f"-fplugin-arg-cilk-{instr}"] if instr else []
        c = run(cc + [f"-fplugin-arg-cilk-mode={mode}", opt, "-w"] + flags +
                incs + ["-x", "c", path, "-o", exe] + rt + libs)
        if c.returncode or "PLEASE submit" in c.stderr:
            return fail(f"mode={mode} {instr}: compile failed "
                        f"(exit {c.returncode}):\n{c.stderr[-3000:]}")
        differs = check_runs(exe, mode, instr, nprocs, r, want, a.timeout,
                             "elision")
        if differs:
            return fail(differs)
        os.remove(exe)
    # The race detector on a generated program, race-free by construction
    # (a mutant may run a spawn statement twice before a sync): the same
    # output as the elision, and no report.
    if a.race_lib and origin.startswith("generated"):
        exe = f"{base}.race"
        c = run(cc + ["-fplugin-arg-cilk-race", opt, "-w"] + incs +
                ["-x", "c", path, "-o", exe] + shlex.split(a.race_lib) + rt +
                libs)
        if c.returncode or "PLEASE submit" in c.stderr:
            return fail(f"race build: compile failed (exit {c.returncode}):\n"
                        f"{c.stderr[-3000:]}")
        differs = check_race_run(exe, want, a.timeout * 10, "elision")
        if differs:
            return fail(differs)
        os.remove(exe)
    for f in (path, base + ".elision.c", base + ".gcc"):
        os.remove(f)
    return "ok", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--thin", action="store_true",
                    help="half the programs (the sanitizer suites, whose "
                         "programs run ten times slower)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cilkcc", required=True)
    ap.add_argument("--cilkrt", required=True)
    ap.add_argument("--modes", default="eager,indolent,sedative")
    ap.add_argument("--profile", action="store_true",
                    help="also build each program with "
                         "-fplugin-arg-cilk-profile in one of the modes")
    ap.add_argument("--race-lib", default="",
                    help="link flags of the race detector: also run each "
                         "generated program through it")
    ap.add_argument("--opt", default="-O0,-O1,-O2,-O3")
    ap.add_argument("--nproc", default="1,2,3,4,8")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--mutate", nargs="*", default=[],
                    help="deterministic Cilk programs to mutate")
    ap.add_argument("--opencilk-share", type=float, default=0.3,
                    help="generated programs compiled in OpenCilk's spelling")
    ap.add_argument("--mutate-share", type=float, default=0.5,
                    help="share of the programs that are mutants")
    a = ap.parse_args()
    if a.thin:
        a.count = (a.count + 1) // 2
    os.makedirs(a.workdir, exist_ok=True)
    counts = {"ok": 0, "discarded": 0, "FAIL": 0}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for status, msg in ex.map(lambda i: check_one(a, i), range(a.count)):
            counts[status] += 1
            if msg:
                print(f"FAIL {msg}", flush=True)
    print(f"{a.count} programs: {counts['ok']} agree in every mode, "
          f"{counts['discarded']} discarded (invalid C), "
          f"{counts['FAIL']} failed")
    sys.exit(1 if counts["FAIL"] else 0)


if __name__ == "__main__":
    main()
