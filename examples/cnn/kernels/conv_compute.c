/* Convolution compute: per output block, the 9 taps' products accumulate
 * in DEST (matmul_tiles), then the bias and relu, packed to the output
 * CB. Arguments and CBs: cnn_args.h. */
#include "cnn_args.h"
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t blocks = get_arg_val(CNN_CONV_COMPUTE_BLOCKS);
    cb_wait_front(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS); /* the weights stay for the whole dispatch */
    cb_wait_front(CNN_CONV_CB_BIAS, 1);
    for (uint32_t b = 0; b < blocks; b++) {
        DeviceZoneScopedN("block");
        tile_regs_acquire();
        for (uint32_t tap = 0; tap < CNN_CONV_TAPS; tap++) {
            cb_wait_front(CNN_CONV_CB_ACT, 1);
            matmul_tiles(CNN_CONV_CB_ACT, CNN_CONV_CB_WEIGHTS, 0, tap, 0);
            cb_pop_front(CNN_CONV_CB_ACT, 1);
        }
        bias_add_tile(CNN_CONV_CB_BIAS, 0, 0);
        relu_tile(0);
        commit_and_pack_tile(0, CNN_CONV_CB_OUT);
    }
    cb_pop_front(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS);
    cb_pop_front(CNN_CONV_CB_BIAS, 1);
}
