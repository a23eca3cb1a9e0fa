/* Circular buffers between the RISCs of a core, with tt-metal's names.
 * A producer reserves free pages at the back, fills them and pushes; a
 * consumer waits for pages at the front, reads them and pops. The host
 * configures each buffer (tf_program_set_cb); the firmware resets every
 * RISC's pointers at each dispatch. Waiting sleeps the RISC (no spinning).
 * The pages pushed (popped) in one trip round a buffer must add up to its
 * size, as tt-metal's: a push or pop that moves the pointer past the end
 * faults (its pages ran past the buffer, over whatever L1 follows it;
 * tt-metal's watcher asserts the same). */
#ifndef TF_CIRCULAR_BUFFER_H
#define TF_CIRCULAR_BUFFER_H

#include "tf_device.h"
#include "tf_formats.h"

/* In compute kernels (compute_api.h), as in tt-metal, the unpacker
 * (TRISC0) consumes the input buffers and the packer (TRISC2) produces the
 * output buffers: the waits, pops, reservations and pushes are no-ops on
 * the other TRISCs. Elsewhere every RISC does its own. */
#if defined(TF_COMPUTE_API)
#define TF_CB_CONSUMER (TF_COMPUTE_ROLE == 0)
#define TF_CB_PRODUCER (TF_COMPUTE_ROLE == 2)
#else
#define TF_CB_CONSUMER 1
#define TF_CB_PRODUCER 1
#endif

#define TF_CB_CONFIG(cb) (((volatile tf_cb_config *)TF_L1_CB_CONFIG)[cb])
#define TF_CB_SHARED(cb) (((volatile tf_cb_shared *)TF_L1_CB_SHARED)[cb])
#define TF_CB_LOCAL(cb)  (((tf_cb_local *)TF_L1_CB_LOCAL(TF_RISC))[cb])

/* Every call below first checks its CB id: one past the last would read
 * and write other tables' words as its configuration, counters and
 * pointers (another RISC's CB pointers, the kernel's arg counts), so a
 * reserve hung on a word no one sets and a push damaged them silently. A
 * constant id (the usual: tt::CBIndex::c_0) costs nothing: the check
 * folds away. */
TF_ALWAYS_INLINE void tf_cb_check(uint32_t cb)
{
    if (cb >= TF_MAX_CBS) dev_fault(TF_FAULT_DETAIL_CB_ID, cb, TF_MAX_CBS);
}

/* A push (pop = 0) or pop of n pages moved the pointer to ptr, past the
 * end of CB cb: its pages ran past the buffer. Without the fault the
 * pointer wrapped to the wrong page and the pages written beyond the end
 * silently overwrote whatever L1 follows the CB. */
TF_ALWAYS_INLINE __attribute__((noreturn)) void tf_cb_wrap_fault(uint32_t cb, uint32_t pop,
                                                                 uint32_t ptr, uint32_t n)
{
    uint32_t page = TF_CB_CONFIG(cb).page_size;
    uint32_t at = (ptr - TF_CB_CONFIG(cb).addr) / page - n;
    dev_fault(TF_FAULT_DETAIL_CB_WRAP, TF_CB_WRAP_WHAT(cb, pop, TF_CB_CONFIG(cb).num_pages),
              at << 16 | n);
}

/* In a data-movement kernel built with WATCHER_ENABLED: the n pages at ptr
 * that a push (pop = 0) hands to the consumer have no NOC read of this
 * core still landing in them, and those a pop hands back to the producer
 * no NOC write of this core still to read (its source is read when it
 * lands, or at noc_async_writes_flushed). A forgotten barrier is a race on
 * hardware that passes or fails with timing (tt-metal's watcher does not
 * see it); here it faults, at the push or pop, in every run. (A compute
 * kernel's pages are the tile engine's, not the NOC's.) Without the define
 * nothing is added: no modeled cycle moves. */
#if defined(WATCHER_ENABLED) && !defined(TF_COMPUTE_API)
TF_ALWAYS_INLINE void tf_cb_check_inflight(uint32_t cb, uint32_t pop, uint32_t ptr, uint32_t n)
{
    dev_reg_write(TF_MMIO_INFLIGHT_ADDR, ptr);
    dev_reg_write(TF_MMIO_INFLIGHT_LEN, n * TF_CB_CONFIG(cb).page_size);
    uint32_t k = dev_reg_read(pop ? TF_MMIO_INFLIGHT_WRITES : TF_MMIO_INFLIGHT_READS);
    if (k)
        dev_fault(TF_FAULT_DETAIL_CB_INFLIGHT, TF_CB_WRAP_WHAT(cb, pop, n),
                  TF_CB_INFLIGHT_AUX(ptr, k));
}
#define TF_CB_CHECK_INFLIGHT(cb, pop, ptr, n) tf_cb_check_inflight(cb, pop, ptr, n)
#else
#define TF_CB_CHECK_INFLIGHT(cb, pop, ptr, n) ((void)(ptr))
#endif

/* In any kernel built with WATCHER_ENABLED: a push of n pages onto more
 * than are free at the back (no cb_reserve_back: it overwrote pages not
 * yet popped), or a pop of n pages past those at the front (no
 * cb_wait_front: the kernel read pages not yet written, and frees pages
 * still to come), from this RISC's count and the other side's. tt-metal
 * checks neither (its watcher neither): the counts pass each other and
 * the data is wrong, silently. A read without its wait whose pages
 * happened to be pushed in time is not seen. */
#if defined(WATCHER_ENABLED)
TF_ALWAYS_INLINE void tf_cb_check_count(uint32_t cb, uint32_t pop, uint32_t n)
{
    const tf_cb_local *l = &TF_CB_LOCAL(cb);
    uint32_t front =
        pop ? TF_CB_SHARED(cb).received - l->acked : l->received - TF_CB_SHARED(cb).acked;
    if (pop ? n > front : front + n > TF_CB_CONFIG(cb).num_pages)
        dev_fault(TF_FAULT_DETAIL_CB_COUNT, cb | pop << 7, front << 16 | n);
}
#define TF_CB_CHECK_COUNT(cb, pop, n) tf_cb_check_count(cb, pop, n)
#else
#define TF_CB_CHECK_COUNT(cb, pop, n) ((void)0)
#endif

/* Wait until n pages are free at the back. */
TF_ALWAYS_INLINE void cb_reserve_back(uint32_t cb, uint32_t n)
{
    tf_cb_check(cb);
    if (!TF_CB_PRODUCER) return;
    uint32_t need = TF_CB_LOCAL(cb).received + n - TF_CB_CONFIG(cb).num_pages;
    volatile uint32_t *acked = &TF_CB_SHARED(cb).acked;
    if ((int32_t)(*acked - need) < 0) dev_wait_ge(acked, need);
}

/* Make the n reserved (and filled) pages visible to the consumer. */
TF_ALWAYS_INLINE void cb_push_back(uint32_t cb, uint32_t n)
{
    tf_cb_check(cb);
    if (!TF_CB_PRODUCER) return;
#ifdef TF_CB_ON_PUSH
    TF_CB_ON_PUSH(cb);
#endif
    TF_CB_CHECK_COUNT(cb, 0, n);
    tf_cb_local *l = &TF_CB_LOCAL(cb);
    uint32_t end = TF_CB_CONFIG(cb).addr + TF_CB_CONFIG(cb).size, at = l->wr_ptr;
    l->wr_ptr += n * TF_CB_CONFIG(cb).page_size;
    if (l->wr_ptr >= end) {
        if (l->wr_ptr > end) tf_cb_wrap_fault(cb, 0, l->wr_ptr, n);
        l->wr_ptr -= TF_CB_CONFIG(cb).size;
    }
    TF_CB_CHECK_INFLIGHT(cb, 0, at, n);
    l->received += n;
    TF_CB_SHARED(cb).received = l->received;
}

/* Wait until n pages are available at the front. */
TF_ALWAYS_INLINE void cb_wait_front(uint32_t cb, uint32_t n)
{
    tf_cb_check(cb);
    if (!TF_CB_CONSUMER) return;
    uint32_t need = TF_CB_LOCAL(cb).acked + n;
    volatile uint32_t *received = &TF_CB_SHARED(cb).received;
    if ((int32_t)(*received - need) < 0) dev_wait_ge(received, need);
}

/* Release n pages at the front back to the producer. */
TF_ALWAYS_INLINE void cb_pop_front(uint32_t cb, uint32_t n)
{
    tf_cb_check(cb);
    if (!TF_CB_CONSUMER) return;
    TF_CB_CHECK_COUNT(cb, 1, n);
    tf_cb_local *l = &TF_CB_LOCAL(cb);
    uint32_t end = TF_CB_CONFIG(cb).addr + TF_CB_CONFIG(cb).size, at = l->rd_ptr;
    l->rd_ptr += n * TF_CB_CONFIG(cb).page_size;
    if (l->rd_ptr >= end) {
        if (l->rd_ptr > end) tf_cb_wrap_fault(cb, 1, l->rd_ptr, n);
        l->rd_ptr -= TF_CB_CONFIG(cb).size;
    }
    TF_CB_CHECK_INFLIGHT(cb, 1, at, n);
    l->acked += n;
    TF_CB_SHARED(cb).acked = l->acked;
}

/* L1 address of the first reserved page / the first available page. */
TF_ALWAYS_INLINE uint32_t get_write_ptr(uint32_t cb)
{
    tf_cb_check(cb);
    return TF_CB_LOCAL(cb).wr_ptr;
}

TF_ALWAYS_INLINE uint32_t get_read_ptr(uint32_t cb)
{
    tf_cb_check(cb);
    return TF_CB_LOCAL(cb).rd_ptr;
}

/* Non-blocking: are n pages available at the front / free at the back? */
TF_ALWAYS_INLINE int cb_pages_available_at_front(uint32_t cb, uint32_t num_pages)
{
    tf_cb_check(cb);
    return (int32_t)(TF_CB_SHARED(cb).received - (TF_CB_LOCAL(cb).acked + num_pages)) >= 0;
}

TF_ALWAYS_INLINE int cb_pages_reservable_at_back(uint32_t cb, uint32_t num_pages)
{
    tf_cb_check(cb);
    uint32_t need = TF_CB_LOCAL(cb).received + num_pages - TF_CB_CONFIG(cb).num_pages;
    return (int32_t)(TF_CB_SHARED(cb).acked - need) >= 0;
}

/* Page size of a circular buffer in bytes (the tile size of its format
 * when it was configured with one: tf_program_set_cb_format). */
TF_ALWAYS_INLINE uint32_t dev_cb_page_size(uint32_t cb)
{
    tf_cb_check(cb);
    return TF_CB_CONFIG(cb).page_size;
}

/* Its tt-metal DataFormat value (contracts/tf_formats.h), or
 * TF_DATA_FORMAT_INVALID when configured by page size only. */
TF_ALWAYS_INLINE uint32_t dev_cb_data_format(uint32_t cb)
{
    tf_cb_check(cb);
    return ((volatile uint32_t *)TF_L1_CB_FORMAT)[cb];
}

#ifndef __cplusplus
/* Page (tile) size of a circular buffer in bytes. */
TF_ALWAYS_INLINE uint32_t get_tile_size(uint32_t cb)
{
    tf_cb_check(cb);
    return TF_CB_CONFIG(cb).page_size;
}

/* Data format of a circular buffer (a tt-metal DataFormat value). */
TF_ALWAYS_INLINE uint32_t get_dataformat(uint32_t cb)
{
    return dev_cb_data_format(cb);
}
#endif

#endif
