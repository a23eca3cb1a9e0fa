#!/bin/bash
# tt_foil_profile compare (docs/profiling.md, "Comparing two runs"): two
# hand-made report folders of known figures (tests/profile/compare: A as an
# output folder, B as a reports folder itself), every section's rows and
# changes, the CSV, the --fail-above gate at thresholds around its rows'
# changes, each error; then two separate runs of the decode example, whose
# device cycles must compare equal to the cycle (the simulator is
# deterministic), so --fail-above 0 passes.
#
#   test_profile_compare.sh TT_FOIL_PROFILE FIXTURES DECODE_DEMO_TRACED
tool=$1
fx=$2
demo=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT
a=$fx/a
b=$fx/b

# ---- the figures
run "$tool" compare "$a" "$b"
expect_rc 0 "compare"
expect_out "  A: $a/reports" "A's reports folder under its output folder"
expect_out "  B: $b" "B given as a reports folder"
expect_out "Device time in ops: A 3700 cycles in 4 ops, B 3700 cycles in 4 ops: 0.0%" "ops total"
# the host's time between the ops (OP_TO_OP_LATENCY_NS; the first op has none):
# what a host-side fix moves while the device time stays
expect_out "Host time between ops (op-to-op gaps): A 6000 ns in 3 gaps, B 1500 ns in 3 gaps: -75.0%" \
    "the host gaps"
line() { # LABEL: the row of stdout whose label is LABEL, its spaces squeezed
    grep -F "  $1 " "$OUT" | head -1 | tr -s ' ' | sed 's/^ //'
}
row() { # LABEL EXPECTED
    checks=$((checks + 1))
    got=$(line "$1")
    [ "$got" = "$2" ] || fail "row '$1': '$got', expected '$2'"
}
row "mm [reader,mm_compute,writer]" "mm [reader,mm_compute,writer] 3 3 1067 1100 +3.1% 3200 3300 +3.1%"
row "sm [reader,sm_compute,writer]" "sm [reader,sm_compute,writer] 1 1 500 400 -20.0% 500 400 -20.0%"
# why each op kind changed (tt_foil_ops_cores.csv): the two causes that moved most
checks=$((checks + 1))
why=$(grep -F "why:" "$OUT" | sed 's/^ *//')
[ "$why" = "why: NCRISC waits noc read +100, TRISC1 waits tile src +33 (cycles a core and op)
why: TRISC1 waits tile src -100 (cycles a core and op)" ] || fail "the why lines: '$why'"
# and a straggler that went or came (STRAGGLER): a core's mean does not show
# work moved between cores, the op's length is its slowest core's
checks=$((checks + 1))
strag=$(grep -F "straggler:" "$OUT" | sed 's/^ *//')
[ "$strag" = "straggler: A core (3,0) in 1 of 3 ops, B none" ] || fail "the straggler lines: '$strag'"
row "BRISC writer" "BRISC writer 3 3 100 110 +10.0% 300 330 +10.0%"
row "TRISC1 math" "TRISC1 math 3 3 500 500 0.0% 1500 1500 0.0%"
row "main" "main 1 1 5000.0 us 4000.0 us -20.0%"
row "load" "load 1 - 1000.0 us - gone"
row "save" "save - 2 - 200.0 us new"
row "TF_dispatch_execute (mm_compute)" "TF_dispatch_execute (mm_compute) 10 10 3000.0 us 2500.0 us -16.7%"
row "Device DRAM bank 0" "Device DRAM bank 0 4 4 4096 B 8192 B +100.0% 0 B 0 B"
row "Device L1 (0,0)" "Device L1 (0,0) 2 2 2048 B 2048 B 0.0% 1024 B 0 B"
# biggest change first: the host zones' order
checks=$((checks + 1))
order=$(sed -n '/^Host zones/,/^$/p' "$OUT" | tail -n +3 | awk 'NF {print $1}' | paste -sd' ')
[ "$order" = "main load TF_dispatch_execute save" ] || fail "host zones in the order '$order'"

run "$tool" compare --top 1 "$a" "$b"
expect_rc 0 "--top 1"
expect_out "  (1 more; --top 0 shows all, --csv FILE writes all)" "--top cuts each section"
checks=$((checks + 1))
[ -z "$(line "TRISC1 math")" ] || fail "--top 1 still shows the second device zone"

# a pool whose peak moved less than another's leak sorts after it: a leak
# fixed at an unchanged peak (Device L1 (0,0): 1024 B to 0) is a change
# (it sorted last, past --top)
mkdir -p "$tmp/ma/reports" "$tmp/mb"
cp "$a"/reports/*.csv "$tmp/ma/reports/"
cp "$b"/*.csv "$tmp/mb/"
echo '"Kernel config L1 (0,0)",1,1,1000,1000,0,65536,1.5' >>"$tmp/ma/reports/tt_foil_memory_report.csv"
echo '"Kernel config L1 (0,0)",1,1,1512,1512,0,65536,2.3' >>"$tmp/mb/tt_foil_memory_report.csv"
run "$tool" compare "$tmp/ma" "$tmp/mb"
expect_rc 0 "compare: a fixed leak"
checks=$((checks + 1))
order=$(sed -n '/^Memory pools/,/^$/p' "$OUT" | tail -n +3 | sed -n 's/^  \(.[^ ]*\( [^ ]\+\)*\)  .*/\1/p' | paste -sd';')
[ "$order" = "Device DRAM bank 0;Device L1 (0,0);Kernel config L1 (0,0)" ] ||
    fail "memory pools in the order '$order' (a fixed leak of 1024 B before a peak moved 512 B)"

# an op whose dispatch stopped (BOUND STOPPED: its figures are the cores
# that finished) is left out, and said so; its cores' rows too (a
# faulted op compared as a faster one)
mkdir -p "$tmp/sb"
cp "$b"/*.csv "$tmp/sb/"
sed -i '1s/$/,BOUND/; 2s/$/,FLOP/; 3s/$/,STOPPED/' "$tmp/sb/tt_foil_ops_perf.csv"
run "$tool" compare "$a" "$tmp/sb"
expect_rc 0 "compare: a stopped op"
expect_out "Ops whose dispatch stopped (a fault, timeout, deadlock or interrupt: their figures are the cores that finished), left out: A 0, B 1" \
    "compare: a stopped op, said"
row "sm [reader,sm_compute,writer]" "sm [reader,sm_compute,writer] 1 - 500 - gone 500 - gone"
expect_out "Device time in ops: A 3700 cycles in 4 ops, B 3300 cycles in 3 ops" "compare: a stopped op, not in B's total"

# ---- the CSV
run "$tool" compare --csv "$tmp/c.csv" "$a" "$b"
expect_rc 0 "--csv"
checks=$((checks + 1))
cat >"$tmp/want.csv" <<'CSV'
SECTION,NAME,CONTEXT,RISC,CATEGORY,IN,UNIT,COUNT_A,COUNT_B,MEAN_A,MEAN_B,MEAN_CHANGE_PCT,TOTAL_A,TOTAL_B,TOTAL_CHANGE_PCT,LEAKED_A,LEAKED_B
ops,"reader,mm_compute,writer",mm,,,both,cycles,3,3,1066.7,1100.0,3.1,3200,3300,3.1,,
ops,"reader,sm_compute,writer",sm,,,both,cycles,1,1,500.0,400.0,-20.0,500,400,-20.0,,
op_cycles,"reader,mm_compute,writer",mm,NCRISC,waits noc read,both,cycles,3,3,600.0,700.0,16.7,1800,2100,16.7,,
op_cycles,"reader,mm_compute,writer",mm,TRISC1,waits tile src,both,cycles,3,3,266.7,300.0,12.5,800,900,12.5,,
op_cycles,"reader,sm_compute,writer",sm,TRISC1,waits tile src,both,cycles,1,1,100.0,0.0,-100.0,100,0,-100.0,,
op_cycles,"reader,mm_compute,writer",mm,TRISC1,tile engine,both,cycles,3,3,500.0,500.0,0.0,1500,1500,0.0,,
op_cycles,"reader,mm_compute,writer",mm,NCRISC,instructions,both,cycles,3,3,400.0,400.0,0.0,1200,1200,0.0,,
op_cycles,"reader,mm_compute,writer",mm,TRISC1,instructions,both,cycles,3,3,300.0,300.0,0.0,900,900,0.0,,
op_cycles,"reader,sm_compute,writer",sm,NCRISC,waits noc read,both,cycles,1,1,300.0,300.0,0.0,300,300,0.0,,
op_cycles,"reader,sm_compute,writer",sm,TRISC1,tile engine,both,cycles,1,1,300.0,300.0,0.0,300,300,0.0,,
op_cycles,"reader,sm_compute,writer",sm,NCRISC,instructions,both,cycles,1,1,100.0,100.0,0.0,100,100,0.0,,
op_cycles,"reader,sm_compute,writer",sm,TRISC1,instructions,both,cycles,1,1,100.0,100.0,0.0,100,100,0.0,,
device_zones,writer,,BRISC,,both,cycles,3,3,100.0,110.0,10.0,300,330,10.0,,
device_zones,math,,TRISC1,,both,cycles,3,3,500.0,500.0,0.0,1500,1500,0.0,,
host_zones,main,,,,both,ns,1,1,5000000.0,4000000.0,-20.0,5000000,4000000,-20.0,,
host_zones,load,,,,A,ns,1,,1000000.0,,,1000000,,,,
host_zones,TF_dispatch_execute,mm_compute,,,both,ns,10,10,300000.0,250000.0,-16.7,3000000,2500000,-16.7,,
host_zones,save,,,,B,ns,,2,,100000.0,,,200000,,,
memory,Device DRAM bank 0,,,,both,bytes,4,4,,,,4096,8192,100.0,0,0
memory,"Device L1 (0,0)",,,,both,bytes,2,2,,,,2048,2048,0.0,1024,0
memory_sites,Device DRAM bank 0,main > save,,,B,bytes,,2,,,,,4096,,,0
memory_sites,Device DRAM bank 0,main,,,both,bytes,2,2,,,,2048,4096,100.0,0,0
memory_sites,Device DRAM bank 0,main > load,,,A,bytes,2,,,,,2048,,,0,
memory_sites,"Device L1 (0,0)",main > TF_dispatch_execute,,,both,bytes,2,2,,,,2048,2048,0.0,1024,0
CSV
diff "$tmp/want.csv" "$tmp/c.csv" >&2 || fail "the CSV differs (above)"
# the DRAM's peak doubled: which site grew, which is new, which is gone
expect_out "  Device DRAM bank 0 (main)                            2         2      2048 B      4096 B  +100.0%         0 B         0 B" \
    "memory by site: a site grown"
expect_out "  Device DRAM bank 0 (main > save)                     -         2           -      4096 B      new           -         0 B" \
    "memory by site: a new site"
# reports of a tool before the memory sites: the section says so
mkdir "$tmp/old"
cp "$b"/*.csv "$tmp/old/"
rm "$tmp/old/tt_foil_memory_sites.csv"
run "$tool" compare "$a" "$tmp/old"
expect_rc 0 "B without memory sites"
expect_out "(no tt_foil_memory_sites.csv in B: nothing to compare)" "B without memory sites"
# ops reports without OP_TO_OP_LATENCY_NS (not a column compare needs): no gap line
mkdir "$tmp/nogap"
cp "$a"/reports/*.csv "$tmp/nogap/"
sed -i 's/,[^,]*$//' "$tmp/nogap/tt_foil_ops_perf.csv"
run "$tool" compare "$tmp/nogap" "$tmp/nogap"
expect_rc 0 "ops without their gaps"
expect_out "Device time in ops: A 3700 cycles in 4 ops" "ops without their gaps"
checks=$((checks + 1))
! grep -q "Host time between ops" "$OUT" || fail "a gap line without OP_TO_OP_LATENCY_NS"

# ---- the HTML page: every row, its cells as the terminal's, a bar of its
# change and its side (up: B more), each op kind's why; names escaped
mkdir "$tmp/esc"
cp "$b"/*.csv "$tmp/esc/"
sed -i 's/^save,,/"<b>save\&""x""<\/b>",,/' "$tmp/esc/tt_foil_perf_results.csv"
run "$tool" compare --top 1 --html "$tmp/c.html" "$a" "$tmp/esc"
expect_rc 0 "--html"
html_has() { # TEXT WHAT [FILE]: the page (c.html) holds TEXT
    checks=$((checks + 1))
    grep -qF -- "$1" "${3:-$tmp/c.html}" || fail "the HTML page lacks $2: '$1'"
}
html_has '<tr class="up"><td class="name">mm [reader,mm_compute,writer]<div class="why">why: NCRISC waits noc read +100, TRISC1 waits tile src +33 (cycles a core and op)</div><div class="why">straggler: A core (3,0) in 1 of 3 ops, B none</div></td><td>3</td><td>3</td><td>1067</td><td>1100</td><td class="chg">+3.1%</td><td class="bar"><span style="width:3.1%"></span></td><td>3200</td><td>3300</td><td class="chg">+3.1%</td></tr>' "the op mm"
html_has '<tr class="down"><td class="name">sm [reader,sm_compute,writer]<div class="why">why: TRISC1 waits tile src -100' "the op sm (past --top 1: every row)"
html_has '<tr class="same"><td class="name">TRISC1 math</td><td>3</td><td>3</td><td>500</td><td>500</td><td class="chg">0.0%</td><td class="bar"><span style="width:0.0%"></span></td>' "a device zone the same"
html_has '<tr class="down"><td class="name">load</td><td>1</td><td>-</td><td>1000.0 us</td><td>-</td><td class="chg">gone</td><td class="bar"><span style="width:100.0%"></span></td></tr>' "a host zone gone"
html_has '<tr class="up"><td class="name">&lt;b&gt;save&amp;&quot;x&quot;&lt;/b&gt;</td><td>-</td><td>2</td><td>-</td><td>200.0 us</td><td class="chg">new</td>' "a new zone, its name escaped"
html_has '<tr class="up"><td class="name">Device DRAM bank 0</td><td>4</td><td>4</td><td>4096 B</td><td>8192 B</td><td class="chg">+100.0%</td><td class="bar"><span style="width:100.0%"></span></td><td>0 B</td><td>0 B</td></tr>' "a pool"
html_has '<p class="total">Device time in ops: A 3700 cycles in 4 ops, B 3700 cycles in 4 ops: 0.0%</p>' "the total"
html_has '<p class="total">Host time between ops (op-to-op gaps): A 6000 ns in 3 gaps, B 1500 ns in 3 gaps: -75.0%</p>' "the host gaps"
html_has '<tr class="down"><td class="name">Device DRAM bank 0 (main &gt; load)</td><td>2</td><td>-</td><td>2048 B</td><td>-</td><td class="chg">gone</td>' "a memory site gone"
checks=$((checks + 1))
[ "$(grep -c '<tr class=' "$tmp/c.html")" = 14 ] || fail "the HTML page has $(grep -c '<tr class=' "$tmp/c.html") rows, not 14"
checks=$((checks + 1))
! grep -q '<b>save' "$tmp/c.html" || fail "a name's markup reached the page"
# bytes that are no UTF-8, a C1 control and a right-to-left override come
# out as U+FFFD; a long name whole; a row from 0 gets a full bar
mkdir "$tmp/escA"
cp "$a"/reports/*.csv "$tmp/escA/"
sed -i 's/^main,,1,5000000,5000000,5000000,5000000,5000000,5000000,1000000$/main,,1,0,0,0,0,0,0,0/' "$tmp/escA/tt_foil_perf_results.csv"
long=$(printf 'z%.0s' $(seq 600))
printf '%s,,1,5,5,5,5,5,5,5\nbad\377x\302\205y\342\200\256z,,1,5,5,5,5,5,5,5\n' "$long" >>"$tmp/esc/tt_foil_perf_results.csv"
run "$tool" compare --html "$tmp/d.html" "$tmp/escA" "$tmp/esc"
expect_rc 0 "--html with odd names"
html_has '<td class="name">bad&#xfffd;x&#xfffd;y&#xfffd;z</td>' "bad bytes, C1 and bidi controls replaced" "$tmp/d.html"
html_has "<td class=\"name\">$long</td>" "a 600-byte name whole" "$tmp/d.html"
html_has '<tr class="up"><td class="name">main</td><td>1</td><td>1</td><td>0 ns</td><td>4000.0 us</td><td class="chg">from 0</td><td class="bar"><span style="width:100.0%"></span></td></tr>' "a row from 0" "$tmp/d.html"
checks=$((checks + 1))
! LC_ALL=C grep -q $'\377' "$tmp/d.html" || fail "a byte that is no UTF-8 reached the page"
# it overwrites neither the other output nor a report it reads
run "$tool" compare --csv "$tmp/same" --html "$tmp/same" "$a" "$b"
expect_rc 2 "--csv and --html one file"
expect_err "compare: --csv and --html name the same file, '$tmp/same'" "one file twice"
run "$tool" compare --html "$b/tt_foil_ops_perf.csv" "$a" "$b"
expect_rc 2 "--html over an input report"
expect_err "compare: --html '$b/tt_foil_ops_perf.csv' is B's report tt_foil_ops_perf.csv, which the comparison reads: write it elsewhere" "an input report"
run "$tool" compare --html "$tmp/no/such/c.html" "$a" "$b"
expect_rc 1 "--html into a missing folder"
expect_err "compare: cannot write $tmp/no/such/c.html: No such file or directory" "--html unwritable"
run "$tool" compare --html= "$a" "$b"
expect_rc 2 "--html with no name"
expect_err "compare: --html: the file name is empty" "--html empty"

# ---- the gate: mm +3.1% a op, BRISC writer +10.0% a call, the total 0.0%
run "$tool" compare --fail-above 3 "$a" "$b"
expect_rc 3 "--fail-above 3"
expect_err "slower: op mm [reader,mm_compute,writer]: 1066.7 -> 1100.0 cycles an op (+3.1%)" "the op"
expect_err "slower: device zone BRISC writer: 100.0 -> 110.0 cycles a call (+10.0%)" "the zone"
expect_err "compare: 2 slower than --fail-above 3% allows" "the count"
expect_err_lines 3 "no other row is slower"
run "$tool" compare --fail-above=5 "$a" "$b"
expect_rc 3 "--fail-above 5"
expect_err "compare: 1 slower than --fail-above 5% allows" "only the zone"
run "$tool" compare --fail-above 10 "$a" "$b"
expect_rc 0 "--fail-above 10: +10.0% is not above it"
run "$tool" compare --fail-above 0 "$b" "$a"
expect_rc 3 "the other way round, sm got slower"
expect_err "slower: op sm [reader,sm_compute,writer]: 400.0 -> 500.0 cycles an op (+25.0%)" "sm"
expect_err "compare: 1 slower than --fail-above 0% allows" "sm only (mm and the zone got faster)"
run "$tool" compare --fail-above 0 "$a" "$a"
expect_rc 0 "a run against itself"

# ---- errors
run "$tool" compare "$a"
expect_rc 2 "one folder"
expect_err "compare: two folders are needed, A and B" "one folder"
run "$tool" compare "$a" "$b" "$a"
expect_rc 2 "three folders"
expect_err "one A and one B folder, not '$a' too" "three folders"
run "$tool" compare --tip 3 "$a" "$b"
expect_rc 2 "unknown option"
expect_err "unknown option '--tip' (see compare --help)" "unknown option"
for v in -1 x ""; do
    run "$tool" compare --fail-above "$v" "$a" "$b"
    expect_rc 2 "--fail-above '$v'"
    expect_err "--fail-above: invalid value '$v' (a percentage, 0 to 1e9)" "--fail-above '$v'"
done
run "$tool" compare --top
expect_rc 2 "--top without a value"
expect_err "--top needs a value" "--top alone"
run "$tool" -v compare "$a" "$b"
expect_rc 2 "an option before compare"
expect_err "compare takes its own options, after it" "an option before compare"
run "$tool" compare --help
expect_rc 0 "compare --help"
expect_out "usage: tt_foil_profile compare [--top N] [--csv FILE] [--html FILE] [--fail-above PCT]" "its usage"
run "$tool" compare "$tmp/none" "$b"
expect_rc 1 "A missing"
expect_err "compare: A: '$tmp/none' is not a folder (No such file or directory)" "A missing"
run "$tool" compare "$a/reports/tt_foil_ops_perf.csv" "$b"
expect_rc 1 "a file as A"
expect_err "compare: A: '$a/reports/tt_foil_ops_perf.csv' is a file, not a folder: give tt_foil_profile's output folder (-o DIR) or its reports/ folder" "a file as A"
mkdir -p "$tmp/empty"
run "$tool" compare "$a" "$tmp/empty"
expect_rc 1 "B without reports"
expect_err "compare: B: '$tmp/empty' has no reports (no reports/tt_foil_perf_results.csv): make them with 'tt_foil_profile -o $tmp/empty PROGRAM' or, from its logs, 'tt_foil_profile report $tmp/empty'" "B without reports"
# a damaged report: a number that is not one, a missing column, a cut quote
cp -r "$b" "$tmp/bad"
sed -i 's/^2,"reader,sm_compute,writer",sm,400,,500$/2,"reader,sm_compute,writer",sm,4x0,,500/' "$tmp/bad/tt_foil_ops_perf.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "a damaged field"
expect_err "compare: $tmp/bad/tt_foil_ops_perf.csv:3: column DEVICE_KERNEL_DURATION_CYCLES: '4x0' is not a whole number below 2^64 (the report is damaged: make it again with 'tt_foil_profile report')" "a damaged field"
cp "$b/tt_foil_ops_perf.csv" "$tmp/bad/"
sed -i '4s/,500$/,5x0/' "$tmp/bad/tt_foil_ops_perf.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "a damaged gap"
expect_err "compare: $tmp/bad/tt_foil_ops_perf.csv:4: column OP_TO_OP_LATENCY_NS: '5x0' is not a whole number below 2^64 (the report is damaged: make it again with 'tt_foil_profile report')" "a damaged gap"
cp "$b/tt_foil_ops_perf.csv" "$tmp/bad/"
sed -i '2s/^1,/9,/' "$tmp/bad/tt_foil_ops_cores.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "an op's cores of no op"
expect_err "compare: $tmp/bad/tt_foil_ops_cores.csv:2: OP_ID 9 is not in tt_foil_ops_perf.csv (the reports are of different runs or damaged" "an op's cores of no op"
cp "$b/tt_foil_ops_cores.csv" "$tmp/bad/"
sed -i '3s/^2,/1,/' "$tmp/bad/tt_foil_ops_perf.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "an op twice"
expect_err "compare: $tmp/bad/tt_foil_ops_perf.csv:3: OP_ID 1 twice" "an op twice"
cp "$b/tt_foil_ops_perf.csv" "$tmp/bad/"
sed -i '1s/TOTAL_CYCLES/TOTAL/' "$tmp/bad/tt_foil_device_perf.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "a missing column"
expect_err "compare: $tmp/bad/tt_foil_device_perf.csv: no column TOTAL_CYCLES in its header" "a missing column"
cp "$b/tt_foil_device_perf.csv" "$tmp/bad/"
printf 'save,,2,"200000\n' >>"$tmp/bad/tt_foil_perf_results.csv"
run "$tool" compare "$a" "$tmp/bad"
expect_rc 1 "an unterminated quote"
expect_err "compare: $tmp/bad/tt_foil_perf_results.csv:5: malformed record (an unterminated quote)" "cut quote"
# a FIFO where a report should be: refused at once, not waited on
cp -r "$b" "$tmp/fifo"
rm "$tmp/fifo/tt_foil_device_perf.csv"
mkfifo "$tmp/fifo/tt_foil_device_perf.csv"
run timeout 20 "$tool" compare "$a" "$tmp/fifo"
expect_rc 1 "a FIFO as a report"
expect_err "compare: cannot read the report: $tmp/fifo/tt_foil_device_perf.csv: is a FIFO, not a file" "a FIFO"
# figures that add up past 2^64
cp -r "$b" "$tmp/big"
echo '5,"reader,mm_compute,writer",mm,18446744073709551615,,' >>"$tmp/big/tt_foil_ops_perf.csv"
run "$tool" compare "$a" "$tmp/big"
expect_rc 1 "totals past 2^64"
expect_err "compare: $tmp/big/tt_foil_ops_perf.csv:6: the figures add up past 2^64" "totals past 2^64"
# the gate on runs that did not do the same work: B dispatched nothing
# (its reports have headers and no rows), or neither has device figures
mkdir -p "$tmp/idle"
cp "$b/tt_foil_perf_results.csv" "$tmp/idle/"
for f in tt_foil_ops_perf.csv tt_foil_ops_cores.csv tt_foil_device_perf.csv; do
    head -1 "$b/$f" >"$tmp/idle/$f"
done
run "$tool" compare --fail-above 0 "$a" "$tmp/idle"
expect_rc 1 "the gate against a run that dispatched nothing"
expect_err "--fail-above: B has no ops (A has 2 kinds): the runs did not do the same work" "B ran nothing"
run "$tool" compare --fail-above 0 "$tmp/idle" "$tmp/idle"
expect_rc 1 "the gate with no device figures in either run"
expect_err "--fail-above: neither run has ops (tt_foil_ops_perf.csv) or device zones (tt_foil_device_perf.csv) to gate on" "no figures"
# sections a run lacks: said, and the gate refuses to pass on nothing
mkdir -p "$tmp/host"
cp "$b/tt_foil_perf_results.csv" "$tmp/host/"
run "$tool" compare "$a" "$tmp/host"
expect_rc 0 "B with the host report only"
expect_out "  (no tt_foil_ops_perf.csv in B: nothing to compare)" "no ops in B"
run "$tool" compare --fail-above 5 "$a" "$tmp/host"
expect_rc 1 "the gate with nothing to gate on"
expect_err "--fail-above: B has no ops (A has 2 kinds)" "nothing to gate on"
# and the CSV keeps the rows of a section only one run has
run "$tool" compare --csv "$tmp/host.csv" "$a" "$tmp/host"
expect_rc 0 "--csv, B with the host report only"
checks=$((checks + 1))
grep -q '^ops,"reader,mm_compute,writer",mm,,,A,cycles,3,,1066.7,,,3200,,,,$' "$tmp/host.csv" ||
    fail "the CSV lacks A's ops row: $(grep '^ops' "$tmp/host.csv")"
run "$tool" compare --csv "$tmp/no/such/dir/c.csv" "$a" "$b"
expect_rc 1 "an unwritable CSV"
expect_err "compare: cannot write $tmp/no/such/dir/c.csv: No such file or directory" "unwritable CSV"

# ---- two runs of the same program: the device cycles equal
if [ -n "$demo" ]; then
    for r in 1 2; do
        run "$tool" -o "$tmp/run$r" -- "$demo" --tokens 2 --layers 1
        expect_rc 0 "decode run $r"
    done
    run "$tool" compare --fail-above 0 --csv "$tmp/runs.csv" "$tmp/run1" "$tmp/run2"
    expect_rc 0 "two runs of the decode example, --fail-above 0"
    expect_out "Device time in ops: A " "the ops total"
    # every op kind and device zone in both, none of their cycles changed
    # (the CSV's columns by name: OP_CODE is quoted, it holds commas)
    got=$(python3 - "$tmp/runs.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["SECTION"] in ("ops", "device_zones")]
bad = [r["NAME"] for r in rows if r["IN"] != "both" or r["TOTAL_A"] != r["TOTAL_B"]]
print(sum(r["SECTION"] == "ops" for r in rows), " ".join(bad))
PY
)
    checks=$((checks + 1))
    [ "$got" = "11 " ] || fail "op kinds compared, then those whose cycles differ: '$got' (11 kinds, none)"
    # long host zone labels (TF_dispatch_execute_multi and its kernels) cut in
    # the middle: each row still says which it is
    run "$tool" compare --top 0 "$tmp/run1" "$tmp/run2"
    checks=$((checks + 1))
    labels=$(sed -n '/^Host zones/,/^$/p' "$OUT" | tail -n +3 | awk 'NF' | cut -c3-46)
    dup=$(echo "$labels" | sort | uniq -d)
    [ -z "$dup" ] || fail "host zone rows that read alike: $dup"
fi
finish
