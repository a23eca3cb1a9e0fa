/* The device profiler's host side: zone metadata from the ELFs, readback
 * of every RISC's L1 marker buffer after each dispatch (and after a
 * timeout, fault or interrupt, before any reset), the raw markers in the
 * host trace (DEVICE_BLOCK records), and, only when asked for, the raw CSV
 * (TT_FOIL_DEVICE_ZONES_CSV) and the clock sync file
 * (TT_FOIL_DEVICE_CLOCK_SYNC). */
#ifndef RT_DEVPROF_H
#define RT_DEVPROF_H

#include "common/cm_err.h"
#include "common/cm_pair.h"
#include "tt_foil/runtime.h"

#include <stdint.h>
#include <stdio.h>

struct tf_device;
struct tf_program;
struct rt_image;
struct cm_elf;
struct tf_mailbox;

/* The raw device zones CSV's columns: TF_CSV_DEVICE_ZONES in
 * contracts/tf_csv_schemas.h (the report tool reads the file by them). */

/* One call site's zone, from an ELF's .tt_foil_zones. */
typedef struct rt_zone_info {
    uint32_t id;
    char *name, *file;
    uint32_t line;
    uint16_t hash; /* the spec's ZONE_HASH */
} rt_zone_info;

/* Read the zone table of an image (kernel ids must be >= 0x8000, firmware
 * ids below); -1 with a message if the metadata is malformed. */
CM_CHECK int rt_devprof_parse_zones(struct rt_image *img, const struct cm_elf *e, int kernel);
void rt_devprof_free_zones(struct rt_image *img);

/* The spec's 16-bit hash of "name,file,line,KERNEL_PROFILER". */
uint16_t rt_devprof_hash(const char *name, const char *file, uint32_t line);

/* Per device: files, counters, the readback buffer and pairing state
 * (per device, so that devices on different threads share nothing), and
 * what the dispatch being read back lost (one warning per dispatch). */
typedef struct rt_devprof {
    int enabled; /* the firmware records markers */
    cm_pairer pair;
    uint32_t pend_id; /* the dispatch of `pend` */
    struct {
        uint64_t dropped;
        uint32_t riscs; /* RISCs that dropped zones */
        tf_core first_core;
        int first_risc;
    } pend;
    FILE *csv;
    uint64_t csv_rows; /* rows written (atomic), for its end record */
    char csv_path[1024];
    char sync_path[1024];
    int sync_written;
    uint64_t dropped_total, unmatched_total;
} rt_devprof;

/* A program's last readback as it came from L1, decoded into device zones
 * only when they are asked for (tf_program_device_profile): the dispatch
 * path copies the markers into the trace and counts what was lost, and does
 * no per-zone work. */
typedef struct rt_dz_raw {
    uint8_t *region; /* the profiler region (control vector + buffers), read at once */
    uint32_t id;     /* the dispatch */
    int reason;      /* TF_DEVB_DONE, or why the RISCs were stopped */
    uint32_t have;   /* RISCs whose markers were read (bit r) */
    int decoded;     /* the program's dz holds them */
    uint64_t host_ns, doorbell_ns;
    uint64_t ref[TF_RISCS_PER_CORE];  /* GO cycles */
    uint64_t stop[TF_RISCS_PER_CORE]; /* post-mortem: where each RISC's open zones end */
    uint32_t nwords[TF_RISCS_PER_CORE], invalid[TF_RISCS_PER_CORE];
    const struct rt_image *kimg[TF_RISCS_PER_CORE];
    const struct tf_kernel *kernel[TF_RISCS_PER_CORE]; /* kimg's owner (may be freed since) */
} rt_dz_raw;

/* -1 with a message if out of memory. */
CM_CHECK int rt_devprof_open(struct tf_device *dev);
void rt_devprof_close(struct tf_device *dev);

/* After dispatch `id` finished on p's core: read, decode, record. The
 * doorbell time anchors the dispatch when the device clock is not the
 * host's. */
/* *now: the time its zone ended, when it made one (else unchanged). */
CM_CHECK int rt_devprof_collect(struct tf_program *p, uint32_t id, uint64_t doorbell_ns,
                                uint64_t *now);

/* Dispatch `id` did not finish on p's core (reason: TF_DEVB_TIMEOUT,
 * TF_DEVB_FAULT, TF_DEVB_INTERRUPT, TF_DEVB_STALL): read its markers back before the core
 * is reset, zones still open kept as open; mb is the mailbox (GO cycles). */
CM_CHECK int rt_devprof_postmortem(struct tf_program *p, uint32_t id, uint64_t doorbell_ns,
                                   const struct tf_mailbox *mb, int reason);

/* Decode p's last readback into its device zones, once; -1 if out of
 * memory. */
CM_CHECK int rt_devprof_decode(struct tf_program *p);

/* Record where RISC r of p stood (pc, and `text`: function (file:line) or
 * what ran there) after a timeout, fault or interrupt (DEVICE_PC). */
void rt_devprof_pc(struct tf_program *p, uint32_t id, int r, uint32_t pc, int reason,
                   const char *text);

/* Every core of dispatch `id` was read back: one warning for what it lost. */
void rt_devprof_end_dispatch(struct tf_device *dev, uint32_t id);

/* The device clock's sync (the trace's CLOCK_SYNC definition, and the sync
 * CSV when asked for), once a device, from p's core: the device profiler's
 * readback writes it, and so does the counters' (perf.c), as a trace with
 * counters and no device zones needs it too (tt_foil_profile's op-to-op
 * gaps end an op where the host read it back only on a chip whose clock
 * follows the host's, which this says). */
void rt_devprof_sync(struct tf_device *dev, struct tf_program *p);

#endif
