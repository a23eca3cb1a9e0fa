/* tt_foil_profile internals: the logs of one run (.logs/), what is computed
 * from them, and the writers of every report. See docs/profiling.md,
 * "tt_foil_profile". */
#ifndef TF_PF_H
#define TF_PF_H

#include "common/cm_csv.h"
#include "common/cm_map.h"
#include "tf_csv_schemas.h"
#include "tf_env.h"
#include "tt_foil/trace.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PF_TOOL "tt_foil_profile"

/* The files of a run, relative to the output folder. */
#define PF_LOGS ".logs"
/* the program's logs: where the tool points their variables (tf_env.h),
 * one file per process ("%p": its pid); a run of an older tt-foil, or a
 * hand-made one, may have the single files PF_TRACE and PF_MEMLOG */
#define PF_TRACE_PATTERN  tf_env_log(TF_ENV_TRACE)
#define PF_MEMLOG_PATTERN tf_env_log(TF_ENV_MEM_LOG)
#define PF_TRACE          ".logs/tt_foil_trace.tft"
#define PF_MEMLOG         ".logs/tt_foil_memlog.tft"
/* derived from the traces by the tool (read as they are when no trace has
 * device markers: logs of an older tt-foil) */
#define PF_DEVZONES_CSV  ".logs/tt_foil_device_zones.csv"
#define PF_CLOCK_SYNC    ".logs/tt_foil_device_clock_sync.csv"
#define PF_MEMLOG_CSV    ".logs/tt_foil_memlog.csv"
#define PF_OPS_CSV       ".logs/tracy_ops_times.csv"
#define PF_REPORTS       "reports"
#define PF_PERF_RESULTS  "reports/tt_foil_perf_results.csv"
#define PF_PERF_PER_CALL "reports/tt_foil_perf_per_call.csv"
#define PF_PHASES        "reports/tt_foil_phases.csv"
#define PF_MEMORY_REPORT "reports/tt_foil_memory_report.csv"
#define PF_MEMORY_SITES  "reports/tt_foil_memory_sites.csv"
#define PF_DEVICE_PERF   "reports/tt_foil_device_perf.csv"
#define PF_TRACE_JSON    "reports/tt_foil_trace.json"
#define PF_REPORT_HTML   "reports/tt_foil_report.html"
#define PF_DIAGNOSTICS   "reports/tt_foil_diagnostics.txt"
#define PF_OPEN_ZONES    "reports/tt_foil_device_open_zones.csv"
#define PF_OPS_PERF      "reports/tt_foil_ops_perf.csv"
#define PF_OPS_CORES     "reports/tt_foil_ops_cores.csv"

typedef struct pf_options {
    const char *outdir;
    const char *zone_filter; /* host zones whose name contains it; NULL: all */
    const char *zone_prefix; /* and starts with it (the spec's --zone-prefix); NULL: all */
    int verbose;
    size_t max_timeline;  /* zones kept in the JSON and HTML timelines */
    size_t max_ops;       /* ops in the HTML's Ops section (the longest; 0: all) */
    int device_time;      /* --device-time: the JSON lays dispatches out in device cycles */
    int show_wrappers;    /* --show-wrappers: the summary lists the -FW/-KERNEL zones too */
    const char *run_note; /* what the run itself has to say (processes still running when
                             the reports were made): a note of its own; NULL: none */
} pf_options;

/* Interned strings: each distinct text once, numbered from 0 in the order
 * first added; by a hash of the text (cm_map), so linear in the texts
 * added however many are distinct (issue 17, R6). */
typedef struct pf_strtab {
    char **s;
    uint32_t n;
    int borrowed; /* set by its maker: s holds the texts added, not copies (they
                     outlive the table) */
    size_t cap;
    cm_map map; /* text hash -> index into s */
    /* recent answers (index + 1, 0: none) by hash % 64: a device zones CSV
     * row interns four or five texts, mostly the same */
    uint32_t recent[64];
} pf_strtab;
/* The number of text s in t (a copy of it added when new, or s itself if
 * t->borrowed); UINT32_MAX if out of memory. */
uint32_t pf_strtab_add(pf_strtab *t, const char *s);
void pf_strtab_free(pf_strtab *t);

/* ---- device zones, from the raw CSV ------------------------------------------- */

typedef struct pf_devzone {
    uint32_t dispatch;
    int x, y, risc;
    uint32_t name; /* index into pf_logs.names */
    uint32_t hash; /* index into pf_logs.names ("0xabcd") */
    uint32_t depth;
    uint64_t start, end; /* cycles */
    uint32_t process;    /* index into pf_logs.procs (0 with a single process) */
    uint8_t open;        /* 1: still open when the RISC was stopped (timeout, fault, stall,
                            interrupt); end = when it was read back */
    uint8_t reason;      /* tf_devb_reason of its dispatch (TF_DEVB_DONE: it finished) */
    uint32_t file;       /* index into pf_logs.names: source file ("" if unknown) */
    uint32_t line;       /* source line (0 if unknown) */
    uint32_t kernel;     /* index + 1 into pf_logs.names: the kernel (image) it ran in;
                            0 if unknown */
    uint32_t device;     /* its device's number in its process (tf_dev_block.device), from 1 */
} pf_devzone;

/* A core of the timelines and the per-core view: its process (index into
 * pf_logs.procs), device (tf_dev_block.device) and coordinates, so two
 * processes, or two devices of a process open at once, using the same core
 * get their own tracks. Ordered as ints: by process, device, then (y, x).
 * PF_MAX_DEVICES devices of a process are told apart (pf_dev_number folds
 * higher numbers onto them, with a note), and PF_MAX_DEV_PROCS processes
 * (the key's 11 bits below the sign): the device zones of later ones are
 * left out, counted, with a note (pf_dev_add). */
#define PF_MAX_DEVICES   16
#define PF_MAX_DEV_PROCS 2048
#define PF_CORE_KEY(proc, dev, x, y)                                                               \
    ((int)((uint32_t)(proc) << 20 | ((uint32_t)(dev)-1u) % PF_MAX_DEVICES << 16 |                  \
           (uint32_t)(y) << 8 | (uint32_t)(x)))
#define PF_CORE_X(k)    ((k)&0xff)
#define PF_CORE_Y(k)    (((k) >> 8) & 0xff)
#define PF_CORE_DEV(k)  ((((uint32_t)(k) >> 16) & (PF_MAX_DEVICES - 1)) + 1)
#define PF_CORE_PROC(k) ((uint32_t)(k) >> 20)

/* A device zone, or a run of merged zones, kept for the timelines
 * (devagg.c): its span in cycles, how many zones it stands for, its
 * (first) zone (index into pf_logs.devzones) and depth. */
typedef struct pf_dev_item {
    uint64_t start, end, count;
    uint32_t zone, depth;
} pf_dev_item;

/* A track's kept items (in time order, parents first) and its zones. */
typedef struct pf_dev_track {
    int core, risc; /* PF_CORE_KEY, RISC */
    pf_dev_item *items;
    size_t n;
    uint64_t zones;
} pf_dev_track;

/* Items the device timelines keep in all while the zones are read: a run
 * with more zones has its densest tracks' short zones merged as they come,
 * the way lod.c merges them (about 100 bytes each: this bounds the
 * report's memory, whatever the run's length). As many as the JSON keeps
 * by default (--max-timeline), so up to that a run's timelines are what
 * they would be with every zone in memory. */
#define PF_DEV_KEEP 1000000

/* A zone's kernel (tooltips, the JSON's zone text): "" when unknown. */
#define PF_DEVKERNEL(l, z) ((z)->kernel ? (l)->names.s[(z)->kernel - 1] : "")

/* Where a RISC stood when a dispatch timed out, faulted or was
 * interrupted (the trace's DEVICE_PC records). */
typedef struct pf_devpc {
    uint32_t process, dispatch;
    int x, y, risc, reason; /* reason: TF_STOP_*, below TF_STOP_NREASONS */
    uint32_t pc;
    char *where; /* function (file:line), or what ran there */
} pf_devpc;

/* One process of the capture: each writes its own trace and memory log. */
typedef struct pf_process {
    uint32_t pid;
    char program[64];
    char trace[256], memlog[256]; /* file names in .logs ("" if none) */
    uint64_t start_ns;            /* its first calibration point */
    /* the diagnostics' block of each of its logs (host trace, memory log),
     * from the file as read, before the processes' logs are merged: every
     * log keeps its own counts (NULL if not read) */
    char *diag[2];
} pf_process;

/* ---- the ops report: one op per dispatch, from the hardware counters (ops.c) ---- */

/* One core's counters of one op are kept sparse, their non-zero words as
 * varint pairs (the word's index step from the one before, from -1; its
 * value), the trace's version-2 encoding: a whole tf_perf_core is 5 KB,
 * of which a dispatch writes a few dozen words (150,000 core-dispatches
 * held whole took 770 MB; as a bitmap and 8-byte values, 350 bytes a
 * core-dispatch, now about 150). pf_op_core_counters gives them whole. */
typedef struct pf_op_core {
    int x, y;
    uint32_t nbytes;
    uint8_t *words;      /* nbytes of pairs */
    uint64_t start, end; /* its first GO, last done (cycles) */
    double util;         /* busiest RISC's instructions + tile work over the op's duration */
} pf_op_core;

/* k's counters, whole, in *out. */
void pf_op_core_counters(const pf_op_core *k, tf_perf_core *out);
/* c as k's counters; -1: out of memory (k as it was). */
int pf_op_core_set(pf_op_core *k, const tf_perf_core *c);

#define PF_STALL_TEXT 48
typedef struct pf_op {
    uint32_t process, dispatch;
    uint32_t device;      /* its device's number in its process, from 1 (tf_tr_dev_perf.device) */
    uint32_t thread;      /* the one that read its counters back, which dispatched it: its
                             trace's, then (pf_load) the merged trace's (TF_NONE: not in it) */
    char *op_code, *zone; /* kernel names; the user zone around the dispatch ("" if none) */
    tf_dev_perf chip;     /* the chip's modeled peaks, as recorded */
    pf_op_core *cores;
    int ncores;
    uint64_t start, end;       /* first GO .. last done, cycles */
    uint64_t start_ns, end_ns; /* the same on the host clock */
    uint64_t read_ns;          /* when the host read its counters back (its last core's) */
    int sim_clock;             /* its chip's clock follows the host's (the simulator's) */
    int has_gap;
    uint64_t gap_ns; /* since the latest end of its device's ops before it (pf_ops_load) */
    int fidelity;    /* TF_PERF fidelity phases of its math (0 simple mode) */
    uint64_t flops, fpu_flops, dram_rd, dram_wr, noc_bytes, mcast;
    double flop_pct, dram_pct, dram_gbps, intensity, flops_per_cycle;
    const char *bound;
    /* each role's dominant wait over its cores (pf_op_stall says it:
     * "TRISC0 waits cb 0 71%"); `ran` bit r: role r had cycles */
    int stall_cause[TF_NUM_RISCS], stall_cb[TF_NUM_RISCS];
    double stall_pct[TF_NUM_RISCS];
    uint8_t ran;
    uint8_t bad_windows; /* RISC windows that end before they begin (damaged): left out */
    int busiest, least;  /* indices into cores */
    int straggler;       /* index into cores, -1: none */
    char *straggler_why; /* why it is one (NULL: no straggler) */
    /* DRAM bytes by bank (chip.dram_banks of them, TF_PERF_MAX_BANKS when
     * it says none); NULL when the op moved none (an op is a row of a long
     * run: kept small) */
    uint64_t *bank_bytes;
    /* a core of its dispatch stopped (a fault, timeout, deadlock or
     * interrupt: tt_foil_diagnostics' "dispatch N stopped"): TF_STOP_* + 1,
     * and the first such core; 0: every core finished. Its figures are
     * then those of the cores that finished (BOUND "STOPPED") */
    int stopped, stopped_x, stopped_y;
} pf_op;
_Static_assert(TF_NUM_RISCS <= 8, "pf_op.ran holds a bit a RISC");

/* The figures of an op from its cores' counters (the op's chip set). */
void pf_op_compute(pf_op *op);
/* Role r's dominant wait in op, as the reports say it, in buf (n bytes,
 * PF_STALL_TEXT will do): "TRISC0 waits cb 0 71%", "no stall", or ""
 * when r did not run. Made when written, not kept: a long run has
 * hundreds of thousands of ops. */
const char *pf_op_stall(const pf_op *op, int r, char *buf, size_t n);
/* What a wait cause is called ("cb 3", "noc read", ...). */
const char *pf_stall_name(char *buf, size_t n, int cause, int cb);
/* Advice lines for an op (each with the number behind it), into lines[];
 * returns how many. PF_ADVICE_MAX holds every line pf_op_advice can give
 * at once (one a kind of advice); a line longer than PF_ADVICE_LINE (long
 * kernel or CB names) ends in "..." where it was cut. */
#define PF_ADVICE_MAX  16
#define PF_ADVICE_LINE 512
int pf_op_advice(const pf_op *op, char lines[PF_ADVICE_MAX][PF_ADVICE_LINE]);
void pf_op_free(pf_op *op);

/* ---- everything loaded from .logs --------------------------------------------- */

typedef struct pf_logs {
    const pf_options *opt;
    char dir[4096];
    tf_trace *trace, *mem; /* NULL if missing or unreadable */
    /* device zones, streamed (devagg.c): the zones kept for the timelines
     * (track by track, in time order), every zone still open at a stop, the
     * tracks; dev_zones counts every zone, dev_first and dev_last are the
     * first start and last end (cycles) */
    struct pf_devagg *agg;
    pf_devzone *devzones;
    size_t ndevzones;
    pf_devzone *open_zones;
    size_t nopen_zones, cap_open_zones;
    pf_dev_track *dev_tracks;
    size_t ndev_tracks;
    uint64_t dev_zones, dev_first, dev_last;
    uint64_t dev_markers, dev_unmatched, dev_dropped;
    uint64_t dev_procs_over; /* zones of processes past PF_MAX_DEV_PROCS, left out */
    uint64_t dev_payload;    /* SUM, DATA, EVENT, VALIDATE rows (not zones) */
    int have_device_csv;     /* device markers were read (from the traces or a CSV) */
    int no_device_zones;     /* none, and no sign of why: the note is made once the host
                                trace says whether anything was dispatched (pf_load) */
    uint64_t dev_open;       /* zones still open when a RISC was stopped */
    pf_devpc *devpcs;
    size_t ndevpcs;
    /* the ops report (ops.c): one op per dispatch with hardware counters */
    pf_op *ops;
    size_t nops, cap_ops;
    char *gap_line; /* the gaps' host time by zone (gaps.c; NULL: nothing to say) */
    /* the processes captured, by start time; several traces are merged
     * into `trace` and `mem` (threads carry their process, pools and
     * tracks get "program[pid]: " in front when there are several) */
    pf_process *procs;
    uint32_t nprocs;
    /* clock sync */
    int have_sync, sync_host_clock;
    uint64_t sync_host_ns, sync_cycle;
    double ns_per_cycle;
    /* interned strings (device zone names, hashes, files, kernels); 0 is "?" */
    pf_strtab names;
    uint64_t names_lost; /* pf_intern out of memory: named "?" instead */
    /* time origin of the reports (earliest event), and the host trace's
     * last event */
    uint64_t t0, last;
    /* what could not be read or was left out: each goes to the summary
     * and the diagnostics file */
    char **notes;
    unsigned char *note_error; /* 1: a report is missing or incomplete */
    int nnotes;
    int errors;          /* notes with error 1 or PF_WRITE_ERROR */
    int losses;          /* notes with error PF_LOSS */
    int run_errors;      /* notes with error PF_RUN_ERROR */
    int unreadable;      /* logs in .logs that could not be read (a note says why) */
    int write_errors;    /* report files that could not be written */
    char failed[16][48]; /* the first of them (relative names), for the closing lines */
    int nfailed;
    pthread_mutex_t lock; /* notes */
    int dev_folded;       /* a device number above PF_MAX_DEVICES was read (pf_dev_number) */
    /* seconds spent in each step of pf_generate (for -v and the benchmark) */
    double t_load, t_analyze, t_write, t_csv, t_json, t_html;
} pf_logs;

/* A note for the summary and diagnostics: error 0 (a remark), 1 (a log
 * not read in full: the reports miss what it held), PF_WRITE_ERROR (a
 * report not written), PF_LOSS (not an error: the run itself lost data,
 * which the note counts: device zones dropped, records it could not
 * write) or PF_RUN_ERROR (an error of the run, read in full: a dispatch
 * that stopped on a timeout or a fault, its zones left open; shown as an
 * error, but no log is blamed). Thread-safe. */
#define PF_WRITE_ERROR 2
#define PF_LOSS        3
#define PF_RUN_ERROR   4
void pf_note(pf_logs *l, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* pf_strtab_add to l's names; out of memory, 0 ("?", the first name
 * pf_load makes) and counted in names_lost for a note. */
uint32_t pf_intern(pf_logs *l, const char *s);

/* Load what the run left in dir/.logs; never fails (problems become notes). */
void pf_load(pf_logs *l, const char *dir, const pf_options *opt);
void pf_free(pf_logs *l);
/* Nothing at all was recorded (no host trace, memory log or device zones). */
int pf_nothing_recorded(const pf_logs *l);

/* A device number as read (tf_dev_block.device, the CSVs' device column):
 * 0 (older logs) is device 1; a number above PF_MAX_DEVICES is folded onto
 * those, said once in a note. */
uint32_t pf_dev_number(pf_logs *l, uint64_t device);
/* Where a zone left open by a dispatch stopped for `reason` (TF_STOP_*)
 * ends, as the JSON's and the page's texts say it: its trap, when the chip
 * stopped (a deadlock), else when it was read back (docs/profiling.md). */
const char *pf_open_end(uint32_t reason);
/* devagg.c: a zone read (the traces' device blocks, or an older run's
 * device zones CSV), folded into the aggregates; -1 if out of memory. */
int pf_dev_add(pf_logs *l, const pf_devzone *z);
/* Every zone read: lay the kept ones out (devzones, dev_tracks). */
void pf_dev_finish(pf_logs *l);
/* 1 if memory ran out on the way (the device reports are incomplete). */
int pf_dev_failed(const pf_logs *l);
void pf_dev_free(pf_logs *l);
/* what + "(x,y)" ("core (1,0)"), with "device 2 " in front of what for a
 * device other than 1 ("device 2 core (1,0)"; it stands for a leading
 * "device " of what: "device 2 core (1,0)" for "device core ") and
 * "program[pid]: " in front when several processes were captured. */
const char *pf_core_name(const pf_logs *l, int core, const char *what, char *buf, size_t n);

/* A device cycle on the host's monotonic clock (the clock sync file). */
uint64_t pf_dev_ns(const pf_logs *l, uint64_t cycle);

/* ---- analyses -------------------------------------------------------------------- */

typedef struct pf_zonestat {
    const char *name, *context;
    uint32_t name_id; /* zones with the same name have the same id */
    uint64_t count, total, min, max, median, p99, self;
} pf_zonestat;

typedef struct pf_poolstat {
    const char *pool;
    uint64_t allocs, frees, total, peak, leaked, capacity;
    uint64_t unmatched_frees;
    uint64_t reused;  /* allocations at a live address (the one before counted freed) */
    uint64_t peak_ns; /* when it first reached its peak (ns since t0) */
} pf_poolstat;

/* Where a pool's memory came from (memsites.c): the allocations of one
 * site (the host zones open on the allocating thread: "a > b > c", the
 * innermost last) in one pool; peak: those live at the pool's peak (when
 * first reached), leaked: those live at the end. */
typedef struct pf_memsite {
    uint32_t pool; /* index into pf_analysis.pools */
    uint32_t site; /* index into pf_analysis.sites */
    uint64_t allocs, total, peak, npeak, leaked, nleaked;
} pf_memsite;

typedef struct pf_devstat {
    int risc;
    const char *zone, *hash;
    uint64_t count, total, min, max;
    uint64_t self; /* total minus the zones inside them */
    int wrapper;   /* a firmware zone (<RISC>-FW, <RISC>-KERNEL) */
    /* the kernel its zones ran in ("" when unknown or several: one zone
     * name in two kernels is two rows, told apart in the summary by it) */
    const char *kernel;
} pf_devstat;

/* One core's time in the dispatches it ran: per dispatch, from its first
 * zone's start to its last zone's end on any RISC. */
typedef struct pf_corestat {
    int core; /* PF_CORE_KEY */
    uint64_t dispatches, total, max;
    uint64_t in_slowest; /* cycles in the slowest dispatch (0: not in it) */
} pf_corestat;

/* A dispatch laid out in device cycles (the device-time view): its zones
 * from `first` to `last` cycle, placed at `offset` on the view's axis. */
typedef struct pf_dseg {
    uint32_t process; /* index into pf_logs.procs: each process numbers its dispatches */
    uint32_t dispatch;
    uint64_t first, last, offset;
} pf_dseg;

/* Pools with the same name but for the core, "(x,y)", and the same
 * counts, folded for the summary and the HTML: `count` pools, the first
 * (by name) `first`, index into pf_analysis.pools. */
typedef struct pf_poolgroup {
    uint32_t first, count;
    size_t base_len; /* the name without " (x,y)" (" <n>" of a bank) when count > 1 */
    unsigned xmin, xmax, ymin, ymax; /* the box of its pools' cores (count > 1); a bank's in x */
    int bank;                        /* 1: pools "... bank <n>" (DRAM banks), not per core */
} pf_poolgroup;

typedef struct pf_phase {
    uint32_t kernel_loads;
    uint64_t start, end; /* ns since t0 */
    const char *first_kernel, *last_kernel;
} pf_phase;

/* Live bytes of a pool after one memory event. */
typedef struct pf_mempoint {
    uint64_t ns; /* since t0 */
    uint64_t live;
    uint32_t pool; /* index into pf_analysis.pools (sorted by name) */
} pf_mempoint;

/* A zone on a timeline track: ns since t0 (or, in device time, cycles on
 * the device-time axis), the caller's zone index, its depth, how many
 * zones it stands for (1, or more for a run merged while reading). */
typedef struct pf_tl_zone {
    uint64_t start, end;
    uint32_t id, depth;
    uint64_t count;
} pf_tl_zone;

typedef struct pf_tl_track {
    pf_tl_zone *z; /* in time order, parents first */
    size_t n;
    uint64_t zones; /* the zones they stand for (n if none was merged) */
} pf_tl_track;

typedef struct pf_timeline {
    pf_tl_track *tracks;
    size_t ntracks;
    pf_tl_zone *all;
} pf_timeline;

typedef struct pf_analysis {
    pf_zonestat *zones;
    size_t nzones;
    uint32_t *by_start; /* host zone indices (filtered) in time order */
    size_t nby_start;
    pf_poolstat *pools;
    size_t npools;
    pf_mempoint *mem; /* in time order */
    size_t nmem;
    pf_devstat *dev;
    size_t ndev;
    int *cores; /* cores with device zones, PF_CORE_KEY, by (process, y, x) */
    size_t ncores;
    pf_phase *phases;
    size_t nphases;
    pf_corestat *corestats; /* by core (y, x) */
    size_t ncorestats;
    /* the straggler of the slowest dispatch, as the ops report names one:
     * the first core by pf_corestat_slowest, when it is longer there than
     * the median core by PF_STRAGGLER_PCT of the dispatch's span or more;
     * an index into corestats, -1 when no core stands out (or one ran) */
    long straggler;
    uint32_t slowest_process, slowest_dispatch; /* the dispatch with the longest span */
    uint64_t slowest_cycles;
    pf_dseg *dsegs; /* dispatches in order of their first cycle */
    size_t ndsegs;
    uint64_t dspan;           /* the device-time axis' length, cycles */
    pf_poolgroup *poolgroups; /* by the first pool's name */
    size_t npoolgroups;
    /* where the memory went (memsites.c): by pool, then site text */
    pf_memsite *memsites;
    size_t nmemsites;
    pf_strtab sites; /* the sites' texts */
    int sites_done;  /* memsites made (else out of memory: no sites report) */
    /* the timelines (lod.c): host zones per thread, device zones per core
     * and RISC on the host clock and in device time; tl_ok 0 if out of
     * memory building them */
    pf_timeline tl_host, tl_dev, tl_dtime;
    int tl_ok;
} pf_analysis;

/* sort.c: put idx[] (and key[]) in ascending key order, stably (equal keys
 * keep their order); -1 if out of memory. */
int pf_sort_by_key(uint64_t *key, uint32_t *idx, size_t n);
/* Each thread's zones of t by start, outer first where two start
 * together: (*order)[(*first)[i] .. (*first)[i + 1]) are thread i's zone
 * indices (*first has t->nthreads + 1 entries; both the caller's to
 * free); -1 if out of memory. */
int pf_zones_by_thread(const tf_trace *t, uint32_t **order, size_t **first);
/* The k-th smallest (0-based) of v[0..n), n > 0; reorders v. */
uint64_t pf_select(uint64_t *v, size_t n, size_t k);
/* Nearest-rank percentile of v[0..n) (0 if n == 0); reorders v. */
uint64_t pf_percentile(uint64_t *v, size_t n, unsigned pct);
void pf_analyze(pf_logs *l, pf_analysis *a);
void pf_analysis_free(pf_analysis *a);
/* devagg.c: the device part of the analysis, from the aggregates. */
void pf_dev_analyze(pf_logs *l, pf_analysis *a);
/* A core is the straggler (of an op, of the slowest dispatch) when it is
 * longer than the median core (the lower of two) by this percent of the
 * span. */
#define PF_STRAGGLER_PCT 10.0
/* qsort order of pf_corestats: the most cycles in the slowest dispatch
 * first, then the most in total, then by core (the summary's rows). */
int pf_corestat_slowest(const void *a, const void *b);
/* The device-time segment of a zone of process `process`'s `dispatch`
 * starting at `start` (NULL if none). */
const pf_dseg *pf_dseg_of(const pf_analysis *a, uint32_t process, uint32_t dispatch,
                          uint64_t start);
/* The device-time view's dispatch bands: a band a dispatch, or past `cap`
 * (0: no cap) that many bands of runs of consecutive dispatches (sizes
 * differing by one at most). pf_dseg_bands says how many; pf_dseg_band
 * gives band j of nbands in *band, from its first dispatch's offset and
 * first cycle to its last's end (band->last - band->first is its length
 * in the view), its last dispatch in *last (if not NULL), named
 * "dispatch 4" or "dispatch 4 .. dispatch 7" in name (n bytes), and
 * returns how many dispatches it stands for. */
size_t pf_dseg_bands(const pf_analysis *a, size_t cap);
/* The dispatches a band of nbands holds: "3", or "3 or 4" (in buf). */
const char *pf_dseg_sizes(const pf_analysis *a, size_t nbands, char *buf, size_t n);
size_t pf_dseg_band(const pf_logs *l, const pf_analysis *a, size_t j, size_t nbands, pf_dseg *band,
                    const pf_dseg **last, char *name, size_t n);
/* A dispatch's name: "dispatch 4", or with several processes (each numbers
 * its own from 1) "prog[pid]: dispatch 4" (in buf). */
const char *pf_dispatch_name(const pf_logs *l, uint32_t process, uint32_t dispatch, char *buf,
                             size_t n);
/* memsites.c: the memory events' sites. pf_sites_begin readies the host
 * trace's zones in *f (NULL when there is no host trace: every site is
 * then PF_SITE_NONE, as is a process's without one); -1 out of memory.
 * pf_site_of gives l->mem's event e's site, its index into a->sites
 * (events best given in time order: any order is right, time order is
 * linear); UINT32_MAX out of memory. */
#define PF_SITE_OUTSIDE "(outside any zone)"
#define PF_SITE_NONE    "(no host trace)"
struct pf_site_finder;
int pf_sites_begin(const pf_logs *l, struct pf_site_finder **f);
uint32_t pf_site_of(struct pf_site_finder *f, pf_analysis *a, const tf_tr_mem *e);
void pf_sites_end(struct pf_site_finder *f);
/* The per-site tallies, from the events in time order (order[k] indexes
 * mem->mem), each allocation's site (site[k], for ALLOCs), the event that
 * ended it (end[k]: its free, a later allocation at its address or a
 * RESET; UINT32_MAX: live at the end), each pool's index in a->pools
 * (rank[] by the log's pool) and the event of its peak (peak_k[] by
 * a->pools index, UINT32_MAX: none). -1 if out of memory. */
int pf_memsites_tally(pf_analysis *a, const tf_trace *mem, const uint32_t *order,
                      const uint32_t *site, const uint32_t *end, const uint32_t *rank,
                      const uint32_t *peak_k);
/* The summary's lines: each of the top pools' peak by site, and the leaks'. */
void pf_memsites_summary(const pf_analysis *a, const pf_poolgroup *top, size_t ntop, FILE *out);
void pf_write_memsites(pf_logs *l, pf_analysis *a);

/* A pool group's name: the pool's, or "Device L1 (x,y) x10" (in buf). */
const char *pf_poolgroup_name(const pf_analysis *a, const pf_poolgroup *g, char *buf, size_t n);

/* ---- timelines (lod.c) ------------------------------------------------------------- */

/* Host zones per thread (track = thread number; id = index into the
 * trace's zones), device zones per core and RISC (track = core index *
 * TF_NUM_RISCS + RISC; id = index into pf_logs.devzones), placed on the
 * host clock or, with device_time, on the device-time axis (a->dsegs).
 * -1 if out of memory. */
int pf_tl_host(const pf_logs *l, const pf_analysis *a, pf_timeline *tl);
int pf_tl_device(const pf_logs *l, const pf_analysis *a, int device_time, pf_timeline *tl);
void pf_tl_free(pf_timeline *tl);
/* The index of core `core` (PF_CORE_KEY) in a->cores. */
size_t pf_core_index(const pf_analysis *a, int core);

/* One item of a track at some level of detail: a zone (count 1, id its
 * zone) or a run of merged zones (count > 1: how many zones it stands
 * for, inner ones included; id the first). A zone of the track that
 * already stands for several (pf_tl_zone.count) counts as that many. */
typedef struct pf_lod_item {
    uint64_t start, end, count;
    uint32_t id, depth;
} pf_lod_item;

/* The items of a track at resolution r ns (a power of two, or 0: every
 * zone), into out (if not NULL); returns how many. */
size_t pf_lod(const pf_tl_zone *z, size_t n, uint64_t r, pf_lod_item *out);
/* The finest resolution (0, or a power of two) at which the track has at
 * most `budget` items (at least one: a track is never left out). */
uint64_t pf_lod_fit(const pf_tl_zone *z, size_t n, size_t budget);
/* Split `budget` items between tracks of n[i] zones fairly: a track keeps
 * all its zones if it has fewer than an even share, the others share the
 * rest evenly; every track with zones gets at least one. */
void pf_lod_shares(const size_t *n, size_t ntracks, size_t budget, size_t *share);

/* ---- writers ----------------------------------------------------------------------- */

/* Each writes one or more files of the tree; they may run in parallel
 * (only pf_note is shared). */
void pf_write_logs_csv(pf_logs *l, pf_analysis *a); /* .logs/tracy_ops_times.csv, memlog.csv */
void pf_write_per_call(pf_logs *l, pf_analysis *a); /* the largest report */
void pf_write_reports(pf_logs *l, pf_analysis *a);  /* the other four CSV reports */
/* What the JSON leaves out (--max-timeline), as notes: before writing. */
void pf_json_notes(pf_logs *l, pf_analysis *a);
void pf_write_json(pf_logs *l, pf_analysis *a);
void pf_write_html(pf_logs *l, pf_analysis *a);
void pf_write_diagnostics(pf_logs *l);
/* reports/tt_foil_device_open_zones.csv: the zones open when a dispatch
 * timed out, faulted or was interrupted (only when there are some). */
void pf_write_open_zones(pf_logs *l);
void pf_summary(pf_logs *l, pf_analysis *a, FILE *out);
struct pf_out;
/* The counts of one log file as read (the diagnostics' block for it). */
void pf_trace_counts(struct pf_out *f, const char *what, const tf_trace *t);
/* ops.c: the ops from the traces' DEVICE_PERF records (each process's
 * trace before they are merged; the records are freed once read); the
 * two ops CSVs; the summary's first lines (where the time went, and
 * advice); the JSON's counter tracks. */
void pf_ops_load(pf_logs *l, tf_trace *const *ts);
void pf_write_ops(pf_logs *l);
void pf_ops_summary(pf_logs *l, FILE *out);
/* The ops' device time (ns at each op's chip clock, as the ops CSV's
 * DEVICE_KERNEL_DURATION_NS) and op-to-op gaps (ns) in *dev, *gap;
 * whether the gaps dominate (the summary's and the HTML's advice). */
int pf_ops_gaps_dominate(const pf_logs *l, uint64_t *dev, uint64_t *gap);
/* gaps.c: what the host did in the op-to-op gaps, by zone, when they
 * dominate: l->gap_line (a note if out of memory). */
void pf_gaps_analyze(pf_logs *l);
void pf_ops_json_counters(pf_logs *l, struct pf_out *o, int *first, int pid);
/* The processes whose counter steps are over their share of --max-timeline. */
size_t pf_ops_json_counters_over(const pf_logs *l);
/* The HTML page's Ops section data: "op_waits", "op_riscs", "op_advice" and
 * "ops" (one object per op, its cores' counters), as members of the page's object. */
void pf_ops_html(pf_logs *l, struct pf_out *o);
/* What the HTML's Ops section leaves out (--max-ops), as a note: before writing. */
void pf_ops_html_notes(pf_logs *l);

/* --check PROGRAM: which profilers the binary has (check.c); 0, or 1 if it
 * cannot be read or is not a tt-foil program. */
int pf_check(const char *program, FILE *out);

/* `tt_foil_profile compare [options] A B` (compare.c): argv[0] is
 * "compare"; returns the exit status (0, 1 unreadable input, 2 bad usage,
 * 3 slower than --fail-above allows). */
int pf_compare_main(int argc, char **argv);

/* Everything from dir/.logs to dir/reports: load, analyse, write every
 * file, print the summary on `summary` (if not NULL). Returns the number of
 * events read, as they were recorded: zone begins and ends, zone texts,
 * frame marks, memory events, device markers. *l is left loaded for the
 * caller to inspect, then pf_free it. */
uint64_t pf_generate(pf_logs *l, const char *dir, const pf_options *opt, FILE *summary);
/* The time each step of pf_generate took, on one line. */
void pf_print_steps(const pf_logs *l, FILE *out);

/* ---- output (out.c) ------------------------------------------------------------------ */

/* A report file being written, buffered. */
typedef struct pf_out {
    int slot; /* in the table of temporary files, -1 if none */
    int fd;
    char *buf;
    size_t n, cap;
    int err; /* first write error (errno) */
    pf_logs *l;
    const char *rel;
    uint64_t rows;    /* schema rows written (pf_put_cols ending a row) */
    uint64_t written; /* bytes written to the file */
    struct pf_async *async;
} pf_out;

/* Open dir/rel for writing; NULL after a note if it cannot be. The file is
 * written under a temporary name (rel.tmp.<pid>) and renamed at
 * pf_out_close if every write succeeded: a report is complete or absent,
 * never cut short (a full disk, Ctrl-C: pf_out_guard_signals). */
pf_out *pf_out_open(pf_logs *l, const char *rel);
/* Write the file on a thread of its own from now on (two buffers: one
 * filled while the other is written); -1 (and it stays as it was) if the
 * thread cannot be had. For the large logs written while reading. */
int pf_out_async(pf_out *o);
/* Write out, close and rename; a note (and -1, the temporary removed) if
 * anything failed. A text log (.logs/\*.csv) gets its end record
 * (cm_csv_end_write: rows and bytes) once it is in place. */
int pf_out_close(pf_out *o);
/* 1 if report `rel` could not be written (the closing lines say so). */
int pf_out_failed(const pf_logs *l, const char *rel);
/* From now on SIGINT, SIGTERM and SIGHUP stop the tool cleanly while it
 * makes the reports: they are blocked in the calling thread and every
 * thread it starts after, and a thread of their own takes them, makes sure
 * no temporary file is left or made (no pf_out_open succeeds any more),
 * prints "tt_foil_profile: interrupted by SIGTERM while making the reports;
 * ... run 'tt_foil_profile report DIR' to write them" and ends the process
 * by the signal (exit status 128+N). Call it before starting any thread. */
void pf_out_guard_signals(const char *dir);
/* A pf_out into memory (for text built once and written many times);
 * pf_out_take ends it and returns the text (NUL-terminated; NULL if out
 * of memory), to be freed. */
pf_out *pf_out_mem(void);
char *pf_out_take(pf_out *o, size_t *len);

/* Per source location of a trace, text that goes on every row of its
 * zones (escaped once, not per row). NULL if out of memory. */
typedef struct pf_loc_text {
    char *s;
    size_t n;
} pf_loc_text;
pf_loc_text *pf_loc_text_build(const tf_trace *t, void (*build)(pf_out *o, const tf_tr_loc *loc));
void pf_loc_text_free(pf_loc_text *lt, uint32_t n);
void pf_out_flush(pf_out *o);
void pf_putn_slow(pf_out *o, const char *s, size_t n);
void pf_printf(pf_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Unsigned decimal. */
void pf_put_u64(pf_out *o, uint64_t v);
/* "0x" and lowercase hexadecimal. */
void pf_put_hex(pf_out *o, uint64_t v);
/* ns as microseconds with ns precision ("12.345"), as Chrome traces want. */
void pf_put_us(pf_out *o, uint64_t ns);
/* One CSV field (RFC 4180). */
void pf_put_csv(pf_out *o, const char *s);
/* A CSV file of schema s (contracts/tf_csv_schemas.h): its header line,
 * and columns first..last of a row from v[first..last] (a comma before
 * every column but the first, the end of line after the last). */
void pf_put_header(pf_out *o, const tf_csv_schema *s);
void pf_put_cols(pf_out *o, const tf_csv_schema *s, int first, int last, const cm_csv_value *v);
static inline void pf_put_row(pf_out *o, const tf_csv_schema *s, const cm_csv_value *v)
{
    pf_put_cols(o, s, 0, s->ncols - 1, v);
}
/* A JSON string (quoted, escaped; "</" as "<\/" so it can sit in HTML). */
void pf_put_json(pf_out *o, const char *s);
/* The same without the quotes: part of a string written in pieces. */
void pf_put_json_chars(pf_out *o, const char *s);

static inline void pf_putn(pf_out *o, const char *s, size_t n)
{
    if (o->n + n > o->cap) {
        pf_putn_slow(o, s, n);
        return;
    }
    memcpy(o->buf + o->n, s, n);
    o->n += n;
}

static inline void pf_putc(pf_out *o, char c)
{
    if (o->n == o->cap) pf_out_flush(o);
    o->buf[o->n++] = c;
}

static inline void pf_puts(pf_out *o, const char *s)
{
    pf_putn(o, s, strlen(s));
}

/* Human-readable duration and size for the terminal ("1.25 ms", "3.0 MiB"). */
const char *pf_human_ns(char *buf, size_t n, uint64_t ns);
const char *pf_human_bytes(char *buf, size_t n, uint64_t bytes);
/* The bytes of the well-formed UTF-8 sequence at q (lead byte >= 0x80) and
 * its code point in *cp, else 0 (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF). */
int pf_utf8_at(const unsigned char *q, uint32_t *cp);
/* The bytes of s's first n (s has more than n) that end at a whole UTF-8
 * character: n, less the continuation bytes a cut there would split. */
size_t pf_utf8_head(const char *s, size_t n);
/* A name made safe for one terminal line: control characters escaped (C1
 * too), bytes that are not UTF-8 '?', cut at a whole character. */
const char *pf_term(char *buf, size_t n, const char *s);
/* pf_term, and in *rest how many bytes of s did not fit (0: all of it). */
const char *pf_term_rest(char *buf, size_t n, const char *s, size_t *rest);
/* pf_term fitted to a column `width` terminal cells wide: cut at a whole
 * character that would pass it, padded with spaces to it (UTF-8 counted
 * by cells, not bytes: printf's %-34s pads bytes). */
const char *pf_term_cell(char *buf, size_t n, const char *s, unsigned width);
/* pf_term_cell not padded (UINT_MAX: as wide as it is); *cells, if not
 * NULL: the cells it takes (buf NULL: only them, NULL returned). */
const char *pf_term_fit(char *buf, size_t n, const char *s, unsigned width, unsigned *cells);

#endif
