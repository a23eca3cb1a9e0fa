/* Convolution reader (NCRISC): the layer's 9 weight tiles (one per 3x3
 * tap: input channels x output channels) and its bias tile once, then for
 * each output block of 32 pixels and each tap, the 32 input pixels that
 * tap sees, gathered as a tile (zeros where it falls in the padding):
 * an implicit im2col.
 * args: 0-1 input, 2 input width, 3 input height, 4 output width,
 *       5 stride, 6 first block, 7 end block, 8-9 weights, 10-11 bias,
 *       12 output pixels */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t in = arg64(0), w = arg64(8), bias = arg64(10);
    uint32_t win = get_arg_val(2), hin = get_arg_val(3), wout = get_arg_val(4);
    uint32_t stride = get_arg_val(5), b0 = get_arg_val(6), b1 = get_arg_val(7);
    uint32_t npix = get_arg_val(12), tile = get_tile_size(0);
    {
        DeviceZoneScopedN("weights");
        cb_reserve_back(1, 9);
        noc_async_read(w, get_write_ptr(1), 9 * tile);
        cb_reserve_back(2, 1);
        noc_async_read(bias, get_write_ptr(2), tile);
        noc_async_read_barrier();
        cb_push_back(1, 9);
        cb_push_back(2, 1);
    }
    for (uint32_t b = b0; b < b1; b++)
        for (uint32_t tap = 0; tap < 9; tap++) {
            DeviceZoneScopedN("gather");
            cb_reserve_back(0, 1);
            uint32_t t = get_write_ptr(0);
            int32_t ky = (int32_t)(tap / 3) - 1, kx = (int32_t)(tap % 3) - 1;
            for (uint32_t r = 0; r < 32; r++) {
                uint32_t p = b * 32 + r;
                int32_t iy = (int32_t)((p / wout) * stride) + ky;
                int32_t ix = (int32_t)((p % wout) * stride) + kx;
                if (p >= npix || iy < 0 || ix < 0 || iy >= (int32_t)hin || ix >= (int32_t)win)
                    zero_row(t, r);
                else
                    gather_row(t, r,
                               in + (uint64_t)((uint32_t)iy * win + (uint32_t)ix) * PIXEL_BYTES);
            }
            noc_async_read_barrier();
            cb_push_back(0, 1);
        }
}
