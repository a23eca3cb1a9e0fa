#!/usr/bin/env bash
# libtt_foil.so exports exactly the public API: every dynamic symbol it
# defines is a tf_ name declared in a public header (include/tt_foil/), and
# the core public functions are there. Internals (rt_, sim_, cm_, ...) stay
# hidden (docs/architecture.md, "Prefixes").
# usage: test_exports.sh LIBTT_FOIL.so INCLUDE_DIR
set -u
lib=$1
inc=$2
fail=0
syms=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$')
n=0
for s in $syms; do
    n=$((n + 1))
    case "$s" in
    tf_*) ;;
    *)
        echo "FAIL: $lib exports '$s', which is not a tf_ public name"
        fail=1
        continue
        ;;
    esac
    grep -qw -- "$s" "$inc"/tt_foil/*.h || {
        echo "FAIL: $lib exports '$s', declared in no public header"
        fail=1
    }
done
for s in tf_device_open tf_buffer_write tf_dispatch_execute tf_last_error tf_set_warning_handler \
    tf_sim_transport_open tf_tilize tf_kernel_build tf_kernel_compile; do
    echo "$syms" | grep -qx -- "$s" || {
        echo "FAIL: $lib does not export public '$s'"
        fail=1
    }
done
hidden=$(nm --defined-only "$lib" | awk '$2 ~ /[tdb]/ {print $3}' | grep -c -E '^(rt_|sim_|cm_)')
echo "$n exported symbols, $hidden internal symbols kept local"
[ "$hidden" -gt 0 ] || { echo "FAIL: expected internal symbols (rt_, sim_, cm_) to be present but local"; fail=1; }
[ $fail = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
