#!/bin/bash
# The simulator is deterministic whatever the number of host threads it
# runs on (docs/chip.md, "Threads"): each program given here runs with
# TT_FOIL_SIM_THREADS=1 and again with each other count, and everything it
# prints (results, every modeled cycle count, device-profiler figures,
# debug prints on stderr) must be the same, host-time figures aside.
#
#   test_sim_threads.sh "THREADS..." [--env VAR REF] [--csv FILE] PROGRAM [ARGS...] [-- PROGRAM [ARGS...]]...
# FILE: a device-zone CSV a program may write; compared too, each cycle
# taken from its dispatch's first (the chip's clock starts each dispatch
# at host time) and the host-time column left out.
# e.g. test_sim_threads.sh "2 8" build/tests/test_matmul -- build/examples/cnn/cnn_demo --images 2
. "$(dirname "$0")/lib.sh"
counts=$1
shift
# --env VAR REF: vary VAR instead (the values in THREADS..., against REF)
VAR=TT_FOIL_SIM_THREADS
REFVAL=1
if [ "$1" = "--env" ]; then
    VAR=$2
    REFVAL=$3
    shift 3
fi
CSV=
if [ "$1" = "--csv" ]; then
    CSV=$2
    shift 2
fi
REF=$(mktemp)
GOT=$(mktemp)
# a directory of our own: the programs write files (the device-zone CSV)
# where they run, and ctest runs them beside us as tests of their own
WORK=$(mktemp -d)
trap 'rm -rf "$OUT" "$ERR" "$REF" "$GOT" "$WORK"' EXIT
cd "$WORK" || exit 1

# Host time is the only thing allowed to differ.
normalize() {
    sed -E -e 's/[0-9]+(\.[0-9]+)? ms on the host/<host ms> on the host/g' "$@"
}

# The CSV with host_ns and pid dropped and each cycle relative to its dispatch.
csv_rel() {
    [ -n "$CSV" ] && [ -f "$CSV" ] || return 0
    echo "-- device zones"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "cycle") cy = i; if ($i == "host_ns") hn = i; if ($i == "pid") pd = i }; next }
             { rows[NR] = $0; d = $1; if ($cy + 0 > 0 && (!(d in first) || $cy + 0 < first[d])) first[d] = $cy + 0 }
             END { for (r = 2; r <= NR; r++) { n = split(rows[r], f, ",");
                     if (f[cy] + 0 > 0) f[cy] = sprintf("%.0f", f[cy] - first[f[1]]); f[hn] = ""; if (pd) f[pd] = ""
                     line = f[1]; for (i = 2; i <= n; i++) line = line "," f[i]; print line } }' "$CSV"
    csv_rows=$((csv_rows + $(wc -l <"$CSV")))
}

capture() {
    [ -n "$CSV" ] && rm -f "$CSV"
    run env "$VAR=$1" "${@:2}"
    expect_rc 0 "${*:2} with $VAR=$1"
    { normalize "$OUT"; echo "-- stderr"; normalize "$ERR"; csv_rel; }
}

check() {
    capture "$REFVAL" "$@" >"$REF"
    for n in $counts; do
        capture "$n" "$@" >"$GOT"
        checks=$((checks + 1))
        if ! cmp -s "$REF" "$GOT"; then
            failures=$((failures + 1))
            echo "FAIL: $* prints differently with $VAR=$n than with $REFVAL:" >&2
            diff "$REF" "$GOT" | head -20 >&2
        fi
    done
    # the comparison must compare something
    checks=$((checks + 1))
    grep -q "checks passed\|cycles" "$REF" || { failures=$((failures + 1)); echo "FAIL: $* printed no result" >&2; }
    grep -q "cycles" "$REF" && cycle_lines=$((cycle_lines + $(grep -c cycles "$REF")))
}
cycle_lines=0
csv_rows=0

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
echo "compared $cycle_lines lines of modeled cycles and $csv_rows device-zone rows"
finish
