/* The trace library: reading a host profiler trace or memory log
 * (contracts/tf_trace_format.h, docs/trace-format.md) back, and packing
 * records the way the recorder writes them. Used by tt_foil_profile, the
 * benchmarks and the tests (link tt_foil_trace).
 *
 * Reading: validated chunks, timestamps converted to the host's monotonic
 * nanoseconds, zones rebuilt per thread (with nesting and text), frame
 * marks, memory events and track zones (named tracks: the runtime's device
 * zones). Whatever cannot be read is counted and described in `warnings`,
 * never silently skipped.
 *
 * Misuse is refused, never a crash (docs/architecture.md, 1b): a trace
 * argument that is NULL, or that tf_trace_free already freed, or a NULL
 * pointer where one is needed, gets a message naming the function and the
 * argument (tf_last_error) and the failure value each function states:
 * NULL, -1, 0 or TF_NONE. */
#ifndef TT_FOIL_TRACE_H
#define TT_FOIL_TRACE_H

#include "tf_perf.h"
#include "tf_trace_format.h"
#include "tt_foil/error.h"

#include <stddef.h>
#include <stdint.h>

#define TF_NONE 0xffffffffu

typedef struct tf_tr_thread {
    uint32_t number, tid;
    char *name;
    uint32_t process; /* 0 in one file; tt_foil_profile numbers the processes it merges */
} tf_tr_thread;

typedef struct tf_tr_loc {
    char *name, *function, *file;
    uint32_t line;
} tf_tr_loc;

typedef struct tf_tr_cal {
    uint64_t tsc, ns;
} tf_tr_cal;

typedef struct tf_tr_zone {
    uint32_t thread; /* index into threads */
    uint32_t loc;    /* index into locs */
    uint32_t parent; /* index into zones, TF_NONE at the top */
    uint32_t depth;  /* 0 at the top */
    uint64_t start_ns, end_ns;
    char *text;       /* zone text, NULL if none */
    int unterminated; /* no end record: 1 ended at its thread's last event; 2 still open when
                       * the process ended (at the trailer's time) */
} tf_tr_zone;

enum { TF_MEM_ALLOC = 1, TF_MEM_FREE = 2, TF_MEM_RESET = 3 };

typedef struct tf_tr_mem {
    int op;
    uint32_t pool; /* index into pools (the name the program gave it, "Device L1 (1,0)") */
    uint64_t ptr, size, ns;
    uint32_t thread;
} tf_tr_mem;

typedef struct tf_tr_frame {
    uint32_t thread;
    uint64_t ns;
} tf_tr_frame;

/* A named track (TF_DEF_TRACK): the runtime's are group "device core
 * (x,y)", name "BRISC".. */
typedef struct tf_tr_track {
    uint32_t id;
    char *group, *name;
} tf_tr_track;

/* The name of track zones (TF_DEF_ZONE_NAME). */
typedef struct tf_tr_zone_name {
    uint32_t id;
    char *name, *file;
    uint32_t line;
} tf_tr_zone_name;

/* A zone on a named track (TF_R_TRACK_ZONE). */
typedef struct tf_tr_track_zone {
    uint32_t name;             /* index into zone_names, TF_NONE if undefined */
    uint32_t track;            /* index into tracks, TF_NONE if undefined */
    uint64_t start_ns, end_ns; /* on the host timeline */
    uint64_t host_ns;          /* when it was recorded */
} tf_tr_track_zone;

/* A device zone call site (TF_DEF_DEVICE_ZONE): `id` is image << 16 | zone id. */
typedef struct tf_tr_dev_site {
    uint32_t id;
    char *name, *file, *image;
    uint32_t line;
    uint16_t hash; /* the spec's ZONE_HASH */
} tf_tr_dev_site;

/* One RISC's markers of one dispatch (TF_R_DEVICE_BLOCK): its header, and
 * its h.nwords marker words at dev_words[word0]. */
typedef struct tf_tr_dev_block {
    tf_dev_block h;
    size_t word0;
} tf_tr_dev_block;

/* Where a RISC stood after a timeout, fault or interrupt (TF_R_DEVICE_PC). */
typedef struct tf_tr_dev_pc {
    tf_dev_pc h;
    char *text; /* function (file:line), or what ran there */
} tf_tr_dev_pc;

/* One core's hardware counters of one dispatch (TF_R_DEVICE_PERF): its
 * header and its h.npairs (key, value) pairs at perf_pairs[2 * pair0],
 * its window stamps (the start and end keys) moved by stamp_shift;
 * tf_trace_dev_perf applies them to a tf_perf_core. A version-2 record
 * (compact: contracts/tf_perf.h) is given in version 1's form: the chip's
 * figures from its DEVICE_CHIP definition, host_ns its own time stamp. A
 * repeat (version 3) shares the pairs of the record it repeats, its
 * stamp_shift the distance between their bases (0 for the others). */
typedef struct tf_tr_dev_perf {
    tf_dev_perf h;
    size_t pair0;
    uint32_t thread;      /* index into threads: the thread that read them back */
    uint64_t stamp_shift; /* added (mod 2^64) to the start and end values */
    /* its device's number in its process (tf_device.number), from its
     * DEVICE_CHIP definition (trace version 6); 0: not said (device 1) */
    uint32_t device;
} tf_tr_dev_perf;

typedef struct tf_trace {
    char *path;
    tf_trace_header header;
    tf_tr_thread *threads;
    uint32_t nthreads;
    tf_tr_loc *locs;
    uint32_t nlocs;
    char **pools;
    uint32_t npools;
    /* pool capacities by pool name */
    char **cap_names;
    uint64_t *cap_bytes;
    uint32_t ncaps;
    tf_tr_zone *zones;
    size_t nzones;
    tf_tr_frame *frames;
    size_t nframes;
    tf_tr_mem *mem;
    size_t nmem;
    tf_tr_track_zone *track_zones;
    size_t ntrack_zones;
    tf_tr_zone_name *zone_names;
    uint32_t nzone_names;
    tf_tr_track *tracks;
    uint32_t ntracks;
    /* the device profiler's raw markers, in file order (decode them with
     * common/cm_dprof.h; tt_foil_profile does) */
    tf_tr_dev_site *dev_sites; /* by id */
    uint32_t ndev_sites;
    tf_tr_dev_block *dev_blocks;
    size_t ndev_blocks;
    uint64_t dev_streamed; /* blocks handed to tf_trace_opts.dev_block instead (not kept) */
    uint32_t *dev_words;
    size_t ndev_words;
    tf_tr_dev_pc *dev_pcs;
    size_t ndev_pcs;
    /* the chip's hardware counters, in file order */
    tf_tr_dev_perf *dev_perfs;
    size_t ndev_perfs;
    uint64_t *perf_pairs;
    size_t nperf_pairs;
    /* the device clock sync (TF_DEF_CLOCK_SYNC) */
    int has_sync, sync_host_clock;
    uint64_t sync_host_ns, sync_cycle;
    double sync_ns_per_cycle;
    /* the clock: timestamps were recorded as ticks of the CPU's counter
     * and converted to ns along these calibration points (tick, ns),
     * piecewise linearly; ns_clock: recorded in ns, none needed */
    tf_tr_cal *cal;
    size_t ncal;
    int ns_clock;
    /* what could not be read */
    int has_trailer;
    tf_trace_trailer trailer;
    uint64_t bad_bytes;       /* skipped as corrupt */
    uint64_t truncated_bytes; /* an unfinished chunk at the end (or gone: the file shrank) */
    uint64_t unterminated, mismatched_ends, orphan_ends, unknown_records;
    uint64_t missing_chunks;  /* chunk numbers never seen (gaps in seq), or lost as the file
                               * shrank or changed while it was read */
    uint64_t repeated_chunks; /* chunks whose number was seen before (left out) */
    uint64_t dropped_defs;    /* definitions that could not be kept (ids no record can name) */
    uint64_t undefined_refs;  /* zones, pools and names whose definition is missing */
    uint64_t clamped_times;   /* timestamps beyond the clock (damaged calibration) */
    int bad_sync;             /* a clock sync definition was malformed (has_sync stays 0) */
    char **warnings;
    int nwarnings;
} tf_trace;

/* Read a trace or memory log; NULL + message (tf_last_error) if it cannot be read at all
 * (missing, not a tt-foil trace, header cut short, a directory) or path is NULL. A
 * FIFO or device is read whole until its writer closes it, never waited on to open:
 * a FIFO no program has open for writing is an error at once. */
tf_trace *tf_trace_load(const char *path);
/* The same from memory (data is copied; `name` is used in messages). NULL
 * + message for a NULL name, or NULL data with a size. */
tf_trace *tf_trace_read(const char *name, const void *data, size_t size);

/* Streaming the device markers: with dev_block set, every DEVICE_BLOCK
 * record is handed to it as it is read, in file order, once every
 * definition is known (t's device sites and clock sync are set), with its
 * marker words (valid during the call; b->word0 is 0), and is not kept:
 * t->ndev_blocks and t->ndev_words stay 0, t->dev_streamed counts them.
 * tf_trace_load and tf_trace_load_opts read a regular file through windows
 * (pread into a buffer the size of a chunk, reused; never a memory map),
 * so memory does not grow with the file (only with what is kept: host
 * zones, definitions), and a file that another program truncates,
 * rewrites or extends while it is read gives warnings and counts (bytes
 * no longer there: truncated_bytes; chunks not read again or changed:
 * missing_chunks), never a SIGBUS. */
typedef struct tf_trace_opts {
    void (*dev_block)(void *ctx, const tf_trace *t, const tf_tr_dev_block *b,
                      const uint32_t *words);
    void *ctx;
    /* Another file of the same process (its trace, for its memory log):
     * convert this file's ticks along clock's calibration points instead
     * of its own. Each file converts the CPU counter's ticks to ns along
     * the points it took, so one instant can read a few hundred ns apart
     * in two files (the interpolation's error between points); on one
     * clock, a memory event and the zone around it compare exactly (the
     * memory sites: docs/profiling.md). A file recorded in ns, or a clock
     * without points, keeps its own. NULL: its own. */
    const tf_trace *clock;
} tf_trace_opts;
tf_trace *tf_trace_load_opts(const char *path, const tf_trace_opts *opts);
tf_trace *tf_trace_read_opts(const char *name, const void *data, size_t size,
                             const tf_trace_opts *opts);
/* NULL: nothing. A trace already freed: nothing is freed, a warning says so
 * (tf_set_warning_handler). */
void tf_trace_free(tf_trace *t);

/* The call site of zone `zid` in a device block (resolved against the
 * firmware or kernel image that ran), NULL if the trace does not define it
 * (or, with a message, if t or b is not valid). */
const tf_tr_dev_site *tf_trace_dev_site(const tf_trace *t, const tf_tr_dev_block *b, uint32_t zid);

/* Walking the device blocks (devzones.c): every marker in order, and every
 * zone once its END is seen (STARTs and ENDs paired per block, i.e. per
 * RISC and dispatch; zones nest), and in a post-mortem block the zones
 * still open, ending at the block's stop_cycle. */
enum { TF_DEV_MARKER = 1, TF_DEV_ZONE = 2, TF_DEV_OPEN = 3, TF_DEV_DROPPED = 4 };
typedef struct tf_tr_dev_event {
    int kind;                     /* TF_DEV_* */
    const tf_tr_dev_block *block; /* dispatch, core, RISC */
    const tf_tr_dev_site *site;   /* NULL: a zone id the trace does not define */
    uint32_t zid;
    uint32_t type;       /* MARKER: TF_DPROF_START .. TF_DPROF_VALIDATE */
    uint64_t cycle;      /* MARKER: its cycle */
    uint64_t value;      /* MARKER: SUM / DATA / EVENT / VALIDATE payload */
    uint32_t count;      /* MARKER: SUM's scope exits; DROPPED: zones dropped */
    uint64_t start, end; /* ZONE, OPEN: cycles */
    uint32_t depth;      /* ZONE, OPEN: 0 at the top */
} tf_tr_dev_event;

typedef struct tf_tr_dev_counts {
    uint64_t markers, zones, open, unmatched, discarded, dropped, payload;
} tf_tr_dev_counts;

/* Calls fn for every event (a nonzero return stops the walk and is
 * returned); -1 + message if out of memory, or t or fn is not valid. Counts
 * what it saw into *counts (NULL: not counted). */
int tf_trace_dev_walk(const tf_trace *t, int (*fn)(void *ctx, const tf_tr_dev_event *e), void *ctx,
                      tf_tr_dev_counts *counts);

/* The same for one block whose marker words are `words` (a streamed
 * block: tf_trace_opts.dev_block); also -1 + message for a NULL b, or NULL
 * words with marker words to read. */
int tf_trace_dev_walk_block(const tf_trace *t, const tf_tr_dev_block *b, const uint32_t *words,
                            int (*fn)(void *ctx, const tf_tr_dev_event *e), void *ctx,
                            tf_tr_dev_counts *counts);

/* Apply the counters of record p to *out (zero it first; a core's records
 * of one dispatch, parts 0, 1, .., go into the same one). Returns the
 * number of pairs whose key tf_perf.h does not know (skipped); TF_NONE +
 * message if t, p or out is not valid (p's pairs are not all in t). */
uint32_t tf_trace_dev_perf(const tf_trace *t, const tf_tr_dev_perf *p, tf_perf_core *out);

/* A device cycle on the host's monotonic clock, by the trace's clock sync
 * (the cycle itself without one: the simulator's device clock is the host's);
 * 0 + message if t is not valid. */
uint64_t tf_trace_dev_ns(const tf_trace *t, uint64_t cycle);
/* host_ns + (cycle - sync_cycle) * ns_per_cycle, rounded, kept within
 * 0..UINT64_MAX (a result outside is clamped and *clamped, if given, set). */
uint64_t tf_trace_clock_ns(uint64_t host_ns, uint64_t sync_cycle, double ns_per_cycle,
                           uint64_t cycle, int *clamped);
/* A double number of ns as uint64, rounded; NaN and values outside
 * 0..2^64 are clamped (and *clamped set, if given). */
uint64_t tf_trace_ns_of(double ns, int *clamped);

/* Capacity of a pool, or 0 if none was declared (or, with a message, if t or
 * pool is not valid). */
uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool);

/* Host-monotonic ns of the earliest and latest event (0, 0 if none); 0, or
 * -1 + message if t, first_ns or last_ns is not valid. */
int tf_trace_span(const tf_trace *t, uint64_t *first_ns, uint64_t *last_ns);

/* ---- records, as the recorder writes them (tf_trace_format.h) ---------------------- */

/* Words of the record that starts with `head` (header word + payload). */
unsigned tf_trace_record_words(uint64_t head);

/* Bytes tf_trace_pack may need for `words` input words. */
#define TF_TRACE_PACK_BOUND(words) (16u * (size_t)(words) + 8u)

/* Pack `words` words of records (TF_CHUNK_PACKED); returns the packed size
 * (a multiple of 8, zero-padded) and the number of records in *records; 0
 * + message if in (with words), out or records is NULL. */
size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records);

/* Unpack `n` bytes into at most `cap` words (their number in *words); -1 +
 * message if malformed, if they need more than cap words, or if in (with
 * n), out (with cap) or words is NULL. */
int tf_trace_unpack(const uint8_t *in, size_t n, uint64_t *out, size_t cap, size_t *words);

#endif
