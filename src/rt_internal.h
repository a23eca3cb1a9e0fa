/* libtt_foil internals: the device, its pools and buffers, loaded images,
 * programs and launches. The runtime reaches the chip only through
 * dev->tr (tt_foil/transport.h). */
#ifndef TF_RT_INTERNAL_H
#define TF_RT_INTERNAL_H

#include "devprof.h"
#include "rt_prof.h"
#include "tf_build_note.h"
#include "common/cm_elf.h"
#include "common/cm_err.h"
#include "common/cm_handle.h"
#include "tf_banks.h"
#include "tf_formats.h"
#include "tf_mailbox.h"
#include "tf_perf.h"
#include "common/cm_risc.h"
#include "common/cm_rv32.h"
#include "tt_foil/runtime.h"

#include <stdint.h>
#include <sys/types.h>

/* The public RISC ids and count are the chip's (tt_foil/runtime.h cannot
 * include contracts/), row by row of TF_RISC_LIST. */
_Static_assert(TF_RISCS_PER_CORE == TF_NUM_RISCS, "TF_RISCS_PER_CORE is TF_NUM_RISCS");
#define RT_RISC_ID_CHECK(id, name, fw, kernel)                                                     \
    _Static_assert((int)TF_##id == TF_RISC_##id, "tf_risc TF_" #id " is TF_RISC_" #id);
TF_RISC_LIST(RT_RISC_ID_CHECK)
#undef RT_RISC_ID_CHECK
_Static_assert((int)TF_COMPUTE == TF_NUM_RISCS, "TF_COMPUTE follows the RISCs");

/* The RISCs [*lo, *hi] that r names: itself, or TF_COMPUTE's three TRISCs. */
static inline void rt_risc_span(tf_risc r, int *lo, int *hi)
{
    *lo = r == TF_COMPUTE ? TF_RISC_TRISC0 : (int)r;
    *hi = r == TF_COMPUTE ? TF_RISC_TRISC2 : (int)r;
}

/* Buffer states. TF_BUF_HELD: freed while an asynchronous launch was in
 * flight, which may still read or write it (its kernels' addresses are
 * plain numbers, so which buffers a launch uses is not known): its memory
 * goes back to the pool once no launch is in flight
 * (rt_buffers_release_held), so a buffer created meanwhile never gets its
 * bytes under a running kernel, as tt-metal's in-order command queue
 * frees them after the programs enqueued before. */
enum { TF_BUF_LIVE, TF_BUF_FREED, TF_BUF_RELEASED, TF_BUF_HELD };

/* A bump allocator over [base, limit) with LIFO reclamation: freeing the
 * topmost buffer lowers `top` past every freed buffer below it. For L1,
 * [base, watermark) holds persistent buffers that tf_l1_reset keeps. */
typedef struct rt_pool {
    const char *name; /* "Device DRAM", "Device L1" */
    int x, y;         /* core of an L1 pool, else -1 */
    uint64_t base, limit, top, watermark;
    struct tf_buffer *first, *last; /* by address */
    /* the host profiler's ids of the pool's memory-log pools, "<name> (x,y)"
     * and (L1) "<name> persistent (x,y)"; 0: not named yet (buffer.c) */
    uint32_t prof_pool[2];
} rt_pool;

struct tf_buffer {
    tf_device *dev;
    rt_pool *pool;
    int bank; /* DRAM bank, or -1 for L1 */
    int state;
    int persistent;
    uint64_t addr, size;
    struct tf_buffer *prev, *next;         /* in the pool, by address */
    struct tf_buffer *all_prev, *all_next; /* every handle of the device */
    /* interleaved buffers (interleaved.c): the handle owns one slice per
     * bank that holds pages (NULL elsewhere); a slice is a buffer in that
     * bank's pool, not a handle of its own */
    int interleaved, is_dram;
    /* sharded buffers (sharded.c): a slice per shard, in slices[i * shard
     * columns + j], page_size, stride and num_pages as above */
    int sharded;
    tf_shard_spec shard;
    uint32_t page_size, stride;
    uint64_t num_pages;
    int nslices;
    struct tf_buffer **slices;
    struct tf_buffer *parent; /* of a slice */
};

/* One firmware or kernel ELF, validated and staged for writing to L1. */
typedef struct rt_image {
    char *path;
    tf_build_note note;
    int risc;
    uint32_t entry;
    uint32_t base, size; /* contiguous L1 bytes [base, base+size) */
    uint8_t *bytes;      /* .bss included as zeros */
    rt_zone_info *zones; /* device profiler zones of this image */
    uint32_t nzones;
    uint32_t trace_image; /* its number in the host trace (DEVICE_ZONE), 0 until used */
    /* the CB formats a C++ kernel was built with (contracts/tf_build_note.h
     * TF_CB_FORMATS_SECTION), TF_DATA_FORMAT_INVALID for a CB not given */
    uint8_t cb_formats[TF_MAX_CBS];
    int has_cb_formats;
    /* a Metal 2.0 kernel's argument names (contracts/tf_named_args.h
     * TF_KERNEL_ARGS_SECTION), its records as read and checked (kargs.c);
     * NULL for a kernel built without Metal 2.0. nrta, ncrta: its named
     * runtime and common runtime args (their words 0..n-1). */
    char *kargs;
    uint32_t nrta, ncrta;
    /* the file as it was when read (device, inode, size, mtime): an error
     * names a pc's source line from the file's debug info, which must be
     * that of the code loaded (rt_image_file_same) */
    uint64_t file_id[5];
} rt_image;

/* image.c: whether img's file is still the one it was read from (1), or
 * was rebuilt or removed since (0) */
int rt_image_file_same(const rt_image *img);

/* interleaved.c: a tt-metal DataFormat's name ("Float16_b") */
const char *rt_data_format_name(uint32_t f);

struct tf_kernel {
    tf_device *dev;
    char *name;
    uint32_t common_args[TF_MAX_COMMON_ARGS];
    uint32_t ncommon;
    /* bit i: common arg word i was given (by name or by position): a
     * Metal 2.0 kernel's named ones must all be (kargs.c) */
    uint64_t common_given;
    tf_risc risc; /* TF_COMPUTE: img[0..2] are TRISC0..2 */
    int nimg;
    rt_image img[3];
};

/* The counters of a core's last DEVICE_PERF records written in full in
 * one part (src/perf.c), the last TF_PERF_REPEAT_REFS: a dispatch on the
 * core whose counters are those of one of them, window stamps relative to
 * the base, is recorded as a repeat of it (version 3, contracts/tf_perf.h).
 * Only records of at most RT_PERF_REPEAT_WORDS non-zero words are kept. */
enum { RT_PERF_REPEAT_WORDS = 64 };
typedef struct rt_perf_last {
    uint32_t ok, dispatch, n; /* n: words in vals */
    uint64_t base;            /* the record's base (perf_base) */
    uint64_t stamps;          /* bit j: vals[j] is a window stamp */
    uint64_t nz[TF_PERF_NZ_WORDS];
    uint64_t vals[RT_PERF_REPEAT_WORDS];
} rt_perf_last;
typedef struct rt_perf_kept {
    rt_perf_last rec[TF_PERF_REPEAT_REFS];
    uint32_t next; /* the oldest, replaced next */
} rt_perf_kept;

typedef struct rt_core_state {
    int booted;
    rt_pool l1;
    tf_launch *busy;         /* in-flight asynchronous launch */
    rt_perf_kept *perf_last; /* allocated at the core's first counters record */
    uint32_t kcfg_pool;      /* the id of its "Kernel config L1 (x,y)" pool (0: not had yet) */
} rt_core_state;

/* Items of a dispatch's kernel configuration in L1: each RISC's image,
 * runtime and common runtime arguments, the CB configuration, the
 * semaphores. */
#define RT_KCFG_MAX (3 * TF_NUM_RISCS + 2)

struct tf_program {
    tf_device *dev;
    tf_core core;
    tf_kernel *kernel[TF_NUM_RISCS];
    const rt_image *img[TF_NUM_RISCS];
    uint32_t nargs[TF_NUM_RISCS];
    tf_cb_config cb[TF_MAX_CBS];
    uint32_t cb_format[TF_MAX_CBS];  /* tt-metal DataFormat, or TF_DATA_FORMAT_INVALID */
    tf_buffer *cb_buf[TF_MAX_CBS];   /* NULL for a CB on another's memory (cb_alias_of) or
                                        on a buffer of the user's (cb_user) */
    tf_buffer *cb_user[TF_MAX_CBS];  /* the user's L1 buffer a CB is on, not owned
                                        (tf_program_set_cb_buffer); else NULL */
    uint8_t cb_alias_of[TF_MAX_CBS]; /* 1 + the CB whose memory it shares, 0: its own
                                        (rt_cb_owner) */
    uint32_t cb_mask;
    uint32_t sem[TF_MAX_SEMAPHORES][TF_SEMAPHORE_STRIDE / 4]; /* a value each, as in L1 */
    tf_run_stats last;
    int has_last;
    char label[160]; /* kernel names, as zone text */
    /* the kernel configuration of its dispatch in flight, as allocated in
     * the memory log: nkcfg (addr, size) pairs (src/dispatch.c) */
    uint32_t kcfg[2 * RT_KCFG_MAX], nkcfg;
    /* device zones of the last dispatch */
    tf_device_zone *dz;
    size_t ndz, cap_dz;
    uint32_t dz_dropped[TF_NUM_RISCS], dz_unmatched, dz_dispatch;
    uint32_t dz_discarded[TF_NUM_RISCS];
    int has_dz;      /* dz holds a read-back dispatch (also one that timed out or faulted) */
    rt_dz_raw dzraw; /* that readback, decoded into dz on demand */
    /* bit i of named_given[r]: runtime arg word i of RISC r was given (by
     * name or by position): a Metal 2.0 kernel's named ones must all be
     * (kargs.c) */
    uint64_t named_given[TF_NUM_RISCS];
    /* last, and not zeroed at creation (tf_program_create): only the first
     * nargs[r] of each are ever read, and a dispatch-bound program that
     * creates a program per op would otherwise clear 5 KiB each time */
    uint32_t args[TF_NUM_RISCS][TF_MAX_ARGS];
};

/* The CB whose memory CB c of p is (itself unless tf_program_set_cb_alias
 * put it on another's). */
static inline uint32_t rt_cb_owner(const tf_program *p, uint32_t c)
{
    return p->cb_alias_of[c] ? p->cb_alias_of[c] - 1u : c;
}

struct tf_launch {
    tf_device *dev;
    uint32_t id;
    uint64_t doorbell_ns;
    size_t n;
    tf_program **progs;
    int *done; /* n flags for its wait (wait_all), had at launch */
    struct tf_launch *next;
};

/* What a running asynchronous launch holds may not change under it (a
 * program's kernels and CBs, whose memory it uses and whose names its
 * errors give; a kernel it runs; the chip's counters): -1 and "op: ..." if
 * it would, else 0 (dispatch.c). Args and semaphore values may change:
 * they are in L1 already, and the program's are the next dispatch's. */
int rt_program_check_idle(const tf_program *p, const char *op);
/* -1 and "op: the program's device was closed ..." if it was (its memory
 * is gone: what needs the device is refused, not read). */
int rt_program_check_device(const tf_program *p, const char *op);
int rt_kernel_check_idle(const tf_kernel *k, const char *op);
/* tf_kernel_load, its TF_kernel_load zone's text `text` instead of the path
 * (tf_kernel_build: the source, not the cache entry's path, which changes
 * with every edit of it). */
tf_kernel *rt_kernel_load_as(tf_device *dev, const char *path, const char *text);

struct tf_device {
    tf_transport *tr;
    /* The device's number among those open in the process at once: the
     * lowest from 1 not taken when it was opened (device.c), so a program
     * that opens one at a time always has device 1. Its pools, and its
     * blocks in the trace, carry it: two open at once use the same core
     * coordinates and L1 addresses, and their reports must not merge. */
    uint32_t number;
    tf_chip_info info;
    rt_core_state *cores;
    rt_pool *dram; /* one pool per bank */
    int dram_cursor;
    rt_image fw[TF_NUM_RISCS];
    uint64_t timeout_ns, boot_timeout_ns;
    tf_buffer *buffers;  /* every live handle */
    tf_launch *launches; /* in flight */
    uint32_t held;       /* buffers TF_BUF_HELD in its pools */
    int ibuf_stale;      /* an interleaved one among them: the tables follow at their release */
    rt_devprof prof;
    /* interleaved buffers: L1 bank i is core l1_bank_core[i] (an index);
     * the bank tables are in every booted core's L1 once banks_ready */
    int *l1_bank_core;
    int n_l1_banks;
    int banks_ready;
    uint64_t dram_bank_capacity_said; /* bit b: capacity of pool "Device DRAM bank b" declared */
    struct rt_kcache *kcache;         /* kcache.c; NULL until the first kernel load */
    /* The thread inside a dispatch call (rt_dev_enter: its marker's
     * address; NULL: none) and the call's name, as relaxed atomics; the
     * nesting of that thread's calls (tf_device_close -> tf_launch_wait). */
    const void *in_thread;
    const char *in_op;
    int in_depth;
};

/* The body of public call `op` on dev (its handle checked): `expr`,
 * inside rt_dev_enter/rt_dev_leave, so that a call made while another
 * thread is inside one on dev is refused (returns `fail`). */
#define RT_DEV_CALL(dev, op, fail, expr)                                                           \
    do {                                                                                           \
        if (rt_dev_enter((dev), (op))) return (fail);                                              \
        __typeof__(expr) rt_rc_ = (expr);                                                          \
        rt_dev_leave(dev);                                                                         \
        return rt_rc_;                                                                             \
    } while (0)

/* buffer.c: whether b is the topmost buffer of its pool (freeing it gives
 * its bytes back at once) */
int rt_buffer_on_top(const tf_buffer *b);
/* buffer.c: give the memory of buffers freed while launches were in flight
 * (TF_BUF_HELD) back to their pools, once none is */
void rt_buffers_release_held(tf_device *dev);

/* perf.c: the hardware counters of p's core after dispatch id, into the
 * trace (when it is recorded and the transport has counters) */
/* Its zone begins at *now (0: read here); *now is its end when it makes
 * one (else unchanged). */
void rt_perf_record(tf_program *p, uint32_t id, uint64_t *now);

/* device.c */
/* dev->number (for test_device_numbers, which sees no struct) */
uint32_t rt_dev_number(const tf_device *dev);
/* A device is used from one thread at a time (docs/runtime.md): a
 * dispatch call (op) made while another thread is inside one refuses (-1
 * and a message naming the call inside) instead of racing it; 0: this
 * thread is inside until rt_dev_leave. A check, not a lock: calls that
 * overlap are caught once one is inside (a dispatch takes microseconds),
 * two that start in the same few instructions may not be. */
int rt_dev_enter(tf_device *dev, const char *op);
void rt_dev_leave(tf_device *dev);
int rt_dev_core_index(const tf_device *dev, tf_core core);
/* -1 and a message if core is not on dev's grid (or not booted, when
 * need_booted); with op, also if dev is not a live device handle
 * ("op: device handle ... is not live"), checked before dev is read. */
int rt_dev_check_core(const tf_device *dev, tf_core core, int need_booted, const char *op);
int rt_dev_boot_core(tf_device *dev, tf_core core);
uint64_t rt_dev_now_ns(void);
/* The doorbell for work this thread waits for at once (a synchronous
 * dispatch, a core's boot): the transport's start_sync, which may run the
 * work inside this thread's wait() calls, else start. */
static inline int rt_start_waited(tf_transport *t)
{
    return (t->ops->start_sync ? t->ops->start_sync : t->ops->start)(t);
}

/* paths.c: the installed tree (<prefix>/share/tt_foil) beside this runtime,
 * or NULL in a build tree; the firmware folder of a device whose config
 * names none, into buf ($TT_FOIL_FIRMWARE_DIR, else the installed tree's,
 * else the build tree's: cm_file_firmware_dir). */
const char *rt_install_share_dir(void);
const char *rt_default_firmware_dir(char *buf, size_t n);

/* jobs.c: child processes side by side (the kernel build). A job is a
 * command (argv[0] a path; NULL argv: not run) with its stdout and stderr
 * into the file `out`, and the jobs (lower indexes) that must succeed
 * before it starts. rt_jobs_run runs them at most `width` at a time and
 * returns when every child started has been waited for; then each job is
 * RT_JOB_DONE (its exit status, or spawn_err / wait_err) or
 * RT_JOB_SKIPPED: a prerequisite failed, or a job before it did (a
 * sequential run would have stopped there). */
enum { RT_JOBS_MAX = 32, RT_JOBS_MAX_WIDTH = 4 };
enum { RT_JOB_PENDING, RT_JOB_RUNNING, RT_JOB_DONE, RT_JOB_SKIPPED };
typedef struct rt_job {
    char *const *argv;
    const char *out;
    int deps[4], ndeps;
    /* results */
    int state, status, spawn_err, wait_err;
    pid_t pid;
    int pidfd;
} rt_job;
void rt_jobs_run(rt_job *jobs, int n, int width);
/* Done and exited 0. */
int rt_job_ok(const rt_job *j);
/* The CPUs this process may run on, 1..RT_JOBS_MAX_WIDTH. */
int rt_jobs_width(void);

/* kbuild.c: the kernel API's directories (NULL-terminated, absolute) */
const char *const *rt_kbuild_api_dirs(void);
/* The kernel cache's bound (src/kbprune.c): a hit marks its entry used;
 * after a build that added one, the cache keeps to TT_FOIL_CACHE_MAX_SIZE
 * (rt_kb_cache_max) by removing the entries used longest ago. */
void rt_kb_touch(const char *entry);
uint64_t rt_kb_cache_max(void);
void rt_kb_prune_maybe(const char *cache);
/* Remove folder `name` (at dirfd: AT_FDCWD for a path) and the files in
 * it; 0 when it is gone. */
int rt_kb_rmdir(int dirfd, const char *name);
/* srcloc.c: a device pc as "function (file:line)" from the image's DWARF */
void rt_srcloc_describe(const tf_program *p, int r, uint32_t pc, char *buf, size_t n);
/* The program's kernel image or RISC r's firmware holding pc, or NULL. */
const rt_image *rt_image_at(const tf_program *p, int r, uint32_t pc);
/* A core's mailbox into *mb (0, or -1 and the transport's message). */
static inline int rt_read_mailbox(const tf_device *dev, tf_core core, tf_mailbox *mb)
{
    return dev->tr->ops->read_l1(dev->tr, core.x, core.y, TF_L1_MAILBOX, mb, sizeof *mb);
}
/* Whether the mailbox says dispatch id is done (GO := DONE with its id). */
static inline int rt_mb_done(const tf_mailbox *mb, uint32_t id)
{
    return mb->go.signal == TF_GO_DONE && mb->go.dispatch_id == id;
}
/* Whether a RISC of the core wrote a fault record. */
static inline int rt_mb_faulted(const tf_mailbox *mb)
{
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (mb->fault[r].magic == TF_FAULT_MAGIC) return 1;
    return 0;
}

/* dispatch.c: who ran at pc on RISC r of p ("kernel 'name' (path)", ...) */
void rt_describe_code(const tf_program *p, int r, uint32_t pc, char *buf, size_t n);

/* stall.c: program i of dispatch id (of n; done: those finished) has not
 * finished and the chip says it cannot (tf_transport_ops.stalled): the
 * message (each waiting RISC's line and what it waits for) and -1; else
 * 0 (it may yet finish, or the transport cannot tell). */
int rt_report_stall(tf_program *const *progs, size_t n, size_t i, const int *done, uint32_t id,
                    uint64_t waited_ns);
/* What RISC r of p's core waits for on a stalled chip ("waits in
 * cb_wait_front for ..."), 0; -1 if the chip has not stalled so. */
int rt_stall_wait_text(const tf_program *p, int r, char *buf, size_t n);

/* kargs.c: read img's argument names from e (none: kargs NULL), checked:
 * 0, or -1 with the message */
int rt_kargs_read(rt_image *img, const cm_elf *e);
/* -1 and "op: ..." if a kernel of p has named runtime (or common runtime)
 * args that were not given, naming them and the call that sets them */
int rt_kargs_check_given(const tf_program *p, const char *op);
/* Whether images a and b name the same runtime args in the same order
 * (none and none: the same). */
int rt_kargs_same_rtas(const rt_image *a, const rt_image *b);
/* The words [0, n) as given: a positional set of n args */
static inline uint64_t rt_kargs_first(uint32_t n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* image.c */
int rt_image_load(rt_image *img, const char *path, uint32_t kind, int risc);
/* The same from an ELF already read (the fuzz harness feeds it bytes). */
int rt_image_from_elf(rt_image *img, const cm_elf *e, uint32_t kind, int risc);
void rt_image_free(rt_image *img);
const char *rt_image_region_name(uint32_t kind, int risc, char *buf, size_t n);
/* -1 with the message if img was not built for RISC risc (-1: any). */
int rt_image_check_risc(const rt_image *img, const char *path, uint32_t kind, int risc);
/* A deep copy (its trace number not kept); -1 out of memory, dst empty. */
int rt_image_copy(rt_image *dst, const rt_image *src);

/* kcache.c: kernel images by file, per device. rt_kcache_load is
 * rt_image_load of a kernel, from a copy of the image the device read from
 * the same file before when the file is unchanged (its inode, size and
 * modification time). */
int rt_kcache_load(tf_device *dev, rt_image *img, const char *path, int risc);
void rt_kcache_free(tf_device *dev);
/* Loads served from the cache and read from files so far (tests). */
void rt_kcache_stats(const tf_device *dev, uint64_t *hits, uint64_t *misses);

/* buffer.c */
void rt_pool_init(rt_pool *p, const char *name, int x, int y, uint64_t base, uint64_t limit);
tf_buffer *rt_buffer_new(tf_device *dev, rt_pool *pool, int bank, uint64_t size, int persistent);
tf_buffer *rt_buffer_new_slice(tf_buffer *parent, rt_pool *pool, int bank, uint64_t addr,
                               uint64_t size);
void rt_buffer_free_slice(tf_buffer *slice);
tf_buffer *rt_buffer_new_handle(tf_device *dev, uint64_t addr, uint64_t size, int nslices);
/* Where a page of a buffer made of pages is: a DRAM bank (bank >= 0) or
 * core (x, y)'s L1 (bank -1), and its address there. */
typedef struct rt_page_at {
    int bank, x, y;
    uint64_t addr;
} rt_page_at;
int rt_paged_io(tf_buffer *b, uint64_t off, void *ptr, uint64_t n, int write,
                void (*at)(const tf_buffer *b, uint64_t page, rt_page_at *where));
void rt_buffer_link(tf_device *dev, tf_buffer *b);
void rt_buffer_free_sliced(tf_buffer *b);
uint64_t rt_buffer_l1_bytes(const tf_buffer *b, tf_core core);
/* Free n (at most TF_MAX_CBS) plain L1 buffers of one core, made by
 * tf_buffer_create_l1 (a program's CBs), at one time: their frees are one
 * memory-log record (buffer.c). */
void rt_buffer_free_set(tf_buffer *const *bs, unsigned n);
void rt_buffer_release_all(tf_device *dev);

/* interleaved.c */
int rt_banks_init(tf_device *dev);
int rt_banks_write_core(tf_device *dev, tf_core core);
int rt_ibuf_sync(tf_device *dev);
void rt_interleaved_free(tf_buffer *b);
/* sharded.c */
int rt_sharded_io(tf_buffer *b, uint64_t off, void *p, uint64_t n, int write);
uint64_t rt_sharded_noc_addr(const tf_buffer *b);
int rt_sharded_accessor_args(const tf_buffer *b, uint32_t *words, uint32_t max_words);
int rt_interleaved_io(tf_buffer *b, uint64_t off, void *p, uint64_t n, int write);
uint64_t rt_interleaved_noc_addr(const tf_buffer *b);
void rt_dram_bank_capacity(tf_device *dev, int bank);
void rt_interleaved_dram_event(const tf_device *dev, int bank, int alloc, uint64_t key,
                               uint64_t size);
/* tile.c: the message for a tile-engine fault record (aux_lo, aux_hi). */
void rt_tile_fault_describe(uint32_t op, uint32_t aux, char *buf, size_t n);

#endif
