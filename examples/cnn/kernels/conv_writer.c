/* Convolution writer (BRISC): each output tile's rows back to their
 * pixels in DRAM. Arguments and CBs: cnn_args.h. */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t out = arg64(CNN_CONV_WRITER_OUT);
    uint32_t b0 = get_arg_val(CNN_CONV_WRITER_BLOCK_BEGIN);
    uint32_t b1 = get_arg_val(CNN_CONV_WRITER_BLOCK_END);
    uint32_t npix = get_arg_val(CNN_CONV_WRITER_OUT_PIXELS);
    for (uint32_t b = b0; b < b1; b++) {
        DeviceZoneScopedN("scatter");
        cb_wait_front(CNN_CONV_CB_OUT, 1);
        uint32_t t = get_read_ptr(CNN_CONV_CB_OUT);
        for (uint32_t r = 0; r < 32 && b * 32 + r < npix; r++)
            scatter_row(t, r, out + (uint64_t)(b * 32 + r) * CNN_PIXEL_BYTES);
        noc_async_write_barrier();
        cb_pop_front(CNN_CONV_CB_OUT, 1);
    }
}
