# Helpers for command-line tests: run a command, then assert on its exit
# status, stdout and stderr. Each failed assertion prints what was expected
# and what came out; the script exits 1 at the end if any failed.
failures=0
checks=0
OUT=$(mktemp)
ERR=$(mktemp)
trap 'rm -f "$OUT" "$ERR"' EXIT

# run CMD...: captures status in $rc, output in $OUT / $ERR
run() {
    "$@" >"$OUT" 2>"$ERR"
    rc=$?
}

# run_full CMD...: as run, stdout a full disk (/dev/full: every write fails)
run_full() {
    : >"$OUT"
    "$@" >/dev/full 2>"$ERR"
    rc=$?
}

fail() {
    failures=$((failures + 1))
    echo "FAIL: $*" >&2
    echo "  stdout: $(head -c 600 "$OUT")" >&2
    echo "  stderr: $(head -c 600 "$ERR")" >&2
}

expect_rc() {
    checks=$((checks + 1))
    [ "$rc" = "$1" ] || fail "exit status $rc, expected $1 ($2)"
}

expect_err() {
    checks=$((checks + 1))
    grep -qF -- "$1" "$ERR" || fail "stderr lacks '$1' ($2)"
}

expect_out() {
    checks=$((checks + 1))
    grep -qF -- "$1" "$OUT" || fail "stdout lacks '$1' ($2)"
}

expect_err_lines() {
    checks=$((checks + 1))
    n=$(wc -l <"$ERR")
    [ "$n" = "$1" ] || fail "stderr has $n lines, expected $1 ($2)"
}

# csv_col FILE NAME: the number (from 1) of column NAME in the CSV's header
# (the reports' columns are found by name: one added moves the others)
csv_col() {
    head -1 "$1" | tr ',' '\n' | grep -nx -- "$2" | cut -d: -f1
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$0: $failures of $checks checks failed" >&2
        exit 1
    fi
    echo "$0: $checks checks passed"
}
