#!/usr/bin/env bash
# The long differential-fuzzing campaign (test/fuzz.py; its quick part is in
# `ninja -C build check`): COUNT programs from SEED on, half generated, half
# mutants of the execution tests, each compiled in every mode, and as a
# profile build in one, and run under CILK_STRESS=1 (the generated ones also
# through the race detector, which must find nothing in them). Failing
# programs are kept in build/fuzz with a note.
#
# usage: scripts/fuzz.sh [COUNT [SEED]]      (defaults: 3000, 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-3000}
seed=${2:-1000}
B=$PWD/build
exec python3 test/fuzz.py --seed "$seed" --count "$count" --workdir build/fuzz \
  --cilkcc "/usr/lib/llvm-19/bin/clang -fplugin=$B/lib/cilk/cilk.so" \
  --cilkrt "-L$B/lib -lcilkrt -lpthread" --race-lib "-L$B/lib -lcilkrace" \
  --profile --mutate test/Execution/{fib,loops,types,parent-arrays,parent-locals,mixed-results,spawn-destinations,spawn-lvalues,sret-spawn-members,vla-across-spawns,byval-arguments,implicit-sync-returns,spawn-argument-expressions,inlets,abort,atomic-children,deep-chain}.c
