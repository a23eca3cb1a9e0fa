#!/usr/bin/env bash
# The memory log's repeated kernel-config sets (MEM_REPEAT records,
# docs/trace-format.md) read as the sets in full: a dispatch-bound loop
# (bench_profile workload dispatch 50) and a CNN (workload cnn 2) give the
# memory report byte for byte, and the memory log CSV but for its times,
# as the runtime made them when it wrote every set in full (CASE_DIR/NAME:
# made by the tool before MEM_REPEAT); and the log holds fewer bytes than
# those sets in full would take (the repeats were written).
#   test_mem_repeat.sh TOOL BENCH_PROFILE CASE_DIR
tool=$1
bench=$2
case=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
check() { # NAME, then the workload's arguments
    local n=$1
    shift
    run timeout 300 "$tool" -o "$tmp/$n" "$bench" workload "$@"
    expect_rc 0 "tt_foil_profile $bench workload $*"
    cmp -s "$case/$n/tt_foil_memory_report.csv" "$tmp/$n/reports/tt_foil_memory_report.csv" ||
        fail "$n: the memory report differs from $case/$n"
    sed 's/,[0-9]*$//' "$tmp/$n/.logs/tt_foil_memlog.csv" >"$tmp/$n.csv"
    cmp -s "$case/$n/tt_foil_memlog.csv" "$tmp/$n.csv" ||
        fail "$n: the memory log CSV differs from $case/$n (times aside)"
    ! grep -q "repeat a set the trace does not hold" "$tmp/$n/reports/tt_foil_diagnostics.txt" ||
        fail "$n: a repeat of a set not held"
}
check dispatch dispatch 50
check cnn cnn 2
# the dispatch loop's log: 16536 bytes with every set in full, 10616 with
# repeats (at the time of writing)
size=$(stat -c %s "$tmp"/dispatch/.logs/tt_foil_memlog.*.tft)
[ "$size" -lt 13000 ] || fail "the dispatch loop's memory log takes $size bytes (repeats not written?)"
finish
