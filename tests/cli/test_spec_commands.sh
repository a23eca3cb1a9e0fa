#!/usr/bin/env bash
# The spec's own commands (profiling.md: the TL;DR and the section 3
# examples) run unchanged, from a fresh copy of this tree, with the
# binaries that exist here: the cmake line with its three options, the
# Python wrapper on test_add_kernel, the three `cat` commands, the wrapper
# on test_tile_copy, and `-o DIR --zone-prefix TF_` on test_multi_kernel;
# plus each compatibility flag's message and --check. (The Qwen3 example
# needs a model that is not here.)
# usage: test_spec_commands.sh SOURCE_DIR
set -u
src=$(cd "$1" && pwd)
. "$src/tests/cli/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work" "$OUT" "$ERR"' EXIT
(cd "$src" && git ls-files -z | tar --null -T - -cf -) | (mkdir -p "$work/tt-foil" && tar -C "$work/tt-foil" -xf -)
cd "$work/tt-foil" || exit 1
py=python
command -v python >/dev/null 2>&1 || py=python3

# 1. Build tt-foil with the profiler features you want
run cmake -B build -DTT_FOIL_ENABLE_TRACY=ON -DTT_FOIL_DEVICE_PROFILER=ON -DTT_FOIL_HW_TESTS=ON
expect_rc 0 "spec TL;DR: cmake -B build with the three options"
run cmake --build build -j"$(nproc)"
expect_rc 0 "spec TL;DR: cmake --build build"
# 2. Run any tt-foil binary under the profiler wrapper
run $py tools/tt_foil_profile.py ./build/tests/test_add_kernel
expect_rc 0 "spec TL;DR: python tools/tt_foil_profile.py ./build/tests/test_add_kernel"
# 3. Inspect the reports
run cat generated/profiler/reports/tt_foil_perf_results.csv
expect_rc 0 "cat tt_foil_perf_results.csv"
expect_out "ZONE_NAME,CONTEXT,CALL_COUNT,TOTAL_NS,MEAN_NS,MIN_NS,MAX_NS" "host report header (the spec's columns, per zone x context)"
expect_out "TF_dispatch_execute," "host report has the dispatch zone"
run cat generated/profiler/reports/tt_foil_memory_report.csv
expect_rc 0 "cat tt_foil_memory_report.csv"
expect_out "POOL,ALLOC_COUNT,FREE_COUNT,TOTAL_BYTES_ALLOCATED,PEAK_LIVE_BYTES,LEAKED_BYTES" "memory header"
expect_out "Device DRAM" "memory report has DRAM"
run cat generated/profiler/reports/tt_foil_device_perf.csv
expect_rc 0 "cat tt_foil_device_perf.csv"
expect_out "RISC,ZONE,ZONE_HASH,CALL_COUNT,TOTAL_CYCLES,MEAN_CYCLES,MIN_CYCLES,MAX_CYCLES" "device header"
expect_out "BRISC,BRISC-FW," "device report has the firmware zone"

# Section 3, example 1: a unit-style HW test
run $py tools/tt_foil_profile.py ./build/tests/test_tile_copy
expect_rc 0 "spec 3.1: python tools/tt_foil_profile.py ./build/tests/test_tile_copy"
# Section 3, example 3: another output folder and a zone prefix
run $py tools/tt_foil_profile.py \
    -o "$work/myrun" --zone-prefix TF_ \
    ./build/tests/test_multi_kernel
expect_rc 0 "spec 3.3: -o DIR --zone-prefix TF_"
checks=$((checks + 1))
if [ -f "$work/myrun/reports/tt_foil_perf_results.csv" ]; then
    others=$(tail -n +2 "$work/myrun/reports/tt_foil_perf_results.csv" | grep -v '^TF_' | grep -vc '^#')
    [ "$others" = 0 ] || fail "--zone-prefix TF_ kept $others zones not starting with TF_"
else
    fail "-o $work/myrun wrote no reports"
fi

# The wrapper flags the spec has and we do not need: accepted, explained.
run $py tools/tt_foil_profile.py --capture-port 8086 --kernel-source-dirs examples,models,src \
    -o "$work/flags" ./build/tests/test_add_kernel
expect_rc 0 "compatibility flags are accepted"
expect_err "--capture-port 8086 is not needed: there is no capture server" "--capture-port"
expect_err "--kernel-source-dirs examples,models,src is not needed: device zone names come exactly" "--kernel-source-dirs"
run $py tools/tt_foil_profile.py --capture-port 99999 ./build/tests/test_add_kernel
expect_rc 2 "a port out of range is bad usage"
# What replaces `ldd ... | grep tracy`
run $py tools/tt_foil_profile.py --check ./build/tests/test_add_kernel
expect_rc 0 "--check"
expect_out "host profiler (TT_FOIL_ENABLE_TRACY):    yes" "--check: host profiler"
expect_out "device profiler (TT_FOIL_DEVICE_PROFILER): yes, bitmask 1" "--check: device profiler"
run $py tools/tt_foil_profile.py --check /bin/sh
expect_rc 1 "--check on a program without tt-foil"
expect_out "not a tt-foil program" "--check: /bin/sh"
# the tool itself carries no marker (it looks for them: a whole one in its
# code said "host profiler: yes" of it)
run $py tools/tt_foil_profile.py --check ./build/tools/tt_foil_profile
expect_rc 1 "--check on the tool itself"
expect_out "not a tt-foil program" "--check: the tool is no tt-foil program"
# the static runtime: its recorder is libtt_foil_prof.a, linked beside it
# (it said "no (rebuild with -DTT_FOIL_ENABLE_TRACY=ON)" of this build)
run $py tools/tt_foil_profile.py --check ./build/libtt_foil.a
expect_rc 0 "--check on libtt_foil.a"
expect_out "host profiler (TT_FOIL_ENABLE_TRACY):    a static library: its recorder is libtt_foil_prof.a" \
    "--check: libtt_foil.a sends to the program linking it"
expect_out "device profiler (TT_FOIL_DEVICE_PROFILER): yes, bitmask 1" "--check: libtt_foil.a's firmware"
finish
