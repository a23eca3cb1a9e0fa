/* The data-movement kernel API, with tt-metal's names: runtime arguments,
 * NOC addresses, asynchronous NOC reads/writes and their barriers,
 * semaphores, and (via circular_buffer.h) circular buffers.
 *
 * NOC addresses are 64-bit: [47:42] y, [41:36] x, [35:0] local address.
 * The host passes coordinates in runtime args (tf_core_noc_xy,
 * tf_buffer_noc_addr). */
#ifndef TF_DATAFLOW_API_H
#define TF_DATAFLOW_API_H

#include "circular_buffer.h"
#include "debug_print.h"
#include "kernel_args.h"
#include "kernel_profiler.h"
#include "tf_device.h"

TF_ALWAYS_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr)
{
    return TF_NOC_ADDR(noc_x, noc_y, addr);
}

/* NOC address of a local address in DRAM bank `bank`. */
TF_ALWAYS_INLINE uint64_t get_dram_noc_addr(uint32_t bank, uint32_t addr)
{
    return TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(bank), addr);
}

/* This core's NOC coordinates. */
TF_ALWAYS_INLINE uint32_t my_noc_x(void)
{
    return dev_reg_read(TF_MMIO_NOC_XY) & 0xff;
}

TF_ALWAYS_INLINE uint32_t my_noc_y(void)
{
    return dev_reg_read(TF_MMIO_NOC_XY) >> 8;
}

TF_ALWAYS_INLINE void dev_noc_cmd(uint64_t remote, uint32_t local, uint32_t len, uint32_t cmd)
{
    dev_reg_write(TF_MMIO_NOC_REMOTE_LO, (uint32_t)remote);
    dev_reg_write(TF_MMIO_NOC_REMOTE_HI, (uint32_t)(remote >> 32));
    dev_reg_write(TF_MMIO_NOC_LOCAL, local);
    dev_reg_write(TF_MMIO_NOC_LEN, len);
    dev_reg_write(TF_MMIO_NOC_CMD, cmd);
}

/* Start copying `size` bytes from a NOC address into this core's L1. */
TF_ALWAYS_INLINE void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                                     uint32_t size)
{
    dev_noc_cmd(src_noc_addr, dst_local_l1_addr, size, TF_NOC_CMD_READ);
}

/* Start copying `size` bytes from this core's L1 to a NOC address. */
TF_ALWAYS_INLINE void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                      uint32_t size)
{
    dev_noc_cmd(dst_noc_addr, src_local_l1_addr, size, TF_NOC_CMD_WRITE);
}

/* Wait until every read this RISC issued has landed. */
TF_ALWAYS_INLINE void noc_async_read_barrier(void)
{
    (void)dev_reg_read(TF_MMIO_NOC_READ_BARRIER);
}

/* Wait until every write this RISC issued has been acknowledged. */
TF_ALWAYS_INLINE void noc_async_write_barrier(void)
{
    (void)dev_reg_read(TF_MMIO_NOC_WRITE_BARRIER);
}

/* L1 address of semaphore `id` (initial value set by the host). */
TF_ALWAYS_INLINE uint32_t get_semaphore(uint32_t id)
{
    return TF_L1_SEMAPHORES + 4 * id;
}

/* Atomically add `incr` to a semaphore word in some core's L1. */
TF_ALWAYS_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr)
{
    dev_noc_cmd(addr, 0, incr, TF_NOC_CMD_ATOMIC_INC);
}

/* Sleep until a local semaphore equals val. */
TF_ALWAYS_INLINE void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val)
{
    if (*sem_addr != val) dev_wait_eq(sem_addr, val);
}

/* Sleep until a local semaphore is at least val. */
TF_ALWAYS_INLINE void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val)
{
    if ((int32_t)(*sem_addr - val) < 0) dev_wait_ge(sem_addr, val);
}

TF_ALWAYS_INLINE void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val)
{
    *sem_addr = val;
}

#endif
