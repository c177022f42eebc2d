#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a running Cilk program:
# installs the dependencies, builds the plugin, pass and runtime into build/,
# and runs the demonstration (the examples, compiled with the plugin).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
ninja -C build

echo
echo "== Demonstration =="
CC="/usr/lib/llvm-19/bin/clang -fplugin=$PWD/build/lib/cilk/cilk.so"
echo "\$ $CC -O2 -x c examples/fib.cilk -Lbuild/lib -lcilkrt -lpthread -o build/fib"
$CC -O2 -x c examples/fib.cilk -Lbuild/lib -lcilkrt -lpthread -o build/fib
# Two workers (even on one core) and a run long enough for thieves to
# steal: the first parallel run shows its steals.
echo "\$ build/fib --nproc 2 --stats 32"
build/fib --nproc 2 --stats 32
for ex in "queens -c 10" "pfold -c 2 2 4" "ray -c 512 512 build/ray.ppm" \
          "cilksort -c 1000000" "knary -c 9 5 2"; do
  echo "\$ build/examples/$ex"
  build/examples/$ex
done

echo
echo "== A misuse is a compile error, not a crash =="
printf 'cilk int f(int n) { return n; }\ncilk int g(int n) {\n    int x;\n    x = spawn f(n) + 1;\n    return x;\n}\n' > build/misuse.c
cat -n build/misuse.c
echo "\$ $CC -fsyntax-only build/misuse.c"
if $CC -fsyntax-only build/misuse.c; then
  echo "setup: expected a compile error" >&2
  exit 1
fi
echo
echo "Built. Run the test suite with: ninja -C build check"
