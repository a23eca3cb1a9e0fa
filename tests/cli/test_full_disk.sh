#!/usr/bin/env bash
# A kernel build onto a full filesystem: clang writes nothing useful (or
# the linker dies of SIGBUS writing its mapped output), so the message
# must say the filesystem is full and where (src/kbuild.c
# kb_explain_disk), for the scratch folder (TMPDIR) and for the output's.
# The full filesystem is a 64 KiB tmpfs mounted in a private user and
# mount namespace (unshare -Urm: no root needed, nothing left mounted);
# where the kernel allows no such namespace the test is skipped (77).
#   test_full_disk.sh TT_FOIL_CC KERNEL_SOURCE
cc=$1
src=$2
if [ "$3" != inside ]; then
    if ! unshare -Urm true 2>/dev/null; then
        echo "$0: skipped: no user and mount namespace here (unshare -Urm) for a small tmpfs"
        exit 77
    fi
    exec unshare -Urm bash "$0" "$cc" "$src" inside
fi
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp" "$OUT" "$ERR"' EXIT
mkdir "$tmp/full"
mount -t tmpfs -o size=64k tmpfs "$tmp/full" || {
    echo "$0: skipped: cannot mount a tmpfs in the namespace"
    exit 77
}
dd if=/dev/zero of="$tmp/full/fill" bs=4k 2>/dev/null # until it is full
checks=$((checks + 1))
[ "$(df --output=avail "$tmp/full" | tail -1 | tr -d ' ')" = 0 ] || fail "the tmpfs is not full"

# the scratch folder full: the objects cannot be written
TMPDIR="$tmp/full" run "$cc" --risc brisc -o "$tmp/k" "$src"
expect_rc 1 "scratch folder full"
expect_err "compile failed" "scratch folder full"
expect_err "(the filesystem of $tmp/full/tt_foil_cc." "scratch folder full: which folder"
expect_err "is full: No space left on device; free space there or set TT_FOIL_CACHE_DIR / TMPDIR elsewhere)" \
    "scratch folder full: what to do"
checks=$((checks + 1))
# (only ours: clang's crash handler may leave its symbolizer files in TMPDIR)
[ -z "$(ls "$tmp/full" | grep '^tt_foil_cc\.')" ] || fail "scratch folder full: scratch left behind"

# the output's folder full: the link cannot write the ELF
TMPDIR="$tmp" run "$cc" --risc brisc -o "$tmp/full/k" "$src"
expect_rc 1 "output folder full"
expect_err "(the filesystem of $tmp/full is full: No space left on device; free space there)" \
    "output folder full"
checks=$((checks + 1))
[ ! -e "$tmp/full/k.brisc.elf" ] || fail "output folder full: an ELF was left"
[ -z "$(ls "$tmp/full" | grep '^k\.')" ] || fail "output folder full: a temporary ELF was left"

# room again: the same build succeeds (the message was the disk, not the kernel)
rm -f "$tmp/full/fill"
TMPDIR="$tmp" run "$cc" --risc brisc -o "$tmp/full/k" "$src"
expect_rc 0 "room again"
checks=$((checks + 1))
[ -s "$tmp/full/k.brisc.elf" ] || fail "room again: no ELF"
finish
