/* The device profiler's host side: zone metadata from the ELFs, readback
 * of every RISC's L1 marker buffer after each dispatch, the raw CSV
 * (TT_FOIL_DEVICE_ZONES_CSV), the clock sync file
 * (TT_FOIL_DEVICE_CLOCK_SYNC) and device zones in the host trace. */
#ifndef TF_DEVPROF_H
#define TF_DEVPROF_H

#include <stdint.h>
#include <stdio.h>

struct tf_device;
struct tf_program;
struct rt_image;
struct cm_elf;

/* Columns of the raw device zones CSV: the spec's eight, then what makes
 * names exact without source scanning, then drops, then the payload of
 * the SUM / DATA / EVENT / VALIDATE rows (value; SUM: total cycles, and
 * count). The report tool reads the file by these names. */
// clang-format off
#define TF_DEVZONE_CSV_COLUMNS(X)                                                                  \
    X(dispatch_idx) X(host_ns) X(core_x) X(core_y) X(risc) X(packet_type) X(zone_hash) X(cycle)   \
    X(zone_name) X(src_file) X(src_line) X(kernel) X(dropped) X(value) X(count)
// clang-format on

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
int tf_devprof_parse_zones(struct rt_image *img, const struct cm_elf *e, int kernel);
void tf_devprof_free_zones(struct rt_image *img);

/* The spec's 16-bit hash of "name,file,line,KERNEL_PROFILER". */
uint16_t tf_devprof_hash(const char *name, const char *file, uint32_t line);

/* Per device: files, counters. */
typedef struct rt_devprof {
    int enabled; /* the firmware records markers */
    FILE *csv;
    char csv_path[1024];
    char sync_path[1024];
    int sync_written;
    uint64_t dropped_total, unmatched_total;
} rt_devprof;

void tf_devprof_open(struct tf_device *dev);
void tf_devprof_close(struct tf_device *dev);

/* After dispatch `id` finished on p's core: read, decode, record. The
 * doorbell time anchors the dispatch when the device clock is not the
 * host's. */
int tf_devprof_collect(struct tf_program *p, uint32_t id, uint64_t doorbell_ns);

#endif
