/* Head writer (BRISC): the root core writes the logits tile to DRAM; the
 * others write their partial logits into the root's receive buffer, then
 * increment the root's semaphore (after the write landed).
 * args: 0 root, 1-2 destination (DRAM, or the root's receive slot),
 *       3 the root's NOC x, 4 its NOC y */
#include "act_gather.h"

void kernel_main(void)
{
    uint32_t root = get_arg_val(0);
    uint64_t dst = arg64(1);
    uint64_t sem = get_noc_addr(get_arg_val(3), get_arg_val(4), get_semaphore(0));
    cb_wait_front(16, 1);
    noc_async_write(get_read_ptr(16), dst, get_tile_size(16));
    noc_async_write_barrier();
    if (!root) noc_semaphore_inc(sem, 1);
    cb_pop_front(16, 1);
}
