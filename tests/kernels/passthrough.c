/* NOC passthrough between two cores with a semaphore handshake.
 * Sender (role 0): DRAM src -> own L1 -> receiver's L1, then bump the
 * receiver's semaphore 0 and wait for its ack on own semaphore 0.
 * Receiver (role 1): wait for semaphore 0, copy L1 -> DRAM dst, ack.
 * args: 0 role, 1 DRAM NOC address lo, 2 hi, 3 bytes, 4 own L1 buffer,
 *       5 peer L1 buffer, 6 peer noc x, 7 peer noc y */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t role = get_arg_val(0);
    uint64_t dram = ((uint64_t)get_arg_val(2) << 32) | get_arg_val(1);
    uint32_t bytes = get_arg_val(3), mine = get_arg_val(4), peer_buf = get_arg_val(5);
    uint32_t px = get_arg_val(6), py = get_arg_val(7);
    volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);
    uint64_t peer_sem = get_noc_addr(px, py, get_semaphore(0));
    if (role == 0) {
        noc_async_read(dram, mine, bytes);
        noc_async_read_barrier();
        noc_async_write(mine, get_noc_addr(px, py, peer_buf), bytes);
        noc_async_write_barrier();
        noc_semaphore_inc(peer_sem, 1);
        noc_semaphore_wait(sem, 1); /* the receiver's ack */
    } else {
        noc_semaphore_wait(sem, 1);
        noc_async_write(mine, dram, bytes);
        noc_async_write_barrier();
        noc_semaphore_inc(peer_sem, 1);
    }
}
