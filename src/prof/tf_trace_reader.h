/* Reading a host profiler trace or memory log (tf_trace_format.h) back:
 * validated chunks, timestamps converted to the host's monotonic
 * nanoseconds, zones rebuilt per thread (with nesting and text), frame
 * marks, memory events and device zones. Whatever cannot be read is
 * counted and described in `warnings`, never silently skipped. */
#ifndef TF_TRACE_READER_H
#define TF_TRACE_READER_H

#include "tf_trace_format.h"

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
    uint32_t pool; /* index into pools (full name, "Device L1 (1,0)") */
    uint64_t ptr, size, ns;
    uint32_t thread;
} tf_tr_mem;

typedef struct tf_tr_frame {
    uint32_t thread;
    uint64_t ns;
} tf_tr_frame;

typedef struct tf_tr_devzone {
    uint32_t name;             /* index into devnames */
    uint64_t start_ns, end_ns; /* on the host timeline */
    int x, y, risc;
    uint64_t host_ns; /* when the host read it back */
} tf_tr_devzone;

typedef struct tf_tr_devname {
    uint32_t id;
    char *name, *file;
    uint32_t line;
} tf_tr_devname;

typedef struct tf_trace {
    char *path;
    tf_trace_header header;
    tf_tr_thread *threads;
    uint32_t nthreads;
    tf_tr_loc *locs;
    uint32_t nlocs;
    char **pools;
    uint32_t npools;
    /* pool capacities by base name ("Device L1" applies to "Device L1 (x,y)") */
    char **cap_names;
    uint64_t *cap_bytes;
    uint32_t ncaps;
    tf_tr_zone *zones;
    size_t nzones;
    tf_tr_frame *frames;
    size_t nframes;
    tf_tr_mem *mem;
    size_t nmem;
    tf_tr_devzone *devzones;
    size_t ndevzones;
    tf_tr_devname *devnames;
    uint32_t ndevnames;
    /* what could not be read */
    int has_trailer;
    tf_trace_trailer trailer;
    uint64_t bad_bytes;       /* skipped as corrupt */
    uint64_t truncated_bytes; /* an unfinished chunk at the end */
    uint64_t unterminated, mismatched_ends, orphan_ends, unknown_records;
    char **warnings;
    int nwarnings;
} tf_trace;

/* Read a trace or memory log; NULL + message if it cannot be read at all
 * (missing, not a tt-foil trace, header cut short). */
tf_trace *tf_trace_load(const char *path);
void tf_trace_free(tf_trace *t);

/* Capacity of a full pool name, or 0 if unknown. */
uint64_t tf_trace_pool_capacity(const tf_trace *t, const char *pool);

/* Host-monotonic ns of the earliest and latest event (0, 0 if none). */
void tf_trace_span(const tf_trace *t, uint64_t *first_ns, uint64_t *last_ns);

#endif
