/* The data-movement kernel API in C, with tt-metal's names: runtime and
 * common arguments, NOC addresses, asynchronous NOC reads/writes and their
 * barriers, interleaved pages, multicast, semaphores, and (via
 * circular_buffer.h) circular buffers. Built on dev_noc.h and dev_banks.h.
 *
 * Every transfer goes on NOC NOC_INDEX (0 unless the build defines it; the
 * *_on variants take the NOC). NOC addresses are 64-bit: [47:42] y,
 * [41:36] x, [35:0] local address. The host passes coordinates and buffer
 * addresses in runtime args (tf_core_noc_xy, tf_buffer_noc_addr,
 * tf_buffer_address). */
#ifndef TF_DATAFLOW_API_H
#define TF_DATAFLOW_API_H

#include "circular_buffer.h"
#include "debug_print.h"
#include "dev_banks.h"
#include "dev_noc.h"
#include "kernel_args.h"
#include "kernel_profiler.h"
#include "risc_mailbox.h"
#include "tf_device.h"

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif

/* ---- addresses ------------------------------------------------------------ */

TF_ALWAYS_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr)
{
    return TF_NOC_ADDR(noc_x, noc_y, addr);
}

/* NOC address of a local address in DRAM bank `bank`. */
TF_ALWAYS_INLINE uint64_t get_dram_noc_addr(uint32_t bank, uint32_t addr)
{
    return TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(bank), addr);
}

/* NOC address of bank_offset in DRAM bank (is_dram) or L1 bank `bank` of
 * the interleaved layout. */
TF_ALWAYS_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t is_dram, uint32_t bank,
                                                    uint32_t bank_offset)
{
    return dev_bank_noc_addr_checked(NOC_INDEX, is_dram, bank, bank_offset);
}

/* This core's NOC coordinates. */
TF_ALWAYS_INLINE uint32_t my_noc_x(void)
{
    return dev_my_noc_x(NOC_INDEX);
}

TF_ALWAYS_INLINE uint32_t my_noc_y(void)
{
    return dev_my_noc_y(NOC_INDEX);
}

/* The multicast address of addr on every core of a rectangle (NOC
 * coordinates of two opposite corners). */
TF_ALWAYS_INLINE uint64_t get_noc_multicast_addr(uint32_t x_start, uint32_t y_start, uint32_t x_end,
                                                 uint32_t y_end, uint32_t addr)
{
    return dev_noc_multicast_addr(x_start, y_start, x_end, y_end, addr);
}

/* ---- transfers ------------------------------------------------------------ */

/* Start copying `size` bytes from a NOC address into this core's L1. */
TF_ALWAYS_INLINE void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                                     uint32_t size)
{
    dev_noc_read(NOC_INDEX, src_noc_addr, dst_local_l1_addr, size);
}

/* Start copying `size` bytes from this core's L1 to a NOC address. */
TF_ALWAYS_INLINE void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                      uint32_t size)
{
    dev_noc_write(NOC_INDEX, src_local_l1_addr, dst_noc_addr, size);
}

/* The same on a chosen NOC (0 or 1). */
TF_ALWAYS_INLINE void noc_async_read_on(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                                        uint32_t size, uint32_t noc)
{
    dev_noc_read(noc, src_noc_addr, dst_local_l1_addr, size);
}

TF_ALWAYS_INLINE void noc_async_write_on(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                         uint32_t size, uint32_t noc)
{
    dev_noc_write(noc, src_local_l1_addr, dst_noc_addr, size);
}

/* Wait until every read this RISC issued has landed. */
TF_ALWAYS_INLINE void noc_async_read_barrier(void)
{
    dev_noc_read_barrier(NOC_INDEX);
}

/* Wait until every write this RISC issued has been acknowledged. */
TF_ALWAYS_INLINE void noc_async_write_barrier(void)
{
    dev_noc_write_barrier(NOC_INDEX);
}

/* Wait until every write this RISC issued has left the core (its source
 * may be reused; it may not have landed yet). */
TF_ALWAYS_INLINE void noc_async_writes_flushed(void)
{
    dev_noc_writes_flushed(NOC_INDEX);
}

/* Wait until every atomic (noc_semaphore_inc) this RISC issued is acked. */
TF_ALWAYS_INLINE void noc_async_atomic_barrier(void)
{
    dev_noc_atomic_barrier(NOC_INDEX);
}

TF_ALWAYS_INLINE void noc_async_read_barrier_on(uint32_t noc)
{
    dev_noc_read_barrier(noc);
}

TF_ALWAYS_INLINE void noc_async_write_barrier_on(uint32_t noc)
{
    dev_noc_write_barrier(noc);
}

TF_ALWAYS_INLINE void noc_async_atomic_barrier_on(uint32_t noc)
{
    dev_noc_atomic_barrier(noc);
}

/* Transaction ids: reads issued on this RISC's NOC after
 * noc_async_read_set_trid(t) carry id t (0..15; 0 after a reset), and
 * noc_async_read_barrier_with_trid(t) waits for those alone; writes after
 * noc_async_write_set_trid(t) carry t (the writes' own id),
 * noc_async_write_barrier_with_trid(t) waits until they are acked and
 * noc_async_write_flushed_with_trid(t) until they have left the core; the
 * _on forms name the NOC. */
TF_ALWAYS_INLINE void noc_async_read_set_trid(uint32_t trid)
{
    dev_noc_set_trid(NOC_INDEX, trid);
}

TF_ALWAYS_INLINE void noc_async_read_barrier_with_trid(uint32_t trid)
{
    dev_noc_read_barrier_trid(NOC_INDEX, trid);
}

TF_ALWAYS_INLINE void noc_async_read_set_trid_on(uint32_t trid, uint32_t noc)
{
    dev_noc_set_trid(noc, trid);
}

TF_ALWAYS_INLINE void noc_async_read_barrier_with_trid_on(uint32_t trid, uint32_t noc)
{
    dev_noc_read_barrier_trid(noc, trid);
}

TF_ALWAYS_INLINE void noc_async_write_set_trid(uint32_t trid)
{
    dev_noc_set_trid_of(NOC_INDEX, trid, 1);
}

TF_ALWAYS_INLINE void noc_async_write_barrier_with_trid(uint32_t trid)
{
    (void)dev_noc_trid_wait(NOC_INDEX, trid, TF_NOC_TRID_WRITES, 0);
}

TF_ALWAYS_INLINE void noc_async_write_flushed_with_trid(uint32_t trid)
{
    (void)dev_noc_trid_wait(NOC_INDEX, trid, TF_NOC_TRID_FLUSHED, 0);
}

TF_ALWAYS_INLINE void noc_async_write_set_trid_on(uint32_t trid, uint32_t noc)
{
    dev_noc_set_trid_of(noc, trid, 1);
}

TF_ALWAYS_INLINE void noc_async_write_barrier_with_trid_on(uint32_t trid, uint32_t noc)
{
    (void)dev_noc_trid_wait(noc, trid, TF_NOC_TRID_WRITES, 0);
}

TF_ALWAYS_INLINE void noc_async_write_flushed_with_trid_on(uint32_t trid, uint32_t noc)
{
    (void)dev_noc_trid_wait(noc, trid, TF_NOC_TRID_FLUSHED, 0);
}

/* Clear the counts of the ids whose bits are set in mask (bit t: id t, the
 * read and the write id; NOC_CLEAR_OUTSTANDING_REQ_MASK all of them): their
 * barriers no longer wait for transfers already issued with them (which
 * still land; noc_async_read_barrier still waits for every read). As
 * tt-metal's kernels do at their start, before tagging anything. */
TF_ALWAYS_INLINE void reset_noc_trid_barrier_counter(uint32_t mask)
{
    dev_noc_trid_clear(NOC_INDEX, mask);
}

TF_ALWAYS_INLINE void reset_noc_trid_barrier_counter_on(uint32_t mask, uint32_t noc)
{
    dev_noc_trid_clear(noc, mask);
}

/* ---- interleaved buffers ---------------------------------------------------- */

/* Where the pages of an interleaved buffer are: tt-metal's
 * InterleavedAddrGen as a C struct ({.is_dram, .bank_base_address,
 * .page_size}; the host gives the base with tf_buffer_address). */
typedef struct interleaved_addr_gen {
    uint32_t is_dram;
    uint32_t bank_base_address;
    uint32_t page_size;
} interleaved_addr_gen;

/* NOC address of byte `offset` of page `id` (faults if id is past the
 * buffer's last page). */
TF_ALWAYS_INLINE uint64_t get_noc_addr_interleaved(uint32_t id, const interleaved_addr_gen *g,
                                                   uint32_t offset)
{
    uint32_t a = dev_bank_alignment(g->is_dram);
    uint32_t stride = (g->page_size + a - 1) & ~(a - 1);
    return dev_interleaved_noc_addr(NOC_INDEX, g->is_dram, g->bank_base_address, stride, id,
                                    offset);
}

/* Read page id into L1 / write a page from L1 (page_size bytes). */
TF_ALWAYS_INLINE void noc_async_read_page(uint32_t id, const interleaved_addr_gen *g,
                                          uint32_t dst_local_l1_addr)
{
    noc_async_read(get_noc_addr_interleaved(id, g, 0), dst_local_l1_addr, g->page_size);
}

TF_ALWAYS_INLINE void noc_async_write_page(uint32_t id, const interleaved_addr_gen *g,
                                           uint32_t src_local_l1_addr)
{
    noc_async_write(src_local_l1_addr, get_noc_addr_interleaved(id, g, 0), g->page_size);
}

/* Tiles are pages (tt-metal's names for the same). */
TF_ALWAYS_INLINE void noc_async_read_tile(uint32_t id, const interleaved_addr_gen *g,
                                          uint32_t dst_local_l1_addr)
{
    noc_async_read_page(id, g, dst_local_l1_addr);
}

TF_ALWAYS_INLINE void noc_async_write_tile(uint32_t id, const interleaved_addr_gen *g,
                                           uint32_t src_local_l1_addr)
{
    noc_async_write_page(id, g, src_local_l1_addr);
}

/* ---- multicast --------------------------------------------------------------- */

/* Write size bytes to the same address on every core of the rectangle but
 * this one; num_dests = the number of cores written. */
TF_ALWAYS_INLINE void noc_async_write_multicast(uint32_t src_local_l1_addr,
                                                uint64_t dst_noc_addr_multicast, uint32_t size,
                                                uint32_t num_dests)
{
    dev_noc_write_multicast(NOC_INDEX, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests,
                            0);
}

/* The same, this core included (num_dests counts it). */
TF_ALWAYS_INLINE void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr,
                                                             uint64_t dst_noc_addr_multicast,
                                                             uint32_t size, uint32_t num_dests)
{
    dev_noc_write_multicast(NOC_INDEX, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests,
                            1);
}

/* Set a semaphore on every core of the rectangle but this one to the
 * value of the local word at src_local_l1_addr. */
TF_ALWAYS_INLINE void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                                  uint64_t dst_noc_addr_multicast,
                                                  uint32_t num_dests)
{
    dev_noc_semaphore_set_multicast(NOC_INDEX, src_local_l1_addr, dst_noc_addr_multicast, num_dests,
                                    0);
}

/* ---- semaphores ---------------------------------------------------------------- */

/* L1 address of semaphore `id` (initial value set by the host; an id past
 * the last faults). */
TF_ALWAYS_INLINE uint32_t get_semaphore(uint32_t id)
{
    return dev_semaphore_addr(id);
}

/* Atomically add `incr` to a semaphore word in some core's L1
 * (completion: noc_async_atomic_barrier). */
TF_ALWAYS_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr)
{
    dev_noc_atomic_inc(NOC_INDEX, addr, incr);
}

TF_ALWAYS_INLINE void noc_semaphore_inc_on(uint64_t addr, uint32_t incr, uint32_t noc)
{
    dev_noc_atomic_inc(noc, addr, incr);
}

/* Atomically add `incr` to a semaphore word on every core of a multicast
 * rectangle (get_noc_multicast_addr) but this one; num_dests is how many
 * (completion: noc_async_atomic_barrier). */
TF_ALWAYS_INLINE void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr, uint32_t num_dests)
{
    dev_noc_atomic_inc_multicast(NOC_INDEX, addr, incr, num_dests);
}

TF_ALWAYS_INLINE void noc_semaphore_inc_multicast_on(uint64_t addr, uint32_t incr,
                                                     uint32_t num_dests, uint32_t noc)
{
    dev_noc_atomic_inc_multicast(noc, addr, incr, num_dests);
}

/* Write the local word at src_local_l1_addr to a semaphore anywhere (a
 * 4-byte write: completion is noc_async_write_barrier). */
TF_ALWAYS_INLINE void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr)
{
    dev_noc_write(NOC_INDEX, src_local_l1_addr, dst_noc_addr, 4);
}

/* Sleep until a local semaphore equals val. */
TF_ALWAYS_INLINE void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val)
{
    if (*sem_addr != val) dev_wait_eq(sem_addr, val);
}

/* Sleep until a local semaphore is at least val, as unsigned numbers (as
 * tt-metal's: 0x80000005 is at least 1; 0 is not 0x90000000). */
TF_ALWAYS_INLINE void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val)
{
    if (*sem_addr < val) dev_wait_geu(sem_addr, val);
}

TF_ALWAYS_INLINE void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val)
{
    *sem_addr = val;
}

#endif
