#!/usr/bin/env bash
# Run every libFuzzer harness of a TT_FOIL_FUZZ build for SECONDS each,
# starting from the committed regression inputs and the generated seeds,
# JOBS harnesses at a time (default: the CPUs; each harness is one process
# on one CPU, so two at a time on two CPUs give each the same time as one
# after the other, in half the wall time). Reports each harness in order
# once all have run; fails if any found a problem and says where the input
# is and what to do.
# usage: [JOBS=N] run.sh BUILD_DIR SECONDS [HARNESS...]
set -u
build=$1
secs=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
harnesses=${*:-$(cd "$src" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
for h in $harnesses; do
    [ -x "$build/tests/fuzz/fuzz_$h" ] || {
        echo "run.sh: $build/tests/fuzz/fuzz_$h is not built (make fuzz builds it)"
        exit 2
    }
done
# one harness: its corpus, then libFuzzer; its exit status in $art/rc
fuzz_one() {
    local h=$1 bin=$build/tests/fuzz/fuzz_$1 corpus=$build/fuzz/corpus/$1 art=$build/fuzz/artifacts/$1
    mkdir -p "$corpus" "$art"
    cp -n "$src/regress/$h"/* "$build/fuzz/seeds/$h"/* "$corpus"/ 2>/dev/null
    echo "$(ls "$corpus" | wc -l)" >"$art/inputs"
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$art/" "$corpus" >"$art/log.txt" 2>&1
    echo $? >"$art/rc"
}
echo "fuzzing: $(echo $harnesses | wc -w) harnesses, ${secs}s each, $jobs at a time"
running=0
for h in $harnesses; do
    rm -f "$build/fuzz/artifacts/$h/rc"
    fuzz_one "$h" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
fail=0
for h in $harnesses; do
    bin=$build/tests/fuzz/fuzz_$h
    art=$build/fuzz/artifacts/$h
    echo "== fuzz_$h: ${secs}s from $(cat "$art/inputs" 2>/dev/null) inputs"
    if [ "$(cat "$art/rc" 2>/dev/null)" != 0 ]; then
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
