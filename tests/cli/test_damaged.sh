#!/usr/bin/env bash
# Damaged and hostile logs (issue 17): each regression input of
# tests/profile/damaged/*.txt (an mktft description with '# rc:',
# '# expect:' and '# expect-not:' lines) goes through `tt_foil_profile
# report`, which must exit with that status and say what was lost; then
# the text logs: device zones CSVs (CR-only lines, a row of 1,100 fields, a
# repeated header column, a row cut short, a file cut at a row boundary
# against its end record, a deleted CSV beside its clock sync), clock
# syncs with inf, nan, 1e300, -1 and 99999999999999999999999; a device
# block of a RISC that does not exist;
# and an empty zone text recorded by a real program (T1).
#   test_damaged.sh TOOL MKTFT CASES EMPTYTEXT
tool=$1
mktft=$2
cases=$3
emptytext=$4
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

# report DIR: run the report, stdout and stderr together with the diagnostics in $tmp/all
report() {
    rm -rf "$1/reports"
    run timeout 60 "$tool" report "$1"
    cat "$OUT" "$ERR" "$1"/reports/*.csv "$1/reports/tt_foil_diagnostics.txt" >"$tmp/all" 2>/dev/null
}
said() { # text what
    checks=$((checks + 1))
    grep -qF -- "$1" "$tmp/all" || fail "$2: the report does not say '$1'"
}
not_said() {
    checks=$((checks + 1))
    ! grep -qF -- "$1" "$tmp/all" || fail "$2: the report says '$1'"
}

# ---- traces ----------------------------------------------------------------------------
for c in "$cases"/damaged/*.txt; do
    name=$(basename "$c" .txt)
    d="$tmp/$name"
    mkdir -p "$d/.logs"
    "$mktft" "$c" "$d/.logs/tt_foil_trace.tft" || { fail "$name: mktft failed"; continue; }
    "$mktft" "$cases/basic/mem.txt" "$d/.logs/tt_foil_memlog.tft"
    report "$d"
    expect_rc "$(sed -n 's/^# rc: //p' "$c")" "$name"
    while IFS= read -r e; do said "$e" "$name"; done < <(sed -n 's/^# expect: //p' "$c")
    while IFS= read -r e; do not_said "$e" "$name"; done < <(sed -n 's/^# expect-not: //p' "$c")
done

# A device block naming RISC 200 (fuzz_logs: the report indexed its per-RISC
# tables by it); the trace is a fuzz regression input
d="$tmp/device_block_risc"
mkdir -p "$d/.logs"
cp "$cases/../fuzz/regress/trace/device_block_risc_200.tft" "$d/.logs/tt_foil_trace.tft"
report "$d"
expect_rc 2 "device block of RISC 200"
said "a device block (dispatch 0, core (255,255)) names RISC 200; the chip has RISCs 0 to 4" \
    "device block of RISC 200"

# ---- device zones CSV and clock sync ------------------------------------------------------
d="$tmp/csv"
mkdir -p "$d/.logs"
"$mktft" "$cases/basic/host.txt" "$d/.logs/tt_foil_trace.tft"
"$mktft" "$cases/basic/mem.txt" "$d/.logs/tt_foil_memlog.tft"
csv=$d/.logs/tt_foil_device_zones.csv
sync=$d/.logs/tt_foil_device_clock_sync.csv
cp "$cases/basic/clock_sync.csv" "$sync"
cp "$cases/basic/clock_sync.csv.end" "$sync.end"
cp "$cases/basic/device_zones.csv.end" "$csv.end"
rows=$(($(wc -l <"$cases/basic/device_zones.csv") - 1))
cp "$cases/basic/device_zones.csv" "$csv"
report "$d"
expect_rc 0 "good device CSV"
cp "$tmp/all" "$tmp/good"
good_perf=$(cat "$d/reports/tt_foil_device_perf.csv")
same_device_report() { # what
    checks=$((checks + 1))
    [ "$(cat "$d/reports/tt_foil_device_perf.csv")" = "$good_perf" ] ||
        fail "$1: the device report differs from the undamaged file's"
}

tr '\n' '\r' <"$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 0 "CR-only line ends"
same_device_report "CR-only line ends"
sed 's/$/\r/' "$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 0 "CRLF line ends"
same_device_report "CRLF line ends"

{
    head -3 "$cases/basic/device_zones.csv"
    printf '0%.0s,' $(seq 1100)
    echo
    tail -n +4 "$cases/basic/device_zones.csv"
} >"$csv"
report "$d"
expect_rc 2 "a row of 1,100 fields"
said "1 malformed rows were skipped (the first at line 4; some have another number of fields than the header)" "a row of 1,100 fields"
same_device_report "a row of 1,100 fields (the rows after it are read)"

sed '1s/core_y/core_x/' "$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 2 "a repeated header column"
said "the header names column 'core_x' twice (fields 3 and 4): the header is damaged; the file was not read" "a repeated header column"

head -c -7 "$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 2 "a CSV cut mid-row"
said "has no line end: the file was cut short" "a CSV cut mid-row"

# cut exactly at a row boundary: only the end record (.csv.end) shows it
head -n 10 "$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 2 "a CSV cut at a row boundary"
said ".logs/tt_foil_device_zones.csv: the file ends after row 9 of $rows (its end record" "a CSV cut at a row boundary"
said "it was cut short; $((rows - 9)) rows are lost" "a CSV cut at a row boundary"
head -n 1 "$cases/basic/device_zones.csv" >"$csv"
report "$d"
expect_rc 2 "a CSV cut after its header"
said "the file ends after row 0 of $rows" "a CSV cut after its header"
{ cat "$cases/basic/device_zones.csv"; tail -n 1 "$cases/basic/device_zones.csv"; } >"$csv"
report "$d"
expect_rc 2 "a CSV with a row more than its end record"
said "has $((rows + 1)) rows, its end record (.logs/tt_foil_device_zones.csv.end) says $rows" "a row more"
cp "$cases/basic/device_zones.csv" "$csv"
echo "rows,bytes" >"$csv.end"
report "$d"
expect_rc 2 "a malformed end record"
said ".logs/tt_foil_device_zones.csv.end is malformed" "a malformed end record"
rm "$csv.end"
report "$d"
expect_rc 0 "no end record (another tool's CSV)"
said ".logs/tt_foil_device_zones.csv has no end record" "no end record"
same_device_report "no end record"
cp "$cases/basic/device_zones.csv.end" "$csv.end"
head -n 1 "$cases/basic/clock_sync.csv" >"$sync"
report "$d"
expect_rc 2 "a clock sync cut after its header"
said ".logs/tt_foil_device_clock_sync.csv: the file ends after row 0 of 1" "a clock sync cut after its header"
cp "$cases/basic/clock_sync.csv" "$sync"

rm "$csv"
report "$d"
expect_rc 2 "a deleted device CSV beside its clock sync"
said "no device zones (.logs/tt_foil_device_zones.csv), though its clock sync (.logs/tt_foil_device_clock_sync.csv) is there" "a deleted device CSV"
not_said "built without the device profiler" "a deleted device CSV"

cp "$cases/basic/device_zones.csv" "$csv"
hdr=$(head -1 "$cases/basic/clock_sync.csv")
for bad in "100,5,inf" "100,5,nan" "100,5,1e300" "-1,5,1.0" "99999999999999999999999,5,1.0" \
    "100,-3,1.0" "100,5,0"; do
    printf '%s\n%s,host_monotonic\n' "$hdr" "$bad" >"$sync"
    report "$d"
    expect_rc 2 "clock sync $bad"
    said "tt_foil_device_clock_sync.csv is malformed" "clock sync $bad"
done
checks=$((checks + 1))
[ "$(head -1 "$cases/basic/clock_sync.csv" | tr , '\n' | head -3 | tr '\n' ,)" = "host_ns_first,cycle_first,ns_per_cycle," ] ||
    fail "the clock sync test assumes the columns host_ns_first,cycle_first,ns_per_cycle,device_clock"

# ---- logs that are not files, or not traces ---------------------------------------------------
# A FIFO named like a trace (opening it waited for a writer forever), a
# directory (said to be an empty file), garbage bytes (said to be a program
# built without the profilers): each is named with what it is, and with
# nothing else readable the tool says nothing could be read, not that
# nothing was recorded.
d="$tmp/notfiles"
mkdir -p "$d/.logs/tt_foil_trace.2.tft"
mkfifo "$d/.logs/tt_foil_trace.1.tft"
head -c 3000 /dev/urandom >"$d/.logs/tt_foil_trace.3.tft"
mkfifo "$d/.logs/tt_foil_device_zones.csv" "$d/.logs/tt_foil_device_clock_sync.csv"
report "$d"
expect_rc 2 "logs that are not files"
said ".logs/tt_foil_trace.1.tft: is a FIFO, not a log file (a profiled program writes its logs as files); remove it, or move it out of .logs" "a FIFO"
said ".logs/tt_foil_trace.2.tft: is a directory, not a log file" "a directory"
said ".logs/tt_foil_trace.3.tft: not a tt-foil trace (no TFTRACE1 magic)" "garbage"
said "no device zones: $d/.logs/tt_foil_device_zones.csv: is a FIFO, not a file (remove it" "a FIFO device zones CSV"
said "tt_foil_profile: nothing could be read in $d/.logs: 3 logs there could not be read (see the errors above and $d/reports/tt_foil_diagnostics.txt); remove what is not a log, or record the run again" "nothing readable"
not_said "was built without the profilers" "nothing readable"
said "no memory log (.logs/tt_foil_memlog.tft): the program wrote none (built without the host profiler, or stopped before it wrote any), and its host trace could not be read" "nothing readable"
not_said "the file is empty" "a directory"
rm -rf "$d/.logs/tt_foil_trace.2.tft" "$d/.logs/tt_foil_device_zones.csv"
rm "$d/.logs/tt_foil_trace.3.tft"
"$mktft" "$cases/basic/host.txt" "$d/.logs/tt_foil_trace.3.tft"
report "$d"
expect_rc 2 "a FIFO beside a trace"
said "host trace (.logs/tt_foil_trace.3.tft)" "a FIFO beside a trace"
said ".logs/tt_foil_trace.1.tft: is a FIFO, not a log file" "a FIFO beside a trace"
said "no clock sync: $d/.logs/tt_foil_device_clock_sync.csv: is a FIFO, not a file" "a FIFO clock sync"
said "some logs could not be read; the reports hold the rest" "a FIFO beside a trace"

# ---- T1: an empty zone text in a real recording ---------------------------------------------
d="$tmp/emptytext"
run "$tool" -o "$d" "$emptytext" 10
expect_rc 0 "an empty zone text"
checks=$((checks + 1))
n=$(awk -F, '$1 == "z" { s += $3 } END { print s }' "$d/reports/tt_foil_perf_results.csv")
[ "$n" = 100000 ] || fail "an empty zone text: $n zones reported, expected 100000"
report "$d"
not_said "damaged" "an empty zone text"

finish
