/* libtt_foil internals: the device, its pools and buffers, loaded images,
 * programs and launches. The runtime reaches the chip only through
 * dev->tr (tt_foil/transport.h). */
#ifndef TF_RT_INTERNAL_H
#define TF_RT_INTERNAL_H

#include "devprof.h"
#include "rt_prof.h"
#include "tf_build_note.h"
#include "cm_elf.h"
#include "cm_err.h"
#include "cm_handle.h"
#include "tf_mailbox.h"
#include "cm_risc.h"
#include "cm_rv32.h"
#include "tt_foil/runtime.h"

#include <stdint.h>

/* Buffer states. */
enum { TF_BUF_LIVE, TF_BUF_FREED, TF_BUF_RELEASED };

/* A bump allocator over [base, limit) with LIFO reclamation: freeing the
 * topmost buffer lowers `top` past every freed buffer below it. For L1,
 * [base, watermark) holds persistent buffers that tf_l1_reset keeps. */
typedef struct rt_pool {
    const char *name; /* "Device DRAM", "Device L1" */
    int x, y;         /* core of an L1 pool, else -1 */
    uint64_t base, limit, top, watermark;
    struct tf_buffer *first, *last; /* by address */
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
} rt_image;

struct tf_kernel {
    tf_device *dev;
    char *name;
    tf_risc risc; /* TF_COMPUTE: img[0..2] are TRISC0..2 */
    int nimg;
    rt_image img[3];
};

typedef struct rt_core_state {
    int booted;
    rt_pool l1;
    tf_launch *busy; /* in-flight asynchronous launch */
} rt_core_state;

struct tf_program {
    tf_device *dev;
    tf_core core;
    tf_kernel *kernel[TF_NUM_RISCS];
    const rt_image *img[TF_NUM_RISCS];
    uint32_t args[TF_NUM_RISCS][TF_MAX_ARGS];
    uint32_t nargs[TF_NUM_RISCS];
    tf_cb_config cb[TF_MAX_CBS];
    tf_buffer *cb_buf[TF_MAX_CBS];
    uint32_t cb_mask;
    uint32_t sem[TF_MAX_SEMAPHORES];
    tf_run_stats last;
    int has_last;
    char label[160]; /* kernel names, as zone text */
    /* device zones of the last dispatch */
    tf_device_zone *dz;
    size_t ndz, cap_dz;
    uint32_t dz_dropped[TF_NUM_RISCS], dz_unmatched, dz_dispatch;
};

struct tf_launch {
    tf_device *dev;
    uint32_t id;
    uint64_t doorbell_ns;
    size_t n;
    tf_program **progs;
    struct tf_launch *next;
};

struct tf_device {
    tf_transport *tr;
    tf_chip_info info;
    rt_core_state *cores;
    rt_pool *dram; /* one pool per bank */
    int dram_cursor;
    rt_image fw[TF_NUM_RISCS];
    uint32_t next_id;
    uint64_t timeout_ns, boot_timeout_ns;
    tf_buffer *buffers;  /* every live handle */
    tf_launch *launches; /* in flight */
    rt_devprof prof;
};

/* device.c */
int rt_dev_core_index(const tf_device *dev, tf_core core);
int rt_dev_check_core(const tf_device *dev, tf_core core, int need_booted);
int rt_dev_boot_core(tf_device *dev, tf_core core);
uint64_t rt_dev_now_ns(void);

/* image.c */
int rt_image_load(rt_image *img, const char *path, uint32_t kind, int risc);
/* The same from an ELF already read (the fuzz harness feeds it bytes). */
int rt_image_from_elf(rt_image *img, const cm_elf *e, uint32_t kind, int risc);
void rt_image_free(rt_image *img);
const char *rt_image_region_name(uint32_t kind, int risc, char *buf, size_t n);

/* buffer.c */
void rt_pool_init(rt_pool *p, const char *name, int x, int y, uint64_t base, uint64_t limit);
tf_buffer *rt_buffer_new(tf_device *dev, rt_pool *pool, int bank, uint64_t size, int persistent);
void rt_buffer_release_all(tf_device *dev);

/* tile.c: the message for a tile-engine fault record (aux_lo, aux_hi). */
void rt_tile_fault_describe(uint32_t op, uint32_t aux, char *buf, size_t n);

#endif
