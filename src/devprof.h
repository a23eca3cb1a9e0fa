/* The device profiler's host side: zone metadata from the ELFs, readback
 * of every RISC's L1 marker buffer after each dispatch, the raw CSV
 * (TT_FOIL_DEVICE_ZONES_CSV), the clock sync file
 * (TT_FOIL_DEVICE_CLOCK_SYNC) and device zones in the host trace. */
#ifndef RT_DEVPROF_H
#define RT_DEVPROF_H

#include "cm_err.h"
#include "cm_pair.h"

#include <stdint.h>
#include <stdio.h>

struct tf_device;
struct tf_program;
struct rt_image;
struct cm_elf;

/* The raw device zones CSV's columns: TF_CSV_DEVICE_ZONES in
 * contracts/tf_csv_schemas.h (the report tool reads the file by them). */

/* One call site's zone, from an ELF's .tt_foil_zones. */
typedef struct rt_zone_info {
    uint32_t id;
    char *name, *file;
    uint32_t line;
    uint16_t hash;     /* the spec's ZONE_HASH */
    uint32_t trace_id; /* name id in the host trace, 0 until used */
} rt_zone_info;

/* Read the zone table of an image (kernel ids must be >= 0x8000, firmware
 * ids below); -1 with a message if the metadata is malformed. */
CM_CHECK int rt_devprof_parse_zones(struct rt_image *img, const struct cm_elf *e, int kernel);
void rt_devprof_free_zones(struct rt_image *img);

/* The spec's 16-bit hash of "name,file,line,KERNEL_PROFILER". */
uint16_t rt_devprof_hash(const char *name, const char *file, uint32_t line);

/* Per device: files, counters, the readback buffer and pairing state
 * (per device, so that devices on different threads share nothing), the
 * host trace's track per (core, RISC). */
typedef struct rt_devprof {
    int enabled; /* the firmware records markers */
    uint8_t *region;
    cm_pairer pair;
    uint32_t *tracks; /* by core index * TF_NUM_RISCS + RISC; 0 until named */
    int ntracks;
    FILE *csv;
    char csv_path[1024];
    char sync_path[1024];
    int sync_written;
    uint64_t dropped_total, unmatched_total;
} rt_devprof;

/* -1 with a message if out of memory. */
CM_CHECK int rt_devprof_open(struct tf_device *dev);
void rt_devprof_close(struct tf_device *dev);

/* After dispatch `id` finished on p's core: read, decode, record. The
 * doorbell time anchors the dispatch when the device clock is not the
 * host's. */
CM_CHECK int rt_devprof_collect(struct tf_program *p, uint32_t id, uint64_t doorbell_ns);

#endif
