#!/usr/bin/env bash
# Every public header compiles alone, warning-free under -Wall -Wextra
# -pedantic -Werror, in C11, C17, C23 and C++17, each with and without GNU
# extensions, with the host profiler's macros on and off.
# usage: test_headers.sh INCLUDE_DIR CONTRACTS_DIR CC CXX
# (the trace-format headers of contracts/ are part of the public interface:
# tt_foil/prof_record.h and tt_foil/trace.h include them)
set -u
inc=$1
contracts=$2
cc=$3
cxx=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
# C23 is -std=c2x in the compilers of this machine (gcc 12, clang 14).
c23=c2x
"$cc" -std=c23 -fsyntax-only -x c /dev/null 2>/dev/null && c23=c23
for hdr in "$inc"/tt_foil/*.h; do
    h=$(basename "$hdr")
    for tracy in 0 1; do
        for mode in c11 gnu11 c17 gnu17 "$c23" "gnu${c23#c}" c++17 gnu++17; do
            case $mode in
            *++*) comp=$cxx ext=cpp ;;
            *) comp=$cc ext=c ;;
            esac
            src=$tmp/t.$ext
            # a declaration after the include: ISO C forbids an empty unit
            printf '#include "tt_foil/%s"\nint tf_header_test_unit;\n' "$h" >"$src"
            if out=$("$comp" -std="$mode" -Wall -Wextra -pedantic -Werror -DTT_FOIL_ENABLE_TRACY=$tracy \
                -I"$inc" -I"$contracts" -fsyntax-only "$src" 2>&1); then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                echo "FAIL: $h in -std=$mode (TT_FOIL_ENABLE_TRACY=$tracy):"
                echo "$out" | head -5
            fi
        done
    done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
