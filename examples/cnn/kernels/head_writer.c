/* Head writer (BRISC): the root core writes the logits tile to DRAM; the
 * others write their partial logits into the root's receive buffer, then
 * increment the root's semaphore (after the write landed).
 * Arguments, CBs and the semaphore: cnn_args.h. */
#include "act_gather.h"

void kernel_main(void)
{
    uint32_t root = get_arg_val(CNN_HEAD_WRITER_ROOT);
    uint64_t dst = arg64(CNN_HEAD_WRITER_DST);
    uint64_t sem =
        get_noc_addr(get_arg_val(CNN_HEAD_WRITER_ROOT_NOC_X),
                     get_arg_val(CNN_HEAD_WRITER_ROOT_NOC_Y), get_semaphore(CNN_HEAD_SEM_PARTIALS));
    cb_wait_front(CNN_HEAD_CB_OUT, 1);
    noc_async_write(get_read_ptr(CNN_HEAD_CB_OUT), dst, get_tile_size(CNN_HEAD_CB_OUT));
    noc_async_write_barrier();
    if (!root) noc_semaphore_inc(sem, 1);
    cb_pop_front(CNN_HEAD_CB_OUT, 1);
}
