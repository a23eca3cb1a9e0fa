/* Head reader (NCRISC): this core's share of the pixels (32 a row-major
 * page, tilized by the compute kernel), the
 * fc weight tile; on the root core also the fc bias and, once the other
 * cores' semaphore increments arrived, their partial logits.
 * Arguments, CBs and the semaphore: cnn_args.h. */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t in = arg64(CNN_HEAD_READER_IN), w = arg64(CNN_HEAD_READER_WEIGHTS);
    uint64_t bias = arg64(CNN_HEAD_READER_BIAS), recv = arg64(CNN_HEAD_READER_RECV);
    uint32_t t0 = get_arg_val(CNN_HEAD_READER_FIRST_TILE), n = get_arg_val(CNN_HEAD_READER_TILES);
    uint32_t root = get_arg_val(CNN_HEAD_READER_ROOT);
    uint32_t senders = get_arg_val(CNN_HEAD_READER_SENDERS), tile = get_tile_size(CNN_HEAD_CB_ACT);
    cb_reserve_back(CNN_HEAD_CB_WEIGHTS, 1);
    noc_async_read(w, get_write_ptr(CNN_HEAD_CB_WEIGHTS), tile);
    if (root) {
        cb_reserve_back(CNN_HEAD_CB_BIAS, 1);
        noc_async_read(bias, get_write_ptr(CNN_HEAD_CB_BIAS), tile);
    }
    noc_async_read_barrier();
    cb_push_back(CNN_HEAD_CB_WEIGHTS, 1);
    if (root) cb_push_back(CNN_HEAD_CB_BIAS, 1);
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("gather");
        cb_reserve_back(CNN_HEAD_CB_ACT, 1);
        /* 32 pixels that follow each other: one read, rows as they are */
        noc_async_read(in + (uint64_t)(t0 + i) * 32 * CNN_PIXEL_BYTES,
                       get_write_ptr(CNN_HEAD_CB_ACT), 32 * CNN_PIXEL_BYTES);
        noc_async_read_barrier();
        cb_push_back(CNN_HEAD_CB_ACT, 1);
    }
    if (root) {
        DeviceZoneScopedN("partials");
        noc_semaphore_wait((volatile uint32_t *)get_semaphore(CNN_HEAD_SEM_PARTIALS), senders);
        cb_reserve_back(CNN_HEAD_CB_PARTIALS, senders);
        noc_async_read(recv, get_write_ptr(CNN_HEAD_CB_PARTIALS), senders * tile);
        noc_async_read_barrier();
        cb_push_back(CNN_HEAD_CB_PARTIALS, senders);
    }
}
