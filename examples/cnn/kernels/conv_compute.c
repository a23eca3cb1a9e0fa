/* Convolution compute: per output block, the reader's 9 row-major pages
 * (one per tap) tilized, then the 9 taps' products accumulated in DEST
 * (matmul_tiles), the bias and relu, packed to the output CB as rows
 * again (the writer writes them as they are). Arguments and CBs:
 * cnn_args.h. */
#include "cnn_args.h"
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t blocks = get_arg_val(CNN_CONV_COMPUTE_BLOCKS);
    cb_wait_front(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS); /* the weights stay for the whole dispatch */
    cb_wait_front(CNN_CONV_CB_BIAS, 1);
    for (uint32_t b = 0; b < blocks; b++) {
        DeviceZoneScopedN("block");
        /* each tilize goes through DEST by itself: all 9 before the sum */
        for (uint32_t tap = 0; tap < CNN_CONV_TAPS; tap++) {
            cb_wait_front(CNN_CONV_CB_ACT, 1);
            cb_reserve_back(CNN_CONV_CB_ACT_TILED, 1);
            tilize_block(CNN_CONV_CB_ACT, 1, CNN_CONV_CB_ACT_TILED);
            cb_push_back(CNN_CONV_CB_ACT_TILED, 1);
            cb_pop_front(CNN_CONV_CB_ACT, 1);
        }
        cb_wait_front(CNN_CONV_CB_ACT_TILED, CNN_CONV_TAPS);
        tile_regs_acquire();
        for (uint32_t tap = 0; tap < CNN_CONV_TAPS; tap++)
            matmul_tiles(CNN_CONV_CB_ACT_TILED, CNN_CONV_CB_WEIGHTS, tap, tap, 0);
        cb_pop_front(CNN_CONV_CB_ACT_TILED, CNN_CONV_TAPS);
        bias_add_tile(CNN_CONV_CB_BIAS, 0, 0);
        relu_tile(0);
        tile_regs_commit();
        cb_reserve_back(CNN_CONV_CB_OUT, 1);
        tile_regs_wait();
        pack_untilize_dest(CNN_CONV_CB_OUT, 1, 0); /* 32 rows: a pixel each */
        tile_regs_release();
        cb_push_back(CNN_CONV_CB_OUT, 1);
    }
    cb_pop_front(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS);
    cb_pop_front(CNN_CONV_CB_BIAS, 1);
}
