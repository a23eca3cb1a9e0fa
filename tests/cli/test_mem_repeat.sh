#!/usr/bin/env bash
# The memory log's repeated kernel-config sets (MEM_REPEAT records,
# docs/trace-format.md) read as the sets in full: a dispatch-bound loop
# (bench_profile workload dispatch 50) and a CNN (workload cnn 2) give the
# memory report byte for byte, and the memory log CSV but for its times,
# as the runtime made them when it wrote every set in full (CASE_DIR/NAME:
# made by the tool before MEM_REPEAT); and the log holds fewer bytes than
# those sets in full would take (the repeats were written).
# The goldens are of a build without the device profiler: with it
# (DEVPROF 1, the demo's tree) the CNN's kernels are other images, so its
# kernel-config sets differ; there the CNN is checked for its repeats and
# no lost one only, and the dispatch loop (the same sets either way) as
# above.
#   test_mem_repeat.sh TOOL BENCH_PROFILE CASE_DIR DEVPROF
tool=$1
bench=$2
case=$3
devprof=${4:-0}
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
check() { # NAME, golden (1: compare with the goldens), then the workload's arguments
    local n=$1 golden=$2
    shift 2
    run timeout 300 "$tool" -o "$tmp/$n" "$bench" workload "$@"
    expect_rc 0 "tt_foil_profile $bench workload $*"
    checks=$((checks + 1))
    ! grep -q "repeat a set the trace does not hold" "$tmp/$n/reports/tt_foil_diagnostics.txt" ||
        fail "$n: a repeat of a set not held"
    [ "$golden" = 1 ] || return 0
    checks=$((checks + 2))
    cmp -s "$case/$n/tt_foil_memory_report.csv" "$tmp/$n/reports/tt_foil_memory_report.csv" ||
        fail "$n: the memory report differs from $case/$n"
    sed 's/,[0-9]*$//' "$tmp/$n/.logs/tt_foil_memlog.csv" >"$tmp/$n.csv"
    cmp -s "$case/$n/tt_foil_memlog.csv" "$tmp/$n.csv" ||
        fail "$n: the memory log CSV differs from $case/$n (times aside)"
}
check dispatch 1 dispatch 50
if [ "$devprof" = 1 ]; then
    echo "$0: the CNN's goldens are of a build without the device profiler: its repeats checked only"
    check cnn 0 cnn 2
else
    check cnn 1 cnn 2
fi
# the dispatch loop's log: 16536 bytes with every set in full, 10616 with
# repeats (at the time of writing)
size=$(stat -c %s "$tmp"/dispatch/.logs/tt_foil_memlog.*.tft)
[ "$size" -lt 13000 ] || fail "the dispatch loop's memory log takes $size bytes (repeats not written?)"
finish
