/* The trace library: reading a host profiler trace or memory log
 * (contracts/tf_trace_format.h, docs/trace-format.md) back, and packing
 * records the way the recorder writes them. Used by tt_foil_profile, the
 * benchmarks and the tests (link tt_foil_trace).
 *
 * Reading: validated chunks, timestamps converted to the host's monotonic
 * nanoseconds, zones rebuilt per thread (with nesting and text), frame
 * marks, memory events and track zones (named tracks: the runtime's device
 * zones). Whatever cannot be read is counted and described in `warnings`,
 * never silently skipped. */
#ifndef TT_FOIL_TRACE_H
#define TT_FOIL_TRACE_H

#include "tf_trace_format.h"
#include "tt_foil/error.h"

#include <stddef.h>
#include <stdint.h>

#define TF_NONE 0xffffffffu

typedef struct tf_tr_thread {
    uint32_t number, tid;
    char *name;
} tf_tr_thread;

typedef struct tf_tr_loc {
    char *name, *function, *file;
    uint32_t line;
} tf_tr_loc;

typedef struct tf_tr_zone {
    uint32_t thread; /* index into threads */
    uint32_t loc;    /* index into locs */
    uint32_t parent; /* index into zones, TF_NONE at the top */
    uint32_t depth;  /* 0 at the top */
    uint64_t start_ns, end_ns;
    char *text;       /* zone text, NULL if none */
    int unterminated; /* no end record: ended at the thread's last event */
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
    /* what could not be read */
    int has_trailer;
    tf_trace_trailer trailer;
    uint64_t bad_bytes;       /* skipped as corrupt */
    uint64_t truncated_bytes; /* an unfinished chunk at the end */
    uint64_t unterminated, mismatched_ends, orphan_ends, unknown_records;
    char **warnings;
    int nwarnings;
} tf_trace;

/* Read a trace or memory log; NULL + message (tf_last_error) if it cannot be read at all
 * (missing, not a tt-foil trace, header cut short). */
tf_trace *tf_trace_load(const char *path);
void tf_trace_free(tf_trace *t);

/* Capacity of a pool, or 0 if none was declared. */
uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool);

/* Host-monotonic ns of the earliest and latest event (0, 0 if none). */
void tf_trace_span(const tf_trace *t, uint64_t *first_ns, uint64_t *last_ns);

/* ---- records, as the recorder writes them (tf_trace_format.h) ---------------------- */

/* Words of the record that starts with `head` (header word + payload). */
unsigned tf_trace_record_words(uint64_t head);

/* Bytes tf_trace_pack may need for `words` input words. */
#define TF_TRACE_PACK_BOUND(words) (16u * (size_t)(words) + 8u)

/* Pack `words` words of records (TF_CHUNK_PACKED); returns the packed size
 * (a multiple of 8, zero-padded) and the number of records in *records. */
size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records);

/* Unpack `n` bytes into at most `cap` words; -1 if malformed. */
int tf_trace_unpack(const uint8_t *in, size_t n, uint64_t *out, size_t cap, size_t *words);

#endif
