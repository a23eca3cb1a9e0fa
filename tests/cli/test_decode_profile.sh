#!/bin/bash
# The decode example under tt_foil_profile (docs/demo.md, "A decode step"):
# the ops report has one op per dispatch, 9 a layer and token and 2 a
# token after the layers, each named by its user zone and its kernels,
# on the cores the op splits over, at the fidelity its kernel was built
# with; the summary lists the kinds of op.
#
#   test_decode_profile.sh TT_FOIL_PROFILE DECODE_DEMO_TRACED TOKENS LAYERS
tool=$1
demo=$2
tokens=$3
layers=$4
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

run "$tool" -o "$tmp/p" -- "$demo" --tokens "$tokens" --layers "$layers"
expect_rc 0 "tt_foil_profile decode_demo"
ops=$((tokens * (9 * layers + 2)))
expect_err "Where the time went on the chip ($ops ops, hardware counters" "the summary counts every op"
expect_out "$tokens tokens:" "the demo's figures"
csv=$tmp/p/reports/tt_foil_ops_perf.csv
checks=$((checks + 1))
[ -f "$csv" ] || fail "no ops report ($csv)"
n=$(tail -n +2 "$csv" | wc -l)
checks=$((checks + 1))
[ "$n" = "$ops" ] || fail "the ops report has $n ops, expected $ops"

# ZONE, kernel of the op, CORE_COUNT, MATH_FIDELITY, ops a token
per_layer="attn_norm dec_rmsnorm 1 HiFi4
qkv_proj dec_qkv_proj 8 LoFi
attn_scores dec_attn_scores 4 HiFi4
softmax dec_softmax 4 HiFi4
attn_v dec_attn_v 4 HiFi4
out_proj dec_out_proj_residual 4 LoFi
mlp_norm dec_rmsnorm 1 HiFi4
mlp_gate_up dec_mlp_gate_up_silu 8 LoFi
mlp_down dec_mlp_down_residual 4 LoFi"
last="final_norm dec_rmsnorm 1 HiFi4
lm_head dec_lm_head 8 LoFi"
# the CSV's columns by name (OP_CODE is quoted: it holds commas)
rows=$(python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["ZONE"], r["OP_CODE"], r["CORE_COUNT"], r["MATH_FIDELITY"])
PY
)
check_op() { # zone, kernel, cores, fidelity, count
    checks=$((checks + 1))
    got=$(echo "$rows" | awk -v z="$1" '$1 == z' | sort | uniq -c | sed 's/^ *//')
    want="$5 $1 dec_tile_writer,${6:-dec_mm_reader},$2 $3 $4"
    [ "$got" = "$want" ] || fail "op $1: '$got' in the ops report, expected '$want'"
}
while read -r z k c f; do
    case $z in
    attn_norm | mlp_norm) r=dec_norm_reader ;;
    softmax) r=dec_softmax_reader ;;
    *) r=dec_mm_reader ;;
    esac
    check_op "$z" "$k" "$c" "$f" $((tokens * layers)) "$r"
done <<<"$per_layer"
while read -r z k c f; do
    r=dec_mm_reader
    [ "$z" = final_norm ] && r=dec_norm_reader
    check_op "$z" "$k" "$c" "$f" "$tokens" "$r"
done <<<"$last"
# every op of one token in the order of the model
checks=$((checks + 1))
order=$(echo "$rows" | head -$((9 * layers + 2)) | cut -d' ' -f1 | paste -sd' ')
want=$(for l in $(seq "$layers"); do echo "$per_layer" | cut -d' ' -f1; done | paste -sd' ')
[ "$order" = "$want final_norm lm_head" ] || fail "the first token's ops: $order"
finish
