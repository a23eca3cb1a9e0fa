#!/usr/bin/env bash
# Built without TT_FOIL_ENABLE_TRACY, no profiler symbol is in the binary.
#   test_compiled_out.sh PROF_EMIT PROF_EMIT_OFF [OFF-BUILD RUNTIME PROGRAM]
. "$(dirname "$0")/lib.sh"
run nm "$1"
expect_rc 0 "nm on the profiled build"
expect_out "tf_prof_text_slow" "the profiled build has the recorder (sanity check of the grep)"
for bin in "${@:2}"; do
    run nm "$bin"
    expect_rc 0 "nm $bin"
    checks=$((checks + 1))
    if grep -q "tf_prof" "$OUT"; then fail "$bin has profiler symbols: $(grep tf_prof "$OUT" | head -3)"; fi
done
finish
