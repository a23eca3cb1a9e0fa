/* The firmware's side of the device profiler: set up this RISC's marker
 * buffer at every GO, and record <RISC>-FW around the whole dispatch and
 * <RISC>-KERNEL around the kernel. Empty without the profiler. The zone
 * names are TF_RISC_LIST's (tf_memmap.h); TRISC0-2 share "TRISC-FW" and
 * "TRISC-KERNEL", as in the spec's reports. */
#ifndef TF_FW_PROFILER_H
#define TF_FW_PROFILER_H

#include "kernel_profiler.h"

#if defined(TT_FOIL_DEVICE_PROFILER) && TT_FOIL_DEVICE_PROFILER

#define TF_FW_ZONE     TF_RISC_FW_ZONE(TF_RISC)
#define TF_KERNEL_ZONE TF_RISC_KERNEL_ZONE(TF_RISC)

static inline void dev_fw_profiler_init(void)
{
    volatile tf_dprof_ctl *ctl = (volatile tf_dprof_ctl *)TF_DPROF_CTL;
    ctl->magic = TF_DPROF_MAGIC;
    ctl->version = TF_DPROF_VERSION;
    ctl->bitmask = PROFILE_KERNEL;
}

/* A new dispatch: an empty buffer, nothing dropped. */
static inline void dev_fw_profiler_reset(uint32_t id)
{
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    c->cur = TF_DPROF_BUF(TF_RISC);
    c->free = TF_DPROF_WORDS * 4; /* bytes */
    c->dropped = 0;
    c->dispatch_id = id;
    c->invalid = 0;
    for (int i = 0; i < TF_DPROF_SUM_SLOTS; i++)
        c->sum[i].hdr = c->sum[i].count = c->sum[i].total_lo = c->sum[i].total_hi = 0;
}

/* After the kernel: one SUM marker per accumulating slot it used (their
 * space was reserved when the slot was taken). */
static inline void dev_fw_profiler_sums(void)
{
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    for (int i = 0; i < TF_DPROF_SUM_SLOTS; i++) {
        volatile tf_dprof_sum *s = &c->sum[i];
        if (!s->hdr || s->hdr == TF_DPROF_SUM_FULL) continue;
        uint32_t cur = c->cur,
                 n = s->count < TF_DPROF_SUM_COUNT_MAX ? s->count : TF_DPROF_SUM_COUNT_MAX;
        dev_prof_write(cur, s->hdr);
        ((volatile uint32_t *)(uintptr_t)cur)[2] = s->total_lo;
        ((volatile uint32_t *)(uintptr_t)cur)[3] = (s->total_hi & 0xfff) | (n << 12);
        c->cur = cur + 16;
    }
}

#define TF_FW_ZONE_BEGIN(v)     uint32_t v = DeviceZoneBegin(TF_FW_ZONE)
#define TF_FW_ZONE_END(v)       DeviceZoneEnd(v)
#define TF_KERNEL_ZONE_BEGIN(v) uint32_t v = DeviceZoneBegin(TF_KERNEL_ZONE)
#define TF_KERNEL_ZONE_END(v)                                                                      \
    do {                                                                                           \
        DeviceZoneEnd(v);                                                                          \
        dev_fw_profiler_sums();                                                                    \
    } while (0)

#else

#define dev_fw_profiler_init()    ((void)0)
#define dev_fw_profiler_reset(id) ((void)(id))
#define TF_FW_ZONE_BEGIN(v)       ((void)0)
#define TF_FW_ZONE_END(v)         ((void)0)
#define TF_KERNEL_ZONE_BEGIN(v)   ((void)0)
#define TF_KERNEL_ZONE_END(v)     ((void)0)

#endif
#endif
