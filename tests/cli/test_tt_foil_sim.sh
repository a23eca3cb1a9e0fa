#!/usr/bin/env bash
# tt_foil_sim from the command line: exit statuses and one-line messages for
# every loader and runner error, plus the emulated ecalls and tohost.
#   test_tt_foil_sim.sh TT_FOIL_SIM GUEST_DIR HAVE_LIBDW(0|1)
sim=$1
g=$2
dw=${3:-1}
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

run "$sim" --help
expect_rc 0 "--help"
expect_out "usage: tt_foil_sim" "--help"
expect_out "--max-cycles" "--help documents options"

run_full "$sim" --help
expect_rc 125 "--help to a full disk"
expect_err "tt_foil_sim: cannot write to the standard output: No space left on device" "--help to a full disk"
# the guest's own output to a full disk: counted and said (the guest got
# the error back and went on; it exited 0, and the run is not a success)
run_full "$sim" "$g/cprog.elf"
expect_rc 125 "the guest's output to a full disk"
expect_err "tt_foil_sim: 27 bytes the guest wrote to stdout were lost (No space left on device)" \
    "the guest's lost output counted"
run "$sim"
expect_rc 125 "no program"
expect_err "tt_foil_sim: no program given" "no program: said"
run "$sim" --bogus x.elf
expect_rc 125 "unknown option"
expect_err "unknown option '--bogus'" "unknown option"
run "$sim" --mem nope "$g/isa_alu.elf"
expect_rc 125 "bad --mem"
expect_err "--mem: invalid value 'nope'" "bad --mem"

# loader errors name the file and the problem
run "$sim" "$tmp/missing.elf"
expect_rc 125 "missing file"
expect_err "$tmp/missing.elf: cannot open: No such file" "missing file"
run "$sim" "$tmp"
expect_rc 125 "a directory"
expect_err "$tmp: is a directory, not a file" "a directory"
echo "not an elf" >"$tmp/text.elf"
run "$sim" "$tmp/text.elf"
expect_rc 125 "text file"
expect_err "$tmp/text.elf: not an ELF file" "text file"
run "$sim" "$sim"
expect_rc 125 "64-bit host ELF"
expect_err "ELF class is ELFCLASS64" "64-bit host ELF"
cp "$g/isa_alu.elf" "$tmp/machine.elf"
printf '\x3e\x00' | dd of="$tmp/machine.elf" bs=1 seek=18 conv=notrunc status=none
run "$sim" "$tmp/machine.elf"
expect_rc 125 "wrong machine"
expect_err "machine.elf: ELF machine is 62 (x86-64); expected EM_RISCV (243)" "wrong machine"
head -c 100 "$g/isa_alu.elf" >"$tmp/trunc.elf"
run "$sim" "$tmp/trunc.elf"
expect_rc 125 "truncated"
expect_err "trunc.elf: truncated" "truncated"
run "$sim" --mem 4K "$g/isa_alu.elf"
expect_rc 125 "RAM too small"
expect_err "lies outside RAM (see --mem)" "RAM too small"
expect_err_lines 1 "one line"

# runner outcomes
run "$sim" "$g/case_illegal.elf"
expect_rc 2 "illegal instruction"
expect_err "guest fault: illegal instruction (mcause 2) at pc 0x0001000c" "illegal"
expect_err "), insn 0xffffffff (illegal instruction 0xffffffff)" "illegal"
expect_err "no trap handler installed" "illegal"
# where a fault is: function (file:line) from the debug info (an assembly
# label and its line here), function+offset from the symbol table without
# it, and what is missing when neither says
expect_err "at pc 0x0001000c in _start+0xc (" "illegal: an assembly label"
[ "$dw" = 1 ] && expect_err "tests/guest/sim_cases.S:8), insn" "illegal: its line"
expect_err_lines 1 "one line"
run "$sim" "$g/case_load_fault.elf"
expect_rc 2 "load fault"
expect_err "load access fault (mcause 5)" "load fault"
expect_err "(lw a0, 0(t0)), address 0x00000010" "load fault"
if [ "$dw" = 1 ]; then
    run "$sim" "$g/cfault.elf"
    expect_rc 2 "C fault"
    expect_err "load access fault (mcause 5) at pc 0x" "C fault"
    expect_err " in read_sensor (" "C fault: its function"
    expect_err "tests/guest/cfault.c:8), insn " "C fault: its line"
    nodebug="no source line: the ELF has no debug info for that pc; build it with -g)"
else
    nodebug="no source line: tt-foil was built without libdw"
fi
run "$sim" "$g/cfault_nodebug.elf"
expect_rc 2 "C fault without -g"
expect_err " in read_sensor+0x0 ($nodebug" "C fault without -g: function and offset"
run "$sim" "$g/cfault_stripped.elf"
expect_rc 2 "stripped C fault"
expect_err "(no symbol for it in the ELF; $nodebug" "stripped C fault"
run "$sim" --max-cycles 5000 "$g/case_loop.elf"
expect_rc 3 "max cycles"
expect_err "stopped after 500" "max cycles"
expect_err "(--max-cycles 5000) at pc 0x00010008 in _start+0x8 (" "max cycles"
# without --max-cycles a guest that never ends stops on a signal, saying
# where; sent once the guest said it loops (the runner's handler is in
# place before the guest runs: a fixed sleep raced a slow start-up)
"$sim" --stats "$g/case_say_loop.elf" >"$OUT" 2>"$ERR" &
pid=$!
for _ in $(seq 1 1200); do
    grep -q looping "$ERR" && break
    sleep 0.05
done
kill -TERM $pid
wait $pid
rc=$?
expect_rc 143 "SIGTERM"
expect_err "looping" "SIGTERM: the guest ran before it"
expect_err "case_say_loop.elf: interrupted by signal 15 after " "SIGTERM"
expect_err "cycles at pc 0x000100" "SIGTERM: the pc"
expect_err " in _start+0x" "SIGTERM: the pc's label"
expect_err "tt_foil_sim: instructions " "SIGTERM: --stats still printed"
run "$sim" "$g/case_ecall.elf"
expect_rc 2 "unsupported ecall"
expect_err "unsupported ecall a7=1234 (a0=0x00000005) at pc 0x00010010 in _start+0x10 (" "unsupported ecall"
run "$sim" --stats "$g/case_exit42.elf"
expect_rc 42 "exit code"
expect_out "hello" "write to fd 1"
expect_err "err" "write to fd 2"
expect_err "tt_foil_sim: instructions " "--stats"
expect_err "MIPS" "--stats"
run "$sim" "$g/case_tohost_fail.elf"
expect_rc 1 "tohost failure"
expect_err "tohost reports test 5 failed" "tohost failure"
run "$sim" "$g/case_clock.elf"
expect_rc 0 "clock_gettime64 gives modeled time"
run "$sim" "$g/isa_alu.elf"
expect_rc 0 "tohost pass"
# Regression inputs (tests/fuzz/regress/elf): guest writes to mcycle/minstret
# used to make --max-cycles spin forever; now they end like any program.
r=$(dirname "$0")/../fuzz/regress/elf
for f in hang_csrw_mcycle_zero hang_csrw_minstret_0x80000000 control_ebreak; do
    run timeout 20 "$sim" --max-cycles 1000 "$r/$f.elf"
    expect_rc 2 "$f ends (no hang)"
    expect_err "breakpoint (ebreak) (mcause 3) at pc" "$f"
done
finish
