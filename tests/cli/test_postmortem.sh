#!/usr/bin/env bash
# The profiler where it is needed most (issue 13): the post-mortem device
# profile of a hang, two faults and an interrupt (open zones, the pc as
# function (file:line) in reports and diagnostics); several programs in one
# capture; a program killed mid-run; reports written atomically and the
# closing lines on a full disk; the tool stopped by a signal as it writes
# them.
#   test_postmortem.sh TOOL PROF_DEVICE JSON_CHECK SOURCE_DIR HAVE_LIBDW
tool=$1
device=$2
json_check=$3
src=$4
libdw=$5
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

expect_grep() { # pattern file what
    checks=$((checks + 1))
    grep -qF -- "$1" "$2" 2>/dev/null || fail "$2 lacks '$1' ($3)"
}
expect_count() { # pattern file n what
    checks=$((checks + 1))
    n=$(grep -cF -- "$1" "$2" 2>/dev/null)
    [ "$n" = "$3" ] || fail "$2 has $n lines with '$1', expected $3 ($4)"
}
where() { # line of tests/kernels/dz_fault.c
    if [ "$libdw" = ON ]; then echo "in kernel_main ($src/tests/kernels/dz_fault.c:$1)"; else
        echo "(no source line"; fi
}

# ---- a hang and two faults: the zones open at that moment, and the pc ----------------
# (the fourth word: how the JSON's text says where an open zone was drawn to;
# the fifth: how long tf_program_device_profile says 'stuck' was open, where
# its RISC stopped, exact (below), or - for the hang's, at the readback)
for c in "hang timeout 22 read_back -" "illegal fault 25 trap 14" "load fault 27 trap 13" \
    "stall stall 29 chip_stopped 172"; do
    set -- $c
    shown=$(echo "$4" | sed 's/^read_back$/when it was read back/; s/^trap$/its trap/;
        s/^chip_stopped$/when the chip stopped/')
    d="$tmp/$1"
    run "$tool" -o "$d" -- "$device" "$1"
    expect_rc 3 "$1: the program's own status"
    stuck="'stuck' open $5 cycles"
    [ "$5" = - ] && stuck="'stuck' open "
    expect_err "prof_device: 9 device zones, 4 open, $stuck" \
        "$1: tf_program_device_profile has the open zones (and where they end)"
    oz="$d/reports/tt_foil_device_open_zones.csv"
    # BRISC-FW > BRISC-KERNEL > stage > stuck, all open; "setup" ended before
    expect_count ",BRISC,$2," "$oz" 4 "$1: four open zones on BRISC"
    expect_grep ",BRISC,$2,stuck,tests/kernels/dz_fault.c,19,3," "$oz" "$1: the innermost open zone"
    expect_grep "$(where "$3")" "$oz" "$1: the pc as function (file:line) in the report"
    expect_grep "dispatch 1 stopped ($2): core (1,0) BRISC was at pc 0x" \
        "$d/reports/tt_foil_diagnostics.txt" "$1: the pc in the diagnostics"
    expect_grep "$(where "$3")" "$d/reports/tt_foil_diagnostics.txt" "$1: function (file:line)"
    expect_grep "4 device zones were still open" "$d/reports/tt_foil_diagnostics.txt" \
        "$1: open zones counted"
    expect_grep "BRISC,setup," "$d/reports/tt_foil_device_perf.csv" "$1: the zone that ended"
    expect_grep ",START," "$d/.logs/tt_foil_device_zones.csv" "$1: the derived raw CSV"
    run "$json_check" --tracy "$d/reports/tt_foil_trace.json"
    expect_rc 0 "$1: JSON valid (and shaped for Tracy's import-chrome)"
    expect_grep '"name":"stuck","loc":"tests/kernels/dz_fault.c:19"' "$d/reports/tt_foil_trace.json" \
        "$1: the open zone in the JSON, with its source line"
    expect_grep "still open at the $2, shown to $shown" \
        "$d/reports/tt_foil_trace.json" "$1: the JSON marks the open zone"
    run "$json_check" --html "$d/reports/tt_foil_report.html"
    expect_out "lod tracks 6 " "$1: the page has the host thread and core (1,0)'s RISCs"
    # the failed dispatch's kernel configuration was freed with its core's
    # reboot: no leak in the memory report (a build with the host profiler's
    # memory events; without them the report has no such pool)
    checks=$((checks + 1))
    leak=$(awk -F, '/^"Kernel config L1/ { if ($(NF-6) != $(NF-5) || $(NF-2) != 0) print }' \
        "$d/reports/tt_foil_memory_report.csv")
    [ -z "$leak" ] || fail "$1: the failed dispatch's kernel configuration leaked: $leak"
done
# Open zones end where their RISC stopped, a moment of the device's own, so
# the same in every run (the reader's start and stop cycles are host-timed,
# their difference is not): the trap (reading the clock is the handler's
# first work) and the chip's stop, exact; a hang's at the readback, about
# 300 ms on (the chip's clock, which may lag the host's on a loaded
# machine: only more than 0.1 ms is checked). Columns: risc 6,
# zone_name 8, open_cycles 14.
open_cycles() { # run zone [risc]
    awk -F, -v z="$2" -v r="${3:-}" 'NR > 1 && $8 == z && (r == "" || $6 == r) {print $14}' \
        "$tmp/$1/reports/tt_foil_device_open_zones.csv"
}
for c in "illegal stuck 14" "illegal stage 32" "illegal BRISC-FW 583" "load stuck 13" \
    "stall stuck 172" "stall BRISC-FW 741"; do
    set -- $c
    checks=$((checks + 1))
    [ "$(open_cycles "$1" "$2")" = "$3" ] ||
        fail "$1: open zone $2 lasted $(open_cycles "$1" "$2") cycles, expected $3 (where its RISC stopped)"
done
checks=$((checks + 1))
[ "$(open_cycles hang stuck)" -gt 100000 ] 2>/dev/null ||
    fail "hang: open zone stuck lasted $(open_cycles hang stuck) cycles, expected the 300 ms to the timeout"
# a stall's diagnostics say what the RISC waited for, as the runtime's message does
expect_grep "waits in cb_wait_front on CB 3, which this program does not configure" \
    "$tmp/stall/reports/tt_foil_diagnostics.txt" "stall: what BRISC waited for"
# a fault on BRISC while NCRISC waits for a CB page no one pushes: NCRISC's
# open zones end where the chip stopped (exact, the same in every run: not
# at the readback, a million cycles on), the diagnostics say why BRISC
# faulted (the runtime's message is not in the reports) and what NCRISC
# waits for
for i in 1 2; do
    run "$tool" -o "$tmp/fault_wait$i" -- "$device" fault_wait
    expect_rc 3 "fault_wait: the program's own status"
done
checks=$((checks + 1))
a=$(open_cycles fault_wait1 stuck NCRISC) b=$(open_cycles fault_wait2 stuck NCRISC)
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" -lt 10000 ] ||
    fail "fault_wait: NCRISC's open zone 'stuck' lasted $a and $b cycles, expected the same few (where the chip stopped)"
expect_grep "faulted: load access fault (mcause 5), insn" \
    "$tmp/fault_wait1/reports/tt_foil_diagnostics.txt" "fault_wait: why BRISC faulted"
expect_grep "waits in cb_wait_front on CB 3, which this program does not configure" \
    "$tmp/fault_wait1/reports/tt_foil_diagnostics.txt" "fault_wait: what NCRISC waits for"
expect_no_addr() {
    checks=$((checks + 1))
    ! grep -q "illegal instruction.*address 0x" "$1" || fail "an illegal instruction has an address"
}
run "$tool" -o "$tmp/illegal" -- "$device" illegal
expect_no_addr "$ERR"
expect_err "insn 0x00000000 (illegal instruction 0x00000000); core (1,0) was reset" \
    "illegal instruction: no address"
run "$tool" -o "$tmp/load" -- "$device" load
expect_err "(lw a3, 0(a3)), address 0x00200000" "load fault: the address"
# a dispatch that stopped is an error of the run, not of reading its logs:
# they were read in full, so 'report' exits 0 and blames no log, and the
# diagnostics count the notes as such
run "$tool" report "$tmp/illegal"
expect_rc 0 "report of a faulted run: every log was read"
checks=$((checks + 1))
! grep -q "some logs could not be read" "$ERR" || fail "report of a faulted run blames the logs"
expect_out "error: dispatch 1 stopped (fault): core (1,0) BRISC" "report: the fault is still an error"
# (the pc of the core that stopped, its open zones, and why the dispatch
# has no op: it stopped on its one core)
expect_grep "3 notes: 0 errors (logs not read in full, reports not written), 0 about data the run lost (dropped zones, records not written, texts cut), 3 about dispatches that stopped" \
    "$tmp/illegal/reports/tt_foil_diagnostics.txt" "the fault's notes counted as the run's"
# the trace's own counts say it carried the device markers: a block for
# each RISC of the faulted core (BRISC's open zones, the others' firmware)
expect_grep "  threads 1, zones 17, frame marks 1, memory events 0, device marker blocks 5, track zones 0" \
    "$tmp/illegal/reports/tt_foil_diagnostics.txt" "the trace's device marker blocks counted"

# ---- a kernel that overwrote its GO cycle in the mailbox (the post-mortem's
# reference for the markers' 44-bit stamps) and its GO signal, by NOC writes
# (its stores there would fault): the timeout says the mailbox looks
# overwritten, and its open zones are still read near the core's clock, not
# 2^44 cycles away
run "$tool" -o "$tmp/scribble" -- "$device" scribble
expect_rc 3 "scribble: the program's own status"
expect_err "its mailbox's GO message is signal 0x5 for dispatch" "scribble: the GO it wrote"
expect_err "the mailbox (L1 0x0..0xbff) looks overwritten" "scribble: a timeout, not a fault"
checks=$((checks + 1))
bad=$(awk -F, 'NR > 1 && ($12 + 0 > $13 + 0 || $14 + 0 > 10000000000 || $14 + 0 == 0) \
    {print $8 ": " $12 ".." $13 " (" $14 ")"}' \
    "$tmp/scribble/reports/tt_foil_device_open_zones.csv")
n=$(tail -n +2 "$tmp/scribble/reports/tt_foil_device_open_zones.csv" | wc -l)
[ "$n" = 4 ] && [ -z "$bad" ] || fail "scribble: $n open zones, wrong lengths: $bad"

# ---- a dispatch that stopped: its op marked (its figures are the cores that
# finished), or, stopped on every core, no op and a note saying why ----------
run "$tool" -o "$tmp/fault_one" -- "$device" fault_one
expect_rc 3 "fault_one: the program's own status"
checks=$((checks + 1))
c=$(csv_col "$tmp/fault_one/reports/tt_foil_ops_perf.csv" BOUND)
[ "$(tail -n +2 "$tmp/fault_one/reports/tt_foil_ops_perf.csv" | cut -d, -f"$c")" = STOPPED ] ||
    fail "fault_one: the op's BOUND is not STOPPED"
expect_err "advice (op 1): stopped (fault) on core (1,0): its figures are those of the 1 core that finished, not the op's" \
    "fault_one: the advice says so"
expect_grep "1 dispatch stopped on every core it ran on (the first: dispatch 1, fault): no core finished, so it has no hardware counters and no row in reports/tt_foil_ops_perf.csv" \
    "$tmp/illegal/reports/tt_foil_diagnostics.txt" "illegal: no op, said why"

# ---- two devices, one after the other: eight dispatches, not four merged ----------------
run "$tool" -o "$tmp/twice" -- "$device" twice
expect_rc 0 "twice: the program's own status"
checks=$((checks + 1))
c=$(csv_col "$tmp/twice/reports/tt_foil_ops_perf.csv" DISPATCH_ID)
n=$(tail -n +2 "$tmp/twice/reports/tt_foil_ops_perf.csv" | cut -d, -f"$c" | sort -un | wc -l)
[ "$n" = 8 ] || fail "twice: $n distinct dispatch ids in the ops report, expected 8"

# ---- SIGINT while the host waits on a hung dispatch ------------------------------------
d="$tmp/sigint"
rm -f "$tmp/pid"
set -m # a background job of a script ignores SIGINT, one under job control does not
"$tool" -o "$d" -- "$device" sigint "$tmp/pid" >"$OUT" 2>"$ERR" &
tpid=$!
set +m
# (the pid is written once the program has waited 0.3 s inside wait_done)
for _ in $(seq 600); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
[ -s "$tmp/pid" ] && kill -INT "$(cat "$tmp/pid")"
wait $tpid
rc=$?
checks=$((checks + 1))
[ $rc = 130 ] || fail "SIGINT: exit status $rc, expected 130 (128 + SIGINT)"
oz="$d/reports/tt_foil_device_open_zones.csv"
expect_count ",BRISC,interrupt," "$oz" 4 "SIGINT: the open zones"
expect_grep "$(where 22)" "$oz" "SIGINT: the pc"
expect_grep "dispatch 1 stopped (interrupt): core (0,0) BRISC was at pc 0x" \
    "$d/reports/tt_foil_diagnostics.txt" "SIGINT: the pc in the diagnostics"

# ---- SIGINT outside a wait, once the runtime's handler is in place -----------------------
# (installed at the first wait and left there): the default action, with
# the trace written as the recorder's fatal-signal path writes it; a
# handler the program set before its first dispatch runs and it goes on
run "$tool" -o "$tmp/after" -- "$device" after
checks=$((checks + 1))
[ "$rc" = 130 ] || fail "SIGINT after the dispatches: exit status $rc, expected 130"
expect_count "dz_loop" "$tmp/after/reports/tt_foil_ops_perf.csv" 3 "SIGINT after the dispatches: all 3 ops"
run "$tool" -o "$tmp/handled" -- "$device" handled
expect_rc 0 "SIGINT handled by the program"
expect_out "prof_device: the handler ran 1 time(s)" "SIGINT handled by the program: once"
expect_count "dz_loop" "$tmp/handled/reports/tt_foil_ops_perf.csv" 5 "SIGINT handled: the dispatches after it"

# ---- a crash inside a runtime call: the zones leading to it are in the trace -----------
# (the dispatch path buffers its zones per call; the recorder's fatal-signal
# path has the runtime write them, with the two still open at the crash)
run "$tool" -o "$tmp/crash" -- "$device" crash
checks=$((checks + 1))
[ "$rc" = 134 ] || fail "abort() in a dispatch: exit status $rc, expected 134"
pr="$tmp/crash/reports/tt_foil_perf_results.csv"
expect_grep "TF_dispatch/setup,dz_loop,4," "$pr" "crash: the crashed dispatch's setup, with its text"
expect_grep "TF_dispatch/fire_go,,4," "$pr" "crash: its fire_go"
expect_grep "TF_dispatch_execute,dz_loop,4," "$pr" "crash: its dispatch, open at the crash"
expect_grep "2 zones never ended" "$tmp/crash/reports/tt_foil_diagnostics.txt" \
    "crash: the dispatch and wait_done were open"
expect_count "dz_loop" "$tmp/crash/reports/tt_foil_ops_perf.csv" 3 "crash: the 3 ops that ran"

# ---- a program killed mid-run leaves a readable device log -----------------------------
d="$tmp/killed"
rm -f "$tmp/pid"
"$tool" -o "$d" -- "$device" many "$tmp/pid" >"$OUT" 2>"$ERR" &
tpid=$!
for _ in $(seq 300); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
[ -s "$tmp/pid" ] && kill -KILL "$(cat "$tmp/pid")"
wait $tpid
rc=$?
checks=$((checks + 1))
[ $rc = 137 ] || fail "SIGKILL: exit status $rc, expected 137"
run "$tool" report "$d"
checks=$((checks + 1))
n=$(awk -F, '$1 == "BRISC" && $2 == "loop" { print $4 }' "$d/reports/tt_foil_device_perf.csv")
[ "${n:-0}" -ge 100 ] || fail "killed run: ${n:-0} 'loop' zones read back, expected >= 100"
expect_out "no trailer: the program did not exit normally" "killed run: said"

# ---- the tool itself killed: its program gets SIGTERM (PR_SET_PDEATHSIG), writes its
# logs and ends, and `report` makes the reports; logs a live process still writes
# (started here without the tool) are not deleted by the next run ------------------
d="$tmp/toolkilled"
rm -f "$tmp/pid"
"$tool" -o "$d" -- "$device" many "$tmp/pid" >"$OUT" 2>"$ERR" &
tpid=$!
for _ in $(seq 300); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
ppid_=$(cat "$tmp/pid" 2>/dev/null)
kill -KILL $tpid
wait $tpid 2>/dev/null
# alive PID: running, not a zombie (an orphan's reaper, PID 1 in a
# container, may never reap it; kill -0 succeeds on a zombie)
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    [ "$(sed 's/^.*) //; s/ .*//' "/proc/$1/stat" 2>/dev/null)" != Z ]
}
for _ in $(seq 300); do alive "$ppid_" || break; sleep 0.1; done
checks=$((checks + 1))
! alive "$ppid_" || { fail "the tool killed: its program still runs"; kill -KILL "$ppid_"; }
run "$tool" report "$d"
checks=$((checks + 1))
n=$(awk -F, '$1 == "BRISC" && $2 == "loop" { print $4 }' "$d/reports/tt_foil_device_perf.csv")
[ "${n:-0}" -ge 200 ] || fail "the tool killed: ${n:-0} 'loop' zones reported, expected >= 200"
checks=$((checks + 1))
! grep -q "no trailer" "$d/reports/tt_foil_diagnostics.txt" ||
    fail "the tool killed: the program's logs have no trailer (SIGTERM should end it cleanly)"
d="$tmp/livelogs"
mkdir -p "$d/.logs"
rm -f "$tmp/pid"
TT_FOIL_TRACE="$d/.logs/tt_foil_trace.%p.tft" "$device" many "$tmp/pid" >/dev/null 2>&1 &
bpid=$!
for _ in $(seq 300); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
run "$tool" -o "$d" -- "$device"
expect_rc 1 "logs a running process writes"
expect_err "has logs that running processes still write (prof_device[$bpid];" "the writer named"
checks=$((checks + 1))
[ -f "$d/.logs/tt_foil_trace.$bpid.tft" ] || fail "the running process's log was deleted"
kill -TERM $bpid
wait $bpid 2>/dev/null

# ---- killed while it waits on a hang (a CI job's timeout): a dispatch waited for a
# second has the thread's records written, so the three before it are reported ---
d="$tmp/hangkill"
rm -f "$tmp/pid"
"$tool" -o "$d" -- "$device" hangkill "$tmp/pid" >"$OUT" 2>"$ERR" &
tpid=$!
# (the pid is written once the program has waited 1.5 s on the hang)
for _ in $(seq 600); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
[ -s "$tmp/pid" ] && kill -KILL "$(cat "$tmp/pid")"
wait $tpid
rc=$?
expect_rc 137 "killed in a hang"
checks=$((checks + 1))
n=$(awk -F, '$1 == "BRISC" && $2 == "loop" { print $4 }' "$d/reports/tt_foil_device_perf.csv")
[ "${n:-0}" = 3 ] || fail "killed in a hang: ${n:-0} 'loop' zones reported, expected the 3 before it"

# ---- killed before it wrote its dispatches: the loss is the kill's, not the build's ---
run "$tool" -o "$tmp/killself" -- "$device" killself
expect_rc 137 "SIGKILL after 3 dispatches"
expect_grep "no device zones (.logs/tt_foil_device_zones.csv): the program dispatched but did not exit normally" \
    "$tmp/killself/reports/tt_foil_diagnostics.txt" "killed: the device zones lost with it"
checks=$((checks + 1))
! grep -q "the firmware was built without the device profiler (configure" \
    "$tmp/killself/reports/tt_foil_diagnostics.txt" || fail "killed: the build blamed"

# ---- several programs in one capture: two in sequence, one in the background ---------
d="$tmp/three"
run "$tool" -o "$d" -- bash -c "'$device'; '$device'; '$device' & wait"
expect_rc 0 "three programs"
checks=$((checks + 1))
n=$(ls "$d/.logs" | grep -c '^tt_foil_trace\.[0-9]*\.tft$')
[ "$n" = 3 ] || fail "three programs: $n trace files in .logs, expected 3"
expect_grep "3 processes were captured" "$d/reports/tt_foil_diagnostics.txt" "the processes"
# each run: 2 cores x 4 dispatch-cores... dz_loop's 'loop' zone once per dispatch-core: 5
checks=$((checks + 1))
n=$(awk -F, '$1 == "BRISC" && $2 == "loop" { print $4 }' "$d/reports/tt_foil_device_perf.csv")
[ "$n" = 15 ] || fail "three programs: $n 'loop' zones, expected 15 (5 each)"
checks=$((checks + 1))
n=$(awk -F, '$1 == "TF_dispatch_execute" { s += $3 } END { print s }' \
    "$d/reports/tt_foil_perf_results.csv")
[ "$n" = 9 ] || fail "three programs: $n TF_dispatch_execute zones, expected 9 (3 each)"
expect_grep "prof_device[" "$d/reports/tt_foil_memory_report.csv" "pools per process"
# the raw device CSV the three share: its last column says whose row it is
checks=$((checks + 1))
dz=$d/.logs/tt_foil_device_zones.csv
head -1 "$dz" | grep -q ',device,pid$' || fail "device zones CSV: no pid column last"
checks=$((checks + 1))
n=$(tail -n +2 "$dz" | awk -F, '{ print $NF }' | sort -u | wc -l)
[ "$n" = 3 ] || fail "device zones CSV: $n pids in the pid column, expected 3"
run "$json_check" "$d/reports/tt_foil_trace.json"
expect_rc 0 "three programs: JSON valid"

# ---- reports are atomic; a full disk names what was not written -----------------------
d="$tmp/full"
TT_FOIL_PROFILE_FAIL_WRITE=tt_foil_report.html run "$tool" -o "$d" -- "$device"
expect_rc 1 "full disk: the tool fails"
expect_err "error writing $d/reports/tt_foil_report.html: No space left on device; it was not written" \
    "full disk: what failed"
expect_err "HTML: not written" "full disk: the closing line"
checks=$((checks + 1))
[ ! -e "$d/reports/tt_foil_report.html" ] || fail "full disk: a partial HTML was left"
checks=$((checks + 1))
! ls "$d/reports" | grep -q '\.tmp\.' || fail "full disk: a temporary file was left"
checks=$((checks + 1))
grep -q "JSON: $d/reports/tt_foil_trace.json" "$ERR" || fail "full disk: the JSON line"

# ---- stopped by a signal while it writes the reports ------------------------------------
# TT_FOIL_PROFILE_PAUSE_WRITE stops the writer that has made NAME's
# temporary file: a signal then lands while reports are being written (the
# other writers go on, and any file they start then is refused). The tool
# said nothing and could leave temporary files; it must say what happened
# and what to do, leave none, and die of the signal.
stopped() { # signal status name [report]: run (or `report`) until paused in NAME, then signal
    local d=$tmp/stop-$1 what="$1 while writing $3${4:+ (report)}" i=0
    if [ -z "$4" ]; then
        rm -rf "$d"
        TT_FOIL_PROFILE_PAUSE_WRITE=$3 "$tool" -o "$d" -- "$device" >"$OUT" 2>"$ERR" &
    else
        TT_FOIL_PROFILE_PAUSE_WRITE=$3 "$tool" report "$d" >"$OUT" 2>"$ERR" &
    fi
    local pid=$!
    while [ -z "$(find "$d" -name "*$3.tmp.$pid" 2>/dev/null)" ] && [ $i -lt 600 ] &&
        kill -0 $pid 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -"$1" $pid
    wait $pid
    rc=$?
    expect_rc "$2" "$what: dies of the signal"
    expect_err "tt_foil_profile: interrupted by $1 while making the reports (none was left half written); the logs are kept in $d/.logs: run 'tt_foil_profile report $d' to write the reports" "$what"
    checks=$((checks + 1))
    [ -z "$(find "$d" -name '*.tmp.*')" ] || fail "$what: temporary files left: $(find "$d" -name '*.tmp.*')"
    checks=$((checks + 1))
    ls "$d"/.logs/tt_foil_trace.*.tft >/dev/null 2>&1 || fail "$what: the trace is gone"
}
stopped SIGTERM 143 tt_foil_report.html
stopped SIGINT 130 tt_foil_trace.json
stopped SIGHUP 129 tt_foil_memlog.csv
stopped SIGINT 130 tracy_ops_times.csv report
run "$tool" report "$tmp/stop-SIGINT" # what the line says to do
expect_rc 0 "report after an interrupted one"
checks=$((checks + 1))
[ -s "$tmp/stop-SIGINT/reports/tt_foil_report.html" ] || fail "report after an interrupted one: no HTML"

finish
