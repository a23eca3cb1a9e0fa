/* A tile from core A to core B on NOC XFER_NOC (0 or 1), as tt-metal's
 * NoC_tile_transfer, with a two-way semaphore handshake on semaphore 0.
 * Sender (role 0): page 0 of an interleaved DRAM buffer into its L1; wait
 * until the receiver says it is ready; write the tile into the receiver's
 * L1 at the same address; bump the receiver's semaphore.
 * Receiver (role 1): say ready (bump the sender's semaphore); wait for the
 * tile; write it to page 0 of another interleaved DRAM buffer.
 * args: 0 role, 1 peer noc x, 2 peer noc y, 3 DRAM buffer base, 4 tile
 *       bytes, 5 L1 tile address (the same on both cores) */
#include "dataflow_api.h"

#define N XFER_NOC

void kernel_main(void)
{
    uint32_t role = get_arg_val(0), px = get_arg_val(1), py = get_arg_val(2);
    uint32_t base = get_arg_val(3), bytes = get_arg_val(4), l1 = get_arg_val(5);
    uint64_t page0 = dev_interleaved_noc_addr(N, 1, base, bytes, 0, 0);
    volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);
    uint64_t peer_sem = get_noc_addr(px, py, get_semaphore(0));
    if (role == 0) {
        noc_async_read_on(page0, l1, bytes, N);
        noc_async_read_barrier_on(N);
        noc_semaphore_wait(sem, 1); /* the receiver is ready */
        noc_async_write_on(l1, get_noc_addr(px, py, l1), bytes, N);
        noc_async_write_barrier_on(N);
        noc_semaphore_inc_on(peer_sem, 1, N);
        noc_async_atomic_barrier_on(N);
        noc_semaphore_set(sem, 0);
    } else {
        noc_semaphore_inc_on(peer_sem, 1, N);
        noc_async_atomic_barrier_on(N);
        noc_semaphore_wait(sem, 1); /* the tile is here */
        noc_semaphore_set(sem, 0);
        noc_async_write_on(l1, page0, bytes, N);
        noc_async_write_barrier_on(N);
    }
}
