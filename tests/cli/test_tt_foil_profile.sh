#!/usr/bin/env bash
# tt_foil_profile: golden reports from hand-written logs, the JSON and HTML,
# real runs (host zones, memory, device zones), the crash path, signals,
# and every error the tool names.
#   test_tt_foil_profile.sh TOOL MKTFT JSON_CHECK CASES PROF_EMIT PROF_EMIT_OFF
#                           PROF_RUNTIME PROF_DEVICE [PART]
tool=$1
mktft=$2
json_check=$3
cases=$4
emit=$5
emit_off=$6
runtime=$7
device=$8
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
# PART (the 9th argument): all (the default), or one of the three ctest runs
# it in parts side by side (tests/CMakeLists.txt): dense (the long, zone-dense
# run), runs (running programs) and rest (the other sections)
PART=${9:-all}
case $PART in all | dense | runs | rest) ;; *) echo "unknown part '$PART'" >&2; exit 2 ;; esac
part() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)

expect_file_eq() { # expected actual what
    checks=$((checks + 1))
    if ! cmp -s "$1" "$2"; then
        fail "$3 differs from $1"
        diff "$1" "$2" | head -20 >&2
    fi
}
expect_lines() { # file n what
    checks=$((checks + 1))
    n=$(wc -l <"$1" 2>/dev/null || echo missing)
    [ "$n" = "$2" ] || fail "$1 has $n lines, expected $2 ($3)"
}
expect_grep() { # pattern file what
    checks=$((checks + 1))
    grep -qF -- "$1" "$2" 2>/dev/null || fail "$2 lacks '$1' ($3)"
}
expect_no_grep() {
    checks=$((checks + 1))
    ! grep -qF -- "$1" "$2" 2>/dev/null || fail "$2 has '$1' ($3)"
}
reports="tt_foil_perf_results.csv tt_foil_perf_per_call.csv tt_foil_phases.csv
 tt_foil_memory_report.csv tt_foil_memory_sites.csv tt_foil_device_perf.csv tt_foil_trace.json
 tt_foil_report.html tt_foil_diagnostics.txt"
expect_tree() { # dir what
    for r in $reports; do
        checks=$((checks + 1))
        [ -f "$1/reports/$r" ] || fail "$1/reports/$r missing ($2)"
    done
}
# mk_logs DIR HOST.txt MEM.txt WHAT: the trace and memory log of two mktft
# texts in DIR/.logs
mk_logs() {
    mkdir -p "$1/.logs"
    "$mktft" "$2" "$1/.logs/tt_foil_trace.tft" && "$mktft" "$3" "$1/.logs/tt_foil_memlog.tft" ||
        fail "mktft: $4"
}
# make_logs CASE DIR: the case's hand-written logs in DIR/.logs
make_logs() {
    mkdir -p "$2/.logs"
    "$mktft" "$cases/$1/host.txt" "$2/.logs/tt_foil_trace.tft" &&
        "$mktft" "$cases/$1/mem.txt" "$2/.logs/tt_foil_memlog.tft" &&
        cp "$cases/$1/device_zones.csv" "$2/.logs/tt_foil_device_zones.csv" &&
        cp "$cases/$1/device_zones.csv.end" "$2/.logs/tt_foil_device_zones.csv.end" &&
        cp "$cases/$1/clock_sync.csv" "$2/.logs/tt_foil_device_clock_sync.csv" &&
        cp "$cases/$1/clock_sync.csv.end" "$2/.logs/tt_foil_device_clock_sync.csv.end" ||
        fail "cannot build the logs of $1"
}

if part rest; then
# ---- usage -------------------------------------------------------------------
run "$tool" --help
expect_rc 0 "--help"
expect_out "usage: tt_foil_profile [options] [--] PROGRAM" "--help"
expect_out "--output-folder" "--help lists options"
expect_out "128+N" "--help documents exit statuses"
run "$tool"
expect_rc 2 "no program"
expect_err "tt_foil_profile: no program to run" "no program"
run "$tool" --bogus "$emit"
expect_rc 2 "unknown option"
expect_err "tt_foil_profile: unknown option '--bogus'" "unknown option"
run "$tool" -o
expect_rc 2 "-o without value"
expect_err "-o needs a value" "-o without value"
# a long option with one dash is not -o and a folder named "utput-folder"
# (in $tmp: a folder made by mistake is made there)
cd "$tmp" || fail "cd $tmp"
run "$tool" -output-folder "$tmp/o7" "$emit" nest
expect_rc 2 "-output-folder"
expect_err "tt_foil_profile: unknown option '-output-folder' (see --help: the output folder is -o DIR or --output-folder DIR)" \
    "-output-folder: unknown, not -o utput-folder"
checks=$((checks + 1))
[ ! -e utput-folder ] && [ ! -e "$tmp/o7" ] || fail "-output-folder: a folder was made"
# -o= and --output-folder= name no folder (-o= made one named "=")
for o in -o= --output-folder=; do
    run "$tool" "$o" "$emit" nest
    expect_rc 2 "$o"
    expect_err "tt_foil_profile: $o: the output folder is empty" "$o: refused"
done
checks=$((checks + 1))
[ ! -e = ] || fail "-o=: a folder named '=' was made"
cd - >/dev/null || fail "cd back"
# the spellings that name one: -o DIR, -oDIR, -o=DIR, --output-folder DIR
# and --output-folder=DIR
# (each: SPELLING|FOLDER, the spelling's words split at ':')
for o in "-o:$tmp/sp1|sp1" "-o$tmp/sp2|sp2" "-o=$tmp/sp3|sp3" "--output-folder:$tmp/sp4|sp4" \
    "--output-folder=$tmp/sp5|sp5"; do
    IFS=':' read -r -a args <<<"${o%|*}"
    run "$tool" "${args[@]}" "$emit" nest
    expect_rc 0 "${o%|*}"
    expect_grep "A,alpha,1," "$tmp/${o#*|}/reports/tt_foil_perf_results.csv" \
        "${o%|*} names the output folder"
done
run "$tool" --max-timeline 0 "$emit"
expect_rc 2 "bad --max-timeline"
expect_err "--max-timeline: invalid value '0'" "bad --max-timeline"
run "$tool" --max-timeline 99999999999999999999 "$emit"
expect_rc 2 "--max-timeline out of range"
expect_err "--max-timeline: '99999999999999999999' is out of range (1 to 18446744073709551615)" \
    "--max-timeline out of range: says so, and the range"
# a write error on stdout (a full disk) is not a success
if [ -w /dev/full ]; then
    "$tool" --help >/dev/full 2>"$ERR"
    rc=$?
    expect_rc 1 "--help into a full disk"
    expect_err "tt_foil_profile: cannot write the help text to the standard output: No space left on device" \
        "--help into a full disk"
fi
run "$tool" report
expect_rc 2 "report without DIR"
expect_err "report DIR" "report without DIR"

# ---- golden reports from hand-written logs ---------------------------------------
g=$tmp/golden
make_logs basic "$g"
run "$tool" report "$g"
expect_rc 0 "report on the golden logs"
for f in tt_foil_perf_results.csv tt_foil_perf_per_call.csv tt_foil_phases.csv \
    tt_foil_memory_report.csv tt_foil_memory_sites.csv tt_foil_device_perf.csv; do
    expect_file_eq "$cases/basic/expected/$f" "$g/reports/$f" "golden $f"
done
for f in tracy_ops_times.csv tt_foil_memlog.csv; do
    expect_file_eq "$cases/basic/expected/$f" "$g/.logs/$f" "golden .logs/$f"
done
expect_tree "$g" "golden"
# the summary goes to stdout in report mode, names made safe for a terminal
expect_out "Host zones (6 of 6, by total time)" "summary: host"
expect_out "multi\\nline" "summary escapes a newline in a zone name"
expect_out "leaks: 10.3 KiB still allocated at exit in 4 pools" "summary: leaks"
expect_out "warning: 7 device zones were dropped" "summary: dropped device zones"
expect_out "warning: 2 device markers had no matching START or END" "summary: unmatched markers"
expect_out "1 zones never ended" "summary: unterminated zone"
expect_out "  2 marks, 1 frame: mean 1992.0 us, shortest 1992.0 us, longest 1992.0 us" \
    "summary: the frame between the two marks"
expect_out "1 frees in pool 'Device L1 (1,0)' had no matching allocation" "summary: unmatched free"
expect_out "HTML: $g/reports/tt_foil_report.html" "summary: HTML path"
expect_grep "device zones: 8 zones from 18 markers; 2 markers unmatched, 7 zones dropped" \
    "$g/reports/tt_foil_diagnostics.txt" "diagnostics: device counts"
# the header counts the notes about what the run lost (the dropped zones,
# the unmatched markers, the zone never ended), not as errors (it said "0
# about missing or incomplete data" above notes of dropped zones)
expect_grep "4 notes: 0 errors (logs not read in full, reports not written), 3 about data the run lost" \
    "$g/reports/tt_foil_diagnostics.txt" "diagnostics: losses counted apart from errors"
expect_grep "trailer: records 41, lost records 0" "$g/reports/tt_foil_diagnostics.txt" \
    "diagnostics: the host trace's trailer"
expect_grep "trailer: records 10, lost records 0" "$g/reports/tt_foil_diagnostics.txt" \
    "diagnostics: the memory log's trailer"

# memory sets (ALLOC_SET, FREE_SET: the runtime's kernel configuration of a
# dispatch, one record each way) read as their items: the golden memory log
# with every alloc and free written as a set of one gives every report and
# the summary byte for byte; a set of several items gives what its items
# written one by one at one time give
same_reports() { # dir1 dir2 what: every report but the diagnostics (the files it read), the
    # folder's name taken out
    for f in $reports; do
        [ "$f" = tt_foil_diagnostics.txt ] && continue
        sed "s|$1|DIR|g" "$1/reports/$f" >"$tmp/same_a"
        sed "s|$2|DIR|g" "$2/reports/$f" >"$tmp/same_b"
        expect_file_eq "$tmp/same_a" "$tmp/same_b" "$f of $3"
    done
}
run "$tool" report "$g"
sed "s|$g|DIR|g" "$OUT" >"$tmp/golden_summary.txt"
gs=$tmp/golden_sets
make_logs basic "$gs"
sed -e 's/^a /as /' -e 's/^x /xs /' "$cases/basic/mem.txt" >"$tmp/mem_sets.txt"
"$mktft" "$tmp/mem_sets.txt" "$gs/.logs/tt_foil_memlog.tft" || fail "mktft: the memory log as sets"
run "$tool" report "$gs"
expect_rc 0 "report on the golden memory log as sets"
sed "s|$gs|DIR|g" "$OUT" >"$tmp/sets_summary.txt"
expect_file_eq "$tmp/golden_summary.txt" "$tmp/sets_summary.txt" "the summary of sets of one"
same_reports "$g" "$gs" "sets of one"
for f in tracy_ops_times.csv tt_foil_memlog.csv; do
    expect_file_eq "$cases/basic/expected/$f" "$gs/.logs/$f" "golden .logs/$f of sets of one"
done
cat >"$tmp/kcfg_items.txt" <<'END'
program kcfg
thread 1 100 main
pool 5 Kernel config L1 (1,0)
capacity 4096 Kernel config L1 (1,0)
a 1 1000 5 100 64
a 1 1000 5 200 32
a 1 1000 5 300 8
x 1 2000 5 100
x 1 2000 5 200
x 1 2000 5 300
a 1 3000 5 100 64
a 1 3000 5 300 8
x 1 4000 5 300
trailer 9 0
END
cat >"$tmp/kcfg_sets.txt" <<'END'
program kcfg
thread 1 100 main
pool 5 Kernel config L1 (1,0)
capacity 4096 Kernel config L1 (1,0)
as 1 1000 5 100 64 200 32 300 8
xs 1 2000 5 100 200 300
as 1 3000 5 100 64 300 8
xs 1 4000 5 300
trailer 4 0
END
for v in items sets; do
    make_logs basic "$tmp/kcfg_$v"
    "$mktft" "$tmp/kcfg_$v.txt" "$tmp/kcfg_$v/.logs/tt_foil_memlog.tft" || fail "mktft: kcfg $v"
    run "$tool" report "$tmp/kcfg_$v"
    expect_rc 0 "report on kernel-config $v"
    sed "s|$tmp/kcfg_$v|DIR|g" "$OUT" >"$tmp/kcfg_$v.out"
done
expect_file_eq "$tmp/kcfg_items.out" "$tmp/kcfg_sets.out" "the summary of sets of three"
expect_grep "Kernel config L1 (1,0)" "$tmp/kcfg_sets/reports/tt_foil_memory_report.csv" \
    "the sets' pool is in the memory report"
same_reports "$tmp/kcfg_items" "$tmp/kcfg_sets" "sets of three"
for f in tt_foil_memlog.csv; do
    expect_file_eq "$tmp/kcfg_items/.logs/$f" "$tmp/kcfg_sets/.logs/$f" ".logs/$f of sets of three"
done

# JSON: parses, integer pids/tids, parents before children; 15 host zones, 8
# device zones, 9 memory counters (the unmatched free changes nothing), 2
# frame marks
run "$json_check" "$g/reports/tt_foil_trace.json"
expect_rc 0 "golden JSON is valid"
expect_out "X 23" "JSON: host and device zones"
expect_out "C 9" "JSON: memory counters"
expect_out "i 2" "JSON: frame marks"
expect_grep '"name":"zone, with \"quotes\""' "$g/reports/tt_foil_trace.json" "JSON escapes names"
expect_grep '"text":"text with \"quote\", comma"' "$g/reports/tt_foil_trace.json" "JSON zone text"
expect_grep '"name":"device core (1,0)"' "$g/reports/tt_foil_trace.json" "JSON core tracks"
# device zones on the host clock: cycle 105100 -> host 5000 + 5100 = 10100 ns,
# 9100 ns after the first event (1000)
expect_grep '"ts":9.100,"dur":0.700,"cat":"device","name":"BRISC-FW"' \
    "$g/reports/tt_foil_trace.json" "JSON places device zones through the clock sync"
# --max-timeline N: each kind's N split fairly between its tracks, every
# track keeping at least one slice; runs of short zones merged into slices
# that say how many zones they stand for; says so, and stays valid
run "$tool" --max-timeline 3 report "$g"
expect_out "2 of 2 threads had more host zones than their share of --max-timeline 3: their 15 zones are shown as 3 slices" \
    "--max-timeline note"
run "$json_check" "$g/reports/tt_foil_trace.json"
expect_rc 0 "capped JSON is valid"
expect_out "X 7" "capped JSON: 3 host slices (2 threads) + one per device track (4)"
expect_out "tracks 6" "capped JSON: no track left out"
expect_grep '"cat":"merged","name":"merged: 9 zones"' "$g/reports/tt_foil_trace.json" \
    "capped JSON: a merged slice says how many zones it stands for"

# HTML: self-contained, the data in place of the marker
h=$g/reports/tt_foil_report.html
run "$tool" report "$g"
expect_grep '<script id="tf-data" type="application/json">{"program":"handwritten"' "$h" "HTML data"
expect_no_grep "/*TF_DATA*/" "$h" "HTML marker replaced"
expect_no_grep "http://" "$h" "HTML loads nothing from the network"
expect_no_grep "https://" "$h" "HTML loads nothing from the network"
checks=$((checks + 1))
[ "$(grep -c '</script>' "$h")" = 2 ] || fail "HTML: a name broke out of its <script> ($h)"
expect_grep '"zone, with \"quotes\""' "$h" "HTML escapes names"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$h" \
        >"$tmp/dom.html" 2>/dev/null
    expect_grep 'data-state="ok">report ready: 11 host zone rows, 23 timeline zones on 6 tracks (23 items), 4 pools, 5 device zone rows, 4 notes' \
        "$tmp/dom.html" "HTML renders in headless Chromium"
    expect_grep '<td class="num" title="12288">12,288</td>' "$tmp/dom.html" "HTML memory table"
    expect_grep '<div id="memsites"><div class="tools">' "$tmp/dom.html" "HTML memory sites table"
    expect_grep '<tbody><tr><td title="Device DRAM">Device DRAM</td><td title="TF_device_open">TF_device_open</td><td class="num" title="2">2</td>' \
        "$tmp/dom.html" "HTML memory sites table: its first row"
else
    echo "$0: Chromium not installed: the HTML is checked structurally only" >&2
fi

# Tracy's import-chrome: a plot per pool (the counter's args key is the
# pool), device threads named by core and RISC, "loc": "file:line" on every
# zone, args holding only the zone text
run "$json_check" --tracy "$g/reports/tt_foil_trace.json"
expect_rc 0 "golden JSON has the shapes import-chrome needs"
expect_out "plots 4" "import-chrome: one plot per pool"
expect_out "loc 23" "import-chrome: every zone has its source location"
expect_grep '"name":"Device DRAM","args":{"Device DRAM":12288}' "$g/reports/tt_foil_trace.json" \
    "counter args keyed by the pool"
expect_grep '"tid":1,"name":"thread_name","args":{"name":"core (1,0) BRISC"}' \
    "$g/reports/tt_foil_trace.json" "device thread names its core"
expect_grep '"name":"inner","loc":"k.c:3","args":{"text":"dispatch 0, kernel k, 50 cycles, zone 0x3333"}' \
    "$g/reports/tt_foil_trace.json" "device zone: loc, and dispatch and kernel in its text"
expect_grep '"name":"TF_dispatch_execute","loc":"src/dispatch.c:30","args":{"text":"add"}}' \
    "$g/reports/tt_foil_trace.json" "host zone: loc, and the text alone in args"
# the HTML's embedded timelines: every track, each level standing for all
# its zones (host clock: 2 threads + 4 RISCs; device time: the 4 RISCs)
run "$json_check" --html "$h"
expect_rc 0 "HTML timeline data"
expect_out "lod tracks 6 items 23 zones 23" "HTML: host-clock view"
expect_out "dlod tracks 4 items 8 zones 8" "HTML: device-time view"
# the summary: device zones by self cycles without the firmware wrappers
# (read, tile: 400 cycles, 130 of them in its two inner zones), the cores
# by their time in the slowest dispatch (1: 900 cycles, only on (0,0))
run "$tool" report "$g"
expect_out "Device zones (2 of 2, by self cycles; the firmware's -FW/-KERNEL zones left out: --show-wrappers)" \
    "summary: device zones by self cycles"
checks=$((checks + 1))
grep -qE '^  BRISC +read, tile +1 +270 +400 ' "$OUT" || fail "summary: self cycles of 'read, tile'"
expect_out "Device cores (2 of 2, by cycles in the slowest dispatch, 1: 900 cycles from its first device zone to its last; no straggler: one core ran it)" \
    "summary: per-core view (a dispatch of one core has no straggler)"
checks=$((checks + 1))
grep -qE '^  \(0,0\) +2 +900 +1700 +850 +900$' "$OUT" || fail "summary: core (0,0)'s cycles"
checks=$((checks + 1))
! grep -qE '^  BRISC +BRISC-FW' "$OUT" || fail "summary: wrappers left out by default"
run "$tool" --show-wrappers report "$g"
checks=$((checks + 1))
grep -qE '^  BRISC +BRISC-FW +3 +1800 +2200 ' "$OUT" || fail "--show-wrappers: BRISC-FW with its self cycles"
# one zone name in two kernels on one RISC: two rows, each naming its
# kernel (they were two identical-looking "gather" rows)
# with_dz_rows NEW FROM ROW...: NEW's logs are FROM's with device zone
# rows added (and the CSV's .end file to match)
with_dz_rows() {
    local d=$1 from=$2 csv=$1/.logs/tt_foil_device_zones.csv
    shift 2
    mkdir -p "$d"
    cp -r "$from/.logs" "$d/"
    printf '%s\n' "$@" >>"$csv"
    printf 'rows,bytes\n%s,%s\n' "$(($(wc -l <"$csv") - 1))" "$(wc -c <"$csv")" >"$csv.end"
}
sn=$tmp/samename
with_dz_rows "$sn" "$g" '1,30000,0,0,NCRISC,START,0x8888,120000,gather,a.cpp,5,conv_reader,0,,,1,4242' \
    '1,30000,0,0,NCRISC,END,0x8888,120300,gather,a.cpp,5,conv_reader,0,,,1,4242' \
    '1,30000,1,0,NCRISC,START,0x9999,120000,gather,b.cpp,7,head_reader,0,,,1,4242' \
    '1,30000,1,0,NCRISC,END,0x9999,120100,gather,b.cpp,7,head_reader,0,,,1,4242'
run "$tool" report "$sn"
expect_rc 0 "one zone name in two kernels"
checks=$((checks + 1))
grep -qE '^  NCRISC +gather \(conv_reader\) +1 +300 ' "$OUT" || fail "summary: 'gather' of conv_reader named by its kernel"
checks=$((checks + 1))
grep -qE '^  NCRISC +gather \(head_reader\) +1 +100 ' "$OUT" || fail "summary: 'gather' of head_reader named by its kernel"
# ... and dispatch 1 now runs on both cores: (0,0) 900 cycles, (1,0) 100,
# 800 over the median core (the lower one of two, as the ops report's
# straggler): the straggler, in the summary and the HTML
expect_out "1: 900 cycles from its first device zone to its last; straggler core (0,0))" \
    "summary: a core that stands out is the straggler"
expect_grep '"slowest_cycles":900,"straggler":0,' "$sn/reports/tt_foil_report.html" \
    "HTML: the straggler's row"
# a dispatch 2 of 1000 cycles on (0,0) and 950 on (1,0): the longest core
# is 5% of the dispatch over the other, no straggler (it was named one)
st=$tmp/nostraggler
with_dz_rows "$st" "$sn" '2,40000,0,0,BRISC,START,0x1111,130000,BRISC-FW,fw.c,1,firmware,0,,,1,4242' \
    '2,40000,0,0,BRISC,END,0x1111,131000,BRISC-FW,fw.c,1,firmware,0,,,1,4242' \
    '2,40000,1,0,BRISC,START,0x1111,130000,BRISC-FW,fw.c,1,firmware,0,,,1,4242' \
    '2,40000,1,0,BRISC,END,0x1111,130950,BRISC-FW,fw.c,1,firmware,0,,,1,4242'
run "$tool" report "$st"
expect_rc 0 "two cores within 10% of each other"
expect_out "2: 1000 cycles from its first device zone to its last; no straggler: no core is longer than the median core by 10% of the dispatch)" \
    "summary: no straggler when no core stands out"
expect_grep '"slowest_cycles":1000,"straggler":-1,' "$st/reports/tt_foil_report.html" \
    "HTML: no straggler"
# --device-time: the JSON in device cycles, each dispatch after the other
# (dispatch 1 after dispatch 0's 800 cycles and a gap of 100)
run "$tool" --device-time report "$g"
expect_out "is in device time (--device-time): 2 dispatches" "--device-time note"
run "$json_check" --tracy "$g/reports/tt_foil_trace.json"
expect_rc 0 "--device-time JSON is valid"
expect_out "tracks 5" "--device-time: the dispatches and the 4 RISCs"
expect_grep '"ts":0.900,"dur":0.900,"cat":"dispatch","name":"dispatch 1"' "$g/reports/tt_foil_trace.json" \
    "--device-time: dispatch 1 after dispatch 0"
expect_grep '"ts":0.000,"dur":0.700,"cat":"device","name":"BRISC-FW"' "$g/reports/tt_foil_trace.json" \
    "--device-time: a zone at its cycle in its dispatch"
run "$tool" report "$g"

# identical per-core pools fold into one row of the summary and the HTML
p=$tmp/pools
make_logs basic "$p"
{
    echo "program pools"
    echo "thread 1 100 main"
    for x in 0 1 2 3; do echo "pool $((x + 1)) Device L1 ($x,0)"; done
    echo "pool 5 Device DRAM"
    for x in 0 1 2 3; do echo "a 1 $((1000 + x)) $((x + 1)) 100 4096"; done
    echo "a 1 2000 1 200 16"
    echo "a 1 2100 5 300 64"
} >"$tmp/pools.txt"
"$mktft" "$tmp/pools.txt" "$p/.logs/tt_foil_memlog.tft"
run "$tool" report "$p"
expect_out "Memory pools (3 of 3 rows, by peak; 5 pools, identical per-core and per-bank ones folded)" \
    "summary: folded pools"
checks=$((checks + 1))
grep -qE '^  Device L1 \(x,y\) x3 +1 +0 +4096 B +- +4096 B each$' "$OUT" ||
    fail "summary: three identical L1 pools in one row"
expect_grep '"poolgroups":[["Device DRAM",1,0],["Device L1 (0,0)",1,1],["Device L1 (x,y) x3",3,2]]' \
    "$p/reports/tt_foil_report.html" "HTML: folded pools"
# a note longer than 1023 bytes (a pool named by 1000 bytes, a free it
# never allocated): the diagnostics have it whole (it was cut at 1023
# bytes, silently); a pool named by tabs, each shown as \t, makes a note
# longer than the summary shows: cut there, saying so
p4=$tmp/longnote
make_logs basic "$p4"
long=$(printf 'p%.0s' $(seq 1000))
{
    echo "program longnote"
    echo "thread 1 100 main"
    echo "pool 1 $long"
    echo "x 1 1000 1 ff"
    echo "pool 2 q$(printf '\\t%.0s' $(seq 999))"
    echo "x 1 1001 2 ff"
} >"$tmp/longnote.txt"
"$mktft" "$tmp/longnote.txt" "$p4/.logs/tt_foil_memlog.tft"
run "$tool" report "$p4"
expect_grep "memory log: 1 frees in pool '$long' had no matching allocation" \
    "$p4/reports/tt_foil_diagnostics.txt" "a long note, whole in the diagnostics"
expect_out "note: memory log: 1 frees in pool '$long' had no matching allocation" \
    "a long note that the summary shows whole"
checks=$((checks + 1))
grep -qE "^  note: memory log: 1 frees in pool 'q(\\\\t)+\.\.\. \(494 more bytes: the whole note is in reports/tt_foil_diagnostics\.txt\)$" \
    "$OUT" || fail "a note longer than the summary shows: cut there, saying so"
# and so identical DRAM banks' pools (an interleaved buffer's even pages):
# banks 0-7 alike, bank 8 and 10 alike but with a gap, bank 9 apart; a
# pool named "... bank" without a number, or with a non-digit, is its own
p3=$tmp/pools3
make_logs basic "$p3"
{
    echo "program pools3"
    echo "thread 1 100 main"
    for b in 0 1 2 3 4 5 6 7; do
        echo "pool $((b + 1)) Device DRAM bank $b"
        echo "a 1 $((1000 + b)) $((b + 1)) 0 2048"
    done
    for b in 8 9 10; do
        echo "pool $((b + 1)) Device DRAM bank $b"
        echo "a 1 $((1000 + b)) $((b + 1)) 0 $((b == 9 ? 512 : 1024))"
    done
    echo "pool 12 Device DRAM bank"
    echo "a 1 1100 12 0 2048"
    echo "pool 13 Device DRAM bank 1x"
    echo "a 1 1101 13 0 2048"
} >"$tmp/pools3.txt"
"$mktft" "$tmp/pools3.txt" "$p3/.logs/tt_foil_memlog.tft"
run "$tool" report "$p3"
expect_out "Memory pools (5 of 5 rows, by peak; 13 pools, identical per-core and per-bank ones folded)" \
    "summary: folded bank pools"
for row in 'Device DRAM bank 0-7 x8 +1 +0 +2048 B ' 'Device DRAM bank <n> x2 in 8-10 +1 +0 +1024 B ' \
    'Device DRAM bank 9 +1 +0 +512 B ' 'Device DRAM bank +1 +0 +2048 B ' 'Device DRAM bank 1x +1 +0 +2048 B '; do
    checks=$((checks + 1))
    grep -qE "^  $row" "$OUT" || fail "summary: no row matching '$row'"
done
# two groups of one pool name with as many cores each (cores running other
# kernels) say which cores: their box, or "in" it when they do not fill it
# (both were "Kernel config L1 (x,y) x4")
p2=$tmp/pools2
make_logs basic "$p2"
{
    echo "program pools2"
    echo "thread 1 100 main"
    id=0
    for y in 0 1; do for x in 0 1 2 3; do
        id=$((id + 1))
        echo "pool $id Kernel config L1 ($x,$y)"
        for k in $(seq 0 $((1 - y))); do echo "a 1 $((1000 + id * 10 + k)) $id $((k * 64)) 64"; done
    done; done
    for c in 0,0:100 2,1:100 1,0:200 3,1:200; do
        id=$((id + 1))
        echo "pool $id Device L1 (${c%:*})"
        echo "a 1 $((2000 + id)) $id 0 ${c#*:}"
    done
} >"$tmp/pools2.txt"
"$mktft" "$tmp/pools2.txt" "$p2/.logs/tt_foil_memlog.tft"
run "$tool" report "$p2"
for row in 'Kernel config L1 \(0-3,0\) x4 +2 ' 'Kernel config L1 \(0-3,1\) x4 +1 ' \
    'Device L1 \(x,y\) x2 in \(0-2,0-1\) +1 +0 +100 B' 'Device L1 \(x,y\) x2 in \(1-3,0-1\) +1 +0 +200 B'; do
    checks=$((checks + 1))
    grep -qE "^  $row" "$OUT" || fail "summary: folded pools of one name told apart: no row '$row'"
done

# a pool whose every address was allocated and freed (64 distinct ones fill
# the report's table of live allocations with removed entries): the report
# once never ended here
ch=$tmp/churn
make_logs basic "$ch"
{
    echo "program churn"
    echo "thread 1 100 main"
    echo "pool 1 Z"
    for i in $(seq 0 63); do
        echo "a 1 $((1000 + 2 * i)) 1 $i 8"
        echo "x 1 $((1001 + 2 * i)) 1 $i"
    done
    echo "a 1 2000 1 1000 8"
    echo "trailer 129 0"
} >"$tmp/churn.txt"
"$mktft" "$tmp/churn.txt" "$ch/.logs/tt_foil_memlog.tft" || fail "mktft: the churned pool"
run timeout 60 "$tool" report "$ch"
expect_rc 0 "a pool of 64 addresses allocated and freed"
expect_grep "Z,65,64,520,8,8,," "$ch/reports/tt_foil_memory_report.csv" \
    "a pool of 64 addresses allocated and freed"

# ---- where the memory went: each allocation's site, the zones open on its thread ----
# main: outer 1000..5000 holding inner 1100..2000 and setup 2000..2500;
# worker: inner 1000..3000; thread 3 is in the memory log only. Pool P
# peaks at 1060 B at 2200 (before 0x20 is freed); Q peaks at 7 B at 1200,
# is reset at 4000, then leaks 5 B.
ms=$tmp/memsites
printf '%s\n' 'program sites' 'thread 1 100 main' 'thread 2 200 worker' 'loc 1 10 a.c outer' \
    'loc 2 20 a.c inner' 'loc 3 30 a.c setup' 'b 1 1000 1' 'b 1 1100 2' 'e 1 2000 2' \
    'b 1 2000 3' 'e 1 2500 3' 'e 1 5000 1' 'b 2 1000 2' 'e 2 3000 2' 'trailer 8 0' \
    >"$tmp/ms_host.txt"
printf '%s\n' 'program sites' 'thread 1 100 main' 'thread 2 200 worker' 'thread 3 300 other' \
    'pool 1 P' 'pool 2 Q' 'a 1 900 1 16 100' 'a 1 1500 1 32 200' 'a 1 2000 1 48 300' \
    'a 1 2200 1 64 400' 'x 1 2300 1 32' 'a 1 6000 1 80 50' 'a 2 1600 1 96 60' 'x 2 2900 1 96' \
    'a 3 1200 2 1 7' 'r 1 4000 2' 'a 1 4500 2 2 5' 'trailer 11 0' >"$tmp/ms_mem.txt"
mk_logs "$ms" "$tmp/ms_host.txt" "$tmp/ms_mem.txt" "the memory sites"
run "$tool" report "$ms"
expect_rc 0 "memory sites"
# an allocation at inner's end (2000, where setup starts) is inner's: a
# zone holds (start, end], as the runtime stamps a zone's work with its end
printf '%s\n' \
    'POOL,SITE,ALLOC_COUNT,TOTAL_BYTES_ALLOCATED,PEAK_LIVE_BYTES,PEAK_LIVE_ALLOCS,LEAKED_BYTES,LEAKED_ALLOCS' \
    'P,outer > inner,2,500,500,2,300,1' 'P,outer > setup,1,400,400,1,400,1' \
    'P,(outside any zone),2,150,100,1,150,2' 'P,inner,1,60,60,1,0,0' \
    'Q,(outside any zone),1,7,7,1,0,0' 'Q,outer,1,5,0,0,5,1' >"$tmp/ms_expected.csv"
expect_file_eq "$tmp/ms_expected.csv" "$ms/reports/tt_foil_memory_sites.csv" "memory sites"
expect_out "P: peak 1060 B at 1300 ns: 500 B outer > inner (2), 400 B outer > setup (1), 100 B (outside any zone) (1), 1 more" \
    "summary: a pool's peak by site"
expect_out "leaked: 400 B in P from outer > setup (1 allocation)" "summary: the leaks' sites"
expect_out "leaked: 1 more site" "summary: the leaks' sites left out"
run "$json_check" --html "$ms/reports/tt_foil_report.html"
expect_rc 0 "memory sites: the HTML"
expect_grep '"memsites":[["P","outer > inner",2,500,500,2,300,1],' \
    "$ms/reports/tt_foil_report.html" "memory sites: the HTML's table"
# without the host trace every site says so
rm "$ms/.logs/tt_foil_trace.tft"
run "$tool" report "$ms"
expect_grep 'P,(no host trace),6,1110,1060,5,850,4' "$ms/reports/tt_foil_memory_sites.csv" \
    "memory sites without a host trace"
# Ticks, not ns: the trace converts tick 50,000,050 to ns 50,000,050, the
# memory log's own points would make it 50,000,300 (past the zone's end,
# 50,000,100): it is read on the trace's clock (tf_trace_opts.clock)
mc=$tmp/memclock
printf '%s\n' 'program clock' tsc 'cal 1000 1000' 'cal 100001000 100001000' 'thread 1 100 main' \
    'loc 1 10 a.c z' 'b 1 50000000 1' 'e 1 50000100 1' 'trailer 2 0' >"$tmp/mc_host.txt"
printf '%s\n' 'program clock' tsc 'cal 1000 1000' 'cal 100001000 100001500' 'thread 1 100 main' \
    'pool 1 P' 'a 1 50000050 1 16 8' 'trailer 1 0' >"$tmp/mc_mem.txt"
mk_logs "$mc" "$tmp/mc_host.txt" "$tmp/mc_mem.txt" "two clocks"
run "$tool" report "$mc"
expect_grep 'P,z,1,8,8,1,8,1' "$mc/reports/tt_foil_memory_sites.csv" \
    "memory sites on the trace's clock"
# The OS reused tid 100 for a second thread (number 2): its allocation is
# in its own zone Z2, not the first thread's (none open then); a process
# without a host trace in a capture of several says so
mr=$tmp/memreuse
mkdir -p "$mr/.logs"
printf '%s\n' 'program reuse' 'thread 1 100 first' 'thread 2 100 second' 'loc 1 10 a.c Z1' \
    'loc 2 20 a.c Z2' 'b 1 1000 1' 'e 1 2000 1' 'b 2 5000 2' 'e 2 6000 2' 'trailer 4 0' \
    >"$tmp/mr_host.txt"
printf '%s\n' 'program reuse' 'thread 1 100 first' 'thread 2 100 second' 'pool 1 P' \
    'a 1 1500 1 16 10' 'a 2 5500 1 32 20' 'trailer 2 0' >"$tmp/mr_mem.txt"
printf '%s\n' 'program notrace' 'thread 1 100 main' 'pool 1 P' 'a 1 1500 1 16 30' 'trailer 1 0' \
    >"$tmp/mr_mem2.txt"
"$mktft" "$tmp/mr_host.txt" "$mr/.logs/tt_foil_trace.100.tft" &&
    "$mktft" "$tmp/mr_mem.txt" "$mr/.logs/tt_foil_memlog.100.tft" &&
    "$mktft" "$tmp/mr_mem2.txt" "$mr/.logs/tt_foil_memlog.200.tft" || fail "mktft: a reused tid"
run "$tool" report "$mr"
expect_rc 0 "memory sites: a reused tid"
expect_grep 'reuse[100]: P,Z2,1,20,20,1,20,1' "$mr/reports/tt_foil_memory_sites.csv" \
    "memory sites: a reused tid is another thread"
expect_grep 'notrace[200]: P,(no host trace),1,30,30,1,30,1' \
    "$mr/reports/tt_foil_memory_sites.csv" "memory sites: a process without its host trace"
# a memory log that lost its thread's definition (no tid): the trace's
# thread of that number
mn=$tmp/memnodef
printf '%s\n' 'program nodef' 'thread 1 100 main' 'loc 1 10 a.c Z' 'b 1 1000 1' 'e 1 2000 1' \
    'trailer 2 0' >"$tmp/mn_host.txt"
printf '%s\n' 'program nodef' 'pool 1 P' 'a 1 1500 1 16 10' 'trailer 1 0' >"$tmp/mn_mem.txt"
mk_logs "$mn" "$tmp/mn_host.txt" "$tmp/mn_mem.txt" "no thread definition"
run "$tool" report "$mn"
expect_rc 0 "memory sites: a thread without its definition"
expect_grep 'P,Z,1,10,10,1,10,1' "$mn/reports/tt_foil_memory_sites.csv" \
    "memory sites: a thread without its definition is the trace's of its number"
# 5000 zones nested, all but the outermost ended: an allocation after them
# is the outermost's (the walk to it passes 4999 ended zones)
md=$tmp/memdeep
{
    printf '%s\n' 'program deep' 'thread 1 100 main'
    awk 'BEGIN { for (i = 1; i <= 5000; i++) print "loc " i " " i " a.c L" i
        for (i = 1; i <= 5000; i++) print "b 1 " i * 10 " " i
        for (i = 5000; i > 1; i--) print "e 1 " 100000 + (5000 - i) * 10 " " i
        print "e 1 900000 1"; print "trailer 1 0" }'
} >"$tmp/md_host.txt"
printf '%s\n' 'program deep' 'thread 1 100 main' 'pool 1 P' 'a 1 50005 1 16 3' \
    'a 1 800000 1 32 4' 'trailer 2 0' >"$tmp/md_mem.txt"
mk_logs "$md" "$tmp/md_host.txt" "$tmp/md_mem.txt" "deep zones"
run "$tool" report "$md"
expect_rc 0 "memory sites: deep zones"
expect_grep 'P,L1,1,4,4,1,4,1' "$md/reports/tt_foil_memory_sites.csv" \
    "memory sites: the open zone under 4999 ended ones"
expect_grep 'P,... > L4969 > L4970 > ' "$md/reports/tt_foil_memory_sites.csv" \
    "memory sites: a site of 5000 zones names its 32 innermost"
# A site longer than 1 KiB keeps its innermost zones (A and B stay two
# sites under the 600-byte names), "... > " before them
ml=$tmp/memlong
o600=$(printf 'o%.0s' $(seq 600))
m600=$(printf 'm%.0s' $(seq 600))
printf '%s\n' 'program long' 'thread 1 100 main' "loc 1 10 a.c $o600" "loc 2 20 a.c $m600" \
    'loc 3 30 a.c A' 'loc 4 40 a.c B' 'b 1 1000 1' 'b 1 1050 2' 'b 1 1100 3' 'e 1 2000 3' \
    'b 1 2100 4' 'e 1 2500 4' 'e 1 2900 2' 'e 1 3000 1' 'trailer 8 0' >"$tmp/ml_host.txt"
printf '%s\n' 'program long' 'thread 1 100 main' 'pool 1 P' 'a 1 1500 1 16 100' \
    'a 1 2200 1 32 7' 'trailer 2 0' >"$tmp/ml_mem.txt"
mk_logs "$ml" "$tmp/ml_host.txt" "$tmp/ml_mem.txt" "a long site"
run "$tool" report "$ml"
expect_rc 0 "memory sites: a long site"
expect_grep "P,... > $m600 > A,1,100,100,1,100,1" "$ml/reports/tt_foil_memory_sites.csv" \
    "memory sites: a long site keeps its innermost zones"
expect_grep "P,... > $m600 > B,1,7,7,1,7,1" "$ml/reports/tt_foil_memory_sites.csv" \
    "memory sites: a long site keeps its innermost zones (another)"
# the summary's cut of a site: whole zones after "... > " (here the cut
# fell on the " > " before y...: not "... > > y..."), a name wider than
# the cell its end after "...", bytes that are not UTF-8 '?' as in the
# tables
mu=$tmp/memcut
y48=$(printf 'y%.0s' $(seq 48))
z70=$(printf 'z%.0s' $(seq 70))
printf 'program cut\nthread 1 100 main\nloc 1 10 a.c aaaaaaaaaa\nloc 2 20 a.c %s\nloc 3 30 a.c %s\nloc 4 40 a.c bad\377\001name\nb 1 1000 1\nb 1 1100 2\ne 1 2000 2\nb 1 2100 3\ne 1 2500 3\nb 1 2600 4\ne 1 2700 4\ne 1 3000 1\ntrailer 8 0\n' \
    "$y48" "$z70" >"$tmp/mu_host.txt"
printf '%s\n' 'program cut' 'thread 1 100 main' 'pool 1 P' 'a 1 1500 1 16 300' 'a 1 2200 1 32 200' \
    'a 1 2650 1 48 100' 'trailer 3 0' >"$tmp/mu_mem.txt"
mk_logs "$mu" "$tmp/mu_host.txt" "$tmp/mu_mem.txt" "the summary's cut"
run "$tool" report "$mu"
expect_rc 0 "memory sites: the summary's cut"
expect_out "P: peak 600 B at 1650 ns: 300 B ... > $y48 (1), 200 B ...$(printf 'z%.0s' $(seq 53)) (1), 100 B aaaaaaaaaa > bad?\\?name (1)" \
    "memory sites: the summary's cut of a site"

fi # part rest
if part dense; then
# ---- a long, zone-dense run: no track and no stretch of time left out ----------------
# 40 threads: one with a million 100-ns zones under one outer zone, 39 with
# three 10-ns zones each; 16 cores x 5 RISCs, 5 dispatches, one RISC with
# 10,000 zones per dispatch. The old page kept the 60,000 longest zones
# (only the dense thread's); now every track keeps zones everywhere it ran.
lg=$tmp/long
mkdir -p "$lg/.logs"
{
    echo "program long"
    for t in $(seq 1 40); do echo "thread $t $((1000 + t)) worker $t"; done
    echo "loc 1 1 dense.c dense"
    echo "loc 2 2 sparse.c sparse"
    echo "loc 3 3 outer.c outer"
    echo "b 1 1000 3"
    echo "burst 1 1000 1000000 200 100 1"
    echo "e 1 200001000 3"
    for t in $(seq 2 40); do
        for k in 0 1 2; do
            s=$(((t * 7919 + k * 66000000) % 199000000 + 1000))
            echo "b $t $s 2"
            echo "t $t $((s + 1)) kernel_$k" # (3 texts: the summary's sparse rows are 3)
            echo "e $t $((s + 10)) 2"
        done
    done
    echo "trailer 0 0"
} >"$tmp/long.txt"
"$mktft" "$tmp/long.txt" "$lg/.logs/tt_foil_trace.tft" || fail "mktft: the long trace"
"$mktft" "$cases/basic/mem.txt" "$lg/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
awk 'BEGIN { OFS = ","; split("BRISC NCRISC TRISC0 TRISC1 TRISC2", R, " ")
  print "dispatch_idx,host_ns,core_x,core_y,risc,packet_type,zone_hash,cycle,zone_name,src_file,src_line,kernel,dropped,value,count"
  for (d = 0; d < 5; d++) { base = 1000 + d * 40000000
    for (x = 0; x < 16; x++) for (r = 1; r <= 5; r++) { s = base + x * 100 + r * 10; e = s + 20000 + x * 1000
      fw = r <= 2 ? R[r] "-FW" : "TRISC-FW"
      print d, base, x % 4, int(x / 4), R[r], "START", "0x1111", s, fw, "fw.c", 1, "firmware", 0, "", ""
      if (x == 0 && r == 1) for (k = 0; k < 10000; k++) {
        print d, base, 0, 0, "BRISC", "START", "0x2222", s + 1 + 2 * k, "tiny", "k.c", 7, "dense", 0, "", ""
        print d, base, 0, 0, "BRISC", "END", "0x2222", s + 2 + 2 * k, "tiny", "k.c", 7, "dense", 0, "", "" }
      print d, base, x % 4, int(x / 4), R[r], "END", "0x1111", e, fw, "fw.c", 1, "firmware", 0, "", "" } } }' \
    >"$lg/.logs/tt_foil_device_zones.csv"
printf 'host_ns_first,cycle_first,ns_per_cycle,device_clock\n0,0,1.000000,host_monotonic\n' \
    >"$lg/.logs/tt_foil_device_clock_sync.csv"
run "$tool" --max-timeline 200000 report "$lg"
expect_rc 0 "report on a long run"
expect_out "1 of 40 threads had more host zones than their share of --max-timeline 200000: their 1000001 zones are shown as" \
    "long run: the dense thread is merged, and it says so"
run "$json_check" --tracy "$lg/reports/tt_foil_trace.json"
expect_rc 0 "long run: JSON valid"
expect_out "tracks 120" "long run: every thread and RISC in the JSON"
expect_grep '"name":"merged: ' "$lg/reports/tt_foil_trace.json" "long run: merged slices say how many"
run "$json_check" --html "$lg/reports/tt_foil_report.html"
expect_rc 0 "long run: HTML data"
expect_out "lod tracks 120 " "long run: every thread and RISC has zones in the page"
expect_out " zones 1050518" "long run: the page's items stand for every zone"
expect_out "dlod tracks 80 " "long run: device time, every RISC"
expect_out "htexts 3" "long run: the 117 sparse zones' texts, each of the 3 once"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$lg/reports/tt_foil_report.html#device-time" >"$tmp/dom-long.html" 2>/dev/null
    expect_grep 'data-state="ok">report ready: 5 host zone rows, 1050518 timeline zones on 120 tracks' \
        "$tmp/dom-long.html" "long run: the page renders in headless Chromium"
    expect_grep '; device time: 80 tracks' "$tmp/dom-long.html" "long run: the device-time view renders"
fi

# The same run with room for every zone (more than the old page's 250,000
# items): the page holds each zone one by one (packed levels), and zoomed
# into 10 us of the dense thread (zones every 200 ns from 1000 ns, 100 ns
# long, under one outer zone) it draws all 51 there, and the outer zone.
lf=$tmp/long-full
mkdir -p "$lf"
cp -r "$lg/.logs" "$lf/"
run "$tool" --max-timeline 2000000 report "$lf"
expect_rc 0 "long run, room for every zone: report"
run "$json_check" --html "$lf/reports/tt_foil_report.html"
expect_rc 0 "long run, every zone: HTML data"
expect_out " zones 1050518 raw 120" "long run: every zone of every track is in the page, one by one"
expect_out "dlod tracks 80 items " "long run, every zone: device time, every RISC"
expect_out " zones 50400 raw 80" "long run: every device zone in device time, one by one"
expect_out "htexts 3" "long run, every zone: the texts each once"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$lf/reports/tt_foil_report.html#zoom=100000000,100010000" >"$tmp/dom-full.html" 2>/dev/null
    expect_grep 'data-state="ok">report ready: 5 host zone rows, 1050518 timeline zones on 120 tracks' \
        "$tmp/dom-full.html" "long run, every zone: the page renders in headless Chromium"
    expect_grep '; zoomed to 100000000-100010000: 52 zones drawn, 0 merged runs' "$tmp/dom-full.html" \
        "long run, zoomed into 10 us: every zone there drawn one by one"
fi

# frame marks are capped too (a mark after each of millions of zones wrote
# every one, gigabytes of JSON): with --max-timeline 100 the thread of 2
# marks keeps both, the one of 3000 (one every us) its share of 98, one per
# stretch of 3000/98 us, each saying how many marks it stands for
fm=$tmp/frames
mkdir -p "$fm/.logs"
{
    echo "program frames"
    echo "thread 1 100 main"
    echo "thread 2 200 worker"
    echo "f 2 5000"
    echo "f 2 6000"
    for i in $(seq 0 2999); do echo "f 1 $((1000 + i * 1000))"; done
    echo "trailer 3002 0"
} >"$tmp/frames.txt"
"$mktft" "$tmp/frames.txt" "$fm/.logs/tt_foil_trace.tft" &&
    "$mktft" "$cases/basic/mem.txt" "$fm/.logs/tt_foil_memlog.tft" || fail "mktft: the frame marks"
run "$tool" --max-timeline 100 report "$fm"
expect_rc 0 "frame marks over --max-timeline"
expect_out "3002 marks, 3001 frames" "frame marks: the summary counts every mark"
expect_out 'note: reports/tt_foil_trace.json: 1 of 2 threads had more frame marks than their share of --max-timeline 100: their 3000 marks are shown as 98, one per stretch of time (its first, with the number of marks it stands for in its args: "marks"); the summary'"'"'s frame statistics count every mark' \
    "frame marks: the note says how many were thinned"
checks=$((checks + 1))
n=$(grep -o '"ph":"i","s":"t","pid":1,"tid":100,[^}]*}' "$fm/reports/tt_foil_trace.json" | wc -l)
[ "$n" = 98 ] || fail "frame marks: main keeps $n marks, expected its share of 98"
checks=$((checks + 1))
n=$(grep -o '"tid":100,[^}]*"marks":[0-9]*' "$fm/reports/tt_foil_trace.json" |
    awk -F'"marks":' '{ s += $2 } END { print s }')
[ "$n" = 3000 ] || fail "frame marks: main's kept marks stand for $n marks, expected 3000"
expect_grep '"ph":"i","s":"t","pid":1,"tid":100,"ts":0.000,"cat":"frame","name":"frame","args":{"marks":31}}' \
    "$fm/reports/tt_foil_trace.json" "frame marks: the first stretch's first mark, for 31"
expect_grep '"ph":"i","s":"t","pid":1,"tid":200,"ts":4.000,"cat":"frame","name":"frame"}' \
    "$fm/reports/tt_foil_trace.json" "frame marks: a thread under its share keeps every mark as it is"
run "$json_check" "$fm/reports/tt_foil_trace.json"
expect_rc 0 "frame marks: the JSON is valid"
run "$tool" report "$fm"
checks=$((checks + 1))
n=$(grep -c '"ph":"i"' "$fm/reports/tt_foil_trace.json")
[ "$n" = 3002 ] || fail "frame marks under --max-timeline: $n in the JSON, expected all 3002"
expect_no_grep "frame marks than their share" "$fm/reports/tt_foil_diagnostics.txt" \
    "frame marks under --max-timeline: no note"

# --zone-filter: host reports keep the zones whose name has the substring
f=$tmp/filter
make_logs basic "$f"
run "$tool" --zone-filter dispatch report "$f"
expect_rc 0 "--zone-filter"
expect_lines "$f/reports/tt_foil_perf_results.csv" 5 "--zone-filter: 4 rows"
expect_lines "$f/.logs/tracy_ops_times.csv" 7 "--zone-filter: 6 zones"
expect_no_grep "TF_kernel_load" "$f/reports/tt_foil_perf_results.csv" "--zone-filter drops others"
expect_lines "$f/reports/tt_foil_phases.csv" 3 "phases still come from every zone"

fi # part dense
if part rest; then
# ---- damaged logs: report what can be reported, name what could not -------------------
d=$tmp/damaged
make_logs basic "$d"
: >"$d/.logs/tt_foil_trace.tft"
run "$tool" report "$d"
expect_rc 2 "empty host trace"
expect_out "the file is empty" "empty host trace"
expect_err "some logs could not be read" "empty host trace"
expect_lines "$d/reports/tt_foil_memory_report.csv" 5 "memory report despite an empty trace"
expect_lines "$d/reports/tt_foil_device_perf.csv" 6 "device report despite an empty trace"
expect_lines "$d/reports/tt_foil_perf_results.csv" 1 "empty host report: header only"

head -c 300 /dev/zero | tr '\0' x >"$d/.logs/tt_foil_trace.tft"
run "$tool" report "$d"
expect_rc 2 "corrupt host trace"
expect_out "not a tt-foil trace (no TFTRACE1 magic)" "corrupt host trace"

{ cat "$cases/basic/host.txt"; echo "cut 20"; } >"$tmp/cut.txt"
"$mktft" "$tmp/cut.txt" "$d/.logs/tt_foil_trace.tft"
run "$tool" report "$d"
expect_rc 2 "truncated host trace"
expect_out "cut short" "truncated host trace"
expect_grep "TF_device_open" "$d/reports/tt_foil_perf_results.csv" "the chunks before the cut are read"

{ cat "$cases/basic/host.txt"; echo "garbage 40"; } >"$tmp/garbage.txt"
"$mktft" "$tmp/garbage.txt" "$d/.logs/tt_foil_trace.tft"
run "$tool" report "$d"
expect_rc 2 "corrupt bytes in the host trace"
expect_out "40 bytes damaged" "corrupt bytes counted"
expect_file_eq "$cases/basic/expected/tt_foil_perf_results.csv" "$d/reports/tt_foil_perf_results.csv" \
    "every good chunk still read"

make_logs basic "$d"
rm "$d/.logs/tt_foil_memlog.tft"
run "$tool" report "$d"
expect_rc 2 "missing memory log"
expect_out "no memory log (.logs/tt_foil_memlog.tft)" "missing memory log"
expect_out "-DTT_FOIL_ENABLE_TRACY=ON" "missing memory log: how to rebuild"

make_logs basic "$d"
sed 's/^dispatch_idx,host_ns,core_x/dispatch,host_ns,core_x/' "$cases/basic/device_zones.csv" \
    >"$d/.logs/tt_foil_device_zones.csv"
run "$tool" report "$d"
expect_rc 2 "device CSV without a column"
expect_out "no 'dispatch_idx' column in the header" "device CSV without a column"
{ cat "$cases/basic/device_zones.csv"; echo "0,1,0,0,RISCV9,START,0x1,5,x,f,1,k,0"; echo "short,row"; } \
    >"$d/.logs/tt_foil_device_zones.csv"
run "$tool" report "$d"
expect_rc 2 "malformed device rows"
expect_out "2 malformed rows were skipped (the first at line 21" "malformed device rows"
expect_lines "$d/reports/tt_foil_device_perf.csv" 6 "the good rows are still reported"
: >"$d/.logs/tt_foil_device_zones.csv"
run "$tool" report "$d"
expect_rc 2 "device CSV cut to nothing"
expect_out "tt_foil_device_zones.csv: the file ends after row 0 of 19" "device CSV cut to nothing"
rm "$d/.logs/tt_foil_device_zones.csv.end"
run "$tool" report "$d"
expect_rc 2 "empty device CSV"
expect_out "tt_foil_device_zones.csv is empty" "empty device CSV"
make_logs basic "$d"
echo "garbage" >"$d/.logs/tt_foil_device_clock_sync.csv"
run "$tool" report "$d"
expect_rc 2 "malformed clock sync"
expect_out "tt_foil_device_clock_sync.csv is malformed" "malformed clock sync"

run "$tool" report "$tmp/nowhere"
expect_rc 1 "report on a missing folder"
expect_err "report: '$tmp/nowhere' is not a folder" "report on a missing folder"
mkdir -p "$tmp/nologs"
run "$tool" report "$tmp/nologs"
expect_rc 1 "report without .logs"
expect_err "has no .logs/ folder" "report without .logs"
mkdir -p "$tmp/emptylogs/.logs"
run "$tool" report "$tmp/emptylogs"
expect_rc 1 "report with nothing recorded"
expect_err "nothing was recorded" "report with nothing recorded"

fi # part rest
if part runs; then
# ---- running programs ------------------------------------------------------------
run "$tool" -o "$tmp/a" -o "$tmp/b" "$emit" nest
expect_rc 2 "two output folders"
expect_err "two output folders ('$tmp/a' and '$tmp/b'); give one -o" "two output folders"
run "$tool" -o "$tmp/a" report "$tmp/b"
expect_rc 2 "-o with report"
expect_err "-o '$tmp/a' with report: the reports go to DIR/reports/" "-o with report"
run "$tool" -o "$tmp/r" "$tmp/no-such-program"
expect_rc 127 "program not found"
expect_err "tt_foil_profile: program not found: '$tmp/no-such-program'" "program not found"
run "$tool" -o "$tmp/r" no-such-program-in-path
expect_rc 127 "program not in PATH"
expect_err "'no-such-program-in-path' is not in PATH" "program not in PATH"
echo "echo hi" >"$tmp/notexec"
run "$tool" -o "$tmp/r" "$tmp/notexec"
expect_rc 126 "program not executable"
expect_err "'$tmp/notexec' is not executable" "program not executable"
run "$tool" -o "$tmp/r" "$tmp"
expect_rc 126 "a directory"
expect_err "is a directory" "a directory"
run "$tool" -o "$tmp/notexec/sub" "$emit" nest
expect_rc 1 "output folder not writable"
expect_err "cannot create the output folder '$tmp/notexec/sub'" "output folder not writable"
expect_err "choose another with -o" "output folder not writable"

# an output folder with '%' in its name: the recorder reads "%p" in the log
# variables as the pid, so the tool doubles the folder's '%'s ("%%" is '%');
# "100%pure" once sent every log to "100<pid>ure" and lost them all
run "$tool" -o "$tmp/100%pure" "$emit" nest
expect_rc 0 "an output folder named 100%pure"
checks=$((checks + 1))
ls "$tmp/100%pure/.logs/" | grep -q '^tt_foil_trace\.[0-9]*\.tft$' ||
    fail "100%pure: no trace in the folder's .logs"
expect_grep "alpha" "$tmp/100%pure/reports/tt_foil_perf_results.csv" "100%pure: the zones reported"

# built without the profiler: nothing recorded, say how to rebuild
run "$tool" -o "$tmp/off" "$emit_off" nest
expect_rc 1 "program without the profiler"
expect_err "nothing was recorded" "program without the profiler"
expect_err "-DTT_FOIL_ENABLE_TRACY=ON" "program without the profiler: rebuild hint"
expect_tree "$tmp/off" "reports even when nothing was recorded"
# ... and the device zones' note blames no firmware: without a host trace
# (which carries the device markers) nothing says how it was built
expect_err "no device zones (.logs/tt_foil_device_zones.csv): the device markers come in the host trace, and the program wrote none" \
    "program without the profiler: why there are no device zones"
checks=$((checks + 1))
! grep -q "the firmware was built without the device profiler" "$ERR" ||
    fail "program without the profiler: the firmware's build blamed"
# the program's own failure status wins
run "$tool" -o "$tmp/off" /bin/sh -c 'exit 3'
expect_rc 3 "the program's exit status"
expect_err "/bin/sh exited with status 3" "the program's exit status"

# a profiled program; its options are its own (after PROGRAM, or after --)
run "$tool" -o "$tmp/nest" -- "$emit" nest
expect_rc 0 "profiled run"
expect_tree "$tmp/nest" "profiled run"
expect_grep "A,alpha,1," "$tmp/nest/reports/tt_foil_perf_results.csv" "zones and zone text"
expect_err "Host zones" "summary on stderr when running"
# it dispatched nothing: no device zones, and the note does not blame the build
expect_err "no device zones (.logs/tt_foil_device_zones.csv): the host trace shows no dispatch" \
    "no dispatch, no device zones"
run "$json_check" "$tmp/nest/reports/tt_foil_trace.json"
expect_rc 0 "profiled run: JSON valid"

# a TT_FOIL_PROF_CLOCK it does not take is said, not ignored (x86-64 only:
# elsewhere there is no TSC to choose)
if [ "$(uname -m)" = x86_64 ]; then
    TT_FOIL_PROF_CLOCK=bogus run "$tool" -o "$tmp/clk" -- "$emit" nest
    expect_rc 0 "bad TT_FOIL_PROF_CLOCK"
    expect_err 'TT_FOIL_PROF_CLOCK="bogus" is not a value it takes' "bad TT_FOIL_PROF_CLOCK"
fi

# the crash path: abort() halfway; reports from what was recorded, one line, 128+6
run "$tool" -o "$tmp/crash" "$emit" abort
expect_rc 134 "crash"
expect_err "was killed by signal 6 (Aborted)" "crash: one line"
expect_err "the reports hold what it recorded until then" "crash"
expect_tree "$tmp/crash" "crash"
expect_grep "1 zones never ended (still open when the process ended: ended then)" \
    "$tmp/crash/reports/tt_foil_diagnostics.txt" "crash: the zone open at abort() (the crash handler wrote the trailer)"
checks=$((checks + 1))
[ "$(wc -l <"$tmp/crash/reports/tt_foil_perf_per_call.csv")" = 5 ] ||
    fail "crash: the 3 finished zones and the one open at abort() should be reported"

# a 5000-byte zone name: cut to fit a definition, saying so
run "$tool" -o "$tmp/longname" "$emit" longname
expect_rc 0 "a long zone name"
expect_grep "nnnn... (+4032 bytes cut)" "$tmp/longname/reports/tt_foil_perf_results.csv" \
    "the cut is said in the name"

# TT_FOIL_ZONE_TEXT with no zone open, from a real program: recorded, and
# the reader counts it in the notes (the recorder dropped it unseen)
run "$tool" -o "$tmp/orphantext" "$emit" orphantext
expect_rc 0 "zone texts outside any zone"
expect_grep "2 zone texts were left out: no zone was open on their thread (TT_FOIL_ZONE_TEXT outside any zone)" \
    "$tmp/orphantext/reports/tt_foil_diagnostics.txt" "texts outside any zone: counted in the notes"
checks=$((checks + 1))
awk -F, '$3 == "texted" {print $5}' "$tmp/orphantext/reports/tt_foil_perf_per_call.csv" |
    grep -qx "its own" || fail "texts outside any zone: the zone keeps its own text alone"

# exit() 30 ms into a zone: the zone lasted until the exit (the trailer's
# time), not 0 ns (its thread's last event was its begin)
run "$tool" -o "$tmp/exit" "$emit" exit
expect_rc 3 "exit inside a zone"
checks=$((checks + 1))
ns=$(awk -F, '$3 == "open_at_exit" {print $4}' "$tmp/exit/reports/tt_foil_perf_per_call.csv")
[ -n "$ns" ] && [ "$ns" -ge 30000000 ] && [ "$ns" -lt 10000000000 ] ||
    fail "exit: the zone open at exit() lasted '$ns' ns, expected about 30 ms"
# and it is said to have ended at the exit, not at its thread's last event
expect_grep "1 zones never ended (still open when the process ended: ended then)" \
    "$tmp/exit/reports/tt_foil_diagnostics.txt" "exit: the note says where the open zone ended"
expect_grep '"name":"open_at_exit","loc":"' "$tmp/exit/reports/tt_foil_trace.json" "exit: the zone in the JSON"
expect_grep '"args":{"text":"(never ended: still open when the process ended, shown to then)"}' \
    "$tmp/exit/reports/tt_foil_trace.json" "exit: the JSON says where the open zone ended"
# one zone open at the exit (the trailer's time, 8000 ns), one on a thread
# whose last event came after it: each said to end where it was drawn to
mx=$tmp/mixed
mkdir -p "$mx/.logs"
printf 'program mixed\nthread 1 100 main\nthread 2 200 worker\nloc 1 10 user.c main_open\nloc 2 11 user.c worker_open\nb 1 1000 1\nb 2 2000 2\nf 2 9000\ntrailer 3 0 8000\n' \
    >"$tmp/mixed.txt"
"$mktft" "$tmp/mixed.txt" "$mx/.logs/tt_foil_trace.tft" || fail "mktft: the mixed open zones"
run "$tool" report "$mx"
expect_out "2 zones never ended (1 still open when the process ended: ended then; 1 ended at their thread's last event)" \
    "open zones: at the exit and at the thread's last event, counted apart"
expect_grep "0,0,main_open,7000," "$mx/reports/tt_foil_perf_per_call.csv" "a zone open at the exit ends then"
expect_grep "1,1000,worker_open,7000," "$mx/reports/tt_foil_perf_per_call.csv" \
    "a zone open past the exit ends at its thread's last event"
expect_grep '"name":"main_open","loc":"user.c:10","args":{"text":"(never ended: still open when the process ended, shown to then)"}' \
    "$mx/reports/tt_foil_trace.json" "the JSON: open at the exit"
expect_grep '"name":"worker_open","loc":"user.c:11","args":{"text":"(never ended: shown to its thread'"'"'s last event)"}' \
    "$mx/reports/tt_foil_trace.json" "the JSON: ended at the thread's last event"

# a crash hook that records more than a buffer holds (the runtime's writes
# a dispatch's zones there): the recorder makes room without a lock or
# malloc, every zone in order after the program's own
run "$tool" -o "$tmp/hook" "$emit" hook 10000
expect_rc 134 "crash hook"
checks=$((checks + 1))
[ "$(grep -c ',in hook,' "$tmp/hook/reports/tt_foil_perf_per_call.csv")" = 10000 ] ||
    fail "crash hook: its 10000 zones should all be reported"
checks=$((checks + 1))
[ "$(sed -n 2,4p "$tmp/hook/reports/tt_foil_perf_per_call.csv" | grep -c ',done,')" = 3 ] ||
    fail "crash hook: the program's 3 zones should come first"

# term_after D FILE PATTERN TRIES CMD...: CMD in the background (its
# stdout in D.out, stderr in D.err), SIGTERM to it once PATTERN is in FILE
# (looked for TRIES times, 50 ms apart); its exit status in rc
term_after() {
    local d=$1 f=$2 pat=$3 tries=$4
    shift 4
    "$@" >"$d.out" 2>"$d.err" &
    pid=$!
    for _ in $(seq 1 "$tries"); do
        grep -q -- "$pat" "$f" 2>/dev/null && break
        sleep 0.05
    done
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
}
# term_case NAME WHAT [VAR=VALUE]: SIGTERM to the tool, once its program
# (prof_emit kill) has flushed, reaches the program, which writes its
# trace and dies of it
term_case() {
    local d=$tmp/$1
    term_after "$d" "$d.out" flushed 200 env $3 "$tool" -o "$d" --max-timeline 1000 "$emit" kill
    expect_rc 143 "$2"
    expect_grep "killed by signal 15" "$d.err" "$2"
    expect_grep "spin,," "$d/reports/tt_foil_perf_results.csv" "$2: zones reported"
}
term_case term "SIGTERM passed on"
# and so it does when the tool has not run again since it started the
# program (TT_FOIL_PROFILE_PAUSE_AT=start holds it there until a signal, as
# a loaded machine can for tens of milliseconds): SIGTERM then killed the
# tool outright, before it passed anything on (no reports, no message)
term_case term0 "SIGTERM passed on, the tool not run since the program started" \
    TT_FOIL_PROFILE_PAUSE_AT=start
# held_term STAGE [VAR=VALUE...]: SIGTERM to the tool held at STAGE (after
# a program that exits 0), once it says it is held there; its output in
# $tmp/STAGE
held_term() {
    local d=$tmp/$1
    term_after "$d" "$d.err" "held at $1 until a signal comes" 400 \
        env TT_FOIL_PROFILE_PAUSE_AT="$1" "${@:2}" "$tool" -o "$d" "$emit" nest
    checks=$((checks + 1))
    grep -q "held at $1 until a signal comes" "$d.err" || fail "held_term $1: the tool never said it was held"
}
# Between the program's exit and the wait for its background processes,
# and between that wait and the reports, the tool changed its handlers
# with the default action in between: a SIGTERM there ended it, no reports
# and no message. Now it is blocked across: after the exit it stops the
# wait (there is none here) and the reports are written with the program's
# status; just before the reports it ends the tool as in their middle.
held_term exited
expect_rc 0 "SIGTERM once the program exited: the program's status"
expect_grep "A,alpha,1," "$tmp/exited/reports/tt_foil_perf_results.csv" \
    "SIGTERM once the program exited: the reports are written"
# (the tool's signal thread held back, as on a busy machine, where the
# first report was written before it took the SIGTERM already pending:
# LATE_THREAD_SHIM, set by tests/CMakeLists.txt where it is built)
held_term reports ${LATE_THREAD_SHIM:+LD_PRELOAD=$LATE_THREAD_SHIM LATE_PROG=tt_foil_profile}
expect_rc 143 "SIGTERM just before the reports: the tool ends by it"
expect_grep "interrupted by SIGTERM while making the reports (none was left half written)" \
    "$tmp/reports.err" "SIGTERM just before the reports: said so"
checks=$((checks + 1))
[ ! -e "$tmp/reports/reports/tt_foil_perf_results.csv" ] ||
    fail "SIGTERM just before the reports: a report was written"

# the runtime: zones, kernel-load phases, pools with capacities, a leak
run "$tool" -o "$tmp/rt" "$runtime"
expect_rc 0 "runtime workload"
expect_grep "TF_dispatch_execute_multi" "$tmp/rt/reports/tt_foil_perf_results.csv" "runtime zones"
# prof_runtime leaks one 1000-byte DRAM buffer on purpose; the DRAM is 8 GiB
expect_grep "Device DRAM,3,2,1128,1128,1000,8589934592,0.0" \
    "$tmp/rt/reports/tt_foil_memory_report.csv" "runtime: DRAM pool, leak, capacity"
expect_grep '"Device L1 persistent (1,0)",1,1,256,256,0,1171456,0.0' \
    "$tmp/rt/reports/tt_foil_memory_report.csv" "runtime: per-core pools"
# each pool's sites add up to its row of the memory report (allocations,
# bytes, peak, leaked); the leaked buffer was made in the program's zone
unq() { sed -E 's/"([^"]*)"/\1/; s/\(([0-9]+),([0-9]+)\)/(\1;\2)/g' "$1"; }
sums=$(unq "$tmp/rt/reports/tt_foil_memory_sites.csv" | awk -F, 'NR > 1 {
    a[$1] += $3; t[$1] += $4; p[$1] += $5; l[$1] += $7 }
    END { for (k in a) print k "," a[k] "," t[k] "," p[k] "," l[k] }' | sort)
pools=$(unq "$tmp/rt/reports/tt_foil_memory_report.csv" |
    awk -F, 'NR > 1 { print $1 "," $2 "," $4 "," $5 "," $6 }' | sort)
checks=$((checks + 1))
[ -n "$pools" ] && [ "$sums" = "$pools" ] ||
    fail "runtime: the memory sites do not add up to the pools: $(diff <(echo "$pools") <(echo "$sums") | head -5)"
expect_grep 'Device DRAM,user main,3,1128,1128,3,1000,1' "$tmp/rt/reports/tt_foil_memory_sites.csv" \
    "runtime: the DRAM buffers' site"
expect_grep '"Kernel config L1 (0,0)",user main > phase one > TF_dispatch_execute > TF_dispatch/setup,3,648,648,3,0,0' \
    "$tmp/rt/reports/tt_foil_memory_sites.csv" "runtime: a dispatch's kernel configuration's site"
expect_lines "$tmp/rt/reports/tt_foil_phases.csv" 2 "runtime: one phase"
run "$json_check" "$tmp/rt/reports/tt_foil_trace.json"
expect_rc 0 "runtime JSON valid"

# the device profiler: device zones per RISC, placed inside the host's waits
run "$tool" -o "$tmp/dev" "$device"
expect_rc 0 "device workload"
expect_err "Device cores (2 of 2, by cycles in the slowest dispatch" "device run: per-core summary"
expect_grep "BRISC,BRISC-FW," "$tmp/dev/reports/tt_foil_device_perf.csv" "device zones"
expect_grep "TRISC2,TRISC-FW," "$tmp/dev/reports/tt_foil_device_perf.csv" "every RISC"
run "$json_check" "$tmp/dev/reports/tt_foil_trace.json"
expect_rc 0 "device JSON valid"
expect_out "tracks 11" "device JSON: host thread + 2 cores x 5 RISCs"
run "$json_check" --tracy "$tmp/dev/reports/tt_foil_trace.json"
expect_rc 0 "device JSON: the shapes import-chrome needs, a loc on every device zone"
run "$json_check" --html "$tmp/dev/reports/tt_foil_report.html"
expect_out "lod tracks 11 " "device HTML: host thread + 2 cores x 5 RISCs"
expect_out "dlod tracks 10 " "device HTML: device time, 2 cores x 5 RISCs"
# the Ops section: one entry per dispatch with its cores' counters (the
# fourth dispatch runs on both cores), and the page renders it
expect_out "ops 4 cores 1,1,1,2" "device HTML: one op per dispatch, its cores"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$tmp/dev/reports/tt_foil_report.html#ops" >"$tmp/dom-ops.html" 2>/dev/null
    expect_grep 'data-state="ok">report ready: ' "$tmp/dom-ops.html" "device HTML: no script error"
    expect_grep '; ops: 4 ops on 2 cores</div>' "$tmp/dom-ops.html" \
        "device HTML: the Ops section renders in headless Chromium, no script error"
    expect_grep '<option value="3">op 4: dz_loop (dispatch 4)</option>' "$tmp/dom-ops.html" \
        "device HTML: the op selector"
    expect_grep '<td class="num" title="2">2 / 2</td>' "$tmp/dom-ops.html" "device HTML: ops table, cores used"
fi
# --max-ops: the page's Ops section holds the longest ops only, says so
# in a note, and counts them all; the CSVs keep every op
cp -r "$tmp/dev" "$tmp/devmax"
rm -rf "$tmp/devmax/reports"
run "$tool" --max-ops 2 report "$tmp/devmax"
expect_rc 0 "--max-ops 2"
expect_grep "note: the HTML's Ops section holds the 2 longest ops of 4 (--max-ops 2; each " \
    "$tmp/devmax/reports/tt_foil_diagnostics.txt" "--max-ops: the note"
checks=$((checks + 1))
n=$(tail -n +2 "$tmp/devmax/reports/tt_foil_ops_perf.csv" | wc -l)
[ "$n" = 4 ] || fail "--max-ops: the ops CSV has $n ops, expected every one (4)"
# the two longest, by the CSV (DEVICE_KERNEL_DURATION_CYCLES; ties to the
# first), in their order
c=$(csv_col "$tmp/devmax/reports/tt_foil_ops_perf.csv" DEVICE_KERNEL_DURATION_CYCLES)
longest=$(tail -n +2 "$tmp/devmax/reports/tt_foil_ops_perf.csv" | sort -t, -k$c,${c}nr -k1,1n |
    head -2 | cut -d, -f1 | sort -n | paste -sd,)
run "$json_check" --html "$tmp/devmax/reports/tt_foil_report.html"
expect_out "ops 2 cores " "--max-ops: two ops in the page"
expect_out " ids $longest" "--max-ops: the two longest ops ($longest)"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$tmp/devmax/reports/tt_foil_report.html#ops" >"$tmp/dom-opsmax.html" 2>/dev/null
    expect_grep '; ops: 2 of 4 ops on ' "$tmp/dom-opsmax.html" "--max-ops: the page says 2 of 4"
fi
# an accumulated zone past the 2^20 - 1 scope exits its SUM marker counts:
# the count is a floor (the row says 1048575), and a note says so
run "$tool" -o "$tmp/sumfull" "$device" sum 1048576
expect_rc 0 "an accumulated zone of 1048576 scopes"
expect_grep "note: 1 accumulated zone (DeviceZoneScopedSumN1/N2) counted 1048575 scope exits in a dispatch, the most a SUM marker holds (first: dispatch " \
    "$tmp/sumfull/reports/tt_foil_diagnostics.txt" "SUM count at its most: the note"
expect_grep ",SUM,0x" "$tmp/sumfull/.logs/tt_foil_device_zones.csv" "SUM count at its most: the row"
checks=$((checks + 1))
grep -q ",1048575,1," "$tmp/sumfull/.logs/tt_foil_device_zones.csv" ||
    fail "SUM count at its most: the row's count is not 1048575"
run "$tool" -o "$tmp/sumless" "$device" sum 1048574
expect_rc 0 "an accumulated zone of 1048574 scopes"
checks=$((checks + 1))
! grep -q "(DeviceZoneScopedSumN1/N2) counted" \
    "$tmp/sumless/reports/tt_foil_diagnostics.txt" || fail "a SUM count below its most: a note"
# device zones whose call sites the trace does not define (the BRISC
# firmware's zone table lost with its chunk, and no later dispatch to
# write it again): listed as '?', and a note says how many and why
TT_FOIL_TRACE_FAIL_DEF=7 run "$tool" -o "$tmp/unnamed" "$device" reload 1
expect_rc 0 "a lost zone table"
expect_grep "device zone has no name: the trace does not define its call site (first: dispatch 1 core (0,0) BRISC; " \
    "$tmp/unnamed/reports/tt_foil_diagnostics.txt" "a lost zone table: the note"
checks=$((checks + 1))
grep -q "no name: the trace does not define" "$tmp/sumless/reports/tt_foil_diagnostics.txt" &&
    fail "every zone table written: a note of zones without names"
# more processes than the device reports' core keys tell apart (2048): a
# run's trace copied as 2050 processes' (the pid is the file's); the last
# 2's device zones are left out of those reports, counted, said
# (the device workload's trace, recorded above)
mkdir -p "$tmp/procs/.logs"
one=$(ls "$tmp/dev/.logs/"tt_foil_trace.*.tft)
# (one tee writes every copy: a cp each took seconds)
tee $(for i in $(seq 1 2050); do echo "$tmp/procs/.logs/tt_foil_trace.$((100000 + i)).tft"; done) \
    <"$one" >/dev/null
run "$tool" report "$tmp/procs"
expect_rc 2 "2050 processes: the device reports lack two"
expect_grep "error: 110 device zones of the 2 processes after the first 2048 were left out of the device reports" \
    "$tmp/procs/reports/tt_foil_diagnostics.txt" "2050 processes: the note"
rm -rf "$tmp/procs"
# --max-timeline bounds the device-time view's dispatch bands too: the 4
# dispatches in 2 bands of 2, said in a note (the page held a band a
# dispatch: 54 MB for a million)
cp -r "$tmp/dev" "$tmp/devband"
rm -rf "$tmp/devband/reports"
run "$tool" --max-timeline 2 report "$tmp/devband"
expect_rc 0 "--max-timeline 2 on 4 dispatches"
expect_grep "draws its 4 dispatches as 2 bands of 2 consecutive ones (at most 2 bands" \
    "$tmp/devband/reports/tt_foil_diagnostics.txt" "--max-timeline: the dispatch bands' note"
run "$json_check" --html "$tmp/devband/reports/tt_foil_report.html"
expect_rc 0 "--max-timeline 2: HTML data"
expect_out "dsegs 2" "--max-timeline 2: two dispatch bands in the page"
if [ -n "$chromium" ]; then
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$tmp/devband/reports/tt_foil_report.html#device-time" >"$tmp/dom-band.html" 2>/dev/null
    expect_grep 'data-state="ok">report ready: ' "$tmp/dom-band.html" \
        "--max-timeline 2: the page with dispatch bands renders, no script error"
fi
run "$json_check" --html "$tmp/devmax/reports/tt_foil_report.html"
expect_out "dsegs 4" "a band a dispatch when they fit"
# as many bands as the cap, one or two sizes: 4 dispatches in 3
run "$tool" --max-timeline 3 report "$tmp/devband"
expect_grep "draws its 4 dispatches as 3 bands of 1 or 2 consecutive ones (at most 3 bands" \
    "$tmp/devband/reports/tt_foil_diagnostics.txt" "--max-timeline 3: 3 bands of 4 dispatches"
run "$json_check" --html "$tmp/devband/reports/tt_foil_report.html"
expect_out "dsegs 3" "--max-timeline 3: three dispatch bands in the page"
# and the JSON's dispatch slices in --device-time
run "$tool" --device-time --max-timeline 2 report "$tmp/devband"
expect_rc 0 "--device-time --max-timeline 2"
expect_grep '"cat":"dispatch","name":"dispatch 3 .. dispatch 4","args":{"text":"2 dispatches, cycles ' \
    "$tmp/devband/reports/tt_foil_trace.json" "--device-time: two dispatches a slice"
checks=$((checks + 1))
n=$(grep -o '"cat":"dispatch"' "$tmp/devband/reports/tt_foil_trace.json" | wc -l)
[ "$n" = 2 ] || fail "--device-time --max-timeline 2: $n dispatch slices, expected 2"
expect_grep "note: reports/tt_foil_trace.json: its 4 dispatches are drawn as 2 bands of 2 consecutive ones" \
    "$tmp/devband/reports/tt_foil_diagnostics.txt" "--device-time: the bands' note"
run "$tool" --max-ops 0 report "$tmp/devmax"
expect_rc 2 "bad --max-ops"
expect_err "--max-ops: invalid value '0'" "bad --max-ops"
# TT_FOIL_PERF_COUNTERS=OFF: the trace on, no counters read, no ops
TT_FOIL_PERF_COUNTERS=OFF run "$tool" -o "$tmp/devoff" "$device"
expect_rc 0 "device workload, counters off"
checks=$((checks + 1))
[ ! -e "$tmp/devoff/reports/tt_foil_ops_perf.csv" ] || fail "TT_FOIL_PERF_COUNTERS=OFF: an ops report"
run "$json_check" --html "$tmp/devoff/reports/tt_foil_report.html"
expect_out "ops 0 cores " "TT_FOIL_PERF_COUNTERS=OFF: no ops in the page"
# it is a switch: 0 is off too; a value it does not take leaves the
# counters on and says so, naming the variable and the value
TT_FOIL_PERF_COUNTERS=0 run "$tool" -o "$tmp/devoff0" "$device"
expect_rc 0 "device workload, counters 0"
checks=$((checks + 1))
[ ! -e "$tmp/devoff0/reports/tt_foil_ops_perf.csv" ] || fail "TT_FOIL_PERF_COUNTERS=0: an ops report"
TT_FOIL_PERF_COUNTERS=of run "$tool" -o "$tmp/devof" "$device"
expect_rc 0 "device workload, counters 'of'"
expect_err 'TT_FOIL_PERF_COUNTERS="of" is not a value it takes' "TT_FOIL_PERF_COUNTERS=of: a warning"
checks=$((checks + 1))
[ -e "$tmp/devof/reports/tt_foil_ops_perf.csv" ] || fail "TT_FOIL_PERF_COUNTERS=of: no ops report (should be on)"
# a later run in the same folder leaves nothing stale behind
run "$tool" -o "$tmp/dev" "$emit" nest
expect_rc 0 "rerun in the same folder"
expect_lines "$tmp/dev/reports/tt_foil_device_perf.csv" 1 "no stale device zones"
checks=$((checks + 1))
[ ! -e "$tmp/dev/.logs/tt_foil_device_zones.csv" ] || fail "stale device log left in .logs"
checks=$((checks + 1))
[ ! -e "$tmp/dev/.logs/tt_foil_device_zones.csv.end" ] || fail "stale end record left in .logs"

# two processes using the same cores, one after the other, in one .logs
# folder: each core of each process is its own track (issue 13), named by
# its process; the per-core view counts each process's cores apart
run "$tool" -o "$tmp/dev2" -- bash -c "\"$device\" && \"$device\""
expect_rc 0 "two device processes"
expect_err "Device cores (4 of 4, by cycles in the slowest dispatch" \
    "two processes: 2 cores each, apart"
checks=$((checks + 1))
n=$(ls "$tmp/dev2/.logs"/tt_foil_trace.*.tft 2>/dev/null | wc -l)
[ "$n" = 2 ] || fail "two processes: $n traces in .logs, expected 2"
# --tracy: device thread names with their process's prefix, counters
# named apart per process (import-chrome merged two processes' into one plot)
run "$json_check" --tracy "$tmp/dev2/reports/tt_foil_trace.json"
expect_rc 0 "two processes: JSON valid"
expect_out "tracks 22" "two processes: 2 host threads + 2 x 2 cores x 5 RISCs"
checks=$((checks + 1))
n=$(grep -o '"name":"prof_device\[[0-9]*\]: device core (0,0)"' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sort -u | wc -l)
[ "$n" = 2 ] || fail "two processes: $n JSON tracks of core (0,0), expected one per process"
checks=$((checks + 1))
n=$(grep -o '"name":"prof_device\[[0-9]*\]: core (1,0) TRISC2"' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sort -u | wc -l)
[ "$n" = 2 ] || fail "two processes: $n JSON thread names of core (1,0) TRISC2, expected 2"
checks=$((checks + 1))
n=$(grep -o '"thread_name","args":{"name":"prof_device\[[0-9]*\]: main"' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sort -u | wc -l)
[ "$n" = 2 ] || fail "two processes: $n JSON host threads named by their process, expected 2"
expect_grep '"pid":1,"name":"process_name","args":{"name":"host: 2 processes"}' \
    "$tmp/dev2/reports/tt_foil_trace.json" "two processes: the host group is not named after one"
# the ops' counter tracks: a group per process, never one process's core's
checks=$((checks + 1))
n=$(grep -o '"name":"process_name","args":{"name":"prof_device\[[0-9]*\]: chip counters"}' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sort -u | wc -l)
[ "$n" = 2 ] || fail "two processes: $n JSON groups of chip counters, expected one per process"
# --max-timeline caps the counter steps too (two per op, 8 per process
# here): over its share a process keeps each counter's peak and its last
# value per stretch of time (its first and last op), and a note says so
checks=$((checks + 1))
n=$(grep -c '"name":"prof_device\[[0-9]*\]: chip cores used","ph":"C"' "$tmp/dev2/reports/tt_foil_trace.json")
[ "$n" = 16 ] || fail "two processes: $n steps of 'chip cores used', expected 16 (2 per op)"
run "$tool" --max-timeline 4 report "$tmp/dev2"
expect_out "2 of 2 processes had more chip counter steps (two per op) than their share of --max-timeline 4" \
    "--max-timeline: counter steps capped, and a note says so"
run "$json_check" "$tmp/dev2/reports/tt_foil_trace.json"
expect_rc 0 "--max-timeline 4: JSON valid"
checks=$((checks + 1))
steps=$(grep -o '"name":"[^"]*chip cores used","ph":"C","pid":[0-9]*,"ts":[0-9.]*,"args":{"[^"]*":[0-9.]*}' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sed 's/.*"pid":\([0-9]*\),.*used":\([0-9.]*\)}/\1 \2/' | tr '\n' ' ')
p1=${steps%% *}
[ "$steps" = "$p1 2.00 $p1 0.00 $((p1 + 1)) 2.00 $((p1 + 1)) 0.00 " ] ||
    fail "--max-timeline 4: counter steps '$steps', expected per process its peak (2 cores) then 0"
checks=$((checks + 1))
first=$(grep -m1 -o '"name":"[^"]*chip cores used","ph":"C","pid":[0-9]*,"ts":[0-9.]*' \
    "$tmp/dev2/reports/tt_foil_trace.json" | sed 's/.*"ts"://')
[ "$first" != "0.000" ] || fail "--max-timeline 4: the peak is drawn from time 0, before the first op"
run "$json_check" --html "$tmp/dev2/reports/tt_foil_report.html"
expect_out "lod tracks 22 " "two processes, HTML: 2 host threads + 2 x 2 cores x 5 RISCs"
expect_grep '["prof_device[' "$tmp/dev2/reports/tt_foil_report.html" \
    "two processes, HTML: the host tracks named by their process"
expect_out "dlod tracks 20 " "two processes, HTML device time: 2 x 2 cores x 5 RISCs"
# each process numbers its dispatches from 0: two processes' dispatch 1 are
# two dispatches, never one spanning from the first's to the second's
# (which made the slowest dispatch millions of cycles long)
run "$tool" report "$tmp/dev2"
cp "$OUT" "$tmp/dev2_summary.txt"
checks=$((checks + 1))
line=$(grep '^Device cores (' "$tmp/dev2_summary.txt")
slow=$(echo "$line" | sed -n 's/.*slowest dispatch, [0-9]* of prof_device\[\([0-9]*\)]: \([0-9]*\) cycles from its first.*/\1 \2/p')
[ -n "$slow" ] && [ "${slow#* }" -lt 100000 ] ||
    fail "two processes: the slowest dispatch is not one process's ($line)"
checks=$((checks + 1))
n=$(grep -E '^  prof_device\[[0-9]+\]: \([01],0\) +[0-9]+ +[1-9][0-9]* ' "$tmp/dev2_summary.txt" |
    grep -c "prof_device\[${slow%% *}\]")
m=$(grep -cE '^  prof_device\[[0-9]+\]: \([01],0\) +[0-9]+ +[1-9][0-9]* ' "$tmp/dev2_summary.txt")
[ "$n" -ge 1 ] && [ "$n" = "$m" ] ||
    fail "two processes: cycles in the slowest dispatch on cores of another process"
run "$tool" --device-time report "$tmp/dev2"
expect_out "is in device time (--device-time): 8 dispatches" "two processes: 4 dispatches each"
checks=$((checks + 1))
n=$(grep -o '"name":"prof_device\[[0-9]*\]: dispatch 1"' "$tmp/dev2/reports/tt_foil_trace.json" |
    sort -u | wc -l)
[ "$n" = 2 ] || fail "two processes: $n device-time dispatches named 'prog[pid]: dispatch 1', expected 2"
run "$json_check" --html "$tmp/dev2/reports/tt_foil_report.html"
expect_rc 0 "two processes, device time: HTML data"

# two devices open at once in one process, both using core (0,0) and the
# same L1 and DRAM addresses: each device's core is its own track, pools
# and per-core row ("device 2 ..." for the second; the first keeps the
# names of a single device), as two processes' are
run "$tool" -o "$tmp/dev2x" "$device" together
expect_rc 0 "two devices at once"
expect_err "Device cores (2 of 2, by cycles in the slowest dispatch" \
    "two devices at once: core (0,0) of each, apart"
expect_err "  device 2 (0,0)          3 " "two devices at once: device 2's core, 3 dispatches"
expect_err "  (0,0)                   3 " "two devices at once: device 1's core, 3 dispatches"
run "$json_check" --tracy "$tmp/dev2x/reports/tt_foil_trace.json"
expect_rc 0 "two devices at once: JSON valid (no zones of two devices on one track)"
expect_out "tracks 11" "two devices at once: 1 host thread + 2 cores x 5 RISCs"
for name in '"name":"device core (0,0)"' '"name":"device 2 core (0,0)"' \
    '"name":"core (0,0) BRISC"' '"name":"device 2 core (0,0) BRISC"'; do
    expect_grep "$name" "$tmp/dev2x/reports/tt_foil_trace.json" "two devices at once: JSON tracks"
done
run "$json_check" --html "$tmp/dev2x/reports/tt_foil_report.html"
expect_out "dlod tracks 10 " "two devices at once, HTML device time: 2 cores x 5 RISCs"
mr="$tmp/dev2x/reports/tt_foil_memory_report.csv"
# (a pool's row: its name, quoted when it has a comma, then allocs, frees)
for pool in "Device L1 (0,0),1,1" "Kernel config L1 (0,0),9,9" "Device DRAM,1,1" \
    "Device DRAM bank 0,1,1"; do
    for who in "" "device 2: "; do
        checks=$((checks + 1))
        name=${pool%,*,*} counts=${pool#"${pool%,*,*}"}
        grep -q "^\"\{0,1\}$who$name\"\{0,1\}$counts," "$mr" ||
            fail "two devices at once: no pool '$who$name' with allocs, frees$counts in $mr"
    done
done
expect_grep "0 notes: 0 errors (logs not read in full, reports not written), 0 about data the run lost" \
    "$tmp/dev2x/reports/tt_foil_diagnostics.txt" "two devices at once: no false notes"
checks=$((checks + 1))
n=$(awk -F, 'NR > 1 { print $16 }' "$tmp/dev2x/.logs/tt_foil_device_zones.csv" | sort | uniq -c |
    awk '{ printf "%s:%s ", $2, $1 }')
[ "$n" = "1:66 2:66 " ] || fail "two devices at once: device column of the zones CSV is '$n'"
# the ops say their device (tt-metal's DEVICE ID), and each device's ops
# have their own op-to-op gaps: the first op of each has none, the others
# one from their device's previous op (never from the other device's,
# which runs beside it). Dispatches 1, 3, 5 went to device 1, 2, 4, 6 to 2.
op=$tmp/dev2x/reports/tt_foil_ops_perf.csv
checks=$((checks + 1))
got=$(awk -F, -v i="$(csv_col "$op" DISPATCH_ID)" -v d="$(csv_col "$op" DEVICE_ID)" \
    -v g="$(csv_col "$op" OP_TO_OP_LATENCY_NS)" \
    'NR > 1 { printf "%s:%s:%s\n", $i, $d, ($g == "" ? "-" : "gap") }' "$op" | sort -n | paste -sd' ')
[ "$got" = "1:1:- 2:2:- 3:1:gap 4:2:gap 5:1:gap 6:2:gap" ] ||
    fail "two devices at once: DISPATCH_ID:DEVICE_ID:gap of the ops are '$got'"
# and the page's ops say it (an op is named "(device 2, dispatch 2)" there)
expect_grep '"dispatch":2,"pid":' "$tmp/dev2x/reports/tt_foil_report.html" "two devices at once: op 2 on the page"
checks=$((checks + 1))
[ "$(grep -o '"device":2,"op":' "$tmp/dev2x/reports/tt_foil_report.html" | wc -l)" = 3 ] ||
    fail "two devices at once: the page's ops should have 3 of device 2"

# The op-to-op gap on a chip whose clock follows the host's (the
# simulator's: the CLOCK_SYNC definition's line 1) runs from when the host
# read the previous op's counters back, not from its done on the device
# clock, which lags the host's by the time the simulation took; on a free-
# running clock (line 0) from the device's done. Op 1 runs cycles
# 1000-2000 and is read back at 50 us, op 2's GO is at 70 us.
for clk in 1 0; do
    og=$tmp/opgap_$clk
    mkdir -p "$og/.logs"
    cat >"$tmp/opgap_$clk.txt" <<END
program opgap
thread 1 100 main
def 8 0 $clk 0|0|1
perf 1 50000 1 0 0 1000 2000 64
perf 1 80000 2 0 0 70000 70500
perf 1 95000 3 0 0 90000 90500 6400
perf 1 95000 3 1 0 90000 90500
trailer 4 0
END
    "$mktft" "$tmp/opgap_$clk.txt" "$og/.logs/tt_foil_trace.tft" || fail "mktft: the op gap trace"
    echo "trailer 0 0" >"$tmp/opgap_mem.txt"
    "$mktft" "$tmp/opgap_mem.txt" "$og/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
    run "$tool" report "$og"
    expect_rc 0 "op gap report (clock line $clk)"
    # the summary lists kinds of ops (kernels, zone, cores): both are one
    # kinds of op (kernels, zone, cores): ops 1 and 2 are one, op 3 (two
    # cores) another
    expect_out "75.0% SLOW  ?: 2 ops, mean 750 ns; the longest: 1 core, FLOPs 0.0%" \
        "the summary's ops of one kind, on one line"
    expect_out "25.0% SLOW  ?: 2 cores, FLOPs 0.0%" "the summary's other kind"
    # all of an op's DRAM bytes in bank 0: op 1's 64 bytes keep it busy 2
    # of 1000 cycles (no advice), op 3's 6400 bytes 200 of 500
    expect_out "advice (op 3): DRAM bank imbalance: bank 0 carries 100% of the op's DRAM bytes (even: 12.5%) and is busy 40% of the op" \
        "DRAM bank advice for a busy bank"
    checks=$((checks + 1))
    ! grep -q "advice (op 1" "$OUT" || fail "DRAM bank advice for a bank busy 0.2% of the op"
    want=$([ "$clk" = 1 ] && echo 20000 || echo 68000)
    checks=$((checks + 1))
    got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "OP_TO_OP_LATENCY_NS") c = i }
        NR == 3 { print $c }' "$og/reports/tt_foil_ops_perf.csv")
    [ "$got" = "$want" ] || fail "op gap (clock line $clk): OP_TO_OP_LATENCY_NS $got, expected $want"
done
# one op: "1 op", not "1 ops"
o1=$tmp/one_op
mkdir -p "$o1/.logs"
printf 'program oneop\nthread 1 100 main\ndef 8 0 1 0|0|1\nperf 1 50000 1 0 0 1000 2000 64\ntrailer 1 0\n' >"$tmp/one_op.txt"
"$mktft" "$tmp/one_op.txt" "$o1/.logs/tt_foil_trace.tft" || fail "mktft: the one-op trace"
run "$tool" report "$o1"
expect_out "Where the time went on the chip (1 op, hardware counters;" "one op, in the singular"

# Two processes' ops in one capture: OP_ID numbers them over the capture
# (each process numbers its dispatches from 1), and an advice line names
# its op by OP_ID: progb's dispatch 1, the longest of its kind, is op 2
mp=$tmp/opmp
mkdir -p "$mp/.logs"
printf 'program proga\nthread 1 100 main\nperf 1 50000 1 0 0 1000 1300\ntrailer 1 0\n' >"$tmp/opmp_a.txt"
printf 'program progb\nthread 1 200 main\nperf 1 95000 1 0 0 90000 90500 6400\ntrailer 1 0\n' \
    >"$tmp/opmp_b.txt"
"$mktft" "$tmp/opmp_a.txt" "$mp/.logs/tt_foil_trace.100.tft" || fail "mktft: process a"
"$mktft" "$tmp/opmp_b.txt" "$mp/.logs/tt_foil_trace.200.tft" || fail "mktft: process b"
echo "trailer 0 0" >"$tmp/opmp_mem.txt"
"$mktft" "$tmp/opmp_mem.txt" "$mp/.logs/tt_foil_memlog.100.tft" || fail "mktft: its memory log"
run "$tool" report "$mp"
expect_rc 0 "two processes' ops"
expect_out "advice (op 2, the longest of 2 like it): DRAM bank imbalance: bank 0 carries 100%" \
    "the advice names the op by its OP_ID, not its process's dispatch id"
checks=$((checks + 1))
got=$(awk -F, -v d="$(csv_col "$mp/reports/tt_foil_ops_perf.csv" DISPATCH_ID)" \
    'NR > 1 { printf "%s:%s:%s ", $1, $2, $d }' "$mp/reports/tt_foil_ops_perf.csv")
[ "$got" = "1:100:1 2:200:1 " ] || fail "two processes' ops: OP_ID:PID:DISPATCH_ID $got"

# An op whose TRISC0 runs without a wait (no compute kernel) and whose
# BRISC waits for a semaphore 600 of its 1000 cycles: the summary's line
# shows BRISC's stall, not "no stall"
sm=$tmp/opsem
mkdir -p "$sm/.logs"
printf 'program opsem\nthread 1 100 main\nperf 1 50000 1 0 0 1000 2000 0 600\ntrailer 1 0\n' \
    >"$tmp/opsem.txt"
"$mktft" "$tmp/opsem.txt" "$sm/.logs/tt_foil_trace.tft" || fail "mktft: the semaphore op"
"$mktft" "$tmp/opmp_mem.txt" "$sm/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
run "$tool" report "$sm"
expect_rc 0 "an op waiting on BRISC only"
expect_out "100.0% SLOW  ?: 1 core, FLOPs 0.0%, DRAM 0.0%, BRISC waits semaphore 60%" \
    "the kind's line shows the RISC that waits when TRISC0 does not"
expect_grep "SLOW,BRISC waits semaphore 60%,,no stall,," "$sm/reports/tt_foil_ops_perf.csv" \
    "the CSV keeps each RISC's own stall"

# A core busy 64.746% of its op (BRISC retires 64746 instructions in
# 100000 cycles): 64.7 in the CSV, and the page's data holds the figure
# itself, which it shows to 0.1 (64.75 in the data showed as 64.8)
ut=$tmp/oputil
mkdir -p "$ut/.logs"
printf 'program oputil\nthread 1 100 main\nperf 1 200000 1 0 0 1000 101000 0 0 64746\ntrailer 1 0\n' \
    >"$tmp/oputil.txt"
"$mktft" "$tmp/oputil.txt" "$ut/.logs/tt_foil_trace.tft" || fail "mktft: the busy op"
"$mktft" "$tmp/opmp_mem.txt" "$ut/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
run "$tool" report "$ut"
expect_rc 0 "a core busy 64.746%"
expect_grep '"(0,0)",64.7,"(0,0)",64.7,' "$ut/reports/tt_foil_ops_perf.csv" "the CSV's busiest core"
expect_grep '"cores":[[0,0,64.746,' "$ut/reports/tt_foil_report.html" \
    "the page's core utilisation, not rounded to 0.01 before its 0.1"

# Ops that overlap on one device (programs on two cores launched together):
# no gap while any of them runs; the next op's gap runs from the latest
# end, op 1's (50000), not from op 3's, the last to start before it (the
# old rule gave op 3 a gap of 10000 from op 2's end and op 4 one of 30000)
ov=$tmp/opoverlap
mkdir -p "$ov/.logs"
printf 'program ovl\nthread 1 100 main\nperf 1 51000 1 0 0 1000 50000\nperf 1 11000 2 1 0 2000 10000\nperf 1 31000 3 1 0 20000 30000\nperf 1 62000 4 0 0 60000 61000\ntrailer 4 0\n' \
    >"$tmp/opoverlap.txt"
"$mktft" "$tmp/opoverlap.txt" "$ov/.logs/tt_foil_trace.tft" || fail "mktft: the overlapping ops"
"$mktft" "$tmp/opmp_mem.txt" "$ov/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
run "$tool" report "$ov"
expect_rc 0 "overlapping ops"
checks=$((checks + 1))
c=$(csv_col "$ov/reports/tt_foil_ops_perf.csv" OP_TO_OP_LATENCY_NS)
got=$(awk -F, -v c="$c" 'NR > 1 { printf "%s:%s ", $1, $c }' "$ov/reports/tt_foil_ops_perf.csv")
[ "$got" = "1: 2: 3: 4:10000 " ] || fail "overlapping ops: OP_ID:OP_TO_OP_LATENCY_NS are '$got'"

# A chip at 500 MHz: two ops of 1000 cycles are 2000 ns each
# (DEVICE_KERNEL_DURATION_NS); the summary counts the device time in ns
# too, as it does the host's gaps it compares it with (it took the cycles
# for ns: "device 2000 ns in ops", "mean 1000 ns")
ck=$tmp/opclock
mkdir -p "$ck/.logs"
printf 'program opclock\nthread 1 100 main\nperfclock 500\nperf 1 50000 1 0 0 1000 2000\nperf 1 80000 2 0 0 70000 71000\ntrailer 2 0\n' \
    >"$tmp/opclock.txt"
"$mktft" "$tmp/opclock.txt" "$ck/.logs/tt_foil_trace.tft" || fail "mktft: the 500 MHz ops"
"$mktft" "$tmp/opmp_mem.txt" "$ck/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
run "$tool" report "$ck"
expect_rc 0 "ops on a 500 MHz chip"
expect_out "device 4000 ns in ops, 68.0 us between them on the host" "the device time in ns at the chip's clock"
expect_out "100.0% SLOW  ?: 2 ops, mean 2000 ns; the longest" "a kind's mean in ns at the chip's clock"
checks=$((checks + 1))
c=$(csv_col "$ck/reports/tt_foil_ops_perf.csv" DEVICE_KERNEL_DURATION_CYCLES)
got=$(awk -F, -v c="$c" 'NR > 1 { printf "%s:%s ", $c, $(c + 1) }' "$ck/reports/tt_foil_ops_perf.csv")
[ "$got" = "1000:2000 1000:2000 " ] || fail "500 MHz ops: DURATION_CYCLES:DURATION_NS $got"

# What the host did in the gaps: the gaps above (clock line 1: 50-70 us
# and 80-90 us) against the dispatching thread's zones: loop 55-100 us
# holding TF_dispatch_execute 60-72 us and work 82-86 us. In them: loop
# 5 + 2 + 4 us, TF_dispatch_execute 10, work 4, no zone (before loop) 5;
# a thread without TF_dispatch zones is not counted.
og=$tmp/opgap_zones
mkdir -p "$og/.logs"
printf '%s\n' 'program opgap' 'thread 1 100 main' 'thread 2 200 other' 'def 8 0 1 0|0|1' \
    'loc 1 10 a.c loop' 'loc 2 20 a.c TF_dispatch_execute' 'loc 3 30 a.c work' \
    'b 2 40000 3' 'e 2 95000 3' \
    'perf 1 50000 1 0 0 1000 2000 64' 'b 1 55000 1' 'b 1 60000 2' 'e 1 72000 2' \
    'perf 1 80000 2 0 0 70000 70500' 'b 1 82000 3' 'e 1 86000 3' \
    'perf 1 95000 3 0 0 90000 90500 6400' 'perf 1 95000 3 1 0 90000 90500' 'e 1 100000 1' \
    'trailer 10 0' >"$tmp/opgap_zones.txt"
"$mktft" "$tmp/opgap_zones.txt" "$og/.logs/tt_foil_trace.tft" || fail "mktft: the gaps' zones"
"$mktft" "$tmp/opgap_mem.txt" "$og/.logs/tt_foil_memlog.tft" || fail "mktft: its memory log"
run "$tool" report "$og"
expect_rc 0 "the gaps by zone"
expect_out "  the gaps by the host's innermost zone (on the thread that dispatched each op): 36.7% loop, 33.3% TF_dispatch_execute, 16.7% no zone, 13.3% work" \
    "the gaps by zone"
expect_grep '"op_advice":["the host gap dominates: 30.0 us between ops against 2000 ns in them","the gaps by the host' \
    "$og/reports/tt_foil_report.html" "the gaps by zone in the HTML's advice"
# Each gap on the thread that dispatched its op: a warm-up thread whose one
# dispatch ended 47 us before the first gap is not "no zone" in every gap
# (it was half the line); main is in loop 40-100 us, dispatching 69-71
# and 89-91 us: gaps 50-70 and 80-90 us are loop 28 us, TF_dispatch 2
og=$tmp/opgap_warmup
printf '%s\n' 'program opgap' 'thread 1 100 main' 'thread 2 200 warmup' 'def 8 0 1 0|0|1' \
    'loc 1 10 a.c TF_dispatch_execute' 'loc 2 20 a.c loop' 'b 2 1000 1' 'e 2 3000 1' \
    'b 1 40000 2' 'perf 1 50000 1 0 0 1000 2000' 'b 1 69000 1' 'e 1 71000 1' \
    'perf 1 80000 2 0 0 70000 70500' 'b 1 89000 1' 'e 1 91000 1' \
    'perf 1 95000 3 0 0 90000 90500' 'e 1 100000 2' 'trailer 10 0' >"$tmp/opgap_warmup.txt"
mk_logs "$og" "$tmp/opgap_warmup.txt" "$tmp/opgap_mem.txt" "a warm-up thread"
run "$tool" report "$og"
expect_out "(on the thread that dispatched each op): 93.3% loop, 6.7% TF_dispatch_execute" \
    "the gaps by zone: each on the thread that dispatched its op, not a warm-up thread long gone"
# The gaps' line is as safe for a terminal as the tables: in a zone's
# name the bytes that are not UTF-8 (a lone 0x9b is CSI to an 8-bit
# terminal) are '?', C1 controls (U+009B, CSI too) and C0 ones escaped.
# One gap, 50-70 us: bad... 10 us, TF_dispatch_x 5, c1... 5.
og=$tmp/opgap_term
printf 'program opgap\nthread 1 100 main\ndef 8 0 1 0|0|1\nloc 1 10 a.c TF_dispatch_x
loc 2 20 a.c bad\233[2J\377\nloc 3 30 a.c c1\302\233[2J\033[0m\n' >"$tmp/opgap_term.txt"
printf '%s\n' 'perf 1 50000 1 0 0 1000 2000' 'b 1 50000 2' 'e 1 60000 2' 'b 1 60000 3' \
    'e 1 65000 3' 'b 1 65000 1' 'e 1 70000 1' 'perf 1 80000 2 0 0 70000 70500' 'trailer 10 0' \
    >>"$tmp/opgap_term.txt"
mk_logs "$og" "$tmp/opgap_term.txt" "$tmp/opgap_mem.txt" "the gaps' names"
run "$tool" report "$og"
expect_out "(on the thread that dispatched each op): 50.0% bad?[2J?, 25.0% TF_dispatch_x, 25.0% c1\\?[2J\\?[0m" \
    "the gaps by zone: names safe for a terminal"
checks=$((checks + 1))
! LC_ALL=C grep -a "the gaps by" "$OUT" | LC_ALL=C grep -q "$(printf '[\200-\237\377]')" ||
    fail "the gaps by zone: a C1 control or a byte not UTF-8 reaches the terminal"
# the tables the same (the host zones' names: a C1 control was passed through)
checks=$((checks + 1))
! LC_ALL=C grep -aq "$(printf '\302\233')" "$OUT" ||
    fail "the summary: a C1 control (U+009B) reaches the terminal"
expect_out "  c1\\?[2J\\?[0m " "the host zones table: a C1 control escaped"
# A long zone name is cut at a whole character (120 bytes at most), so the
# other shares and the count after them stay on the line: one gap 50-70
# us, L + 600 e-acutes 10 us, TF_dispatch_x 5, z3..z7 1 each
og=$tmp/opgap_long
long=L$(for i in $(seq 600); do printf '\303\251'; done)
cut=L$(for i in $(seq 59); do printf '\303\251'; done)...
printf '%s\n' 'program opgap' 'thread 1 100 main' 'def 8 0 1 0|0|1' 'loc 1 10 a.c TF_dispatch_x' \
    "loc 2 20 a.c $long" 'loc 3 30 a.c z3' 'loc 4 30 a.c z4' 'loc 5 30 a.c z5' 'loc 6 30 a.c z6' \
    'loc 7 30 a.c z7' 'perf 1 50000 1 0 0 1000 2000' 'b 1 50000 2' 'e 1 60000 2' 'b 1 60000 3' \
    'e 1 61000 3' 'b 1 61000 4' 'e 1 62000 4' 'b 1 62000 5' 'e 1 63000 5' 'b 1 63000 6' \
    'e 1 64000 6' 'b 1 64000 7' 'e 1 65000 7' 'b 1 65000 1' 'e 1 70000 1' \
    'perf 1 80000 2 0 0 70000 70500' 'trailer 10 0' >"$tmp/opgap_long.txt"
mk_logs "$og" "$tmp/opgap_long.txt" "$tmp/opgap_mem.txt" "a long name"
run "$tool" report "$og"
expect_out "(on the thread that dispatched each op): 50.0% $cut, 25.0% TF_dispatch_x, 5.0% z3, 5.0% z4, 5.0% z5, 2 more" \
    "the gaps by zone: a long name cut at a whole character, the shares after it kept"
expect_grep "50.0% $cut, 25.0% TF_dispatch_x, 5.0% z3, 5.0% z4, 5.0% z5, 2 more\"]" \
    "$og/reports/tt_foil_report.html" "the gaps by zone, HTML: a long name cut, the shares kept"
# The zone an op was dispatched in, on the summary's line of its kind, is
# as safe for a terminal as its kernels' names (it came out raw: an escape
# sequence in a zone's name reached the terminal)
og=$tmp/opzone_term
printf 'program opgap\nthread 1 100 main\ndef 8 0 1 0|0|1\nloc 1 10 a.c TF_dispatch/wait_done
loc 2 20 a.c evil\033[31m\233\n' >"$tmp/opzone_term.txt"
printf '%s\n' 'b 1 40000 2' 'b 1 45000 1' 'perf 1 50000 1 0 0 1000 2000' 'e 1 50000 1' \
    'b 1 75000 1' 'perf 1 80000 2 0 0 70000 70500' 'e 1 80000 1' 'e 1 90000 2' 'trailer 10 0' \
    >>"$tmp/opzone_term.txt"
mk_logs "$og" "$tmp/opzone_term.txt" "$tmp/opgap_mem.txt" "an op's zone"
run "$tool" report "$og"
expect_out 'SLOW  ? in evil\?[31m?: 2 ops' "an op's zone on its kind's line: safe for a terminal"

# A damaged counter record: a RISC window that ends before it begins is
# left out of its op's duration, with a note (was 2^64 - 4000 cycles)
dm=$tmp/damaged_window
printf '%s\n' 'program dmg' 'thread 1 100 main' 'def 8 0 1 0|0|1' 'perf 1 50000 1 0 0 5000 1000' \
    'perf 1 80000 2 0 0 70000 70500' 'trailer 2 0' >"$tmp/dmg.txt"
mk_logs "$dm" "$tmp/dmg.txt" "$tmp/opgap_mem.txt" "a damaged window"
run "$tool" report "$dm"
expect_grep "1 RISC window of the hardware counters ends before it begins (a damaged counter record): left out of their ops' durations" \
    "$dm/reports/tt_foil_diagnostics.txt" "a damaged counter window: the note"
checks=$((checks + 1))
c=$(csv_col "$dm/reports/tt_foil_ops_perf.csv" DEVICE_KERNEL_DURATION_CYCLES)
got=$(awk -F, -v c="$c" 'NR == 2 || NR == 3 { print $c }' "$dm/reports/tt_foil_ops_perf.csv" | tr '\n' ' ')
[ "$got" = "0 500 " ] || fail "a damaged counter window: durations '$got', expected '0 500 '"

fi # part runs
if part rest; then
# ---- a program that cannot be executed, crashes without the profilers ---------------
# a script whose #! interpreter is missing: said so, not "exited with status
# 126 ... built without the profilers"; nothing ran, so no reports
printf '#!/nonexistent/interp\necho hi\n' >"$tmp/badshebang"
chmod +x "$tmp/badshebang"
run "$tool" -o "$tmp/bs" "$tmp/badshebang"
expect_rc 126 "missing #! interpreter"
expect_err "tt_foil_profile: cannot execute '$tmp/badshebang': its interpreter '/nonexistent/interp' (its #! line) was not found; fix that line or install the interpreter" \
    "missing #! interpreter"
expect_err_lines 1 "missing #! interpreter: one line, no summary"
checks=$((checks + 1))
! grep -q "built without" "$ERR" || fail "missing #! interpreter: blamed on the profilers"
# a crash of a program without the profilers: no claim that the reports
# hold what it recorded, then that nothing was recorded
run "$tool" -o "$tmp/crash_off" -- /bin/sh -c 'kill -ABRT $$'
expect_rc 134 "crash without the profilers"
expect_err "tt_foil_profile: /bin/sh was killed by signal 6 (Aborted) after " "crash without the profilers"
expect_err "nothing was recorded: /bin/sh was built without the profilers" "crash without the profilers"
checks=$((checks + 1))
! grep -q "the reports hold what it recorded" "$ERR" ||
    fail "crash without the profilers: says the reports hold what it recorded"

# ---- one output folder, one run at a time ------------------------------------------
# a second run into a folder in use would delete the first one's logs and
# report its processes: it is refused (and so is `report`), the first run's
# reports are whole
"$tool" -o "$tmp/lock" "$emit" kill >"$tmp/lock.out" 2>"$tmp/lock.err" &
pid=$!
for _ in $(seq 1 200); do
    grep -q flushed "$tmp/lock.out" 2>/dev/null && break
    sleep 0.05
done
run "$tool" -o "$tmp/lock" "$emit" nest
expect_rc 1 "a second run into a folder in use"
expect_err "tt_foil_profile: the output folder '$tmp/lock' is in use by another tt_foil_profile, pid $pid (it holds $tmp/lock/.logs/.tt_foil_profile.lock): wait for it to finish, or choose another folder with -o" \
    "a second run into a folder in use"
run "$tool" report "$tmp/lock"
expect_rc 1 "report on a folder in use"
expect_err "is in use by another tt_foil_profile, pid $pid" "report on a folder in use"
kill -TERM "$pid"
wait "$pid"
rc=$?
expect_rc 143 "the first run, after the refused ones"
expect_grep "spin,," "$tmp/lock/reports/tt_foil_perf_results.csv" "the first run's zones are reported"
checks=$((checks + 1))
n=$(ls "$tmp/lock/.logs"/tt_foil_trace.*.tft 2>/dev/null | wc -l)
[ "$n" = 1 ] || fail "the first run's folder has $n traces, expected its own one"
# a run killed outright leaves no lock behind (flock: the kernel drops it)
"$tool" -o "$tmp/lock2" -- /bin/sh -c "echo \$\$ >\"$tmp/lock2.pid\"; exec sleep 30" \
    >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 200); do
    [ -s "$tmp/lock2.pid" ] && break
    sleep 0.05
done
{
    kill -KILL "$pid"
    wait "$pid"
} 2>/dev/null # not the shell's "Killed" line
kill -TERM "$(cat "$tmp/lock2.pid")" 2>/dev/null
run "$tool" -o "$tmp/lock2" "$emit" nest
expect_rc 0 "a run after a killed one"

# ---- report DIR clears the previous reports, as a run does --------------------------
make_logs basic "$tmp/stale"
mkdir -p "$tmp/stale/reports"
for f in tt_foil_device_open_zones.csv tt_foil_ops_perf.csv tt_foil_ops_cores.csv; do
    echo stale >"$tmp/stale/reports/$f"
done
run "$tool" report "$tmp/stale"
expect_rc 0 "report over an earlier run's reports"
for f in tt_foil_device_open_zones.csv tt_foil_ops_perf.csv tt_foil_ops_cores.csv; do
    checks=$((checks + 1))
    [ ! -e "$tmp/stale/reports/$f" ] || fail "report DIR left the earlier run's $f"
done
expect_tree "$tmp/stale" "report over an earlier run's reports"
# and so does a run (the ops reports were left behind too)
mkdir -p "$tmp/stale2/reports"
echo stale >"$tmp/stale2/reports/tt_foil_ops_perf.csv"
run "$tool" -o "$tmp/stale2" "$emit" nest
expect_rc 0 "a run over an earlier run's ops report"
checks=$((checks + 1))
[ ! -e "$tmp/stale2/reports/tt_foil_ops_perf.csv" ] || fail "a run left the earlier run's ops report"

# ---- the diagnostics: one block per log file ----------------------------------------
# two processes' traces, the second without its trailer: each file has its
# own counts, and the missing trailer is under its own heading
dg=$tmp/diag
make_logs basic "$dg"
rm "$dg/.logs/tt_foil_trace.tft" "$dg/.logs/tt_foil_memlog.tft"
"$mktft" "$cases/basic/host.txt" "$dg/.logs/tt_foil_trace.100.tft"
grep -v '^trailer' "$cases/basic/host.txt" >"$tmp/notrailer.txt"
"$mktft" "$tmp/notrailer.txt" "$dg/.logs/tt_foil_trace.200.tft"
"$mktft" "$cases/basic/mem.txt" "$dg/.logs/tt_foil_memlog.100.tft"
run "$tool" report "$dg"
expect_rc 2 "two traces, one without a trailer"
block() { # file pattern: the block of the diagnostics that starts with pattern
    awk -v p="$2" 'index($0, p) == 1 { f = 1; print; next } /^[a-z]/ { f = 0 } f' "$1"
}
diag=$dg/reports/tt_foil_diagnostics.txt
block "$diag" "host trace: $dg/.logs/tt_foil_trace.100.tft" >"$tmp/b100"
block "$diag" "host trace: $dg/.logs/tt_foil_trace.200.tft" >"$tmp/b200"
expect_lines "$tmp/b100" 5 "the whole trace's block"
expect_grep "  threads 2, zones 15," "$tmp/b100" "the whole trace's own counts"
expect_grep "  trailer: records 41, lost records 0" "$tmp/b100" "the whole trace's trailer"
expect_lines "$tmp/b200" 5 "the cut trace's block"
expect_grep "  threads 2, zones 15," "$tmp/b200" "the cut trace's own counts"
expect_grep "  no trailer: the program did not exit normally" "$tmp/b200" \
    "the missing trailer under its own trace"
checks=$((checks + 1))
[ "$(grep -c '^memory log: ' "$diag")" = 1 ] || fail "diagnostics: one memory log block expected"
# a memory log without its trailer: what is still allocated is where the log
# ends, not a leak at an exit the process never made
dk=$tmp/diag_killed
make_logs basic "$dk"
grep -v '^trailer' "$cases/basic/mem.txt" >"$tmp/mem_notrailer.txt"
"$mktft" "$tmp/mem_notrailer.txt" "$dk/.logs/tt_foil_memlog.tft"
run "$tool" report "$dk"
expect_out "leaks: 10.3 KiB still allocated where the log ends (the process did not exit normally: no trailer) in 4 pools" \
    "no trailer: not 'at exit'"
# a real run of two processes: a block per trace and per memory log
run "$tool" -o "$tmp/two" -- bash -c "\"$emit\" nest && \"$emit\" nest"
expect_rc 0 "two processes"
checks=$((checks + 1))
[ "$(grep -c "^host trace: $tmp/two/.logs/tt_foil_trace\.[0-9]*\.tft (program prof_emit" \
    "$tmp/two/reports/tt_foil_diagnostics.txt")" = 2 ] || fail "two processes: two host trace blocks"
checks=$((checks + 1))
[ "$(grep -c "^memory log: $tmp/two/.logs/tt_foil_memlog\.[0-9]*\.tft" \
    "$tmp/two/reports/tt_foil_diagnostics.txt")" = 2 ] || fail "two processes: two memory log blocks"

# ---- processes left running in the background ---------------------------------------
# docs/profiling.md: every process the program starts is captured, in the
# background too: the tool waits for those still writing logs
# (TT_FOIL_PROFILE_BG_GRACE: a loaded machine, ThreadSanitizer, may take
# more than the default second to start prof_emit)
run env TT_FOIL_PROFILE_BG_GRACE=60 "$tool" -o "$tmp/bg" -- bash -c "\"$emit\" nest >/dev/null 2>&1 &"
expect_rc 0 "a profiled background process"
expect_grep "A,alpha,1," "$tmp/bg/reports/tt_foil_perf_results.csv" "the background process's zones"
checks=$((checks + 1))
! grep -q "bash was built without the profilers" "$ERR" ||
    fail "a background process: blamed on the profilers"
# one that starts a little after the program exited (within the time the
# tool gives a process to open its logs)
run env TT_FOIL_PROFILE_BG_GRACE=60 "$tool" -o "$tmp/bg2" -- \
    bash -c "(sleep 0.1; \"$emit\" nest) >/dev/null 2>&1 &"
expect_rc 0 "a profiled background process started late"
expect_grep "A,alpha,1," "$tmp/bg2/reports/tt_foil_perf_results.csv" \
    "the late background process's zones"
# one that writes no logs is not waited for (a second), and nothing
# recorded is not blamed on the build
run "$tool" -o "$tmp/bg3" -- bash -c "sleep 10 >/dev/null 2>&1 &"
expect_rc 1 "a background process without logs"
expect_err "tt_foil_profile: processes started by bash were still running when the reports were made, and had written no tt-foil logs: logs they write later are not in these reports (run 'tt_foil_profile report $tmp/bg3' once they exit)" \
    "a background process without logs"
expect_err "tt_foil_profile: nothing was recorded before bash exited, and processes it started are still running (see the notes)" \
    "a background process without logs: nothing recorded yet"
expect_grep "note: processes started by bash were still running" "$tmp/bg3/reports/tt_foil_diagnostics.txt" \
    "a background process without logs: a note"
checks=$((checks + 1))
! grep -q "bash was built without the profilers" "$ERR" ||
    fail "a background process without logs: blamed on the build"
for v in x -1 3601 1s; do
    run env TT_FOIL_PROFILE_BG_GRACE=$v "$tool" -o "$tmp/bgbad" -- true
    expect_rc 2 "TT_FOIL_PROFILE_BG_GRACE=$v"
    expect_err "tt_foil_profile: TT_FOIL_PROFILE_BG_GRACE='$v' is not a number of seconds from 0 to 3600" \
        "TT_FOIL_PROFILE_BG_GRACE=$v"
done
# Ctrl-C stops waiting: the reports hold what was written, a note says so
# (once it has flushed its first zones: "flushed" on its stdout; a loaded
# machine may take seconds to get there)
"$tool" -o "$tmp/bgw" -- bash -c "\"$emit\" kill >\"$tmp/bgw.flushed\" 2>&1 &" >"$tmp/bgw.out" \
    2>"$tmp/bgw.err" &
pid=$!
for _ in $(seq 1 1200); do
    grep -q "still writing logs" "$tmp/bgw.err" 2>/dev/null &&
        grep -q flushed "$tmp/bgw.flushed" 2>/dev/null && break
    sleep 0.05
done
expect_grep "tt_foil_profile: bash exited; waiting for the processes it started that are still writing logs (prof_emit[" \
    "$tmp/bgw.err" "waiting for a background process"
kill -INT "$pid"
wait "$pid"
rc=$?
expect_rc 0 "waiting interrupted"
expect_grep "waiting for them was interrupted): their logs are read as far as they were written" \
    "$tmp/bgw.err" "waiting interrupted: says so"
expect_grep "spin,," "$tmp/bgw/reports/tt_foil_perf_results.csv" "waiting interrupted: what was written"
for f in "$tmp/bgw/.logs"/tt_foil_trace.*.tft; do
    p=${f##*/tt_foil_trace.}
    kill -TERM "${p%.tft}" 2>/dev/null
done

# ---- tools/tt_foil_profile.py ----------------------------------------------------------
py=$(command -v python3 || true)
wrapper=$cases/../../tools/tt_foil_profile.py
if [ -n "$py" ]; then
    TT_FOIL_PROFILE=$tmp/no-such-tool run "$py" "$wrapper" "$emit" nest
    expect_rc 127 "TT_FOIL_PROFILE names no file"
    expect_err "tt_foil_profile.py: cannot run TT_FOIL_PROFILE=$tmp/no-such-tool: No such file or directory; set TT_FOIL_PROFILE to the tt_foil_profile tool" \
        "TT_FOIL_PROFILE names no file"
    echo "echo hi" >"$tmp/notexec" # (a file, not executable)
    TT_FOIL_PROFILE=$tmp/notexec run "$py" "$wrapper" "$emit" nest
    expect_rc 126 "TT_FOIL_PROFILE not executable"
    expect_err "tt_foil_profile.py: cannot run TT_FOIL_PROFILE=$tmp/notexec: Permission denied" \
        "TT_FOIL_PROFILE not executable"
else
    echo "$0: python3 not installed: tools/tt_foil_profile.py not checked" >&2
fi


# ---- names and texts the JSON and the HTML's data must carry safely: a zone
# text that is HTML markup inside a <script> block, a name that is not UTF-8;
# and a text with no zone open (counted)
o=$tmp/odd
# (and zones named in UTF-8, one of them cut to its column in the summary)
printf 'program odd\nthread 1 100 main\nloc 1 10 user.c caf\351-zone\nb 1 1000 1\nt 1 1000 <!--<script> caf\303\251\ne 1 2000 1\nt 1 2500 orphan\nloc 2 11 user.c r\303\251sum\303\251\nb 1 3000 2\ne 1 3100 2\nloc 3 12 user.c \345\220\215\345\211\215 \303\274ber-\303\274ber-\303\274ber-\303\274ber-long-name-cut\nb 1 3200 3\ne 1 3300 3\nloc 4 13 user.c \360\237\232\200 go\nb 1 3400 4\ne 1 3500 4\ntrailer 10 0\n' \
    >"$tmp/odd.txt"
# (memory: 0x10 allocated twice without a free between, then freed; in
# pool Zero the same with allocations of 0 bytes: live all the same)
printf 'program odd\nthread 1 100 main\npool 1 Twice\na 1 1100 1 16 100\na 1 1200 1 16 40\nx 1 1300 1 16\npool 2 Zero\na 1 1400 2 4096 0\na 1 1500 2 4096 0\nx 1 1600 2 4096\na 1 1700 2 8192 100\nx 1 1800 2 8192\ntrailer 8 0\n' \
    >"$tmp/odd_mem.txt"
mk_logs "$o" "$tmp/odd.txt" "$tmp/odd_mem.txt" "the odd case"
run "$tool" report "$o"
expect_rc 0 "report on names that are not UTF-8 and texts that are markup"
cp "$OUT" "$tmp/odd_summary.txt"
run "$json_check" "$o/reports/tt_foil_trace.json"
expect_rc 0 "the JSON is valid UTF-8 JSON"
run "$json_check" --html "$o/reports/tt_foil_report.html"
expect_rc 0 "no '<' in the HTML's data strings"
# the summary's host zone rows: names padded to their column by terminal
# cells, not bytes (a wide character takes two), a long one cut at it
pad28='                            '
expect_grep "$(printf '  r\303\251sum\303\251%s         1 ' "$pad28")" "$tmp/odd_summary.txt" \
    "a UTF-8 name is padded by cells"
expect_grep "$(printf '  \345\220\215\345\211\215 \303\274ber-\303\274ber-\303\274ber-\303\274ber-long-name         1 ')" "$tmp/odd_summary.txt" \
    "a wide character takes two cells; the name is cut at the column"
expect_grep "$(printf '  \360\237\232\200 go%s          1 ' "$pad28")" "$tmp/odd_summary.txt" \
    "an emoji (U+1F680) takes two cells"
expect_grep "$(printf '  caf?-zone  ')" "$tmp/odd_summary.txt" "a byte that is not UTF-8 is '?' in the summary"
expect_grep '"caf\ufffd-zone"' "$o/reports/tt_foil_trace.json" "a byte that is not UTF-8 is U+FFFD"
expect_grep "$(printf '\\u003c!--\\u003cscript> caf\303\251')" "$o/reports/tt_foil_trace.json" \
    "'<' escaped, UTF-8 kept"
expect_grep "1 zone texts were left out: no zone was open on their thread" \
    "$o/reports/tt_foil_diagnostics.txt" "a zone text outside any zone is counted"
expect_grep "1 allocations in pool 'Twice' reused a live address without a free" \
    "$o/reports/tt_foil_diagnostics.txt" "a double allocation names its pool"
expect_grep "Twice,2,2," "$o/reports/tt_foil_memory_report.csv" \
    "two allocs, two frees (one implicit): nothing live"
expect_grep "1 allocations in pool 'Zero' reused a live address without a free" \
    "$o/reports/tt_foil_diagnostics.txt" "a 0-byte allocation is live: allocated again over it is counted"
expect_grep "Zero,3,3,100,100,0" "$o/reports/tt_foil_memory_report.csv" \
    "a 0-byte allocation allocated again: freed then, as any other"
fi # part rest
finish
