#!/usr/bin/env bash
# Out of host memory: each allocation of a program that opens a device,
# loads kernels, makes buffers and dispatches is failed in turn, one per
# run (oom_shim.c, LD_PRELOAD). Every run must end with status 0 and the
# right results, or status 1 and an error message; never a signal, a
# hang, or a failure the program only finds by checking its results (a
# write the simulator dropped: "checks failed"). The CNN runs on the
# simulator's one thread and on two.
#   test_oom.sh OOM_SHIM TEST_ADD_KERNEL CNN_DEMO
. "$(dirname "$0")/lib.sh"
shim=$1
add=$2
cnn=$3

# sweep PROGRAM ARGS...: every allocation index of PROGRAM failed once
sweep() {
    local prog=$1 name n i
    name=$(basename "$prog")
    run env OOM_PROG="$name" OOM_COUNT=1 LD_PRELOAD="$shim" "$@"
    expect_rc 0 "$name without failures"
    cp "$OUT" "$OUT.ref"
    n=$(sed -n 's/^oom_shim: \([0-9]*\) allocations$/\1/p' "$ERR")
    checks=$((checks + 1))
    [ -n "$n" ] && [ "$n" -gt 0 ] || fail "$name: the shim counted no allocations"
    for ((i = 0; i < ${n:-0}; i++)); do
        run timeout 60 env OOM_PROG="$name" OOM_FAIL_AT=$i LD_PRELOAD="$shim" "$@"
        checks=$((checks + 1))
        case $rc in
        0) [ "$name" != cnn_demo ] || head -2 "$OUT" | cmp -s - <(head -2 "$OUT.ref") ||
            fail "$name, allocation $i failed: status 0 with other results" ;;
        1) if grep -q "checks failed" "$ERR"; then
            fail "$name, allocation $i failed: a wrong result, not an error"
        elif [ ! -s "$ERR" ]; then
            fail "$name, allocation $i failed: status 1 without a message"
        elif grep -v '^oom_shim: ' "$ERR" | tail -1 | grep -qE ':[[:space:]]*$'; then
            fail "$name, allocation $i failed: an empty message: $(tail -1 "$ERR")"
        fi ;;
        124) fail "$name, allocation $i failed: still running after 60 s" ;;
        *) fail "$name, allocation $i failed: status $rc" ;;
        esac
    done
    rm -f "$OUT.ref"
}

sweep "$add"
sweep "$cnn" --images 1
# the parallel simulator (two threads, every round on both): a round's
# transfers go into the chip's pool at its end, whose growth failing
# aborted the program; now each issuer faults (sim_noc_lost)
export TT_FOIL_SIM_THREADS=2 TT_FOIL_SIM_PARALLEL=ON
sweep "$cnn" --images 1
unset TT_FOIL_SIM_THREADS TT_FOIL_SIM_PARALLEL
finish
