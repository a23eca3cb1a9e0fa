/* Device zones (tt-metal's kernel_profiler names):
 *
 *   DeviceZoneScopedN("name");          times the rest of the block
 *   uint32_t z = DeviceZoneBegin("name"); ... DeviceZoneEnd(z);
 *                                       a zone that does not follow scope
 *   DeviceZoneScopedSumN1("name");      (N2: a second slot) adds the time
 *                                       to the rest of the block to one
 *                                       total per dispatch (one SUM marker,
 *                                       written by the firmware at the end)
 *   DeviceTimestampedData("name", v);   a timestamp with a 64-bit value
 *   DeviceRecordEvent(id);              a timestamp with an event id
 *   DeviceValidateProfiler(cond);       cond false: the host discards this
 *                                       RISC's markers of the dispatch
 *
 * Each call site gets a metadata record (name, file, line) in the ELF and a
 * unique 16-bit id, so the host resolves names exactly. Built without
 * -DTT_FOIL_DEVICE_PROFILER=ON everything here compiles to nothing.
 *
 * Cost: a zone (START + END) is about 30 instructions, i.e. about 30
 * modeled cycles (bench/bench_device_profiler measures it). Works on every
 * RISC, in compute kernels and in loops waiting on circular buffers. */
#ifndef TF_KERNEL_PROFILER_H
#define TF_KERNEL_PROFILER_H

#include <stdint.h>

#if defined(TT_FOIL_DEVICE_PROFILER) && TT_FOIL_DEVICE_PROFILER

#include "tf_device.h"
#include "tf_profiler.h"

#define TF_DPROF_RISC_CTL                                                                          \
    ((volatile tf_dprof_risc_ctl *)&((tf_dprof_ctl *)TF_DPROF_CTL)->risc[TF_RISC])

TF_ALWAYS_INLINE void dev_prof_write(uint32_t cur, uint32_t hdr)
{
    uint32_t hi, lo;
    __asm__ volatile("csrr %0, cycleh\n\tcsrr %1, cycle" : "=r"(hi), "=r"(lo));
    volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)cur;
    p[0] = hdr | TF_DPROF_CYCLE_HI(hi); /* cycle[43:32] */
    p[1] = lo;
}

/* START of a zone whose START header is `hdr`; returns its END header, or
 * 0 if the zone did not fit (then nothing is written and it is counted). */
TF_ALWAYS_INLINE uint32_t dev_prof_begin(uint32_t hdr)
{
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    int32_t free = c->free - TF_DPROF_ZONE_BYTES; /* the END's space is reserved too */
    uint32_t cur = c->cur;
    if (__builtin_expect(free < 0, 0)) {
        c->dropped++;
        return 0;
    }
    dev_prof_write(cur, hdr);
    c->cur = cur + TF_DPROF_MARKER_BYTES;
    c->free = free;
    return hdr + TF_DPROF_TYPE_BITS(TF_DPROF_END);
}

TF_ALWAYS_INLINE void dev_prof_end(uint32_t end_hdr)
{
    if (!end_hdr) return;
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    uint32_t cur = c->cur;
    dev_prof_write(cur, end_hdr);
    c->cur = cur + TF_DPROF_MARKER_BYTES;
}

static inline void dev_prof_cleanup(uint32_t *end_hdr)
{
    dev_prof_end(*end_hdr);
}

/* A 16-byte marker: timestamp and a 64-bit payload (DATA, EVENT,
 * VALIDATE); not written and counted in `dropped` if it does not fit. */
TF_ALWAYS_INLINE void dev_prof_payload(uint32_t hdr, uint32_t lo, uint32_t hi)
{
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    int32_t free = c->free - 16;
    uint32_t cur = c->cur;
    if (__builtin_expect(free < 0, 0)) {
        c->dropped++;
        return;
    }
    dev_prof_write(cur, hdr);
    ((volatile uint32_t *)(uintptr_t)cur)[2] = lo;
    ((volatile uint32_t *)(uintptr_t)cur)[3] = hi;
    c->cur = cur + 16;
    c->free = free;
}

TF_ALWAYS_INLINE void dev_prof_validate(uint32_t hdr, uint32_t ok)
{
    if (!ok) TF_DPROF_RISC_CTL->invalid = hdr;
    dev_prof_payload(hdr, ok, 0);
}

TF_ALWAYS_INLINE uint64_t dev_prof_cycles(void)
{
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile("csrr %0, cycleh\n\tcsrr %1, cycle\n\tcsrr %2, cycleh"
                         : "=r"(hi), "=r"(lo), "=r"(hi2));
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

/* Add `cycles` to accumulating slot `slot` for the call site `hdr`. */
static inline void dev_prof_sum_add(uint32_t slot, uint32_t hdr, uint64_t cycles)
{
    volatile tf_dprof_risc_ctl *c = TF_DPROF_RISC_CTL;
    volatile tf_dprof_sum *s = &c->sum[slot];
    uint32_t owner = s->hdr;
    if (owner == 0) {
        if (c->free < 16) {
            s->hdr = TF_DPROF_SUM_FULL;
            c->dropped++;
            return;
        }
        c->free -= 16; /* its SUM marker, written by the firmware */
        s->hdr = owner = hdr;
    }
    if (owner != hdr) {
        if (owner != TF_DPROF_SUM_FULL) c->dropped++;
        return;
    }
    uint64_t t = (((uint64_t)s->total_hi << 32) | s->total_lo) + cycles;
    s->total_lo = (uint32_t)t;
    s->total_hi = (uint32_t)(t >> 32);
    s->count++;
}

typedef struct dev_prof_sum_scope {
    uint32_t hdr, slot;
    uint64_t start;
} dev_prof_sum_scope;

static inline void dev_prof_sum_cleanup(dev_prof_sum_scope *s)
{
    dev_prof_sum_add(s->slot, s->hdr, dev_prof_cycles() - s->start);
}

#define TF_PROF_CAT2(a, b) a##b
#define TF_PROF_CAT(a, b)  TF_PROF_CAT2(a, b)

/* The call site's anchor and metadata record; evaluates to the START
 * header (the anchor's address, loaded with one lui). */
#define TF_DPROF_SITE(name_)                                                                       \
    __extension__({                                                                                \
        static char dev_prof_anchor_ __attribute__((section(".tt_foil_zone_ids"), aligned(4096))); \
        __attribute__((section(".tt_foil_zones"), used, aligned(4))) static const struct {         \
            uint32_t anchor, line, size;                                                           \
            char text[sizeof(name_ "\0" __FILE__)];                                                \
        } dev_prof_meta_ = {(uint32_t)(uintptr_t)&dev_prof_anchor_, __LINE__,                      \
                            sizeof(dev_prof_meta_), name_ "\0" __FILE__};                          \
        uint32_t hdr_;                                                                             \
        __asm__("lui %0, %%hi(%1)" : "=r"(hdr_) : "i"(&dev_prof_anchor_));                         \
        hdr_;                                                                                      \
    })

#define DeviceZoneScopedN(name)                                                                    \
    __attribute__((cleanup(dev_prof_cleanup), unused)) uint32_t TF_PROF_CAT(                       \
        dev_prof_zone_, __LINE__) = dev_prof_begin(TF_DPROF_SITE(name))
#define DeviceZoneBegin(name) dev_prof_begin(TF_DPROF_SITE(name))
#define DeviceZoneEnd(token)  dev_prof_end(token)
#define TF_DPROF_SUM_SCOPE(name, slot)                                                             \
    __attribute__((cleanup(dev_prof_sum_cleanup), unused)) dev_prof_sum_scope TF_PROF_CAT(         \
        dev_prof_sum_, __LINE__) = {TF_DPROF_SITE(name) + (TF_DPROF_SUM << 28), slot,              \
                                    dev_prof_cycles()}
#define DeviceZoneScopedSumN1(name) TF_DPROF_SUM_SCOPE(name, 0)
#define DeviceZoneScopedSumN2(name) TF_DPROF_SUM_SCOPE(name, 1)
#define DeviceTimestampedData(name, data)                                                          \
    do {                                                                                           \
        uint64_t dev_prof_v_ = (uint64_t)(data);                                                   \
        dev_prof_payload(TF_DPROF_SITE(name) + (TF_DPROF_DATA << 28), (uint32_t)dev_prof_v_,       \
                         (uint32_t)(dev_prof_v_ >> 32));                                           \
    } while (0)
#define DeviceRecordEvent(event_id)                                                                \
    dev_prof_payload(TF_DPROF_SITE("DeviceRecordEvent") + (TF_DPROF_EVENT << 28),                  \
                     (uint32_t)(event_id), 0)
#define DeviceValidateProfiler(condition)                                                          \
    dev_prof_validate(TF_DPROF_SITE("DeviceValidateProfiler") + (TF_DPROF_VALIDATE << 28),         \
                      (condition) ? 1u : 0u)

#else

#define DeviceZoneScopedN(name)
#define DeviceZoneBegin(name) ((uint32_t)0)
#define DeviceZoneEnd(token)  ((void)(token))
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceTimestampedData(name, data) ((void)0)
#define DeviceRecordEvent(event_id)       ((void)0)
#define DeviceValidateProfiler(condition) ((void)0)

#endif
#endif
