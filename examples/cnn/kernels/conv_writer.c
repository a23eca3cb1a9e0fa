/* Convolution writer (BRISC): each output page, 32 rows of one pixel each
 * (fewer in a partial last block), back to its pixels in DRAM, where they
 * follow each other: one write a block. Arguments and CBs: cnn_args.h. */
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
        uint32_t rows = npix - b * 32 < 32 ? npix - b * 32 : 32;
        noc_async_write(get_read_ptr(CNN_CONV_CB_OUT), out + (uint64_t)b * 32 * CNN_PIXEL_BYTES,
                        rows * CNN_PIXEL_BYTES);
        noc_async_write_barrier();
        cb_pop_front(CNN_CONV_CB_OUT, 1);
    }
}
