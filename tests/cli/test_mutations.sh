#!/usr/bin/env bash
# The mutation test (issue 17): real output folders (a real recording of
# prof_emit: zones, texts, frames, memory; and the report tests' logs with
# a device zones CSV and a clock sync) damaged in many seeded ways, one
# file at a time (tests/profile/mutate.c), each through `tt_foil_profile
# report`: no signal, no hang, and either the reports are those of the
# undamaged folder or a note the undamaged folder does not have names the
# damaged file and says what happened to it; the end records (.csv.end) are
# damaged too, and a cut exactly at a row or chunk boundary (which only an
# end record or a trailer reveals) is counted among the named losses.
# TF_MUTATION_TRIALS sets the number of trials (default
# 300); TF_MUTATION_SEED the first seed.
#   test_mutations.sh TOOL MKTFT MUTATE CASES PROF_EMIT
tool=$1
mktft=$2
mutate=$3
cases=$4
emit=$5
. "$(dirname "$0")/lib.sh"
trials=${TF_MUTATION_TRIALS:-300}
seed0=${TF_MUTATION_SEED:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

# the folders: a real run, and the hand-written logs of the golden test
"$tool" -o "$tmp/base_real" "$emit" nest >/dev/null 2>&1 ||
    fail "the real run failed"
mkdir -p "$tmp/base_hand/.logs"
"$mktft" "$cases/basic/host.txt" "$tmp/base_hand/.logs/tt_foil_trace.tft" &&
    "$mktft" "$cases/basic/mem.txt" "$tmp/base_hand/.logs/tt_foil_memlog.tft" &&
    cp "$cases/basic/device_zones.csv" "$tmp/base_hand/.logs/tt_foil_device_zones.csv" &&
    cp "$cases/basic/device_zones.csv.end" "$tmp/base_hand/.logs/tt_foil_device_zones.csv.end" &&
    cp "$cases/basic/clock_sync.csv" "$tmp/base_hand/.logs/tt_foil_device_clock_sync.csv" &&
    cp "$cases/basic/clock_sync.csv.end" "$tmp/base_hand/.logs/tt_foil_device_clock_sync.csv.end" ||
    fail "cannot make the hand-written logs"
compared="tt_foil_perf_results.csv tt_foil_perf_per_call.csv tt_foil_memory_report.csv tt_foil_device_perf.csv tt_foil_phases.csv"
for b in base_real base_hand; do
    run "$tool" report "$tmp/$b"
    [ "$rc" = 0 ] || fail "$b: the undamaged folder reports with status $rc"
done

crashes=0
hangs=0
silent=0
noted=0
boundary=0
intact=0
for ((i = 0; i < trials; i++)); do
    seed=$((seed0 + i))
    b=$([ $((seed % 2)) = 0 ] && echo base_real || echo base_hand)
    d="$tmp/trial"
    rm -rf "$d"
    mkdir -p "$d"
    cp -r "$tmp/$b/.logs" "$d/"
    files=("$d"/.logs/*.tft "$d"/.logs/tt_foil_device_zones.csv "$d"/.logs/tt_foil_device_clock_sync.csv
        "$d"/.logs/tt_foil_device_zones.csv.end "$d"/.logs/tt_foil_device_clock_sync.csv.end)
    existing=()
    for f in "${files[@]}"; do [ -f "$f" ] && existing+=("$f"); done
    victim=${existing[$((seed % ${#existing[@]}))]}
    what=$("$mutate" "$seed" "$victim")
    run timeout 30 "$tool" report "$d"
    checks=$((checks + 1))
    if [ "$rc" = 124 ]; then
        hangs=$((hangs + 1))
        fail "seed $seed ($b, $(basename "$victim"): $what): the report hung"
        continue
    fi
    if [ "$rc" -ge 128 ]; then
        crashes=$((crashes + 1))
        fail "seed $seed ($b, $(basename "$victim"): $what): the report died of signal $((rc - 128))"
        continue
    fi
    same=1
    for r in $compared; do
        cmp -s "$tmp/$b/reports/$r" "$d/reports/$r" || same=0
    done
    if [ $same = 1 ]; then
        intact=$((intact + 1))
    elif grep -vxF -f "$tmp/$b/reports/tt_foil_diagnostics.txt" "$d/reports/tt_foil_diagnostics.txt" 2>/dev/null |
        grep -qF ".logs/$(basename "$victim")"; then
        noted=$((noted + 1)) # a note the undamaged folder does not have names the damaged file
        case $what in *boundary) boundary=$((boundary + 1)) ;; esac
    else
        silent=$((silent + 1))
        fail "seed $seed ($b, $(basename "$victim"): $what): the reports changed (exit $rc) and no note says what was lost"
    fi
done
echo "mutations: $trials trials from seed $seed0: $intact intact, $noted with the loss named ($boundary of them cut at a row or chunk boundary), $silent silent losses, $crashes crashes, $hangs hangs"
finish
