#!/usr/bin/env bash
# An old trace still opens (docs/trace-format.md): a run recorded by the
# runtime of an earlier trace format gives this tool's reports byte for
# byte as the tool of that version made them (CASE_DIR/expected: every CSV
# and the summary), but for what the tool itself has changed since (the
# summary's DRAM bank advice says how busy the bank is; its frames section;
# two folded pool rows of one name named by their cores; the reader-bound
# advice says what holds the reader up; advice past six lines is counted;
# the memory pools' peaks by site; the op-to-op gaps by zone; a kind of op
# whose TRISC0 does not wait shows the stall of the RISC that does; the ops
# CSV's DEVICE_ID, 1 for these traces, which do not name devices).
#   - tests/profile/perf_v1 (cli_perf_v1): a CNN run of trace format 3,
#     whose DEVICE_PERF records are version 1 (the chip's figures in every
#     record, 16-byte pairs);
#   - tests/profile/trace_v4 (cli_trace_v4): four iterations of
#     bench_profile's dispatch workload in trace format 4, whose dispatch
#     zones are records of their own (no ZONE_SEQ).
#   test_perf_v1.sh TOOL CASE_DIR [VERSION]     (VERSION: 3 unless given)
tool=$1
case=$2
v=${3:-3}
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
mkdir -p "$tmp/case/.logs"
cp "$case"/logs/*.tft "$tmp/case/.logs/"
run timeout 60 "$tool" report "$tmp/case"
expect_rc 0 "report of a version-$v trace"
cat "$OUT" "$ERR" | sed "s|$tmp/case|DIR|g" >"$tmp/summary.txt"
for f in "$case"/expected/*; do
    n=$(basename "$f")
    got="$tmp/case/reports/$n"
    [ "$n" = summary.txt ] && got="$tmp/summary.txt"
    checks=$((checks + 1))
    cmp -s "$f" "$got" || fail "$n differs from the version-$v tool's: $(diff "$f" "$got" | head -5)"
done
finish
