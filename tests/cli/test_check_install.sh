#!/usr/bin/env bash
# `tt_foil_profile --check <prefix>/lib/libtt_foil.so` reads the firmware
# the installed runtime loads (docs/install.md): the runtime takes
# share/tt_foil beside the library before the build tree it came from, and
# --check tried the build tree first, so a moved install whose build tree
# was still there was reported by the build tree's firmware. Here the build
# tree stays, and a program linked with the moved library shows which
# folder the runtime loads: --check must name the same one, each time.
#   test_check_install.sh TOOL LIBTT_FOIL_SO BUILD_FIRMWARE_DIR INCLUDE_DIR CONTRACTS_DIR CC [SANITIZE]
# (SANITIZE: the sanitizer flags the library was built with, for the
# program linking it)
tool=$1 lib=$2 build_fw=$3 inc=$4 contracts=$5 cc=$6 san=${7:-}
. "$(dirname "$0")/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T" "$OUT" "$ERR"' EXIT

# a moved install: the library and its share/tt_foil, nothing else
P=$T/moved/prefix
fw=$P/share/tt_foil/device/firmware
mkdir -p "$P/lib" "$fw"
cp "$lib" "$P/lib/libtt_foil.so"
cp "$build_fw"/*.elf "$fw/"
fw=$(cd "$fw" && pwd -P)
# what the runtime in that library loads: tf_device_open's error names it
cat >"$T/open.c" <<'C'
#include "tt_foil/runtime.h"
#include <stdio.h>
int main(void)
{
    tf_device *d = tf_device_open(NULL);
    if (!d) {
        printf("not opened: %s\n", tf_last_error());
        return 1;
    }
    printf("opened\n");
    return tf_device_close(d);
}
C
# shellcheck disable=SC2086 # (the flags, one word each)
"$cc" -std=gnu11 $san -I"$inc" -I"$contracts" "$T/open.c" -o "$T/open" -L"$P/lib" -ltt_foil \
    -Wl,-rpath,"$P/lib" || fail "cannot build the program using the moved library"

# 1. both take the installed firmware, though the build tree's is there
run "$tool" --check "$P/lib/libtt_foil.so"
expect_rc 0 "--check on the moved library"
expect_out "(firmware $fw, installed beside it" "--check names the installed firmware"
mv "$fw/brisc.elf" "$T/brisc.elf"
echo "not an ELF" >"$fw/brisc.elf"
run "$T/open"
expect_rc 1 "a damaged installed firmware: the runtime"
expect_out "not opened: firmware for BRISC: $fw/brisc.elf: " "the runtime loads the installed firmware"
run "$tool" --check "$P/lib/libtt_foil.so"
expect_out "cannot read the firmware $fw/brisc.elf" "--check reads the firmware the runtime loads"
mv "$T/brisc.elf" "$fw/brisc.elf"
run "$T/open"
expect_rc 0 "the installed firmware restored"

# 2. $TT_FOIL_FIRMWARE_DIR wins, for both
export TT_FOIL_FIRMWARE_DIR=$T/elsewhere
run "$T/open"
expect_out "not opened: firmware for BRISC: $T/elsewhere/brisc.elf: " "the runtime takes \$TT_FOIL_FIRMWARE_DIR"
run "$tool" --check "$P/lib/libtt_foil.so"
expect_out "cannot read the firmware $T/elsewhere/brisc.elf" "--check takes \$TT_FOIL_FIRMWARE_DIR"
unset TT_FOIL_FIRMWARE_DIR

# 3. no share/tt_foil beside it: both take the build tree's
rm -rf "$P/share"
run "$T/open"
expect_rc 0 "no installed firmware: the runtime takes the build tree's"
run "$tool" --check "$P/lib/libtt_foil.so"
expect_out "(firmware $build_fw, its build tree's" "--check takes the build tree's"
finish
