/* Every CSV file two parts of tt-foil share, as one X(column, kind) table
 * each: the writer (the runtime's device logs, tt_foil_profile's logs and
 * reports) writes its header and rows from the table, the reader (the
 * report tool, the tests) finds its columns by the table's names and
 * parses them by the table's kinds. Adding a column is one line here (and
 * the value where the row is filled in). Files are RFC 4180
 * (common/cm_csv.h writes and reads them).
 *
 * Kinds: U unsigned decimal, S text (quoted when it must be), H 0x and
 * lowercase hex, F1 / F6 fixed-point with 1 / 6 decimals. Any field may
 * be empty where the writer says so (a missing value). Tables take the
 * enum prefix P so each file gets its own column enum. */
#ifndef TF_CSV_SCHEMAS_H
#define TF_CSV_SCHEMAS_H

enum tf_csv_kind { TF_CSV_U, TF_CSV_S, TF_CSV_H, TF_CSV_F1, TF_CSV_F6 };

typedef struct tf_csv_col {
    const char *name;
    enum tf_csv_kind kind;
} tf_csv_col;

typedef struct tf_csv_schema {
    const char *file; /* the file's usual name */
    const tf_csv_col *cols;
    int ncols;
} tf_csv_schema;

// clang-format off
/* TT_FOIL_DEVICE_ZONES_CSV, written by the runtime (src/devprof.c), read by
 * tt_foil_profile: one row per device marker, the spec's eight columns,
 * then what makes names exact without source scanning, then drops, then
 * the device's number in its process (tf_dev_block.device; a file without
 * it: device 1), then the process that recorded the row (the processes of
 * a capture share the derived file, and number their dispatches each from
 * 1). New columns go last, so the columns before keep their places. */
#define TF_CSV_DEVICE_ZONES(X, P)                                                                  \
    X(P, dispatch_idx, U) X(P, host_ns, U) X(P, core_x, U) X(P, core_y, U) X(P, risc, S)          \
    X(P, packet_type, S) X(P, zone_hash, S) X(P, cycle, U) X(P, zone_name, S) X(P, src_file, S)   \
    X(P, src_line, U) X(P, kernel, S) X(P, dropped, U) X(P, value, U) X(P, count, U)              \
    X(P, device, U) X(P, pid, U)

/* packet_type values: a zone's START and END, a RISC's DROPPED count, and
 * the kernel_profiler.hpp entries that are not zones (value: SUM's total
 * cycles with its count of calls, DATA's value, EVENT's id; VALIDATE: the
 * markers it discarded) */
#define TF_CSV_PACKET_TYPES(X) X(START) X(END) X(DROPPED) X(SUM) X(DATA) X(EVENT) X(VALIDATE)

/* reports/tt_foil_device_open_zones.csv (tt_foil_profile): the device zones
 * still open when a dispatch timed out, faulted or was interrupted, read
 * back before the cores were reset; pc is where that RISC stood; device
 * as in the device zones CSV. */
#define TF_CSV_DEVICE_OPEN_ZONES(X, P)                                                             \
    X(P, pid, U) X(P, program, S) X(P, dispatch_idx, U) X(P, core_x, U) X(P, core_y, U)           \
    X(P, risc, S) X(P, reason, S) X(P, zone_name, S) X(P, src_file, S) X(P, src_line, U)          \
    X(P, depth, U) X(P, start_cycle, U) X(P, stop_cycle, U) X(P, open_cycles, U) X(P, pc, H)      \
    X(P, pc_where, S) X(P, device, U)

/* reason values, in the order of tf_devb_reason (tf_trace_format.h) */
#define TF_CSV_STOP_REASONS(X) X(done) X(timeout) X(fault) X(interrupt) X(stall)

/* TT_FOIL_DEVICE_CLOCK_SYNC, written by the runtime, read by tt_foil_profile. */
#define TF_CSV_CLOCK_SYNC(X, P)                                                                    \
    X(P, host_ns_first, U) X(P, cycle_first, U) X(P, ns_per_cycle, F6) X(P, device_clock, S)

/* device_clock values */
#define TF_CSV_DEVICE_CLOCKS(X) X(host_monotonic) X(free_running)

/* .logs/tt_foil_memlog.csv (tt_foil_profile): the spec's raw memory log. */
#define TF_CSV_MEMLOG(X, P)                                                                        \
    X(P, op, S) X(P, pool, S) X(P, addr, H) X(P, size, U) X(P, ts_ns, U)

/* op values, in the order of the trace library's TF_MEM_ALLOC.. (from 1) */
#define TF_CSV_MEM_OPS(X) X(ALLOC) X(FREE) X(RESET)

/* .logs/tracy_ops_times.csv: one row per host zone, as Tracy's
 * `csvexport -u` writes them. */
#define TF_CSV_OPS_TIMES(X, P)                                                                     \
    X(P, name, S) X(P, src_file, S) X(P, src_line, U) X(P, ns_since_start, U)                     \
    X(P, exec_time_ns, U) X(P, thread, U) X(P, value, S)

/* The reports (spec section 4). */
#define TF_CSV_PERF_RESULTS(X, P)                                                                  \
    X(P, ZONE_NAME, S) X(P, CONTEXT, S) X(P, CALL_COUNT, U) X(P, TOTAL_NS, U) X(P, MEAN_NS, U)    \
    X(P, MIN_NS, U) X(P, MAX_NS, U) X(P, MEDIAN_NS, U) X(P, P99_NS, U) X(P, SELF_NS, U)

#define TF_CSV_PERF_PER_CALL(X, P)                                                                 \
    X(P, seq, U) X(P, ts_ns, U) X(P, zone, S) X(P, duration_ns, U) X(P, context, S)

#define TF_CSV_PHASES(X, P)                                                                        \
    X(P, phase, S) X(P, kernel_load_count, U) X(P, t_start_ns, U) X(P, t_end_ns, U)               \
    X(P, duration_ns, U) X(P, first_kernel, S) X(P, last_kernel, S)

#define TF_CSV_MEMORY_REPORT(X, P)                                                                 \
    X(P, POOL, S) X(P, ALLOC_COUNT, U) X(P, FREE_COUNT, U) X(P, TOTAL_BYTES_ALLOCATED, U)         \
    X(P, PEAK_LIVE_BYTES, U) X(P, LEAKED_BYTES, U) X(P, CAPACITY_BYTES, U) X(P, PEAK_PERCENT, F1)

/* reports/tt_foil_memory_sites.csv (tools/profile/memsites.c): where each
 * pool's memory came from. A SITE is the host zones open on the
 * allocating thread, outermost first (docs/profiling.md, "Where the
 * memory went"); PEAK_*: its allocations live at the pool's peak (the
 * first time the pool reached it), LEAKED_*: still live at the end. */
#define TF_CSV_MEMORY_SITES(X, P)                                                                  \
    X(P, POOL, S) X(P, SITE, S) X(P, ALLOC_COUNT, U) X(P, TOTAL_BYTES_ALLOCATED, U)               \
    X(P, PEAK_LIVE_BYTES, U) X(P, PEAK_LIVE_ALLOCS, U) X(P, LEAKED_BYTES, U)                       \
    X(P, LEAKED_ALLOCS, U)

#define TF_CSV_DEVICE_PERF(X, P)                                                                   \
    X(P, RISC, S) X(P, ZONE, S) X(P, ZONE_HASH, S) X(P, CALL_COUNT, U) X(P, TOTAL_CYCLES, U)      \
    X(P, MEAN_CYCLES, U) X(P, MIN_CYCLES, U) X(P, MAX_CYCLES, U)

/* reports/tt_foil_ops_perf.csv (tt_foil_profile, tools/profile/ops.c): one
 * row per dispatch (an op) from the chip's hardware counters; names after
 * tt-metal's ops_perf_results where it has the column (docs/profiling.md,
 * "The ops report"). */
#define TF_CSV_OPS_PERF(X, P)                                                                      \
    X(P, OP_ID, U) X(P, PID, U) X(P, DEVICE_ID, U) X(P, DISPATCH_ID, U) X(P, OP_CODE, S)          \
    X(P, ZONE, S) X(P, MATH_FIDELITY, S) X(P, CORE_COUNT, U) X(P, GRID_CORES, U)                                \
    X(P, DEVICE_KERNEL_START_CYCLE, U) X(P, DEVICE_KERNEL_DURATION_CYCLES, U)                     \
    X(P, DEVICE_KERNEL_DURATION_NS, U) X(P, OP_TO_OP_LATENCY_NS, U) X(P, FLOPS, U)                \
    X(P, FLOPS_PCT, F1) X(P, DRAM_BYTES, U) X(P, DRAM_GBPS, F1) X(P, DRAM_PCT, F1)               \
    X(P, NOC_BYTES, U) X(P, MCAST_BYTES, U) X(P, ARITH_INTENSITY, F1) X(P, BOUND, S)              \
    X(P, BRISC_STALL, S) X(P, NCRISC_STALL, S) X(P, TRISC0_STALL, S) X(P, TRISC1_STALL, S)        \
    X(P, TRISC2_STALL, S) X(P, BUSIEST_CORE, S) X(P, BUSIEST_CORE_UTIL_PCT, F1)                   \
    X(P, LEAST_BUSY_CORE, S) X(P, LEAST_BUSY_CORE_UTIL_PCT, F1) X(P, STRAGGLER, S)

/* reports/tt_foil_ops_cores.csv: each op's cores, one row per RISC: its
 * cycles GO to done as instructions, tile-engine work and each wait
 * (contracts/tf_perf.h TF_PERF_WAITS, in that order). */
#define TF_CSV_OPS_CORES(X, P)                                                                     \
    X(P, OP_ID, U) X(P, DISPATCH_ID, U) X(P, CORE_X, U) X(P, CORE_Y, U) X(P, RISC, S)             \
    X(P, CYCLES, U) X(P, INSTRUCTIONS, U) X(P, TILE_CYCLES, U) X(P, WAIT_CB_FRONT, U)             \
    X(P, WAIT_CB_BACK, U) X(P, WAIT_SEM, U) X(P, WAIT_L1_WORD, U) X(P, WAIT_NOC_READ, U)          \
    X(P, WAIT_NOC_WRITE, U) X(P, WAIT_NOC_ATOMIC, U) X(P, WAIT_NOC_FLUSH, U)                      \
    X(P, WAIT_TILE_SRC, U) X(P, WAIT_TILE_DEST, U) X(P, WAIT_IDLE, U) X(P, WAIT_TRAP, U)          \
    X(P, WAIT_OTHER, U) X(P, TOP_STALL, S) X(P, NOC_BYTES, U) X(P, DRAM_BYTES, U)                 \
    X(P, CORE_UTIL_PCT, F1) X(P, STRAGGLER, U)

/* `tt_foil_profile compare A B --csv FILE` (tools/profile/compare.c): one
 * row per row of each section found in either run. SECTION: ops (NAME the
 * op code, CONTEXT its zone), op_cycles (an op kind's cycles on a RISC by
 * CATEGORY: instructions, tile engine, or "waits " and a TF_PERF_WAITS
 * label; COUNT: its core-op rows, MEAN a core and op), device_zones (NAME
 * and RISC), host_zones (NAME and CONTEXT), memory (NAME the pool; TOTAL
 * its peak live bytes, no MEAN; LEAKED), memory_sites (NAME the pool,
 * CONTEXT the site; TOTAL its bytes live at the pool's peak, no MEAN;
 * LEAKED). IN: both, A or B; UNIT of MEAN
 * and TOTAL: cycles, ns or bytes; a CHANGE is B's over A's in percent,
 * empty where a side is absent or A's is 0. */
#define TF_CSV_COMPARE(X, P)                                                                       \
    X(P, SECTION, S) X(P, NAME, S) X(P, CONTEXT, S) X(P, RISC, S) X(P, CATEGORY, S) X(P, IN, S)   \
    X(P, UNIT, S) X(P, COUNT_A, U) X(P, COUNT_B, U) X(P, MEAN_A, F1) X(P, MEAN_B, F1)             \
    X(P, MEAN_CHANGE_PCT, F1) X(P, TOTAL_A, U) X(P, TOTAL_B, U) X(P, TOTAL_CHANGE_PCT, F1)        \
    X(P, LEAKED_A, U) X(P, LEAKED_B, U)

/* Every schema: X(table, enum prefix, schema object, usual file name) */
#define TF_CSV_SCHEMAS(X)                                                                          \
    X(TF_CSV_DEVICE_ZONES, TF_DZ, tf_csv_device_zones, "tt_foil_device_zones.csv")                 \
    X(TF_CSV_CLOCK_SYNC, TF_SYNC, tf_csv_clock_sync, "tt_foil_device_clock_sync.csv")              \
    X(TF_CSV_MEMLOG, TF_ML, tf_csv_memlog, "tt_foil_memlog.csv")                                   \
    X(TF_CSV_OPS_TIMES, TF_OPS, tf_csv_ops_times, "tracy_ops_times.csv")                           \
    X(TF_CSV_PERF_RESULTS, TF_PR, tf_csv_perf_results, "tt_foil_perf_results.csv")                 \
    X(TF_CSV_PERF_PER_CALL, TF_PC, tf_csv_perf_per_call, "tt_foil_perf_per_call.csv")              \
    X(TF_CSV_PHASES, TF_PH, tf_csv_phases, "tt_foil_phases.csv")                                   \
    X(TF_CSV_MEMORY_REPORT, TF_MR, tf_csv_memory_report, "tt_foil_memory_report.csv")              \
    X(TF_CSV_MEMORY_SITES, TF_MS, tf_csv_memory_sites, "tt_foil_memory_sites.csv")                 \
    X(TF_CSV_DEVICE_PERF, TF_DP, tf_csv_device_perf, "tt_foil_device_perf.csv")                   \
    X(TF_CSV_DEVICE_OPEN_ZONES, TF_OZ, tf_csv_device_open_zones, "tt_foil_device_open_zones.csv") \
    X(TF_CSV_OPS_PERF, TF_OP, tf_csv_ops_perf, "tt_foil_ops_perf.csv")                            \
    X(TF_CSV_OPS_CORES, TF_OC, tf_csv_ops_cores, "tt_foil_ops_cores.csv")                         \
    X(TF_CSV_COMPARE, TF_CMP, tf_csv_compare, "tt_foil_compare.csv")
// clang-format on

/* Per schema: an enum of its columns (TF_DZ_cycle, .., TF_DZ_NCOLS) and
 * the schema object (tf_csv_device_zones). */
#define TF_CSV_COL_ENUM(P, col, kind) P##_##col,
#define TF_CSV_COL_DEF(P, col, kind)  {#col, TF_CSV_##kind},
#define TF_CSV_DEFINE(table, P, obj, file)                                                         \
    enum { table(TF_CSV_COL_ENUM, P) P##_NCOLS };                                                  \
    static const tf_csv_col obj##_cols[] = {table(TF_CSV_COL_DEF, P)};                             \
    static const tf_csv_schema obj = {file, obj##_cols, P##_NCOLS};
TF_CSV_SCHEMAS(TF_CSV_DEFINE)
#undef TF_CSV_DEFINE

/* Value lists: their strings (tf_csv_packet_type[TF_PACKET_START] =
 * "START") and enums. */
#define TF_CSV_VALUE_ENUM(v) TF_PACKET_##v,
enum { TF_CSV_PACKET_TYPES(TF_CSV_VALUE_ENUM) TF_PACKET_NTYPES };
#undef TF_CSV_VALUE_ENUM
#define TF_CSV_VALUE_ENUM(v) TF_CLOCK_##v,
enum { TF_CSV_DEVICE_CLOCKS(TF_CSV_VALUE_ENUM) TF_CLOCK_NKINDS };
#undef TF_CSV_VALUE_ENUM
#define TF_CSV_VALUE_ENUM(v) TF_MEMOP_##v,
enum { TF_CSV_MEM_OPS(TF_CSV_VALUE_ENUM) TF_MEMOP_NOPS };
#undef TF_CSV_VALUE_ENUM
#define TF_CSV_VALUE_ENUM(v) TF_STOP_##v,
enum { TF_CSV_STOP_REASONS(TF_CSV_VALUE_ENUM) TF_STOP_NREASONS };
#undef TF_CSV_VALUE_ENUM
#define TF_CSV_VALUE_STR(v) #v,
static const char *const tf_csv_packet_type[] = {TF_CSV_PACKET_TYPES(TF_CSV_VALUE_STR)};
static const char *const tf_csv_device_clock[] = {TF_CSV_DEVICE_CLOCKS(TF_CSV_VALUE_STR)};
static const char *const tf_csv_mem_op[] = {TF_CSV_MEM_OPS(TF_CSV_VALUE_STR)};
static const char *const tf_csv_stop_reason[] = {TF_CSV_STOP_REASONS(TF_CSV_VALUE_STR)};
#undef TF_CSV_VALUE_STR

#endif
