#!/usr/bin/env bash
# The benchmarks' command lines (bench_args, bench/bench_util.h): --help
# prints the usage and exits 0, before running anything; an unknown
# option, a missing value and a stray word exit 2 naming them.
#   test_bench_args.sh BENCH_DIR
. "$(dirname "$0")/lib.sh"
dir=$1
for b in bench_sim_mips bench_prof bench_device_profiler bench_profile bench_cnn bench_dense \
    bench_async bench_report bench_tile bench_sfpi; do
    run "$dir/$b" --help
    expect_rc 0 "$b --help"
    expect_out "usage: $b" "$b --help"
    run "$dir/$b" --bogus
    expect_rc 2 "$b --bogus"
    expect_err "$b: unknown option '--bogus' (usage: $b" "$b --bogus"
done
run "$dir/bench_async" --iters
expect_rc 2 "a missing value"
expect_err "bench_async: option '--iters' needs a value" "a missing value"
run "$dir/bench_profile" --run 3
expect_rc 2 "a prefix of an option"
expect_err "bench_profile: unknown option '--run'" "a prefix of an option"
run "$dir/bench_cnn" images
expect_rc 2 "a stray word"
expect_err "bench_cnn: unexpected argument 'images'" "a stray word"
run "$dir/bench_sfpi" --tiles 0
expect_rc 2 "bench_sfpi --tiles 0"
expect_err "bench_sfpi: --tiles takes a count of 1 or more" "bench_sfpi --tiles 0"
finish
