#!/bin/bash
# The decode example's logits are the same to the bit however many host
# threads the simulator runs on (docs/chip.md, "Threads"; docs/demo.md, "A
# decode step"): decode_demo --print-logits with TT_FOIL_SIM_THREADS=1,
# with 2, and with 2 and every round that has work for two threads run on
# them (TT_FOIL_SIM_PARALLEL=1: short rounds otherwise stay on one
# thread); so are the tokens and every step's modeled cycles.
#
#   test_decode_threads.sh DECODE_DEMO TOKENS
demo=$1
tokens=$2
. "$(dirname "$0")/lib.sh"
REF=$(mktemp)
trap 'rm -f "$OUT" "$ERR" "$REF"' EXIT

# what must not change: the logits, and each step's tokens and cycles
# (host times left out)
keep() { sed -E -n -e '/^logits /p' -e 's/^(position +[0-9]+: token .*device cycles).*/\1/p' "$OUT"; }

TT_FOIL_SIM_THREADS=1 run "$demo" --tokens "$tokens" --print-logits
expect_rc 0 "one simulator thread"
keep >"$REF"
checks=$((checks + 1))
n=$(grep -c '^logits ' "$REF")
v=$(grep '^logits ' "$REF" | head -1 | wc -w)
# "logits N:" and 256 values a line
[ "$n" = "$tokens" ] && [ "$v" = 258 ] ||
    fail "one thread: $n lines of logits of $((v - 2)) values, expected $tokens of 256"
for env in "TT_FOIL_SIM_THREADS=2" "TT_FOIL_SIM_THREADS=2 TT_FOIL_SIM_PARALLEL=1"; do
    env $env "$demo" --tokens "$tokens" --print-logits >"$OUT" 2>"$ERR"
    rc=$?
    expect_rc 0 "$env"
    checks=$((checks + 1))
    keep | cmp -s - "$REF" || {
        fail "$env: the logits, tokens or cycles differ from one thread's"
        keep | diff "$REF" - | head -5 >&2
    }
done
finish
