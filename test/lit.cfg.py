# lit configuration for the Cilk for Clang test suite.
#
# Substitutions:
#   %cilkcc   clang-19 with the Cilk plugin (nothing else: no -I, no
#             -fpass-plugin), so every test exercises the plugin alone
#   %cilkc    the cilkc driver of the build tree
#   %cilkrt   the link flags for the runtime
#   %cilkopt  opt-19 with the Cilk pass plugin loaded
#   %elide    prints the serial elision of a Cilk source file (test/elide.py)
#   %gcc      gcc, to compile elisions independently of clang
#   %racelib  the link flags of the race detector (empty in a sanitizer
#             run: it stands in for TSan's runtime)
#   %status   runs a command and prints `status N` after its output
#   %repeat   runs a command N times, requires the same output each time
#   %run-vs-elision  compiles a Cilk program in each mode and -O level, runs
#             it under several worker counts and compares it with its
#             gcc-compiled serial elision (test/run-vs-elision.py)
import os
import shutil
import subprocess

import lit.formats

config.name = "Cilk"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".cilk", ".ll", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "elide.py", "status.py", "run-vs-elision.py", "mutate.py", "repeat.py", "fuzz.py"]
# A sanitizer run (lit --param cilk_sanitizer=thread, address or memory:
# check-tsan, check-asan, check-msan) instruments every test program and
# links the runtime built for that sanitizer; its outputs go beside the main
# suite's, in test/<tsan|asan|msan>.
sanitizer = lit_config.params.get("cilk_sanitizer", "")
sanitizer_short = f"{sanitizer[0]}san" if sanitizer else ""  # tsan, ...
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cilk_obj_root, "test",
                                     sanitizer_short)

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# Runtime options must come from the RUN lines only.
config.environment.pop("CILK_NWORKERS", None)

clang = os.path.join(config.llvm_tools_dir, "clang")
opt = os.path.join(config.llvm_tools_dir, "opt")
plugin = os.path.join(config.cilk_plugin_dir, "cilk.so")
pass_plugin = os.path.join(config.cilk_plugin_dir, "CilkPass.so")

cilkcc = f"{clang} -fplugin={plugin}"
cilkrt_lib = f"cilkrt-{sanitizer_short}" if sanitizer else "cilkrt"
cilkrt = f"-L{config.cilk_lib_dir} -l{cilkrt_lib} -lpthread"
if sanitizer:
    cilkrt += f" -fsanitize={sanitizer} -g"
    config.available_features.add(f"sanitizer-{sanitizer}")
    # The run checks the runtime's memory safety; test programs (like the
    # queens example) may leave their last boards to the exit.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"


def script(name):
    """The command that runs one of the Python helpers beside this file."""
    return (f"{config.python_executable} "
            f"{os.path.join(config.cilk_src_root, 'test', name)}")


config.substitutions.append(("%cilkcc", cilkcc))
config.substitutions.append(
    ("%cilkc", os.path.join(config.cilk_obj_root, "bin", "cilkc")))
# MPI: hybrid programs and distributed runs (libcilkrt-mpi.a) when the build
# found MPI and mpirun is here (not in a sanitizer run: the distributed
# runtime has no sanitizer variant). %mpirun runs more processes than
# cores, as root too (CI runs as root).
if not sanitizer and shutil.which("mpirun") and os.path.exists(
        os.path.join(config.cilk_lib_dir, "libcilkrt-mpi.a")):
    config.available_features.add("mpi")
    for var in ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM",
                "OMPI_MCA_rmaps_base_oversubscribe"):
        config.environment[var] = "1"
config.substitutions.append(("%mpirun", "mpirun"))
config.substitutions.append(("%run-dist", script("run-dist.py") +
    f" --cilkc {os.path.join(config.cilk_obj_root, 'bin', 'cilkc')}"))
# The runtime's sanitizer variants: built unless the C compiler of the
# build is not clang (runtime/CMakeLists.txt).
if os.path.exists(os.path.join(config.cilk_lib_dir, "libcilkrt-tsan.a")):
    config.available_features.add("sanitizer-runtimes")
if shutil.which("make"):
    config.available_features.add("make")
if shutil.which("gdb"):
    config.available_features.add("gdb")
# cilkscale draws with Debian's python3-matplotlib (the system Python's).
for py in (config.python_executable, "/usr/bin/python3"):
    if os.path.exists(py) and subprocess.run(
            [py, "-c", "import matplotlib"], capture_output=True).returncode == 0:
        config.available_features.add("matplotlib")
        break
config.substitutions.append(("%cilkrt", cilkrt))
# %thin: the smaller matrix of run-vs-elision.py and the fuzzers in a
# sanitizer run (see run-vs-elision.py); the main suite runs the whole one.
thin = " --thin" if sanitizer else ""
config.substitutions.append(("%thin", thin))
config.substitutions.append(
    ("%racelib",
     "" if sanitizer else f"-L{config.cilk_lib_dir} -lcilkrace"))
config.substitutions.append(
    ("%cilkopt", f"{opt} -load-pass-plugin={pass_plugin}"))
config.substitutions.append(("%elide", script("elide.py")))
config.substitutions.append(("%status", script("status.py")))
config.substitutions.append(("%repeat", script("repeat.py")))
config.substitutions.append(
    ("%run-vs-elision", f"{script('run-vs-elision.py')} --cilkcc '{cilkcc}' "
     f"--cilkrt '{cilkrt}' --workdir %t.d "
     f"--cilk-include '{config.cilk_include_dir}'{thin}"))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%gcc", shutil.which("gcc") or "gcc"))
config.substitutions.append(("%cilk_include", config.cilk_include_dir))
config.substitutions.append(("%cilk_src", config.cilk_src_root))
config.substitutions.append(("%cilk_obj", config.cilk_obj_root))
config.substitutions.append(("%cilk_plugin_dir", config.cilk_plugin_dir))
