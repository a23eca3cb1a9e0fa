/* A tile multicast to a rectangle of cores with semaphore handshakes, as
 * tt-metal's multicast example: each receiver marks its receiver semaphore
 * (1) INVALID and checks in with the sender (its semaphore 0); the sender,
 * once all num_dests checked in, multicasts the tile, flushes, sets its
 * local receiver-semaphore word VALID and multicasts that; every receiver
 * then writes the tile to its page of an interleaved DRAM buffer.
 * With loopback (args[9]) the sender is inside the rectangle and receives
 * too (num_dests counts it; it then writes its page like the others).
 * args: 0 role (0 sender, 1 receiver), 1 sender noc x, 2 y, 3..6 the
 *       rectangle (x start, y start, x end, y end), 7 num_dests, 8 DRAM
 *       buffer base (tile pages), 9 loopback, 10 L1 source tile, 11 L1
 *       destination tile (the same on every core), 12 tile bytes, 13 this
 *       core's output page, 14 DRAM source (page 0 of it) */
#include "dataflow_api.h"

#define VALID   1
#define INVALID 0

void kernel_main(void)
{
    uint32_t role = get_arg_val(0), sx = get_arg_val(1), sy = get_arg_val(2);
    uint32_t num_dests = get_arg_val(7), loopback = get_arg_val(9);
    uint32_t src = get_arg_val(10), dst = get_arg_val(11), bytes = get_arg_val(12);
    interleaved_addr_gen out = {1, get_arg_val(8), bytes};
    interleaved_addr_gen in = {1, get_arg_val(14), bytes};
    volatile uint32_t *sender_sem = (volatile uint32_t *)get_semaphore(0);
    volatile uint32_t *recv_sem = (volatile uint32_t *)get_semaphore(1);
    if (role == 0) {
        noc_async_read_tile(0, &in, src);
        noc_async_read_barrier();
        uint32_t others = loopback ? num_dests - 1 : num_dests;
        noc_semaphore_wait(sender_sem, others); /* every receiver checked in */
        noc_semaphore_set(sender_sem, 0);
        uint64_t data = get_noc_multicast_addr(get_arg_val(3), get_arg_val(4), get_arg_val(5),
                                               get_arg_val(6), dst);
        uint64_t flag = get_noc_multicast_addr(get_arg_val(3), get_arg_val(4), get_arg_val(5),
                                               get_arg_val(6), get_semaphore(1));
        if (loopback)
            noc_async_write_multicast_loopback_src(src, data, bytes, num_dests);
        else
            noc_async_write_multicast(src, data, bytes, num_dests);
        noc_async_writes_flushed();
        noc_semaphore_set(recv_sem, VALID);
        noc_semaphore_set_multicast(get_semaphore(1), flag, loopback ? num_dests - 1 : num_dests);
        noc_async_write_barrier();
        if (loopback) { /* the sender got the tile too */
            noc_async_write_tile(get_arg_val(13), &out, dst);
            noc_async_write_barrier();
        }
        return;
    }
    noc_semaphore_set(recv_sem, INVALID);
    noc_semaphore_inc(get_noc_addr(sx, sy, get_semaphore(0)), 1);
    noc_semaphore_wait(recv_sem, VALID);
    noc_async_atomic_barrier();
    noc_async_write_tile(get_arg_val(13), &out, dst);
    noc_async_write_barrier();
}
