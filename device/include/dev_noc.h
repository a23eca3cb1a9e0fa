/* The NOC primitives every kernel API is built on (the C API in
 * dataflow_api.h and the tt-metal C++ layer): transfers, barriers, atomics
 * and multicast on NOC 0 or NOC 1, and coordinates. Each NOC has its own
 * command registers, counters and barriers per RISC (docs/chip.md, "NOC and
 * its cost model"); `noc` is 0 or 1 everywhere (a constant in practice: the
 * register block is chosen at compile time). Callable from C and C++. */
#ifndef TF_DEV_NOC_H
#define TF_DEV_NOC_H

#include "tf_device.h"

#define TF_NOC_REG(noc, reg) TF_MMIO_NOC_REG((noc)&1u, reg)

/* Fill one NOC's command registers and issue cmd. */
TF_ALWAYS_INLINE void dev_noc_cmd_on(uint32_t noc, uint64_t remote, uint32_t local, uint32_t len,
                                     uint32_t cmd)
{
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_REMOTE_LO), (uint32_t)remote);
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_REMOTE_HI), (uint32_t)(remote >> 32));
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_LOCAL), local);
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_LEN), len);
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_CMD), cmd);
}

/* NOC 0's command (kept for code written before NOC 1). */
TF_ALWAYS_INLINE void dev_noc_cmd(uint64_t remote, uint32_t local, uint32_t len, uint32_t cmd)
{
    dev_noc_cmd_on(0, remote, local, len, cmd);
}

/* Start copying size bytes from a NOC address into this core's L1. */
TF_ALWAYS_INLINE void dev_noc_read(uint32_t noc, uint64_t src_noc_addr, uint32_t dst_l1,
                                   uint32_t size)
{
    dev_noc_cmd_on(noc, src_noc_addr, dst_l1, size, TF_NOC_CMD_READ);
}

/* Start copying size bytes from this core's L1 to a NOC address (DRAM or
 * any core's L1, on either NOC). */
TF_ALWAYS_INLINE void dev_noc_write(uint32_t noc, uint32_t src_l1, uint64_t dst_noc_addr,
                                    uint32_t size)
{
    dev_noc_cmd_on(noc, dst_noc_addr, src_l1, size, TF_NOC_CMD_WRITE);
}

/* Wait until every read issued on noc has landed in L1. */
TF_ALWAYS_INLINE void dev_noc_read_barrier(uint32_t noc)
{
    (void)dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_READ_BARRIER));
}

/* Reads (write: writes) issued on noc from now on carry transaction id
 * trid (0 .. TF_NOC_MAX_TRID; past it: a fault naming it); the other
 * kind's id stays. */
TF_ALWAYS_INLINE void dev_noc_set_trid_of(uint32_t noc, uint32_t trid, uint32_t write)
{
    if (trid > TF_NOC_MAX_TRID) dev_fault(TF_FAULT_DETAIL_NOC_TRID, trid, write ? 1 : 0);
    uint32_t shift = write ? TF_NOC_TRID_WRITE_SHIFT : 0;
    uint32_t v = dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_TRID));
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_TRID),
                  (v & ~((uint32_t)TF_NOC_MAX_TRID << shift)) | trid << shift);
}
TF_ALWAYS_INLINE void dev_noc_set_trid(uint32_t noc, uint32_t trid)
{
    dev_noc_set_trid_of(noc, trid, 0);
}

/* Wait until every transfer issued on noc with transaction id trid is
 * done as kind says (TF_NOC_TRID_READS landed, _WRITES acked, _FLUSHED
 * left the core); with query, do not wait: 0 when done, else not 0. */
TF_ALWAYS_INLINE uint32_t dev_noc_trid_wait(uint32_t noc, uint32_t trid, uint32_t kind,
                                            uint32_t query)
{
    if (trid > TF_NOC_MAX_TRID) dev_fault(TF_FAULT_DETAIL_NOC_TRID, trid, 2 + kind);
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_TRID_WAIT),
                  trid | kind << TF_NOC_TRID_KIND_SHIFT | (query ? TF_NOC_TRID_QUERY : 0));
    return dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_TRID_BARRIER));
}

/* Clear the counts of the transaction ids whose bits are set in mask
 * (bits 0..TF_NOC_MAX_TRID; higher bits name no id): their barriers and
 * tests no longer wait for the transfers already issued with them, which
 * still land. tt-metal's name for every id's bit, for both kernel APIs: */
#define NOC_CLEAR_OUTSTANDING_REQ_MASK ((1u << (TF_NOC_MAX_TRID + 1)) - 1u)
TF_ALWAYS_INLINE void dev_noc_trid_clear(uint32_t noc, uint32_t mask)
{
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_TRID_BARRIER), mask);
}

/* Wait until every read issued on noc with transaction id trid has landed
 * in L1. */
TF_ALWAYS_INLINE void dev_noc_read_barrier_trid(uint32_t noc, uint32_t trid)
{
    (void)dev_noc_trid_wait(noc, trid, TF_NOC_TRID_READS, 0);
}

/* Wait until every write (unicast or multicast) issued on noc is acked. */
TF_ALWAYS_INLINE void dev_noc_write_barrier(uint32_t noc)
{
    (void)dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_WRITE_BARRIER));
}

/* Wait until every write issued on noc has left this core: its source
 * L1 may be reused, though the data may not have landed yet. */
TF_ALWAYS_INLINE void dev_noc_writes_flushed(uint32_t noc)
{
    (void)dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_WRITES_FLUSHED));
}

/* Wait until every atomic issued on noc is acked. */
TF_ALWAYS_INLINE void dev_noc_atomic_barrier(uint32_t noc)
{
    (void)dev_reg_read(TF_NOC_REG(noc, TF_NOC_REG_ATOMIC_BARRIER));
}

/* Atomically add incr to a 4-byte aligned word in some core's L1. */
TF_ALWAYS_INLINE void dev_noc_atomic_inc(uint32_t noc, uint64_t dst_noc_addr, uint32_t incr)
{
    dev_noc_cmd_on(noc, dst_noc_addr, 0, incr, TF_NOC_CMD_ATOMIC_INC);
}

/* The multicast address of local_addr on every core of the rectangle with
 * corners (x_start, y_start) and (x_end, y_end), NOC coordinates, with
 * tt-metal's encoding. tt-foil takes the corners in either order on both
 * NOCs (hardware wants the corner nearest on the NOC's route first). */
TF_ALWAYS_INLINE uint64_t dev_noc_multicast_addr(uint32_t x_start, uint32_t y_start, uint32_t x_end,
                                                 uint32_t y_end, uint32_t local_addr)
{
    return TF_NOC_MCAST_ADDR(x_start, y_start, x_end, y_end, local_addr);
}

/* Write size bytes from this core's L1 to the same address on every core
 * of a multicast rectangle, this core excluded (loopback_src = 0) or
 * included (1). num_dests is the number of cores written; a wrong count
 * faults, as does a rectangle that is not all Tensix cores. Completes
 * (write barrier) when every destination acked. */
TF_ALWAYS_INLINE void dev_noc_write_multicast(uint32_t noc, uint32_t src_l1,
                                              uint64_t dst_mcast_addr, uint32_t size,
                                              uint32_t num_dests, uint32_t loopback_src)
{
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_NUM_DESTS), num_dests);
    dev_noc_cmd_on(noc, dst_mcast_addr, src_l1, size,
                   loopback_src ? TF_NOC_CMD_WRITE_MCAST_SRC : TF_NOC_CMD_WRITE_MCAST);
}

/* Multicast the 4-byte semaphore value at src_l1 (tt-metal's
 * noc_semaphore_set_multicast). */
TF_ALWAYS_INLINE void dev_noc_semaphore_set_multicast(uint32_t noc, uint32_t src_l1,
                                                      uint64_t dst_mcast_addr, uint32_t num_dests,
                                                      uint32_t loopback_src)
{
    dev_noc_write_multicast(noc, src_l1, dst_mcast_addr, 4, num_dests, loopback_src);
}

/* Atomically add incr to the 4-byte aligned word at a multicast address
 * on every core of its rectangle but this one (tt-metal's
 * noc_semaphore_inc_multicast: the sender is never a destination).
 * num_dests is the number of cores; a wrong count faults, as does a
 * rectangle that is not all Tensix cores. Completes (atomic barrier) when
 * every destination acked. */
TF_ALWAYS_INLINE void dev_noc_atomic_inc_multicast(uint32_t noc, uint64_t dst_mcast_addr,
                                                   uint32_t incr, uint32_t num_dests)
{
    dev_reg_write(TF_NOC_REG(noc, TF_NOC_REG_NUM_DESTS), num_dests);
    dev_noc_cmd_on(noc, dst_mcast_addr, 0, incr, TF_NOC_CMD_ATOMIC_INC_MCAST);
}

/* This core's NOC coordinates (the same on both NOCs). */
TF_ALWAYS_INLINE uint32_t dev_my_noc_x(uint32_t noc)
{
    (void)noc;
    return dev_reg_read(TF_MMIO_NOC_XY) & 0xff;
}

TF_ALWAYS_INLINE uint32_t dev_my_noc_y(uint32_t noc)
{
    (void)noc;
    return dev_reg_read(TF_MMIO_NOC_XY) >> 8;
}

/* NOC coordinates of the Tensix core at logical (x, y). */
TF_ALWAYS_INLINE uint32_t dev_logical_to_noc_x(uint32_t logical_x)
{
    return TF_NOC_CORE_X(logical_x);
}

TF_ALWAYS_INLINE uint32_t dev_logical_to_noc_y(uint32_t logical_y)
{
    return TF_NOC_CORE_Y(logical_y);
}

#endif
