#!/bin/sh
# One C++ device compile of tf_rv32_program (cmake/tf_rv32.cmake):
#   sh tf_rv32_cxx.sh <source> <object> <depfile> <compiler and flags...>
#
# Why a script: `#pragma GCC unroll 0` (tt-llk's Blackhole SFPU functions
# write it: GCC unrolls nothing, as with 1) is an error in clang 14 ("invalid
# value '0'; must be positive"). A compile failing so is done again as the
# run-time kernel build does it (src/kbuild.c, kb_build_into): the source
# preprocessed (the depfile from there, still naming the object), each such
# pragma made `unroll 1` in that text, which is compiled as it stands
# (-x c++-cpp-output: the line markers keep the kernel's files and lines in
# diagnostics and debug info; the command's -I and -D have nothing left to
# do there, hence -Wno-unused-command-line-argument). Any other compile runs
# once, as it would without this script.
src=$1
obj=$2
dep=$3
shift 3
log=$obj.log
"$@" -MD -MF "$dep" -c "$src" -o "$obj" 2>"$log"
rc=$?
if [ $rc -eq 0 ] || ! grep -q "invalid value '0'; must be positive" "$log" ||
    ! grep -q "#pragma GCC unroll 0" "$log"; then
    cat "$log" >&2
    rm -f "$log"
    exit $rc
fi
rm -f "$log"
"$@" -E -MD -MF "$dep" -MT "$obj" "$src" -o "$obj.ii" || exit 1
sed 's/^\([ 	]*#pragma GCC unroll\) 0\([ 	]*\)$/\1 1\2/' "$obj.ii" >"$obj.ii.fix" &&
    mv "$obj.ii.fix" "$obj.ii" || exit 1
exec "$@" -Wno-unused-command-line-argument -c -x c++-cpp-output "$obj.ii" -o "$obj"
