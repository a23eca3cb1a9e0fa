#!/bin/bash
# The simulator is deterministic whatever the number of host threads it
# runs on (docs/chip.md, "Threads"): each program given here runs with
# TT_FOIL_SIM_THREADS=1 and again with each other count, and everything it
# prints (results, every modeled cycle count, device-profiler figures,
# debug prints on stderr) must be the same, host-time figures aside.
#
#   test_sim_threads.sh "THREADS..." PROGRAM [ARGS...] [-- PROGRAM [ARGS...]]...
# e.g. test_sim_threads.sh "2 8" build/tests/test_matmul -- build/examples/cnn/cnn_demo --images 2
. "$(dirname "$0")/lib.sh"
counts=$1
shift
REF=$(mktemp)
GOT=$(mktemp)
trap 'rm -f "$OUT" "$ERR" "$REF" "$GOT"' EXIT

# Host time is the only thing allowed to differ.
normalize() {
    sed -E -e 's/[0-9]+(\.[0-9]+)? ms on the host/<host ms> on the host/g' "$@"
}

check() {
    TT_FOIL_SIM_THREADS=1 run "$@"
    expect_rc 0 "$* with 1 thread"
    { normalize "$OUT"; echo "-- stderr"; normalize "$ERR"; } >"$REF"
    for n in $counts; do
        TT_FOIL_SIM_THREADS=$n run "$@"
        expect_rc 0 "$* with $n threads"
        { normalize "$OUT"; echo "-- stderr"; normalize "$ERR"; } >"$GOT"
        checks=$((checks + 1))
        if ! cmp -s "$REF" "$GOT"; then
            failures=$((failures + 1))
            echo "FAIL: $* prints differently with $n threads than with 1:" >&2
            diff "$REF" "$GOT" | head -20 >&2
        fi
    done
    # the comparison must compare something
    checks=$((checks + 1))
    grep -q "checks passed\|cycles" "$REF" || { failures=$((failures + 1)); echo "FAIL: $* printed no result" >&2; }
    grep -q "cycles" "$REF" && cycle_lines=$((cycle_lines + $(grep -c cycles "$REF")))
}
cycle_lines=0

cmd=()
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then
        check "${cmd[@]}"
        cmd=()
    else
        cmd+=("$1")
    fi
    shift
done
[ ${#cmd[@]} -gt 0 ] && check "${cmd[@]}"
echo "compared $cycle_lines lines of modeled cycles"
finish
