/* Head compute: this core's pixels tilized; their global average pooling (column sums
 * x 1/pixels into row 0), packed to the pooled CB and unpacked again as
 * the fc's input row; x fc weights; on the root core plus the other
 * cores' partial logits and the fc bias. Result in the output CB.
 * Arguments and CBs: cnn_args.h. */
#include "cnn_args.h"
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(CNN_HEAD_COMPUTE_TILES), scale = get_arg_val(CNN_HEAD_COMPUTE_SCALE);
    uint32_t root = get_arg_val(CNN_HEAD_COMPUTE_ROOT);
    uint32_t senders = get_arg_val(CNN_HEAD_COMPUTE_SENDERS);
    {
        DeviceZoneScopedN("pool");
        /* the reader's row-major pages tilized (through DEST, each by
         * itself), then summed */
        for (uint32_t i = 0; i < n; i++) {
            cb_wait_front(CNN_HEAD_CB_ACT, 1);
            cb_reserve_back(CNN_HEAD_CB_ACT_TILED, 1);
            tilize_block(CNN_HEAD_CB_ACT, 1, CNN_HEAD_CB_ACT_TILED);
            cb_push_back(CNN_HEAD_CB_ACT_TILED, 1);
            cb_pop_front(CNN_HEAD_CB_ACT, 1);
        }
        cb_wait_front(CNN_HEAD_CB_ACT_TILED, n);
        tile_regs_acquire();
        for (uint32_t i = 0; i < n; i++) reduce_cols_tile(CNN_HEAD_CB_ACT_TILED, i, 0, scale);
        cb_pop_front(CNN_HEAD_CB_ACT_TILED, n);
        commit_and_pack_tile(0, CNN_HEAD_CB_POOLED);
    }
    DeviceZoneScopedN("fc");
    cb_wait_front(CNN_HEAD_CB_POOLED, 1);
    cb_wait_front(CNN_HEAD_CB_WEIGHTS, 1);
    tile_regs_acquire();
    matmul_tiles(CNN_HEAD_CB_POOLED, CNN_HEAD_CB_WEIGHTS, 0, 0, 0);
    cb_pop_front(CNN_HEAD_CB_POOLED, 1);
    cb_pop_front(CNN_HEAD_CB_WEIGHTS, 1);
    if (root) {
        cb_wait_front(CNN_HEAD_CB_PARTIALS, senders);
        for (uint32_t i = 0; i < senders; i++) bias_add_tile(CNN_HEAD_CB_PARTIALS, i, 0);
        cb_pop_front(CNN_HEAD_CB_PARTIALS, senders);
        cb_wait_front(CNN_HEAD_CB_BIAS, 1);
        bias_add_tile(CNN_HEAD_CB_BIAS, 0, 0);
        cb_pop_front(CNN_HEAD_CB_BIAS, 1);
    }
    commit_and_pack_tile(0, CNN_HEAD_CB_OUT);
}
