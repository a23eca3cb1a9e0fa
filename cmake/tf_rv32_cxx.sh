#!/bin/sh
# One C++ device compile of tf_rv32_program (cmake/tf_rv32.cmake):
#   sh tf_rv32_cxx.sh <source> <object> <depfile> <compiler and flags...>
#
# Why a script: `#pragma GCC unroll 0` (tt-llk's Blackhole SFPU functions
# write it: GCC unrolls nothing, as with 1) is an error in clang 14 ("invalid
# value '0'; must be positive"). A compile failing so is done again as the
# run-time kernel build does it (src/kbuild.c, kb_build_into): the source
# with its includes inlined (-E -frewrite-includes: macros stay unexpanded,
# so diagnostics inside them read as usual, and the line markers keep the
# kernel's files and lines; the depfile from there, still naming the
# object), each such pragma made `unroll 1` in that text however it is
# spaced, which is then compiled (a _Pragma in a macro is not rewritten and
# fails as before). Any other compile runs once, as it would without this
# script.
src=$1
obj=$2
dep=$3
shift 3
log=$obj.log
"$@" -MD -MF "$dep" -c "$src" -o "$obj" 2>"$log"
rc=$?
if [ $rc -eq 0 ] || ! grep -q "invalid value '0'; must be positive" "$log"; then
    cat "$log" >&2
    rm -f "$log"
    exit $rc
fi
rm -f "$log"
# (the text under the source's file name, its compile unit named by the
# source: the object is the plain compile's but for the line table's MD5
# checksums, as src/kbuild.c's)
pp=$obj.pp
ii=$pp/$(basename "$src")
mkdir -p "$pp" || exit 1
"$@" -E -frewrite-includes -MD -MF "$dep" -MQ "$obj" "$src" -o "$ii" || exit 1
b="[ 	]" # (a blank: a space or a tab)
cr=$(printf '\r')
sed "s/^\($b*#$b*pragma$b$b*GCC$b$b*unroll$b$b*\)0\([ 	$cr]*\)\$/\11\2/" \
    "$ii" >"$ii.fix" && mv "$ii.fix" "$ii" || exit 1
"$@" -Xclang -main-file-name -Xclang "$src" -c -x c++ "$ii" -o "$obj"
rc=$?
rm -rf "$pp"
exit $rc
