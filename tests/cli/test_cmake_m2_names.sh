#!/usr/bin/env bash
# tt_foil_add_kernel's Metal 2.0 names (RUNTIME_ARG_NAMES,
# COMMON_RUNTIME_ARG_NAMES, METAL2): the define it writes for
# tt_foil/metal2_args.hpp, and each refusal at configure time (the same
# checks as tf_kernel_build and tt_foil_cc), run in CMake's script mode:
# the checks come before anything is added to a build.
#   test_cmake_m2_names.sh CMAKE TT_FOIL_SOURCE_DIR
cmake=$1
root=$2
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
cd "$tmp" || exit 1

# m2 CALL...: CALL (a tt_foil_add_kernel or tf_metal2_args call) in a
# script that loads tt-foil's CMake functions as an installed tree does;
# its messages on one line in $ERR
m2() {
    {
        echo "set(TF_SOURCE_ROOT $root)"
        echo "set(TF_BINARY_ROOT $tmp)"
        echo "set(TF_INSTALLED ON)"
        echo "include($root/cmake/tf_rv32.cmake)"
        echo "include($root/cmake/tt_foil_kernel.cmake)"
        echo "$*"
    } >"$tmp/t.cmake"
    run "$cmake" -DTF_RV32_PROBED=ON -P "$tmp/t.cmake"
    tr '\n' ' ' <"$ERR" | tr -s ' ' >"$tmp/err1"
    mv "$tmp/err1" "$ERR"
}

# the define, in the order given: runtime, common runtime, compile-time
m2 'tf_metal2_args(k "k.cpp" "out;nvar" "base" "block=0x30;n=4" OFF d)
message(NOTICE "define: [${d}]")'
expect_rc 0 "the define"
expect_err "define: [TF_M2_ARGS=TF_M2_RTA(out,0)TF_M2_RTA(nvar,1)TF_M2_CRTA(base,0)TF_M2_CTA(block,0x30)TF_M2_CTA(n,4)]" "the define"
m2 'tf_metal2_args(k "k.cpp" "" "" "block=0x30" ON d)
message(NOTICE "define: [${d}]")'
expect_err "define: [TF_M2_ARGS=TF_M2_CTA(block,0x30)]" "METAL2 without runtime arg names"
m2 'tf_metal2_args(k "k.cpp" "" "" "" ON d)
message(NOTICE "define: [${d}]")'
expect_err "define: [TF_M2_ARGS=]" "METAL2 alone: the define, empty"
m2 'tf_metal2_args(k "k.cpp" "" "" "block=0x30" OFF d)
message(NOTICE "define: [${d}]")'
expect_err "define: []" "a legacy kernel: no define"

# the refusals
refused() {
    m2 "tt_foil_add_kernel(k RISC brisc $1)"
    expect_rc 1 "$1"
    expect_err "$2" "$1"
}
refused "SOURCES k.cpp RUNTIME_ARG_NAMES out 2nd" \
    "tt_foil_add_kernel(k): RUNTIME_ARG_NAMES '2nd' is not a C identifier (letters, digits and '_', not starting with a digit)"
refused "SOURCES k.cpp RUNTIME_ARG_NAMES out COMMON_RUNTIME_ARG_NAMES int" \
    "tt_foil_add_kernel(k): COMMON_RUNTIME_ARG_NAMES 'int' is a C++ keyword, which cannot name args::int; rename it"
refused "SOURCES k.cpp METAL2 NAMED_COMPILE_ARGS class=3" \
    "NAMED_COMPILE_ARGS 'class' is a C++ keyword"
refused "SOURCES k.cpp RUNTIME_ARG_NAMES a b COMMON_RUNTIME_ARG_NAMES b" \
    "tt_foil_add_kernel(k): 'b' is named twice among RUNTIME_ARG_NAMES, COMMON_RUNTIME_ARG_NAMES and NAMED_COMPILE_ARGS; each name once"
refused "SOURCES k.cpp COMMON_RUNTIME_ARG_NAMES n NAMED_COMPILE_ARGS n=1" "'n' is named twice"
refused "SOURCES k.cpp RUNTIME_ARG_NAMES $(seq -s ' ' -f 'a%g' 0 64)" \
    "tt_foil_add_kernel(k): 65 RUNTIME_ARG_NAMES, at most 64"
refused "SOURCES k.cpp COMMON_RUNTIME_ARG_NAMES $(seq -s ' ' -f 'a%g' 0 64)" \
    "65 COMMON_RUNTIME_ARG_NAMES, at most 64"
refused "SOURCES k.c METAL2" \
    "tt_foil_add_kernel(k): RUNTIME_ARG_NAMES, COMMON_RUNTIME_ARG_NAMES and METAL2 are for C++ (tt-metal Metal 2.0) kernels"
refused "SOURCES k.c RUNTIME_ARG_NAMES a" "are for C++ (tt-metal Metal 2.0) kernels"
finish "test_cmake_m2_names"
