#!/usr/bin/env bash
# Run every libFuzzer harness of a TT_FOIL_FUZZ build for SECONDS each,
# starting from the committed regression inputs and the generated seeds.
# Fails on the first finding and says where the input is and what to do.
# usage: run.sh BUILD_DIR SECONDS [HARNESS...]
set -u
build=$1
secs=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
harnesses=${*:-$(cd "$src" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')}
fail=0
for h in $harnesses; do
    bin=$build/tests/fuzz/fuzz_$h
    [ -x "$bin" ] || { echo "run.sh: $bin is not built (make fuzz builds it)"; exit 2; }
    corpus=$build/fuzz/corpus/$h
    art=$build/fuzz/artifacts/$h
    mkdir -p "$corpus" "$art"
    cp -n "$src/regress/$h"/* "$build/fuzz/seeds/$h"/* "$corpus"/ 2>/dev/null
    echo "== fuzz_$h: ${secs}s from $(ls "$corpus" | wc -l) inputs"
    if ! "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$art/" "$corpus" >"$art/log.txt" 2>&1; then
        fail=1
        echo "fuzz_$h FOUND A PROBLEM: $(grep -m1 -E 'ERROR|SUMMARY|Test unit written' "$art/log.txt")"
        tail -30 "$art/log.txt"
        echo "The input is in $art/. Minimize it ($bin -minimize_crash=1 -runs=10000 FILE), fix the"
        echo "bug, and commit the minimized input as tests/fuzz/regress/$h/<what>.<ext>."
    else
        grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|cov:' "$art/log.txt" | tail -3
    fi
done
[ $fail = 0 ] && echo "fuzzing: $(echo $harnesses | wc -w) harnesses, no finding"
exit $fail
