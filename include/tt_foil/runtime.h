/* tt-foil runtime: open a chip, boot firmware on its cores, allocate DRAM
 * and L1 buffers, load pre-compiled kernel ELFs onto the RISCs of a core and
 * dispatch them (send_reset, setup, fire_go, wait_done), one core, several
 * at once, or asynchronously. The chip is the built-in simulator unless
 * another transport is given.
 *
 * Conventions: functions returning int give 0 on success and -1 on failure;
 * constructors return NULL on failure; tf_last_error() says why. A device is
 * used from one thread at a time. See docs/runtime.md. */
#ifndef TT_FOIL_RUNTIME_H
#define TT_FOIL_RUNTIME_H

#include "tt_foil/error.h"
#include "tt_foil/transport.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tf_device tf_device;
typedef struct tf_buffer tf_buffer;
typedef struct tf_kernel tf_kernel;
typedef struct tf_program tf_program;
typedef struct tf_launch tf_launch;

/* The five RISCs of a Tensix core, plus the compute slot (TRISC0-2 running
 * the three variants of one compute kernel). */
typedef enum tf_risc {
    TF_BRISC = 0,
    TF_NCRISC = 1,
    TF_TRISC0 = 2,
    TF_TRISC1 = 3,
    TF_TRISC2 = 4,
    TF_COMPUTE = 5,
} tf_risc;

/* A Tensix core by logical coordinates (0,0) .. (grid_x-1, grid_y-1). */
typedef struct tf_core {
    int x, y;
} tf_core;

typedef struct tf_device_config {
    int grid_x, grid_y;        /* simulated grid (default 8 x 8) */
    const tf_core *boot_cores; /* cores to boot (NULL: all) */
    int num_boot_cores;
    const char *firmware_dir;     /* default $TT_FOIL_FIRMWARE_DIR, else the build tree */
    uint32_t dispatch_timeout_ms; /* default $TT_FOIL_DISPATCH_TIMEOUT_MS, else 60000 */
    uint32_t boot_timeout_ms;     /* firmware must reach INIT within this (default 10000) */
    int dram_banks;               /* simulated DRAM banks (default 8) */
    uint64_t dram_bank_size;      /* bytes per bank (default 1 GiB, allocated lazily) */
    uint32_t sim_quantum;         /* simulator scheduler round in cycles (default 256) */
    tf_transport *transport;      /* NULL: open the built-in simulator */
} tf_device_config;

/* Fill a config with the defaults (all zero means default, too). */
void tf_device_config_init(tf_device_config *cfg);

/* Open the chip and boot firmware on its cores; NULL on failure. */
tf_device *tf_device_open(const tf_device_config *cfg);

/* Wait for anything launched asynchronously, then release everything. */
int tf_device_close(tf_device *dev);

/* Grid size and other facts about the opened chip. */
void tf_device_info(const tf_device *dev, tf_chip_info *info);

/* What the simulated chip has done so far (for benchmarks). */
typedef struct tf_device_counters {
    uint64_t instructions; /* guest instructions, all RISCs of all cores */
    uint64_t rounds;       /* scheduler rounds */
} tf_device_counters;
/* -1 if the transport keeps no counters (hardware). */
int tf_device_counters_read(tf_device *dev, tf_device_counters *out);

/* NOC coordinates of a core (what kernels pass to get_noc_addr). */
int tf_core_noc_xy(const tf_device *dev, tf_core core, uint32_t *noc_x, uint32_t *noc_y);

/* ---- buffers ------------------------------------------------------------------ */

/* A DRAM buffer (contiguous, in one bank chosen round-robin). */
tf_buffer *tf_buffer_create_dram(tf_device *dev, uint64_t size);

/* A buffer in a core's L1, freed by tf_buffer_free or tf_l1_reset. */
tf_buffer *tf_buffer_create_l1(tf_device *dev, tf_core core, uint32_t size);

/* A long-lived L1 buffer that survives tf_l1_reset. Allocate these before
 * any transient L1 buffer of that core (or right after a reset). */
tf_buffer *tf_buffer_create_l1_persistent(tf_device *dev, tf_core core, uint32_t size);

/* Free a buffer (and its handle; also for buffers released by a reset). */
int tf_buffer_free(tf_buffer *buf);

/* Blocking copies between host memory and a buffer. */
int tf_buffer_write(tf_buffer *buf, uint64_t offset, const void *src, uint64_t n);
int tf_buffer_read(tf_buffer *buf, uint64_t offset, void *dst, uint64_t n);

/* The buffer's 64-bit NOC address (for kernels) and local address. */
uint64_t tf_buffer_noc_addr(const tf_buffer *buf);
uint64_t tf_buffer_address(const tf_buffer *buf);
uint64_t tf_buffer_size(const tf_buffer *buf);

/* Release every transient L1 buffer of a core at once (a pool reset). */
int tf_l1_reset(tf_device *dev, tf_core core);

/* Bytes still free in a core's L1 pool. */
uint32_t tf_l1_free_bytes(const tf_device *dev, tf_core core);

/* ---- kernels and programs ------------------------------------------------------ */

/* Load a kernel ELF built by tt_foil_add_kernel (NAME.RISC.elf); for a
 * compute kernel pass NAME.compute: its three TRISC variants are loaded. */
tf_kernel *tf_kernel_load(tf_device *dev, const char *path);
void tf_kernel_free(tf_kernel *k);
const char *tf_kernel_name(const tf_kernel *k);
/* TF_BRISC .. TF_TRISC2, or TF_COMPUTE. */
tf_risc tf_kernel_risc(const tf_kernel *k);

/* What runs on one core in one dispatch: kernels per RISC, their runtime
 * arguments, circular buffers and semaphores. */
tf_program *tf_program_create(tf_device *dev, tf_core core);
/* Release a program (first waiting for an asynchronous launch running it;
 * returns that launch's result). */
int tf_program_destroy(tf_program *p);

/* Run kernel k on RISC r (TF_COMPUTE for a compute kernel's three TRISCs).
 * A kernel built for another RISC is refused. */
int tf_program_set_kernel(tf_program *p, tf_risc r, tf_kernel *k);

/* Runtime arguments of RISC r (TF_COMPUTE: all three TRISCs). */
int tf_program_set_args(tf_program *p, tf_risc r, const uint32_t *args, uint32_t n);

/* Circular buffer cb (0..31) of num_pages pages of page_size bytes,
 * allocated from the core's L1 pool. */
int tf_program_set_cb(tf_program *p, uint32_t cb, uint32_t page_size, uint32_t num_pages);

/* Initial value of semaphore id (0..31), set at every dispatch. */
int tf_program_set_semaphore(tf_program *p, uint32_t id, uint32_t value);

/* Per-RISC modeled cycles of the program's last completed dispatch. */
typedef struct tf_run_stats {
    uint32_t dispatch_id;
    uint64_t go_cycle[5], done_cycle[5]; /* wall clock at GO / done, per RISC */
    uint64_t cycles;                     /* BRISC done - BRISC GO: the core's whole run */
} tf_run_stats;
int tf_program_last_run(const tf_program *p, tf_run_stats *out);

/* Device zones of the program's last dispatch, when the firmware has the
 * device profiler (-DTT_FOIL_DEVICE_PROFILER=ON): START/END pairs per RISC,
 * names resolved from the ELFs that ran. Valid until the program's next
 * dispatch or its destruction. */
/* What a device profile entry is (the kernel_profiler.hpp macro behind it). */
typedef enum tf_device_zone_kind {
    TF_DZ_ZONE = 0,     /* DeviceZoneScopedN (and Main/MainChild): START..END */
    TF_DZ_SUM = 1,      /* DeviceZoneScopedSumN1/N2: value = total cycles of `count` scopes */
    TF_DZ_DATA = 2,     /* DeviceTimestampedData: value = the data, at start_cycle */
    TF_DZ_EVENT = 3,    /* DeviceRecordEvent: value = the event id, at start_cycle */
    TF_DZ_VALIDATE = 4, /* DeviceValidateProfiler: value = the condition (0 discards the RISC) */
} tf_device_zone_kind;

typedef struct tf_device_zone {
    const char *name, *file;
    uint32_t line;
    uint16_t hash;  /* 16-bit FNV-1a of "name,file,line,KERNEL_PROFILER" (the spec's ZONE_HASH) */
    uint32_t id;    /* zone id in the markers */
    int risc;       /* TF_BRISC .. TF_TRISC2 */
    uint32_t depth; /* 0 for outermost (the <RISC>-FW zone) */
    uint64_t start_cycle, end_cycle;
    uint64_t start_ns, end_ns; /* on the host's CLOCK_MONOTONIC timeline */
    tf_device_zone_kind kind;  /* non-ZONE kinds: start == end, the marker's time */
    uint64_t value;            /* SUM, DATA, EVENT, VALIDATE: see tf_device_zone_kind */
    uint32_t count;            /* SUM: scopes accumulated (saturates at 2^20 - 1) */
} tf_device_zone;

typedef struct tf_device_profile {
    uint32_t dispatch_id;
    const tf_device_zone *zones;
    size_t nzones;
    uint32_t dropped[5]; /* zones not recorded, per RISC (buffer full) */
    uint32_t unmatched;  /* markers without their pair */
    /* markers discarded per RISC by a DeviceValidateProfiler(false) (its own
     * VALIDATE entry is kept, naming the call site) */
    uint32_t discarded[5];
} tf_device_profile;

int tf_program_device_profile(const tf_program *p, tf_device_profile *out);

/* ---- dispatch --------------------------------------------------------------- */

/* Run one program to completion. */
int tf_dispatch_execute(tf_program *p);

/* Run programs on distinct cores at once: every GO is fired before any
 * DONE is awaited, so producers and consumers run at the same time. */
int tf_dispatch_execute_multi(tf_program *const *progs, size_t n);

/* Start programs on distinct, idle cores and return at once. */
tf_launch *tf_dispatch_launch_async(tf_program *const *progs, size_t n);

/* Wait for an asynchronous launch to finish, and release it. */
int tf_launch_wait(tf_launch *l);

#ifdef __cplusplus
}
#endif
#endif
