#!/usr/bin/env python3
"""Differential fuzzing of C++ in OpenCilk's spelling: random race-free
C++17 programs, compiled by the plugin in every mode and run under stress,
must print exactly what their serial projection prints.

usage: fuzz_cxx.py --seed N --count N --workdir DIR --cilkcc CMD --cilkrt FLAGS
                   [--modes eager,indolent,sedative] [--opt -O0,-O1,-O2,-O3]
                   [--nproc 1,2,3,4,8] [--jobs J] [--timeout S]
                   [--race-lib FLAGS] [--profile] [--cilk-include DIR]
                   [--throw-share F]

What is generated. Each program includes <cilk/cilk.h> (cilk_spawn,
cilk_sync, cilk_scope, cilk_for), has a plain `int main` and two to five
procedures that call and spawn each other recursively (a depth parameter
bounds the recursion): free functions returning `long` or `std::string`
(a named return value), function templates, members of class templates
(spawned on a temporary object or a named one) and static members. Their bodies mix, nested
in try blocks and cilk_scopes two or three deep:
  - spawns of free functions, member functions (`obj.g(x)`, `p->g(x)`, a
    virtual one through a base pointer and a base reference), static
    members, lambdas (`cilk_spawn [&]{ d = ...; }();`, `cilk_spawn
    [=](long k){ ... }(e);`, init-captures), function objects (a local and
    a temporary), function templates and members of class templates, and a
    member function that updates its object (`acc.add(x)`);
  - results of class type: `std::string s = cilk_spawn f(x);`, `s = cilk_spawn
    f(x);`, `v = cilk_spawn g(x);` into an existing std::vector<long>, into
    members of a struct (a string, a vector, a long, a counting object),
    counting objects (`Obj`, whose constructors and destructor keep a global
    live count, printed at the end: it must be 0) returned by value and
    assigned; objects with destructors alive across spawns and syncs;
    temporaries and copies in spawn arguments (`f(std::string(s))`,
    `f(s + "xy")` bound to a const reference, `f(Obj(3))`, a by-value
    vector) while the continuation changes the originals; a child reading a
    local through a const reference (the parent leaves it alone until the
    sync);
  - spawns in serial loops (each iteration's child writes its own element,
    each spawn's temporaries its own), cilk_for over integers (nested too),
    over std::vector<long>::iterator (`it != v.end()`, `++it`), over
    pointers and over the vector as a range (`cilk_for (long &x : v)`), writing distinct elements, calling procedures, with counting
    objects in the body and with try/catch inside the body;
  - reducers: cilk::opadd_reducer<long> (a global one and locals, updated
    by the parent, by spawned lambdas that capture it by reference, through
    a `cilk::opadd_reducer<long> &` parameter and from cilk_for bodies),
    cilk::ostream_reducer<char> on std::cout (written from children,
    continuations and loop bodies: the text must come out in serial order),
    and a program's own `std::list<long> cilk_reducer(identity, reduce)`
    (identity makes a view with placement new, reduce splices the right
    view into the left and destroys it: the list must be in serial order);
  - a std::mutex held (std::lock_guard) around `+=` on a shared sum, from
    children, continuations and loop bodies;
  - exceptions (FzErr, derived from std::runtime_error, and a plain struct
    FzOther), thrown depending on the data: children that throw (leaves,
    lambdas, member functions, function templates and procedures that spawn
    and throw from their continuations with children out, so an exception
    crosses several spawn levels), caught after the sync by `try { ...
    cilk_spawn ...; ...; cilk_sync; ... } catch (const FzErr &e) {...}`;
    several children of one try block that may throw (the first in serial
    order wins); continuation code that throws while children are out;
    bodies of cilk_for that throw (the first iteration in serial order
    wins); handlers that rethrow (`throw;`, in a catch that does not spawn)
    or throw anew to an enclosing try; nested try blocks; exceptions thrown
    and caught inside a child; catch (const std::exception &) and
    catch (...).

Race-free and deterministic by construction: a spawn's destination (and an
object a child reads by reference, or updates) is written by that child
only and read, by the parent, only after a sync that waits for the child
(a cilk_sync in a try block or a cilk_scope is taken to wait for that
block's children only); children write disjoint data or go through a
reducer or the mutex; a local reducer is read only when every spawn since
it was made is synced (a stolen continuation may hold a new view). Values are kept small and computed in unsigned
arithmetic: no undefined behaviour for the compilers to differ on.
OpenCilk's exception rule is that the continuation between a spawn and the
sync may or may not have run when a child's exception comes out; so after
a spawn that may throw, until the sync that waits for it, the generated
code writes only variables that the exception would destroy (those of the
blocks up to the innermost try that catches it, or the procedure's if the
exception may leave it), and touches no reducer, no mutex sum, no global,
prints nothing and spawns nothing that does (it may construct counting
objects and spawn more children that may throw). Likewise the iterations
of a cilk_for whose body may throw write only their own element of a
vector declared just before the loop. Only main prints with printf, and
only when no child of it is out; procedures print through the ostream
reducer.

What is checked. For each program: its serial projection (the source
compiled unchanged by g++, where <cilk/cilk.h> is <cilk/cilk_stub.h> from
--cilk-include) is the reference; it must exit 0 (a generator bug
otherwise). The plugin's serial mode and each parallel mode (one -O level
and -std=c++17 or c++20 per program, drawn at random) must compile, and
print the same and exit alike: each parallel mode run under CILK_STRESS=1
at two worker counts drawn from --nproc and once without stress. With
--race-lib, a race build (-fplugin-arg-cilk-race, as cilkc's
-fsanitize=cilk) must print the same and report no race (it runs the
serial elision; exceptions unwind there as in C++, its detector told at
each landing pad); half the programs, drawn at random, get it (the
temporaries a spawn's child reads live until it is done, and in a loop
are each spawn's own, as in the parallel modes). With --profile, a
profile build (-fplugin-arg-cilk-profile, as -fcilktool=cilkscale) in
one parallel mode must print the same. A program is drawn as one whose
exceptions may cross spawns or not (--throw-share of them may, 0.6); in
the others, exceptions are thrown and caught in the same function (in a
try block, also while children are out) or inside a child.
A compiler crash, a program rejected, a difference or a hang is a
failure; the program is kept in DIR (fN_M.cpp) with a note (fN_M.txt) of
what failed.

Try blocks also open while a child that may throw is out. One whose own
code or children throw catches that in the parallel modes, while the
serial projection never runs it, the older child's exception having left
first: its handlers never get the older child's exception (which comes
first in serial order: docs/language.md, C++), and such a block opens
only where what it and its handlers write is destroyed by that
exception. Try blocks that spawn children that do not throw, into
variables declared before the block, open anywhere: the block's end
waits for its own children only, so the other child's exception passes
it by, to the sync that waits for that child.

Declarations made by spawns whose child may throw (`std::string s =
cilk_spawn f(x);`) are generated too: such a child never made s, and no
cleanup of the parent may destroy it (the parent records that the child
returned: llvm-pass/CilkExceptions.cpp, guardSpawnedResults).
"""
import argparse
import concurrent.futures
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz import check_race_run, check_runs, run  # noqa: E402

PRELUDE = r"""#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cilk/ostream_reducer.h>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <list>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

static volatile long fz_one = 1;
static unsigned long fz_mix(unsigned long h, unsigned long v)
{ return (h ^ v) * 0x100000001b3ul + (h >> 29); }
static long fz_small(unsigned long h) { return (long)(h & 0xffffff); }
static unsigned long fz_hs(const std::string &s)
{ unsigned long h = s.size(); for (char c : s) h = fz_mix(h, (unsigned char)c); return h; }
static unsigned long fz_hv(const std::vector<long> &v)
{ unsigned long h = v.size(); for (long x : v) h = fz_mix(h, (unsigned long)x); return h; }

// Counting objects: the live count must be 0 at the end.
static std::atomic<long> fz_live{0};
struct Obj {
  long v;
  explicit Obj(long v) : v(v) { ++fz_live; }
  Obj(const Obj &o) : v(o.v) { ++fz_live; }
  Obj &operator=(const Obj &o) { v = o.v; return *this; }
  ~Obj() { --fz_live; }
};
struct Rec { std::string s; std::vector<long> v; long x = 0; Obj o{0}; };
struct FzErr : std::runtime_error {
  long code;
  explicit FzErr(long c) : std::runtime_error("fz " + std::to_string(c)), code(c) {}
};
struct FzOther { long code; };

// Effects that do not depend on the schedule: a sum under a mutex, a sum
// reducer, a list reducer and an output stream reducer (serial order).
static std::mutex fz_mu;
static long fz_msum;
static cilk::opadd_reducer<long> fz_sum;
static void fz_lid(void *v) { ::new (v) std::list<long>(); }
static void fz_lred(void *l, void *r)
{
  auto *L = static_cast<std::list<long> *>(l), *R = static_cast<std::list<long> *>(r);
  L->splice(L->end(), *R);
  R->~list();
}
static std::list<long> cilk_reducer(fz_lid, fz_lred) fz_list;
static cilk::ostream_reducer<char> fz_out(std::cout);

// Leaves.
static long lf(long k) { return fz_small((unsigned long)k * 2654435761ul + 11); }
static long lf_slow(long k)
{ unsigned long h = (unsigned long)k; for (int i = 0; i < 400; ++i) h = fz_mix(h, (unsigned long)i); return fz_small(h); }
static std::string lf_str(long k)
{ return std::string((size_t)(k & 7) + ((k & 8) ? 20 : 1), (char)('a' + (k & 15))); }
static std::vector<long> lf_vec(long k)
{ std::vector<long> v; for (long i = 0; i <= (k & 7); ++i) v.push_back(lf(k + i)); return v; }
static Obj lf_mkobj(long k) { return Obj(lf(k)); }
static long lf_len(std::string s) { return (long)s.size() * 3 + (s.empty() ? 0 : (unsigned char)s[0]); }
static long lf_cref(const std::string &s) { return fz_small(fz_hs(s)); }
static long lf_obj(Obj o) { return (o.v & 1023) * 7 + 1; }
static long lf_objref(const Obj &o) { return (o.v & 1023) + 5; }
static long lf_vecsum(std::vector<long> v)
{ unsigned long h = 0; for (long x : v) h += (unsigned long)x; return fz_small(h); }
static long lf_throw(long k, long m) { Obj g(k); if (k % m == 0) throw FzErr(k); return lf(k); }
static long lf_throw2(long k, long m) { if (k % m == 0) throw FzOther{k + 1}; return lf(k + 1); }
static std::string lf_throw_str(long k, long m)
{ std::string s = lf_str(k); if (k % m == 0) throw FzErr(k + 1000); return s; }
static void lf_lock(long k) { std::lock_guard<std::mutex> g(fz_mu); fz_msum += k & 0xffff; }
static void lf_push(long k) { fz_list.push_back(k & 0xffff); }
static void lf_print(long k) { fz_out << 'v' << (k & 0xffff) << '\n'; }
static void lf_addto(cilk::opadd_reducer<long> &r, long k) { r += k & 0xffff; }
template <typename T> static T tp_add(T a, T b) { return (a & 0xffff) * 3 + (b & 0xff); }
template <typename T> static T tp_throw(T k, T m) { if (k % m == 0) throw FzErr(k + 3); return k & 0xffff; }
template <typename T> struct Box {
  T v;
  T get(T k) const { return (v & 0xff) * 3 + (k & 0xffff); }
  static T mk(T k) { return (k & 0xffff) + 5; }
};
struct Base {
  long k;
  explicit Base(long k) : k(k) {}
  virtual ~Base() {}
  virtual long f(long x) const { return (x & 0xffff) * (k & 15) + 1; }
  long g(long x) const { return (x & 0xffff) + k; }
  static long sq(long x) { return (x & 0xfff) * (x & 0xfff); }
};
struct Derived : Base {
  using Base::Base;
  long f(long x) const override { return (x & 0xffff) * 5 + (k & 7); }
};
struct Functor { long m; long operator()(long x) const { return (x & 0xffff) * m + 2; } };
struct Acc { long t = 0; long add(long x) { t = (t + (x & 0xffff)) & 0xffffff; return t; } };
struct Thrower { long m; long check(long k) const { if (k % m == 0) throw FzErr(k + 7); return k & 0xfff; } };
"""

# Objects every procedure has, never written after their construction.
HELPERS = ("Derived fz_d(s & 15); const Derived *fz_dp = &fz_d; "
           "const Base *fz_b = &fz_d; const Base &fz_br = fz_d; "
           "Functor fz_f{3}; Box<long> fz_x{n}; Thrower fz_t{%d};")

# Variable families: type -> declaration initializer.
DECLS = {
    "long": "long {v} = {e};",
    "str": "std::string {v} = lf_str({e});",
    "vec": "std::vector<long> {v} = lf_vec({e});",
    "arr": "std::vector<long> {v}({m}, {e});",
    "rec": "Rec {v}; {v}.x = {e};",
    "obj": "Obj {v}({e});",
    "acc": "Acc {v};",
    "red": "cilk::opadd_reducer<long> {v} = {e};",
}


class Var:
    def __init__(self, name, typ, region, size=0):
        self.name, self.typ, self.region, self.size = name, typ, region, size


class Region:
    """A try block, a cilk_scope or a procedure body: a block whose own
    children it waits for (an explicit sync or its end), with a hash of
    its own."""

    def __init__(self, kind, catching, hashvar):
        self.kind = kind          # 'proc', 'try', 'scope'
        self.catching = catching  # an exception from within stops here
        self.hash = hashvar
        self.tainted = False      # a child that may throw is out
        self.outstanding = 0      # children spawned since the last sync


class Proc:
    """One generated procedure (or main): its text and its state."""

    def __init__(self, gen, index, ret="long", form="free", throws=False,
                 effects=True, main=False):
        self.g, self.r = gen, gen.r
        self.index, self.ret, self.form = index, ret, form
        self.throws, self.effects, self.main = throws, effects, main
        self.lines = []
        self.indent = 1
        self.regions = [Region("proc", throws, "h")]
        self.vars = {}
        self.pending = {}   # destination path -> region index of its spawn
        self.locked = {}    # variable a child reads -> region index
        self.counter = 0
        self.hidden = set()  # declared by the statement being made
        self.calls_left = self.r.randrange(1, 4)

    # --- text -------------------------------------------------------------
    def emit(self, s):
        self.lines.append("  " * self.indent + s)
        self.hidden.clear()  # declared now

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    # --- state ------------------------------------------------------------
    def cur(self):
        return self.regions[-1]

    def depth(self):
        return len(self.regions) - 1

    def floor(self):
        """None when no child that may throw is out; else the index of the
        outermost region whose variables may still be written (those an
        exception would destroy)."""
        floor = None
        for i, reg in enumerate(self.regions):
            if reg.tainted:
                c = max(j for j in range(i + 1) if self.regions[j].catching)
                floor = c if floor is None else max(floor, c)
        return floor

    def effects_ok(self):
        return self.effects and self.floor() is None

    def can_throw(self):
        return any(reg.catching for reg in self.regions)

    def cross_ok(self):
        """May a child here throw (an exception crossing a spawn)?"""
        return self.g.cross and self.can_throw()

    def print_ok(self):
        return (self.main and self.floor() is None and
                all(reg.outstanding == 0 for reg in self.regions))

    def readable(self, path):
        base = path.split(".")[0]
        return not any(p == path or p == base or p.startswith(path + ".")
                       for p in self.pending)

    def writable(self, path):
        base = path.split(".")[0]
        if base not in self.vars or not self.readable(path) or \
                base in self.locked:
            return False
        f = self.floor()
        return f is None or self.vars[base].region >= f

    def of_type(self, *typs):
        return [v for v in self.vars.values() if v.typ in typs]

    def declare(self, typ, size=0):
        v = Var(self.fresh({"long": "v", "str": "s", "vec": "w", "arr": "a",
                            "rec": "r", "obj": "o", "acc": "ac",
                            "red": "rd"}[typ]), typ, self.depth(), size)
        self.vars[v.name] = v
        self.hidden.add(v.name)
        return v

    def spawned(self, dest=None, lock=(), may_throw=False):
        """Book-keeping after a spawn statement."""
        reg = self.cur()
        reg.outstanding += 1
        if dest:
            self.pending[dest] = self.depth()
        for v in lock:
            self.locked.setdefault(v, self.depth())
        if may_throw:
            reg.tainted = True

    def sync(self):
        self.emit("cilk_sync;")
        self.synced()

    def synced(self, d=None):
        d = self.depth() if d is None else d
        for m in (self.pending, self.locked):
            for k in [k for k, i in m.items() if i == d]:
                del m[k]
        if d < len(self.regions):
            self.regions[d].tainted = False
            self.regions[d].outstanding = 0

    # --- values -----------------------------------------------------------
    def atoms(self, exclude=()):
        a = ["n", "s"]
        if self.form == "member":
            a.append("base")
        for v in self.vars.values():
            if v.name in exclude or v.name in self.hidden:
                continue
            nm = v.name
            if v.typ == "long" and self.readable(nm):
                a.append(nm)
            elif v.typ == "str" and self.readable(nm):
                a += [f"(long){nm}.size()", f"fz_small(fz_hs({nm}))"]
            elif v.typ == "vec" and self.readable(nm):
                a += [f"(long){nm}.size()", f"fz_small(fz_hv({nm}))"]
            elif v.typ == "arr" and self.readable(nm):
                a.append(f"{nm}[{self.r.randrange(v.size)}]")
            elif v.typ == "obj" and self.readable(nm):
                a.append(f"{nm}.v")
            elif v.typ == "rec":
                if self.readable(f"{nm}.x"):
                    a.append(f"{nm}.x")
                if self.readable(f"{nm}.s"):
                    a.append(f"(long){nm}.s.size()")
                if self.readable(f"{nm}.o"):
                    a.append(f"{nm}.o.v")
            elif v.typ == "acc" and self.readable(nm):
                a.append(f"{nm}.t")
        return a

    def expr(self, exclude=()):
        """A small non-negative long expression over readable values."""
        r = self.r
        a = self.atoms(exclude)
        x, y = r.choice(a), r.choice(a)
        k = r.randrange(1, 50)
        return r.choice([
            f"(({x}) & 1023) + {k}",
            f"(({x}) ^ ({y})) & 0xfff",
            f"fz_small(fz_mix((unsigned long)({x}), (unsigned long)({y})))",
            f"(({x}) & 255) * {k % 7 + 1}",
            f"{k}L",
            f"(long)((({x}) & 0xffff) % {k + 2})",
        ])

    def mod(self):
        return self.r.choice([2, 3, 3, 4, 5, 7])

    # --- destinations -------------------------------------------------------
    def dest(self, typ, allow_new=True, new_ok=True):
        """A destination of type typ ('long', 'str', 'vec', 'obj') no other
        child writes: (lhs text, pending path); a new variable is declared
        in the statement (`long v3 = cilk_spawn ...`)."""
        r = self.r
        c = []
        for v in self.vars.values():
            nm = v.name
            if v.typ == typ:
                c.append((nm, nm))
            if v.typ == "rec":
                member = {"long": "x", "str": "s", "vec": "v", "obj": "o"}[typ]
                c.append((f"{nm}.{member}", f"{nm}.{member}"))
            if typ == "long" and v.typ == "obj":
                c.append((f"{nm}.v", nm))
        c = [(lhs, p) for lhs, p in c if self.writable(p)]
        if allow_new and new_ok and (not c or r.random() < 0.35):
            v = self.declare(typ)
            t = {"long": "long", "str": "std::string",
                 "vec": "std::vector<long>", "obj": "Obj"}[typ]
            return f"{t} {v.name}", v.name
        if not c:
            return None
        return r.choice(c)

    # --- callees ------------------------------------------------------------
    def long_callee(self):
        """A call returning long, and the variables its child reads by
        reference or writes (locked or pending until the sync)."""
        r = self.r
        e = self.expr()
        k = r.randrange(2, 9)
        forms = [
            (f"lf({e})", ()), (f"lf_slow({e})", ()),
            (f"fz_d.g({e})", ()), (f"fz_b->f({e})", ()),
            (f"fz_br.f({e})", ()), (f"fz_dp->g({e})", ()),
            (f"Base::sq({e})", ()), (f"fz_f({e})", ()),
            (f"tp_add<long>({e}, {k})", ()), (f"tp_add({e}, {k}L)", ()),
            (f"fz_x.get({e})", ()), (f"Box<long>::mk({e})", ()),
            (f"[](long k) {{ return lf(k) * {k}; }}({e})", ()),
            (f"lf_obj(Obj({e}))", ()), (f"lf_vecsum(lf_vec({e}))", ()),
        ]
        forms += [  # temporaries the child reads through a reference
            (f"Functor{{{k}}}({e})", ()),
            # (What the body reads is init-captured: `[=]` of `r1.o.v`
            # would copy all of r1, whose other members may be pending.)
            (f"[=, m = {self.expr()}](long k) {{ return lf(k) ^ m; }}({e})",
             ()),
            (f"[&](long k) {{ return lf_slow(k + n); }}({e})", ()),
            (f"lf_objref(Obj({e}))", ())]
        for v in self.vars.values():
            if not self.readable(v.name):
                continue
            if v.typ == "str":
                forms += [(f"lf_len({v.name})", ()),
                          (f"lf_len(std::string({v.name}))", ())]
                forms.append((f'lf_cref({v.name} + "xy")', ()))
                forms.append((f"lf_cref({v.name})", (v.name,)))
            elif v.typ == "obj":
                forms.append((f"lf_obj({v.name})", ()))
                forms.append((f"lf_objref({v.name})", (v.name,)))
            elif v.typ in ("vec", "arr"):
                forms.append((f"lf_vecsum({v.name})", ()))
        accs = [v for v in self.of_type("acc") if self.writable(v.name)]
        if accs and r.random() < 0.3:
            a = r.choice(accs).name
            return f"{a}.add({e})", (), a
        call, lock = r.choice(forms)
        return call, lock, None

    def throw_callee(self, typ):
        """A call that may throw, returning typ ('long' or 'str')."""
        r = self.r
        e, m = self.expr(), self.mod()
        if typ == "str":
            return f"lf_throw_str({e}, {m})"
        return r.choice([
            f"lf_throw({e}, {m})", f"lf_throw2({e}, {m})",
            f"fz_t.check({e})", f"tp_throw<long>({e}, {m})",
            f"[=](long k) {{ Obj g(k); if (k % {m} == 0) throw FzErr(k * 2); "
            f"return lf(k); }}({e})",
        ])

    def proc_call(self, j, extra="", exclude=()):
        """The text of a call of procedure j at depth n - 1 (or n for a
        lower-numbered one); extra goes before its second argument, which
        reads no variable in exclude."""
        p = self.g.procs_meta[j]
        nn = "n - 1" if j >= self.index or self.r.random() < 0.7 else "n"
        e = extra + self.expr(exclude)
        if p["form"] == "template":
            return (f"p{j}<long>({nn}, {e})" if self.r.random() < 0.5
                    else f"p{j}({nn}, (long)({e}))"), nn
        if p["form"] == "member":
            if self.r.random() < 0.3:
                return f"fz_w{j}.run({nn}, {e})", nn  # a named object
            return (f"W{j}<long>{{{self.expr(exclude)}}}.run({nn}, {e})",
                    nn)
        if p["form"] == "static":
            return f"S{j}::run({nn}, {e})", nn
        return f"p{j}({nn}, {e})", nn

    def callable_procs(self):
        out = []
        for j, p in enumerate(self.g.procs_meta):
            if j > self.index:
                continue
            if p["effects"] and not self.effects_ok():
                continue
            if p["throws"] and not self.can_throw():
                continue
            out.append(j)
        return out

    # --- statements ---------------------------------------------------------
    def st_decl(self):
        r = self.r
        typ = r.choice(["long", "long", "str", "vec", "arr", "rec", "obj",
                        "acc"] + (["red"] if self.effects_ok() else []))
        size = r.randrange(4, 9) if typ == "arr" else 0
        e = self.expr()
        v = self.declare(typ, size)
        return DECLS[typ].format(v=v.name, e=e, m=size)

    def st_spawn(self):
        """A spawn whose child cannot throw."""
        r = self.r
        x = r.random()
        if x < 0.45:
            d = self.dest("long")
            if not d:
                return None
            call, lock, acc = self.long_callee()
            lhs, path = d
            if acc:
                self.spawned(acc)
            self.spawned(path, lock)
            return f"{lhs} = cilk_spawn {call};"
        if x < 0.6:
            d = self.dest("str")
            if not d:
                return None
            lhs, path = d
            call = r.choice([f"lf_str({self.expr()})",
                             f"lf_str({self.expr()} + 1)"])
            self.spawned(path)
            return f"{lhs} = cilk_spawn {call};"
        if x < 0.7:
            d = self.dest("vec")
            if not d:
                return None
            lhs, path = d
            self.spawned(path)
            return f"{lhs} = cilk_spawn lf_vec({self.expr()});"
        if x < 0.78:
            d = self.dest("obj")
            if not d:
                return None
            lhs, path = d
            self.spawned(path)
            return f"{lhs} = cilk_spawn lf_mkobj({self.expr()});"
        # Lambdas that write their destination themselves.
        d = self.dest("long", new_ok=False)
        if d:
            lhs, path = d
            self.spawned(path)
            return r.choice([
                f"cilk_spawn [&] {{ {lhs} = lf_slow(n + s); }}();",
                f"cilk_spawn [&, k = {self.expr()}] {{ {lhs} = lf(k); }}();",
                f"cilk_spawn [&, k = {self.expr()}] {{ try {{ {lhs} = "
                f"lf_throw(k, {self.mod()}); }} catch (const FzErr &e) "
                f"{{ {lhs} = e.code ^ 5; }} }}();",
                f"cilk_spawn [&, k = {self.expr()}] {{ try {{ {lhs} = "
                f"lf_throw2(k, {self.mod()}); }} catch (...) "
                f"{{ {lhs} = 77; }} }}();",
            ])
        strs = [v.name for v in self.of_type("str") if self.writable(v.name)]
        if strs:
            sv = r.choice(strs)
            self.spawned(sv)
            return (f"cilk_spawn [&] {{ {sv} = {sv}.substr(0, 6) + "
                    f"lf_str(n + 2); }}();")
        return None

    def st_effect_spawn(self):
        """A child with effects: reducers, the mutex sum."""
        if not self.effects_ok():
            return None
        r = self.r
        e = self.expr()
        reds = [v.name for v in self.of_type("red")]
        forms = [
            f"cilk_spawn lf_lock({e});",
            f"cilk_spawn lf_push({e});",
            f"cilk_spawn lf_print({e});",
            "cilk_spawn [] { fz_sum += 3; lf_lock(7); }();",
        ]
        forms += [
            f"cilk_spawn [k = {e}] {{ fz_list.push_back(k); "
            f"fz_out << 'l' << k << '\\n'; }}();",
            f"cilk_spawn [&] {{ std::lock_guard<std::mutex> g(fz_mu); "
            f"fz_msum += n * 3 + (s & 15); }}();",
            f"cilk_spawn [=, k = {e}] {{ fz_sum += k; lf_lock(n); }}();"]
        if reds and r.random() < 0.4:
            rd = r.choice(reds)
            # The parent may update it too; reads wait for the sync.
            self.spawned(rd)
            return r.choice([f"cilk_spawn lf_addto({rd}, {e});",
                             f"cilk_spawn [&, k = {e}] {{ {rd} += k; }}();"])
        self.spawned()
        return r.choice(forms)

    def st_throw_spawn(self):
        """A spawn whose child may throw: the rest of the region until the
        sync writes only what the exception would destroy."""
        if not self.cross_ok():
            return None
        r = self.r
        if r.random() < 0.2:
            d = self.dest("str")
            if not d:
                return None
            lhs, path = d
            call = self.throw_callee("str")
        else:
            d = self.dest("long")
            if not d:
                return None
            lhs, path = d
            call = self.throw_callee("long")
        self.spawned(path, may_throw=True)
        s = f"{lhs} = cilk_spawn {call};"
        if r.random() < 0.5:
            self.emit(s)
            return self.st_bypass_try()
        return s

    def st_call_proc(self):
        r = self.r
        if self.calls_left <= 0:
            return None
        js = self.callable_procs()
        if not js:
            return None
        j = r.choice(js)
        p = self.g.procs_meta[j]
        typ = "str" if p["ret"] == "str" else "long"
        call, nn = self.proc_call(j)
        spawn = r.random() < 0.75
        if spawn and p["throws"] and not self.cross_ok():
            spawn = False
        if spawn and nn == "n":
            d = self.dest(typ)
        else:
            d = self.dest(typ, new_ok=False) or self.dest(typ)
        if not d:
            return None
        lhs, path = d
        self.calls_left -= 1
        if spawn:
            self.spawned(path, may_throw=p["throws"])
            if nn == "n":
                return f"{lhs} = cilk_spawn {call};"
            if " " in lhs:  # a declaration: not conditional
                name = lhs.split()[-1]
                return (f"{lhs}{'{}' if typ == 'str' else ' = 0'}; "
                        f"if (n > 0) {name} = cilk_spawn {call};")
            return f"if (n > 0) {lhs} = cilk_spawn {call};"
        other = "lf_str(n)" if typ == "str" else "lf(n)"
        if nn == "n":
            return f"{lhs} = {call};"
        return f"{lhs} = n > 0 ? {call} : {other};"

    def st_parent(self):
        """The parent writes a variable no child is writing or reading."""
        r = self.r
        c = [v for v in self.vars.values() if v.typ != "red" and
             self.writable(v.name)]
        h = self.cur().hash
        if not c or r.random() < 0.3:
            return f"{h} = fz_mix({h}, (unsigned long)({self.expr()}));"
        v = r.choice(c)
        nm, e = v.name, self.expr()
        if v.typ == "long":
            return f"{nm} = (({nm}) & 0xffff) ^ ({e});"
        if v.typ == "str":
            return f"{nm} = {nm}.substr(0, 10) + std::to_string({e});"
        if v.typ == "vec":
            return (f"if ({nm}.size() > 12) {nm}.resize(3); "
                    f"{nm}.push_back({e});")
        if v.typ == "arr":
            return f"{nm}[{r.randrange(v.size)}] ^= {e};"
        if v.typ == "rec":
            return (f"{nm}.x ^= {e}; {nm}.s += (char)('a' + ({e}) % 26); "
                    f"if ({nm}.v.size() < 9) {nm}.v.push_back({nm}.x);")
        if v.typ == "obj":
            return r.choice([f"{nm}.v = ({nm}.v & 0xfff) + {e};",
                             f"{nm} = Obj({e});"])
        return f"{nm}.add({e});"

    def st_effect(self):
        """The parent's own effects."""
        if not self.effects_ok():
            return None
        r = self.r
        e = self.expr()
        forms = [f"fz_sum += {e};", f"lf_push({e});",
                 f"fz_list.push_back({e});",
                 f"fz_out << \"p{self.index}:\" << ({e}) << '\\n';",
                 f"lf_lock({e});",
                 f"{{ std::lock_guard<std::mutex> g(fz_mu); fz_msum += {e}; }}"]
        reds = [v.name for v in self.of_type("red")]
        if reds:
            forms.append(f"{r.choice(reds)} += {e};")
        return r.choice(forms)

    def st_throw(self):
        """The continuation throws (or calls a leaf that may throw)."""
        if not self.can_throw():
            return None
        r = self.r
        e, m = self.expr(), self.mod()
        h = self.cur().hash
        return r.choice([
            f"if (({e}) % {m} == 1) throw FzErr({self.expr()});",
            f"if (({e}) % {m} == 0) throw FzOther{{{self.expr()}}};",
            f"{{ Obj fz_g({e}); if (fz_g.v % {m} == 2) throw FzErr(fz_g.v); }}",
            f"{h} = fz_mix({h}, (unsigned long){self.throw_callee('long')});",
        ])

    def st_loop_spawn(self):
        """A serial loop whose children write their own elements."""
        r = self.r
        arrs = [v for v in self.of_type("arr") if self.writable(v.name)]
        if not arrs:
            return None
        a = r.choice(arrs)
        k = r.randrange(2, a.size + 1)
        e = self.expr(exclude=(a.name,))
        may_throw = False
        forms = [
            f"{a.name}[i] = cilk_spawn lf(i + {e});",
            f"cilk_spawn [&, i] {{ {a.name}[i] = lf_slow(i * 3 + n); }}();",
            f"{a.name}[i] = cilk_spawn lf_len(std::string(lf_str(i + {e})) + "
            f"(char)('a' + i));",
            f"{a.name}[i] = cilk_spawn lf_obj(Obj(i + {e}));",
            f"{a.name}[i] = cilk_spawn [=](long j) {{ return tp_add(j, (long)i); "
            f"}}({e});",
        ]
        strs = [v.name for v in self.of_type("str") if self.readable(v.name)]
        if strs:
            forms.append(f"{a.name}[i] = cilk_spawn lf_len({r.choice(strs)} "
                         f"+ std::to_string(i));")
        # Each iteration's temporaries (arguments, a lambda, an object
        # whose member is spawned) are its own.
        js = self.callable_procs()
        # Not one that may throw: the next iterations, the continuation of
        # its spawn, would have effects the exception does not undo.
        js = [j for j in js if self.g.procs_meta[j]["ret"] == "long" and
              not self.g.procs_meta[j]["throws"]]
        body = r.choice(forms)
        if js and self.calls_left >= 2 and r.random() < 0.3:
            j = r.choice(js)
            call, nn = self.proc_call(j, "i + ", (a.name,))
            body = f"if (n > 0) {a.name}[i] = cilk_spawn {call};"
            k = min(k, 3)
            self.calls_left -= 2
            may_throw = self.g.procs_meta[j]["throws"]
        elif self.cross_ok() and r.random() < 0.25:
            if a.region < self.catch_floor():
                return None
            body = f"{a.name}[i] = cilk_spawn lf_throw(i + {e}, {self.mod()});"
            may_throw = True
        if may_throw and a.region < self.catch_floor():
            return None
        self.spawned(a.name, may_throw=may_throw)
        return f"for (int i = 0; i < {k}; ++i) {body}"

    def catch_floor(self):
        """The floor once the current region is tainted."""
        f = self.floor()
        c = max(j for j, reg in enumerate(self.regions) if reg.catching)
        return c if f is None else max(f, c)

    def st_cilk_for(self):
        r = self.r
        arrs = [v for v in self.of_type("arr") if self.writable(v.name)]
        if self.cross_ok() and r.random() < 0.25:
            return self.cilk_for_throwing()
        if not arrs or r.random() < 0.3:
            e = self.expr()
            a = self.declare("arr", r.randrange(4, 9))
            self.emit(DECLS["arr"].format(v=a.name, e=e, m=a.size))
        else:
            a = r.choice(arrs)
        nm, m = a.name, a.size
        e = self.expr(exclude=(nm,))
        forms = [
            f"cilk_for (long i = 0; i < {m}; ++i) {nm}[i] = lf(i ^ ({e}));",
            f"cilk_for (auto it = {nm}.begin(); it != {nm}.end(); ++it) "
            f"*it = lf(*it + ({e}));",
            f"cilk_for (std::vector<long>::iterator it = {nm}.begin(); "
            f"it != {nm}.end(); ++it) *it ^= {e};",
            f"cilk_for (long *p = {nm}.data(); p != {nm}.data() + {m}; ++p) "
            f"*p = lf_slow(*p + ({e}));",
            f"cilk_for (long i = 0; i < {m}; ++i) {{ Obj o(i + ({e})); "
            f"{nm}[i] = lf_objref(o); }}",
            f"cilk_for (long i = 0; i < {m}; ++i) {{ try {{ {nm}[i] = "
            f"lf_throw(i + ({e}), {self.mod()}); }} catch (const FzErr &e) "
            f"{{ {nm}[i] = -e.code; }} }}",
            f"cilk_for (int i = 0; i < 2; ++i) cilk_for (int j = 0; j < 2; "
            f"++j) {nm}[i * 2 + j] = lf(i * 10 + j + ({e}));",
            f"cilk_for (long &x : {nm}) x = lf(x + ({e}));",
            f"cilk_for (auto &x : {nm}) {{ Obj o(x + ({e})); "
            f"x ^= lf_objref(o); }}",
        ]
        if self.effects_ok():
            forms += [
                f"cilk_for (long i = 0; i < {m}; ++i) {{ {nm}[i] = lf(i); "
                f"fz_sum += i + ({e}); lf_push(i * 7 + n); }}",
                f"cilk_for (long i = 0; i < {m}; ++i) {{ fz_out << 'i' << i "
                f"<< '\\n'; lf_lock(i + ({e})); {nm}[i] += i; }}",
            ]
            if r.random() < 0.3:
                rd = self.declare("red")
                self.emit(f"cilk::opadd_reducer<long> {rd.name} = 0;")
                h = self.cur().hash
                return (f"cilk_for (long i = 0; i < {m}; ++i) {rd.name} += "
                        f"lf(i + ({e})); {h} = fz_mix({h}, "
                        f"(unsigned long)(long){rd.name});")
        js = [j for j in self.callable_procs()
              if self.g.procs_meta[j]["ret"] == "long" and
              not self.g.procs_meta[j]["throws"]]
        if js and self.calls_left >= 2 and r.random() < 0.3:
            call, nn = self.proc_call(r.choice(js), "i + ", (nm,))
            self.calls_left -= 2
            return (f"cilk_for (long i = 0; i < {min(m, 3)}; ++i) "
                    f"{nm}[i] = n > 0 ? {call} : i;")
        return r.choice(forms)

    def cilk_for_throwing(self):
        """A cilk_for whose body may throw: each iteration writes its own
        element of a vector declared here, dropped if the exception comes
        out, and nothing else."""
        r = self.r
        m = r.randrange(4, 12)
        a = self.declare("arr", m)
        e = self.expr(exclude=(a.name,))
        self.emit(f"std::vector<long> {a.name}({m});")
        body = r.choice([
            f"{{ Obj o(i); {a.name}[i] = lf_throw(i + ({e}), {self.mod()}); }}",
            f"{{ if ((i + ({e})) % {self.mod() + 2} == 3) throw FzErr(i); "
            f"{a.name}[i] = lf(i); }}",
            f"{a.name}[i] = tp_throw<long>(i + ({e}), {self.mod() + 3});",
        ])
        h = self.cur().hash
        return (f"cilk_for (long i = 0; i < {m}; ++i) {body} "
                f"{h} = fz_mix({h}, fz_hv({a.name}));")

    def st_print(self):
        if self.depth() == 0 and self.floor() is None:
            self.sync()  # main's own children: printf is no reducer
        if not self.print_ok():
            return None
        r = self.r
        c = [f'std::printf("h%d %lx\\n", {self.counter}, {self.cur().hash});']
        for v in self.vars.values():
            if not self.readable(v.name):
                continue
            if v.typ == "long":
                c.append(f'std::printf("{v.name} %ld\\n", {v.name});')
            elif v.typ == "str":
                c.append(f'std::printf("{v.name} %s\\n", {v.name}.c_str());')
            elif v.typ in ("vec", "arr"):
                c.append(f'std::printf("{v.name} %zu %lx\\n", '
                         f'{v.name}.size(), fz_hv({v.name}));')
            elif v.typ == "red":
                c.append(f'std::printf("{v.name} %ld\\n", (long){v.name});')
        self.counter += 1
        return r.choice(c)

    def fold_region(self, d):
        """Hash the readable variables of region d into its hash."""
        h = self.regions[d].hash
        out = []
        for v in self.vars.values():
            if v.region != d:
                continue
            nm = v.name
            if not self.readable(nm):
                continue
            if v.typ == "rec":
                parts = [f"fz_hs({nm}.s)", f"fz_hv({nm}.v)",
                         f"(unsigned long){nm}.x", f"(unsigned long){nm}.o.v"]
            else:
                parts = [{"long": f"(unsigned long){nm}",
                          "str": f"fz_hs({nm})", "vec": f"fz_hv({nm})",
                          "arr": f"fz_hv({nm})",
                          "obj": f"(unsigned long){nm}.v",
                          "acc": f"(unsigned long){nm}.t",
                          "red": f"(unsigned long)(long){nm}"}[v.typ]]
            for p in parts:
                out.append(f"{h} = fz_mix({h}, {p});")
        return out

    # --- regions -------------------------------------------------------------
    def open_region(self, kind, catching):
        h = self.fresh("hr")
        self.regions.append(Region(kind, catching, h))
        self.indent += 1
        self.emit(f"unsigned long {h} = {self.r.randrange(1, 1000)};")

    def close_region(self, explicit_sync):
        """Ends the innermost region's body (not its brace): sync if asked
        or needed, fold its variables and hash into the enclosing one."""
        d = self.depth()
        mine = [v for v in self.vars.values() if v.region == d]
        # A reducer has its value once every spawn since it was made is
        # synced (a continuation may hold a new view): its fold waits.
        reducer = any(v.typ == "red" for v in mine) and \
            self.cur().outstanding > 0
        if explicit_sync or reducer or any(
                self.pending.get(v.name) is not None or
                v.name in self.locked for v in mine) or \
                any(p.split(".")[0] in {v.name for v in mine}
                    for p in self.pending):
            self.sync()
        for line in self.fold_region(d):
            self.emit(line)
        outer = self.regions[d - 1].hash
        self.emit(f"{outer} = fz_mix({outer}, {self.regions[d].hash});")
        for v in mine:
            del self.vars[v.name]
        self.synced(d)  # the block's end waits for its children
        self.regions.pop()
        self.indent -= 1

    def st_try(self, size):
        r = self.r
        if self.depth() >= 3:
            return None
        f = self.floor()
        if f is not None and (self.depth() < f or r.random() < 0.5):
            # A child that may throw is out: a block whose handlers would
            # write what its exception does not destroy does not throw
            # (the docstring).
            return self.st_bypass_try()
        outer_throw = self.can_throw()
        self.emit("try {")
        self.open_region("try", True)
        if r.random() < 0.25:
            self.st_try(r.randrange(1, 3))  # nested, maybe rethrowing
        if self.cross_ok() and r.random() < 0.7:
            s = self.st_throw_spawn() or self.st_call_proc()
            if s:
                self.emit(s)
        self.body(size)
        if r.random() < 0.5:
            s = self.st_throw()
            if s:
                self.emit(s)
        hp = self.regions[-2].hash
        self.close_region(explicit_sync=True)
        # The handlers: hash what was caught, maybe throw it on.
        k = r.randrange(2, 99)
        rethrow = ""
        if outer_throw and r.random() < 0.5:
            rethrow = r.choice([" throw;", " throw;",
                                " throw FzErr(e.code + 1);"])
        first = r.choice(["const FzErr &e", "FzErr &e"])
        self.emit(f"}} catch ({first}) {{")
        self.emit(f"  {hp} = fz_mix({hp}, (unsigned long)e.code * {k});"
                  f"{rethrow}")
        if r.random() < 0.5:
            self.emit("} catch (const FzOther &e) {")
            self.emit(f"  {hp} = fz_mix({hp}, (unsigned long)e.code + {k});")
            self.emit("} catch (...) {")
            self.emit(f"  {hp} = fz_mix({hp}, {k + 1});")
        else:
            self.emit("} catch (const std::exception &e) {")
            self.emit(f"  {hp} = fz_mix({hp}, fz_hs(e.what()));")
            self.emit("} catch (...) {")
            self.emit(f"  {hp} = fz_mix({hp}, {k + 7});")
        self.emit("}")
        return ""

    def st_bypass_try(self):
        """A try block that spawns children that do not
        throw, into variables declared before it, while a child that may
        throw is out: its end waits for its own children only (as a
        cilk_scope's does), so the other child's exception passes it by,
        to the sync that waits for that child."""
        r = self.r
        spawns = []
        for _ in range(r.randrange(1, 3)):
            d = self.dest("long", new_ok=False)
            if not d:
                break
            lhs, path = d
            spawns.append(f"{lhs} = cilk_spawn lf_slow({self.expr()});")
            self.pending[path] = self.depth() + 1
        if not spawns:
            return None
        hp = self.cur().hash
        self.emit("try {")
        self.emit("  " + " ".join(spawns))
        self.emit(f"}} catch (...) {{ {hp} = fz_mix({hp}, 999); }}")
        self.synced(self.depth() + 1)
        return ""

    def st_scope(self, size):
        if self.depth() >= 3:
            return None
        self.emit("cilk_scope {")
        self.open_region("scope", False)
        self.body(size)
        self.close_region(explicit_sync=self.r.random() < 0.3)
        self.emit("}")
        return ""

    # --- bodies --------------------------------------------------------------
    def body(self, size):
        r = self.r
        for _ in range(size):
            x = r.random()
            if x < 0.08:
                s = self.st_decl()
            elif x < 0.28:
                s = self.st_spawn()
            elif x < 0.38:
                s = self.st_effect_spawn()
            elif x < 0.46:
                s = self.st_throw_spawn()
            elif x < 0.53:
                s = self.st_call_proc()
            elif x < 0.59:
                s = self.st_parent()
            elif x < 0.67:
                s = self.st_effect()
            elif x < 0.71:
                s = self.st_throw()
            elif x < 0.76:
                s = self.st_loop_spawn()
            elif x < 0.83:
                s = self.st_cilk_for()
            elif x < 0.89:
                s = self.st_try(r.randrange(1, 5))
            elif x < 0.92:
                s = self.st_scope(r.randrange(1, 4))
            elif x < 0.96 and self.main:
                s = self.st_print()
            else:
                self.sync()
                continue
            if s:
                self.emit(s)
            for v in self.hidden:  # declared for a statement not made
                del self.vars[v]
            self.hidden.clear()

    def helpers(self):
        """The objects every procedure has, never written after they are
        made: for spawns of members (one of each class template whose
        member is a procedure) and virtual calls."""
        self.emit(HELPERS % self.r.randrange(2, 6))
        ws = [f"W{j}<long> fz_w{j}{{{self.r.randrange(1, 9)}}};"
              for j, p in enumerate(self.g.procs_meta)
              if p["form"] == "member" and j <= self.index]
        if ws:
            self.emit(" ".join(ws))

    def text(self):
        """The procedure's definition."""
        r = self.r
        self.helpers()
        for _ in range(r.randrange(1, 4)):
            self.emit(self.st_decl())
        if self.ret == "str":
            v = Var("fz_ret", "str", 0)
            self.vars["fz_ret"] = v
            self.emit("std::string fz_ret = lf_str(s);")
        if self.throws:
            s = self.st_throw_spawn() if r.random() < 0.5 else None
            self.emit(s or f"if ((s + n) % {self.mod()} == 1) "
                      f"throw FzErr(s * 10 + n);")
        self.body(r.randrange(4, 10))
        self.sync()
        if self.effects_ok():
            self.emit(r.choice([
                f"fz_list.push_back({self.index} * 1000 + (h & 255));",
                f"fz_out << \"p{self.index}/\" << n << ' ' << (h & 0xfff) "
                f"<< '\\n';"]))
        self.vars.pop("fz_ret", None)
        for line in self.fold_region(0):
            self.emit(line)
        if self.ret == "str":
            self.emit("fz_ret += std::to_string(h & 0xffff);")
            self.emit("return fz_ret;")
        else:
            self.emit("return fz_small(h);")
        body = "\n".join(self.lines)
        i = self.index
        if self.form == "template":
            return (f"template <typename T> static T p{i}(long n, T s)\n{{\n"
                    f"  unsigned long h = (unsigned long)s;\n{body}\n}}\n")
        if self.form == "member":
            return (f"template <typename T> struct W{i} {{\n  T base;\n"
                    f"  T run(long n, T s) {{\n  unsigned long h = "
                    f"(unsigned long)(s + base);\n{body}\n  }}\n}};\n")
        if self.form == "static":
            return (f"struct S{i} {{\n  static long run(long n, long s) {{\n"
                    f"  unsigned long h = (unsigned long)s;\n{body}\n  }}\n}};\n")
        t = "std::string" if self.ret == "str" else "long"
        return (f"static {t} p{i}(long n, long s)\n{{\n"
                f"  unsigned long h = (unsigned long)s;\n{body}\n}}\n")


class Gen:
    def __init__(self, r, cross, a=None):
        self.r = r
        self.cross = cross  # exceptions may cross spawns
        # Left out unless asked (the docstring).
        self.procs_meta = []

    def program(self):
        r = self.r
        nprocs = r.randrange(2, 6)
        bodies = []
        for i in range(nprocs):
            form = r.choice(["free", "free", "free", "template", "member",
                             "static"])
            ret = "str" if form == "free" and r.random() < 0.35 else "long"
            throws = self.cross and r.random() < 0.4
            effects = r.random() < 0.6
            # Procedures that throw hold no effects they could not undo
            # after a child that may throw: the generator takes care.
            meta = {"form": form, "ret": ret, "throws": throws,
                    "effects": effects}
            # Lower-numbered procedures first: a procedure's effects
            # include those it calls.
            self.procs_meta.append(meta)
            p = Proc(self, i, ret, form, throws, effects)
            bodies.append(p.text())
        main = Proc(self, nprocs, main=True)
        main.calls_left = 0
        depth = r.randrange(2, 5)
        main.emit(f"long n = fz_one * {depth}, s = fz_one;")
        main.emit("unsigned long h = 0;")
        main.helpers()
        outs = []
        # Each procedure once from main, those that throw in a try block.
        for j, meta in enumerate(self.procs_meta):
            call = main.proc_call(j)[0]
            if meta["throws"]:
                res = f"t{j}"
                outs.append(res)
                main.emit(f"long {res} = -1;")
                main.emit("try {")
                if meta["ret"] == "str":
                    main.emit(f"  std::string fz_r = cilk_spawn {call};")
                    main.emit("  cilk_sync;")
                    main.emit(f"  {res} = fz_small(fz_hs(fz_r));")
                else:
                    main.emit(f"  long fz_r = cilk_spawn {call};")
                    main.emit(f"  cilk_sync; {res} = fz_r;")
                # (Other children of main are out: no printing here.)
                main.emit("} catch (const FzErr &e) {")
                main.emit(f"  {res} = -1000 - e.code;")
                main.emit("} catch (const FzOther &e) {")
                main.emit(f"  {res} = -2000 - e.code;")
                main.emit("}")
            else:
                d = main.dest("str" if meta["ret"] == "str" else "long")
                main.emit(f"{d[0]} = cilk_spawn {call};")
                main.spawned(d[1])
        main.sync()
        for v in list(main.vars.values()) + [Var(o, "long", 0) for o in outs]:
            if v.typ == "str":
                main.emit(f'std::printf("{v.name} %s\\n", {v.name}.c_str());')
            else:
                main.emit(f'std::printf("{v.name} %ld\\n", {v.name});')
        main.calls_left = r.randrange(1, 4)
        main.index = nprocs - 1
        main.body(r.randrange(5, 12))
        main.sync()
        for line in main.fold_region(0):
            main.emit(line)
        main.emit('std::printf("main %lx\\n", h);')
        unsigned = ("unsigned long fz_lh = 0; for (long x : fz_list) "
                    "fz_lh = fz_mix(fz_lh, (unsigned long)x);")
        text = (PRELUDE + "\n" + "\n".join(bodies) + "\nint main()\n{\n  {\n" +
                "\n".join("  " + l for l in main.lines) + "\n  }\n"
                "  std::cout.flush();\n"
                f"  {unsigned}\n"
                '  std::printf("sum %ld msum %ld list %zu %lx\\n", '
                "(long)fz_sum, fz_msum, fz_list.size(), fz_lh);\n"
                '  std::printf("live %ld\\n", fz_live.load());\n'
                "  return 0;\n}\n")
        return text


# --- running ------------------------------------------------------------------

def include_dir(a):
    """Where <cilk/cilk_stub.h> is: --cilk-include, a -I of --cilkcc, or
    the include directory beside the plugin's lib (as the plugin finds it)."""
    if a.cilk_include:
        return a.cilk_include
    words = shlex.split(a.cilkcc)
    for i, w in enumerate(words):
        d = w[2:] if w.startswith("-I") else (
            words[i + 1] if w == "-I" and i + 1 < len(words) else None)
        if d and os.path.exists(os.path.join(d, "cilk", "cilk_stub.h")):
            return d
    for w in words:
        if w.startswith("-fplugin="):
            lib = os.path.dirname(os.path.dirname(w[len("-fplugin="):]))
            return os.path.join(os.path.dirname(lib), "include")
    sys.exit("fuzz_cxx: where is <cilk/cilk_stub.h>? (--cilk-include)")


def check_one(a, i):
    """Returns (status, message, race_and_profile_checked)."""
    r = random.Random(a.seed * 1000003 + i)
    cross = r.random() < a.throw_share
    raced = bool(a.race_lib) and r.random() < 0.5
    text = Gen(r, cross, a).program()
    origin = ("exceptions across spawns" if cross else
              "exceptions within functions")
    base = os.path.join(a.workdir, f"f{a.seed}_{i}")
    path = base + ".cpp"
    with open(path, "w") as f:
        f.write(text)
    opt = r.choice(a.opt.split(","))
    std = r.choice(["-std=c++17", "-std=c++17", "-std=c++20"])
    libs = ["-lstdc++", "-lm"]

    def fail(msg):
        with open(base + ".txt", "w") as f:
            f.write(f"{origin}, {opt} {std}\n{msg}\n")
        return "FAIL", f"{path} ({origin}, {opt} {std}): {msg}", (0, 0)

    g = run(["g++", std, "-O1", "-w", f"-I{a.include}", path, "-o",
             base + ".gxx"] + libs)
    if g.returncode:
        return fail(f"g++ rejects a generated program:\n{g.stderr[-3000:]}")
    ref = run([base + ".gxx"], timeout=a.timeout)
    if ref is None:
        return fail("the serial projection compiled by g++ hangs")
    if ref.returncode:
        return fail(f"the serial projection exits {ref.returncode} (a "
                    f"generator bug):\n{ref.stderr[-2000:]}")
    want = (ref.stdout, ref.returncode)
    cc = shlex.split(a.cilkcc)
    rt = shlex.split(a.cilkrt)
    nprocs = a.nproc.split(",")
    modes = a.modes.split(",")
    builds = [(m, "") for m in ["serial"] + modes]
    if a.profile:
        builds.append((r.choice(modes), "profile"))
    for mode, instr in builds:
        exe = f"{base}.{mode}{instr}"
        flags = [f"-fplugin-arg-cilk-{instr}"] if instr else []
        c = run(cc + [f"-fplugin-arg-cilk-mode={mode}", opt, "-w"] + flags +
                ["-x", "c++", std, path, "-o", exe] + rt + libs)
        if c.returncode or "PLEASE submit" in c.stderr:
            return fail(f"mode={mode} {instr}: compile failed "
                        f"(exit {c.returncode}):\n{c.stderr[-3000:]}")
        differs = check_runs(exe, mode, instr, nprocs, r, want, a.timeout,
                             "projection", last_only=bool(instr))
        if differs:
            return fail(differs)
        os.remove(exe)
    if raced:
        exe = f"{base}.race"
        c = run(cc + ["-fplugin-arg-cilk-race", opt, "-w", "-x", "c++", std,
                      path, "-o", exe] + shlex.split(a.race_lib) + rt + libs)
        if c.returncode or "PLEASE submit" in c.stderr:
            return fail(f"race build: compile failed (exit {c.returncode}):\n"
                        f"{c.stderr[-3000:]}")
        differs = check_race_run(exe, want, a.timeout * 10, "projection")
        if differs:
            return fail(differs)
        os.remove(exe)
    for f in (path, base + ".gxx"):
        os.remove(f)
    return "ok", "", (raced, a.profile)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--thin", action="store_true",
                    help="half the programs (the sanitizer suites, whose "
                         "programs run ten times slower)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cilkcc", required=True,
                    help="clang with the plugin (clang or clang++)")
    ap.add_argument("--cilkrt", required=True,
                    help="link flags of the runtime")
    ap.add_argument("--cilk-include", default="",
                    help="the directory of <cilk/cilk_stub.h>, for the "
                         "projection (default: a -I of --cilkcc, or the "
                         "include directory beside the plugin's lib)")
    ap.add_argument("--modes", default="eager,indolent,sedative")
    ap.add_argument("--profile", action="store_true",
                    help="also a profile build in one of the modes")
    ap.add_argument("--race-lib", default="",
                    help="link flags of the race detector: also a race build")
    ap.add_argument("--opt", default="-O0,-O1,-O2,-O3")
    ap.add_argument("--nproc", default="1,2,3,4,8")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--throw-share", type=float, default=0.6,
                    help="share of the programs whose exceptions may cross "
                         "spawns")
    a = ap.parse_args()
    if a.thin:
        a.count = (a.count + 1) // 2
    a.include = include_dir(a)
    os.makedirs(a.workdir, exist_ok=True)
    counts = {"ok": 0, "FAIL": 0}
    raced = profiled = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for status, msg, rp in ex.map(lambda i: check_one(a, i),
                                      range(a.count)):
            counts[status] += 1
            if status == "ok":
                raced += rp[0]
                profiled += rp[1]
            if msg:
                print(f"FAIL {msg}", flush=True)
    if a.race_lib or a.profile:
        print(f"also checked: {raced} in the race build, {profiled} in a "
              f"profile build")
    print(f"{a.count} programs: {counts['ok']} agree in every mode, "
          f"{counts['FAIL']} failed")
    sys.exit(1 if counts["FAIL"] else 0)


if __name__ == "__main__":
    main()
