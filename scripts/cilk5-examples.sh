#!/usr/bin/env bash
# Compares the 28 example programs of MIT Cilk-5.4.6 built with this project
# against the same programs built with MIT Cilk-5.4.6.
#
#   scripts/cilk5-examples.sh CILK5_EXAMPLES_DIR [WORKDIR]
#
# CILK5_EXAMPLES_DIR is the examples/ directory of a Cilk-5.4.6 tree in which
# `make` has built the programs (GitHub zakkak/cilk: ./bootstrap.sh &&
# ./configure && make; with glibc 2.36, cilk2c needs
# CPPFLAGS='-D_Float32=float -D_Float64=double -D_Float32x=double
# -D_Float64x=double -D_Float128=double' for the programs that include
# <math.h>). Each program is compiled unmodified in every mode with
# build/bin/cilkc (with -I of that directory and the other sources its
# Makefile links), run with the same arguments on 1 and 2 workers, with and
# without CILK_STRESS, and its output, timing lines aside, compared with
# MIT's on 1 and 2 workers. Prints one line per program and mode; exits 1
# if a program fails to build or an output matches neither of MIT's.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: $0 CILK5_EXAMPLES_DIR [WORKDIR]}" && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work"
cilkc="$root/build/bin/cilkc"

# program|arguments (small inputs; kalah reads moves from stdin)
progs='hello|
fib|25
testall|
ck|
magic|-n 4
knapsack|-f knapsack-example1.input
queens|10
cilksort|-n 100000
fft|-n 65536 -c
test-locks|
bucket|
cholesky|
game|
nfib|25
kalah|
matmul|200
lu|-n 256
plu|-n 256
heat|
test-errno|
strassen|-n 256
rectmul|
spacemul|
test-void-func|
velin|
cholesky-lib|
nfib-lib|25'

# The sources each program's Makefile.am links.
sources() {
  case $1 in
    testall) echo "testall.cilk rand.cilk" ;;
    ck | cholesky | cholesky-lib | matmul) echo "$1.cilk rand.cilk getoptions.c" ;;
    hello | fib | test-locks | test-errno | queens | nfib | kalah | nfib-lib | \
      test-void-func | velin) echo "$1.cilk" ;;
    *) echo "$1.cilk getoptions.c" ;;
  esac
}

# Drops the lines that report times, processor counts and speeds.
normalize() {
  grep -v -i -E 'time|work *=|critical|mflops|parallelism|speedup|running on|processor|span|seconds|elapsed' "$1"
}

run() { # run BINARY PROGRAM ARGS NPROC STRESS OUT
  local input=/dev/null
  [ "$2" = kalah ] && input="$work/kalah.in"
  (cd "$src" && CILK_STRESS=$5 timeout 120 "$1" --nproc "$4" $3 < "$input" > "$6" 2>&1
   echo "exit $?" >> "$6")
}

printf '4\n3\nquit\n' > "$work/kalah.in"
status=0
while IFS='|' read -r p args; do
  for n in 1 2; do
    run "$src/$p" "$p" "$args" "$n" 0 "$work/$p.mit.$n"
    normalize "$work/$p.mit.$n" > "$work/$p.mit.$n.norm"
  done
  for mode in serial eager indolent sedative; do
    exe="$work/$p.$mode"
    # shellcheck disable=SC2046
    if ! (cd "$src" && "$cilkc" -cilk-mode="$mode" -O2 -w -I. $(sources "$p") -lm -o "$exe") \
        > "$work/$p.$mode.log" 2>&1; then
      echo "$p $mode: BUILD FAILED (see $work/$p.$mode.log)"
      status=1
      continue
    fi
    verdict=same
    for n in 1 2; do
      for stress in 0 1; do
        out="$work/$p.$mode.$n.$stress"
        run "$exe" "$p" "$args" "$n" "$stress" "$out"
        normalize "$out" > "$out.norm"
        if ! cmp -s "$out.norm" "$work/$p.mit.$n.norm" &&
           ! cmp -s "$out.norm" "$work/$p.mit.$((3 - n)).norm"; then
          verdict="differs (P=$n stress=$stress: diff $out.norm $work/$p.mit.$n.norm)"
        fi
      done
    done
    echo "$p $mode: $verdict"
    [ "$verdict" = same ] || status=1
  done
done <<< "$progs"
exit $status
