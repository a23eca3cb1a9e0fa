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

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

typedef struct tf_device tf_device;
typedef struct tf_buffer tf_buffer;
typedef struct tf_kernel tf_kernel;
typedef struct tf_program tf_program;
typedef struct tf_launch tf_launch;

/* The five RISCs of a Tensix core, plus the compute slot (TRISC0-2 running
 * the three variants of one compute kernel). The runtime checks at compile
 * time that these are the chip's RISC ids (contracts/tf_memmap.h). */
#define TF_RISCS_PER_CORE 5

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
    const tf_core *boot_cores; /* cores to boot (NULL: all) */
    int num_boot_cores;
    const char *firmware_dir;     /* default $TT_FOIL_FIRMWARE_DIR, else share/tt_foil beside an
                                     installed runtime, else the build tree */
    uint32_t dispatch_timeout_ms; /* default $TT_FOIL_DISPATCH_TIMEOUT_MS, else 60000 */
    uint32_t boot_timeout_ms;     /* firmware must reach INIT within this (default 10000) */
    tf_transport *transport;      /* the chip (NULL: open the built-in simulator) */
    const tf_sim_config *sim;     /* the built-in simulator's grid, DRAM and scheduler (NULL:
                                     its defaults); only without a transport */
} tf_device_config;

/* Fill a config with the defaults (all zero means default, too); NULL:
 * nothing, and a message. */
void tf_device_config_init(tf_device_config *cfg);

/* Open the chip and boot firmware on its cores; NULL on failure. */
tf_device *tf_device_open(const tf_device_config *cfg);

/* Wait for anything launched asynchronously, then release everything. */
int tf_device_close(tf_device *dev);

/* Grid size and other facts about the opened chip (all zero, and a
 * message, for a handle that is not a live device). */
void tf_device_info(const tf_device *dev, tf_chip_info *info);

/* What the simulated chip has done so far (for benchmarks). */
typedef struct tf_device_counters {
    uint64_t instructions; /* guest instructions, all RISCs of all cores */
    uint64_t rounds;       /* scheduler rounds */
} tf_device_counters;
/* Read once the chip has gone idle (RISCs finishing a dispatch sleep
 * within a few rounds), so the figures are the same on every run.
 * -1 if the transport keeps no counters (hardware), or while an
 * asynchronous launch runs (wait for it first). */
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

/* The buffer's 64-bit NOC address (for kernels) and local address; 0 (and
 * a message) for a handle that is not a live buffer. */
uint64_t tf_buffer_noc_addr(const tf_buffer *buf);
uint64_t tf_buffer_address(const tf_buffer *buf);
uint64_t tf_buffer_size(const tf_buffer *buf);

/* Interleaved buffers, tt-metal's default layout: pages of page_size bytes
 * round-robin over the DRAM banks (TF_BUFFER_DRAM) or over the booted
 * cores' L1 (TF_BUFFER_L1; each core is an L1 bank, in core order), page p
 * in bank p % banks at the buffer's address + (p / banks) x the aligned
 * page size (page_size rounded up to 64 bytes in DRAM, 16 in L1). The
 * address is the same in every bank (tf_buffer_address); size must be a
 * multiple of page_size. tf_buffer_write/read scatter and gather the
 * pages; kernels address them through the bank tables the runtime keeps
 * in every core's L1, and a page id past the end faults with a message
 * that names the kernel and the page. tf_buffer_noc_addr gives page 0's. */
typedef enum tf_buffer_type {
    TF_BUFFER_DRAM = 0,
    TF_BUFFER_L1 = 1,
} tf_buffer_type;
tf_buffer *tf_buffer_create_interleaved(tf_device *dev, tf_buffer_type type, uint64_t size,
                                        uint32_t page_size);

/* Page size, page count and aligned page size (the page stride in a
 * bank) of an interleaved buffer; 0 for other buffers. */
uint32_t tf_buffer_page_size(const tf_buffer *buf);
uint64_t tf_buffer_num_pages(const tf_buffer *buf);

/* The compile-time words of tt-metal's TensorAccessorArgs for an
 * interleaved or a sharded buffer, written to words[0..]: the ArgConfig
 * flags (IsDram = 2, Sharded = 1) and the aligned page size; a sharded
 * buffer's go on in tt-foil's own form (contracts/tf_banks.h: its page
 * grid, shard shape and the cores of its rectangle, or its DRAM banks).
 * Returns how many (2 for an interleaved buffer, 7 and one a core or bank
 * for a sharded one), -1 on error. */
int tf_buffer_accessor_args(const tf_buffer *buf, uint32_t *words, uint32_t max_words);

/* Sharded buffers: tt-metal's HEIGHT_SHARDED, WIDTH_SHARDED and
 * BLOCK_SHARDED layouts (ShardSpecBuffer), in L1 or (in_dram, below) in
 * DRAM banks. A tensor of pages_h x pages_w
 * pages of page_size bytes is cut into shards of shard_h x shard_w pages,
 * one shard a core of the rectangle start..end (corners included), at the
 * same L1 address on each (tf_buffer_address). Page p is at row
 * p / pages_w, column p % pages_w: tf_buffer_write/read offsets are in
 * that order. Shard (i, j) holds rows i*shard_h.. and columns j*shard_w..,
 * its pages row by row (one at the tensor's edge keeps its whole size).
 * TF_SHARD_HEIGHT cuts rows only (shard_w = pages_w), TF_SHARD_WIDTH
 * columns only (shard_h = pages_h), TF_SHARD_BLOCK both. Pages are 16-byte aligned in a shard
 * (tf_buffer_page_size gives the size, the stride is rounded up). A kernel reads its core's shard
 * as a circular buffer in place (tf_program_set_cb_buffer), or another core's at tf_buffer_address
 * through get_noc_addr(x, y, addr), or through tt-metal's sharded TensorAccessor
 * (tf_buffer_accessor_args); tf_buffer_noc_addr is shard 0's. Shard k (i * shard columns + j) is on
 * the rectangle's k-th core, along its rows (down its columns with
 * col_major: ShardOrientation::COL_MAJOR), as tt-metal: a BLOCK shard
 * grid lands on the rectangle as rows only when the rectangle is as wide.
 * At most 2^31 - 1 pages; every core of the rectangle booted. */
typedef enum tf_shard_layout {
    TF_SHARD_HEIGHT = 0,
    TF_SHARD_WIDTH = 1,
    TF_SHARD_BLOCK = 2,
} tf_shard_layout;
typedef struct tf_shard_spec {
    tf_shard_layout layout;
    tf_core start, end; /* the cores: a rectangle, corners included */
    int col_major;      /* shards go down the rectangle's columns first */
    uint32_t page_size;
    uint32_t pages_h, pages_w; /* the tensor, in pages */
    uint32_t shard_h, shard_w; /* a shard, in pages */
    /* 1: the shards are in DRAM, one a bank (tt-metal's DRAM-sharded
     * tensors: decode's weights). start..end are then DRAM banks as
     * tt-metal's DRAM grid names them, (bank, 0): shard k in bank
     * start.x + k, at the same address in each; pages 64-byte aligned. */
    int in_dram;
} tf_shard_spec;
tf_buffer *tf_buffer_create_sharded(tf_device *dev, const tf_shard_spec *spec);
/* How many shards a sharded buffer has (0 for another buffer), and the core
 * shard `shard` (i * shard columns + j) is on (of a DRAM-sharded buffer:
 * its bank, as (bank, 0)). */
uint32_t tf_buffer_num_shards(const tf_buffer *buf);
int tf_buffer_shard_core(const tf_buffer *buf, uint32_t shard, tf_core *core);

/* Release every transient L1 buffer of a core at once (a pool reset). */
int tf_l1_reset(tf_device *dev, tf_core core);

/* Bytes still free in a core's L1 pool. */
uint32_t tf_l1_free_bytes(const tf_device *dev, tf_core core);

/* ---- kernels and programs ------------------------------------------------------ */

/* Load a kernel ELF built by tt_foil_add_kernel (NAME.RISC.elf); for a
 * compute kernel pass NAME.compute: its three TRISC variants are loaded.
 * A file the device loaded before and that has not changed since (inode,
 * size, modification time) is not read again (docs/runtime.md). */
tf_kernel *tf_kernel_load(tf_device *dev, const char *path);
void tf_kernel_free(tf_kernel *k);
/* NULL (and a message) for a handle that is not a live kernel. */
const char *tf_kernel_name(const tf_kernel *k);
/* TF_BRISC .. TF_TRISC2, or TF_COMPUTE; (tf_risc)-1 (and a message) for a
 * handle that is not a live kernel. */
tf_risc tf_kernel_risc(const tf_kernel *k);

/* Common runtime arguments of a kernel (tt-metal's SetCommonRuntimeArgs):
 * one set, written for every core that runs the kernel, at each dispatch
 * (get_common_arg_val). At most 128. */
int tf_kernel_set_common_args(tf_kernel *k, const uint32_t *args, uint32_t n);

/* What runs on one core in one dispatch: kernels per RISC, their runtime
 * arguments, circular buffers and semaphores. */
tf_program *tf_program_create(tf_device *dev, tf_core core);
/* Release a program (first waiting for an asynchronous launch running it;
 * returns that launch's result). */
int tf_program_destroy(tf_program *p);

/* Run kernel k on RISC r (TF_COMPUTE for a compute kernel's three TRISCs).
 * A kernel built for another RISC is refused. */
int tf_program_set_kernel(tf_program *p, tf_risc r, tf_kernel *k);

/* Runtime arguments of RISC r (TF_COMPUTE: all three TRISCs): the whole
 * list, args[i] is word i (get_arg_val(i)). */
int tf_program_set_args(tf_program *p, tf_risc r, const uint32_t *args, uint32_t n);

/* Metal 2.0 named args (docs/kernels.md, "Named arguments"), of a kernel
 * built with runtime or common runtime arg names (tf_kernel_build_opts,
 * tt_foil_cc --rta/--crta, tt_foil_add_kernel RUNTIME_ARG_NAMES/...).
 * Each is a word of the same arrays the positional calls set: the named
 * runtime args are words 0.. in the order of the build's names, the
 * varargs (get_vararg(i)) the words after them; likewise the common ones.
 * The last call to set a word wins, so names and positions may be mixed.
 * A dispatch of a kernel one of whose named args was never given (by name
 * or by a positional list reaching it) is refused, naming them.
 *
 * Runtime arg `name` of the kernel set on RISC r of p (TF_COMPUTE: the
 * three TRISCs). A name the kernel does not have is refused with the
 * names it has. */
int tf_program_set_named_arg(tf_program *p, tf_risc r, const char *name, uint32_t value);
/* Its varargs: args[i] is get_vararg(i), the words after its named
 * runtime args (which are kept); the list ends there. */
int tf_program_set_varargs(tf_program *p, tf_risc r, const uint32_t *args, uint32_t n);
/* Common runtime arg `name` of k, for every core that runs it. */
int tf_kernel_set_named_common_arg(tf_kernel *k, const char *name, uint32_t value);
/* Its common varargs (get_common_vararg(i)), after its named ones. */
int tf_kernel_set_common_varargs(tf_kernel *k, const uint32_t *args, uint32_t n);

/* Circular buffer cb (0..31) of num_pages pages of page_size bytes,
 * allocated from the core's L1 pool. */
int tf_program_set_cb(tf_program *p, uint32_t cb, uint32_t page_size, uint32_t num_pages);

/* Tile data formats, with tt-metal's DataFormat names and values
 * (contracts/tf_formats.h has the table, with each tile's bytes). */
typedef enum tf_data_format {
    TF_DATA_FORMAT_Float32 = 0,
    TF_DATA_FORMAT_Float16 = 1,
    TF_DATA_FORMAT_Bfp8 = 2,
    TF_DATA_FORMAT_Bfp4 = 3,
    TF_DATA_FORMAT_Float16_b = 5,
    TF_DATA_FORMAT_Bfp8_b = 6,
    TF_DATA_FORMAT_Bfp4_b = 7,
    TF_DATA_FORMAT_Int32 = 8,
    TF_DATA_FORMAT_UInt16 = 9,
    TF_DATA_FORMAT_Lf8 = 10,
    TF_DATA_FORMAT_Bfp2 = 11,
    TF_DATA_FORMAT_Int8 = 14,
    TF_DATA_FORMAT_Bfp2_b = 15,
    TF_DATA_FORMAT_UInt32 = 24,
    TF_DATA_FORMAT_Fp8_e4m3 = 26,
    TF_DATA_FORMAT_UInt8 = 30,
} tf_data_format;

/* Bytes of one 32 x 32 tile in format f (Float16_b 2048, Float32 4096,
 * Bfp8_b 1088, ...); 0 for a value that is not a format. */
uint32_t tf_data_format_tile_size(tf_data_format f);

/* Circular buffer cb of num_pages tiles of format fmt: the page size is the
 * format's tile size, and kernels see the format (get_dataformat). */
int tf_program_set_cb_format(tf_program *p, uint32_t cb, tf_data_format fmt, uint32_t num_pages);

/* Circular buffer cb on the memory of circular buffer `of` (set before):
 * the same L1 pages, page size, page count and format, as tt-metal's
 * CircularBufferConfig with several buffer indices on one buffer (ttnn's
 * matmul packs its partials through one index and reloads them through
 * another). Each CB keeps its own pointers and page counts: pages pushed
 * on one are not pushed on the other. A later tf_program_set_cb(_format)
 * of `of` moves cb with it; one of cb gives cb memory of its own again.
 * `of` may itself share another's memory (cb then shares that memory). */
int tf_program_set_cb_alias(tf_program *p, uint32_t cb, uint32_t of);

/* Circular buffer cb on the memory of L1 buffer buf of the program's own
 * core (tf_buffer_create_l1), or on a sharded buffer's shard there
 * (tf_buffer_create_sharded), as tt-metal's CircularBufferConfig with
 * set_globally_allocated_address: ttnn's sharded inputs and outputs, where
 * the CB's pages are the tensor's shard in place. buf's whole size (or
 * the shard's) in pages of page_size bytes (which must divide it); _format: pages of
 * fmt's tile size, and kernels see the format. Nothing is allocated or
 * copied: a reader makes pages the host wrote there visible with
 * cb_reserve_back and cb_push_back, a compute kernel packs into buf
 * itself. buf must stay live while the program is dispatched (a dispatch
 * refuses a CB whose buffer was freed). tf_program_set_cb(_format) of cb
 * gives it memory of its own again. */
int tf_program_set_cb_buffer(tf_program *p, uint32_t cb, tf_buffer *buf, uint32_t page_size);
int tf_program_set_cb_buffer_format(tf_program *p, uint32_t cb, tf_buffer *buf, tf_data_format fmt);

/* Initial value of semaphore id (0..31), set at every dispatch. */
int tf_program_set_semaphore(tf_program *p, uint32_t id, uint32_t value);

/* Per-RISC modeled cycles of the program's last completed dispatch. */
typedef struct tf_run_stats {
    uint32_t dispatch_id;
    uint64_t go_cycle[TF_RISCS_PER_CORE],
        done_cycle[TF_RISCS_PER_CORE]; /* wall clock at GO / done */
    uint64_t cycles;                   /* BRISC done - BRISC GO: the core's whole run */
} tf_run_stats;
int tf_program_last_run(const tf_program *p, tf_run_stats *out);

/* The chip's hardware counters of the program's last completed dispatch on
 * its core (contracts/tf_perf.h: each RISC's cycles split into
 * instructions, tile-engine work and waits by cause; tile engine units and
 * FLOPs; NOC and DRAM traffic). Read through the transport when called,
 * at no modeled cost; valid until the core's next dispatch. -1 if the
 * transport has no counters (hardware). */
struct tf_perf_core;
int tf_program_counters(const tf_program *p, struct tf_perf_core *out);

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
    int open; /* 1: still open when a timeout, fault, interrupt or deadlock stopped the RISC;
                 end_cycle is when the RISC stopped (its trap; its clock when a deadlocked
                 chip stopped) or, still running, when its markers were read back */
} tf_device_zone;

typedef struct tf_device_profile {
    uint32_t dispatch_id;
    const tf_device_zone *zones;
    size_t nzones;
    uint32_t dropped[TF_RISCS_PER_CORE]; /* zones not recorded, per RISC (buffer full) */
    uint32_t unmatched;                  /* markers without their pair */
    /* markers discarded per RISC by a DeviceValidateProfiler(false) (its own
     * VALIDATE entry is kept, naming the call site) */
    uint32_t discarded[TF_RISCS_PER_CORE];
} tf_device_profile;

int tf_program_device_profile(const tf_program *p, tf_device_profile *out);

/* ---- dispatch --------------------------------------------------------------- */

/* Run one program to completion. */
int tf_dispatch_execute(tf_program *p);

/* Run programs on distinct cores at once: every GO is fired before any
 * DONE is awaited, so producers and consumers run at the same time. */
int tf_dispatch_execute_multi(tf_program *const *progs, size_t n);

/* Start programs on distinct, idle cores and return at once. Until
 * tf_launch_wait, the programs and kernels it runs refuse changes, and
 * the buffers they use must stay allocated (docs/runtime.md). */
tf_launch *tf_dispatch_launch_async(tf_program *const *progs, size_t n);

/* Wait for an asynchronous launch to finish, and release it. */
int tf_launch_wait(tf_launch *l);

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
