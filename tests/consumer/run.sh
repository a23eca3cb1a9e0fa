#!/usr/bin/env bash
# The consumer project (tests/consumer) built and run the three ways a user
# of tt-foil would (docs/install.md), from one tt-foil build:
#   1. add_subdirectory(tt-foil): tt-foil built inside the consumer's build
#      (its tests, examples and benchmarks off), both profilers on;
#   2. that build installed (cmake --install --prefix), the prefix moved and
#      the build deleted, so nothing of a build tree is left; then the
#      consumer configured against it with find_package(tt_foil), its
#      kernels from tt_foil_add_kernel() and again compiled at run time
#      (tf_kernel_build), and run under the installed tt_foil_profile;
#   3. pkg-config and a plain compiler command for the host program, the
#      installed tt_foil_cc for the kernels.
# Each run checks every output word (consumer.c). usage: run.sh [TT_FOIL_DIR]
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
consumer=$src/tests/consumer
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
T=$(mktemp -d "${TMPDIR:-/tmp}/tt_foil_consumer.XXXXXX")
[ -n "${KEEP:-}" ] && echo "keeping $T" || trap 'rm -rf "$T"' EXIT
export TT_FOIL_CACHE_DIR=$T/kernel-cache
# run everything from the scratch folder: a program built with the device
# profiler writes its device logs to the current directory by default
cd "$T"
fail() {
    echo "FAIL: $*"
    exit 1
}
quiet() { # run a command, show its output only if it fails
    "$@" >"$T/log" 2>&1 || {
        cat "$T/log"
        fail "$*"
    }
}

echo "== 1. add_subdirectory(tt-foil)"
quiet cmake -S "$consumer" -B "$T/sub" -DTT_FOIL_SOURCE_DIR="$src" -DTT_FOIL_WERROR=ON \
    -DTT_FOIL_ENABLE_TRACY=ON -DTT_FOIL_DEVICE_PROFILER=ON -DTT_FOIL_INSTALL=ON
[ ! -e "$T/sub/tt-foil/tests" ] || fail "tt-foil's tests are configured inside another project"
[ ! -e "$T/sub/tt-foil/bench" ] || fail "tt-foil's benchmarks are configured inside another project"
quiet cmake --build "$T/sub" -j "$jobs"
"$T/sub/consumer" "$T/sub/kernels"

echo "== 2. cmake --install, then find_package(tt_foil) with no build tree left"
quiet cmake --install "$T/sub" --prefix "$T/staged"
mv "$T/staged" "$T/prefix"
rm -rf "$T/sub"
P=$T/prefix
for f in lib/libtt_foil.so include/tt_foil/runtime.h include/tt_foil/tf_trace_records.h \
    bin/tt_foil_profile bin/tt_foil_profile.py bin/tt_foil_sim bin/tt_foil_cc \
    share/tt_foil/device/firmware/brisc.elf share/tt_foil/device/ld/kernel_ncrisc.ld \
    lib/cmake/tt_foil/tt_foil-config.cmake lib/pkgconfig/tt_foil.pc; do
    [ -e "$P/$f" ] || fail "not installed: $f"
done
# --check (the replacement of `ldd | grep tracy`) on the installed library,
# whose build tree is gone: the firmware is found in share/tt_foil
quiet "$P/bin/tt_foil_profile" --check "$P/lib/libtt_foil.so"
grep -q "host profiler (TT_FOIL_ENABLE_TRACY): *yes" "$T/log" &&
    grep -qF "device profiler (TT_FOIL_DEVICE_PROFILER): yes, bitmask 1 (firmware $(cd "$P" && pwd -P)/share/tt_foil/device/firmware, installed beside it)" "$T/log" ||
    { cat "$T/log"; fail "--check on the installed libtt_foil.so"; }
quiet cmake -S "$consumer" -B "$T/pkg" -DCMAKE_PREFIX_PATH="$P" -DEXPECT_DEVICE_PROFILER=ON
grep -q "host profiler ON, device profiler ON" "$T/log" ||
    fail "the package does not say it has both profilers"
quiet cmake --build "$T/pkg" -j "$jobs"
quiet "$P/bin/tt_foil_profile" --check "$T/pkg/consumer"
grep -q "links the shared runtime libtt_foil.so" "$T/log" || fail "--check on a program using libtt_foil.so"
"$T/pkg/consumer" "$T/pkg/kernels"
"$T/pkg/consumer" --build "$consumer/kernels"
# the installed profiler, through the spec's wrapper spelling
quiet python3 "$P/bin/tt_foil_profile.py" -o "$T/prof" -- "$T/pkg/consumer" "$T/pkg/kernels"
grep -q "add_bias" "$T/prof/.logs/tracy_ops_times.csv" ||
    fail "the installed tt_foil_profile did not record the consumer's kernels"
grep -q "consumer_run" "$T/prof/.logs/tracy_ops_times.csv" ||
    fail "the consumer's own host zone (tt_foil::profiling) is not in the trace"
dz=$T/prof/.logs/tt_foil_device_zones.csv
grep -q "NCRISC,START,[^,]*,[^,]*,bias,.*,add_bias," "$dz" &&
    grep -q "BRISC,START,[^,]*,[^,]*,scale,.*,scale," "$dz" ||
    fail "no device zones of the consumer's kernels in $dz (device profiler not followed?)"
echo "profiled: $(($(wc -l <"$dz") - 1)) device zone records in .logs/tt_foil_device_zones.csv"
# kernels built at run time: their loads are named by their source, not by
# the kernel cache's path (which holds the source's hash: a profile before
# an edit and one after named the same kernel two ways)
quiet "$P/bin/tt_foil_profile" -o "$T/profb" -- "$T/pkg/consumer" --build "$consumer/kernels"
grep -qF "$consumer/kernels/add_bias.c (add_bias.ncrisc, tf_kernel_build)" \
    "$T/profb/reports/tt_foil_perf_results.csv" ||
    fail "a kernel built at run time: its TF_kernel_load is not named by its source in $T/profb/reports/tt_foil_perf_results.csv"

echo "== 3. pkg-config and a plain compiler command"
export PKG_CONFIG_PATH=$P/lib/pkgconfig
command -v pkg-config >/dev/null || fail "pkg-config is not installed (apt-get install pkg-config)"
[ "$(pkg-config --variable=device_profiler tt_foil)" = ON ] || fail "tt_foil.pc: device_profiler"
mkdir -p "$T/pc/kernels"
# shellcheck disable=SC2046 # pkg-config output is a list of words
${CC:-cc} -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags tt_foil) "$consumer/consumer.c" \
    -o "$T/pc/consumer" $(pkg-config --libs tt_foil) \
    -Wl,-rpath,"$(pkg-config --variable=libdir tt_foil)"
cc_tool=$(pkg-config --variable=tt_foil_cc tt_foil)
"$cc_tool" --risc ncrisc -o "$T/pc/kernels/add_bias" "$consumer/kernels/add_bias.c"
"$cc_tool" --risc brisc --compile-args 3 -o "$T/pc/kernels/scale" "$consumer/kernels/scale.cpp"
"$T/pc/consumer" "$T/pc/kernels"
echo "consumer: 3 ways passed"
