/* Convolution reader (NCRISC): the layer's 9 weight tiles (one per 3x3
 * tap: input channels x output channels) and its bias tile once, then for
 * each output block of 32 pixels and each tap, the 32 input pixels that
 * tap sees, gathered as a row-major page (zeros where it falls in the
 * padding; pixels next to each other in DRAM in one read): an implicit
 * im2col, tilized by the compute kernel. Arguments and CBs: cnn_args.h. */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t in = arg64(CNN_CONV_READER_IN), w = arg64(CNN_CONV_READER_WEIGHTS);
    uint64_t bias = arg64(CNN_CONV_READER_BIAS);
    uint32_t win = get_arg_val(CNN_CONV_READER_IN_WIDTH);
    uint32_t hin = get_arg_val(CNN_CONV_READER_IN_HEIGHT);
    uint32_t wout = get_arg_val(CNN_CONV_READER_OUT_WIDTH);
    uint32_t stride = get_arg_val(CNN_CONV_READER_STRIDE);
    uint32_t b0 = get_arg_val(CNN_CONV_READER_BLOCK_BEGIN);
    uint32_t b1 = get_arg_val(CNN_CONV_READER_BLOCK_END);
    uint32_t npix = get_arg_val(CNN_CONV_READER_OUT_PIXELS);
    uint32_t tile = get_tile_size(CNN_CONV_CB_ACT);
    {
        DeviceZoneScopedN("weights");
        cb_reserve_back(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS);
        noc_async_read(w, get_write_ptr(CNN_CONV_CB_WEIGHTS), CNN_CONV_TAPS * tile);
        cb_reserve_back(CNN_CONV_CB_BIAS, 1);
        noc_async_read(bias, get_write_ptr(CNN_CONV_CB_BIAS), tile);
        noc_async_read_barrier();
        cb_push_back(CNN_CONV_CB_WEIGHTS, CNN_CONV_TAPS);
        cb_push_back(CNN_CONV_CB_BIAS, 1);
    }
    for (uint32_t b = b0; b < b1; b++)
        for (uint32_t tap = 0; tap < CNN_CONV_TAPS; tap++) {
            DeviceZoneScopedN("gather");
            cb_reserve_back(CNN_CONV_CB_ACT, 1);
            uint32_t t = get_write_ptr(CNN_CONV_CB_ACT);
            run q = {0, 0, 0};
            int32_t ky = (int32_t)(tap / 3) - 1, kx = (int32_t)(tap % 3) - 1;
            for (uint32_t r = 0; r < 32; r++) {
                uint32_t p = b * 32 + r;
                int32_t iy = (int32_t)((p / wout) * stride) + ky;
                int32_t ix = (int32_t)((p % wout) * stride) + kx;
                if (p >= npix || iy < 0 || ix < 0 || iy >= (int32_t)hin || ix >= (int32_t)win)
                    zero_row(t, r);
                else
                    run_add(&q, t, r,
                            in + (uint64_t)((uint32_t)iy * win + (uint32_t)ix) * CNN_PIXEL_BYTES);
            }
            run_flush(&q);
            noc_async_read_barrier();
            cb_push_back(CNN_CONV_CB_ACT, 1);
        }
}
