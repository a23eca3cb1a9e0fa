/* Convolution writer (BRISC): each output tile's rows back to their
 * pixels in DRAM.
 * args: 0-1 output, 2 first block, 3 end block, 4 output pixels */
#include "act_gather.h"

void kernel_main(void)
{
    uint64_t out = arg64(0);
    uint32_t b0 = get_arg_val(2), b1 = get_arg_val(3), npix = get_arg_val(4);
    for (uint32_t b = b0; b < b1; b++) {
        DeviceZoneScopedN("scatter");
        cb_wait_front(16, 1);
        uint32_t t = get_read_ptr(16);
        for (uint32_t r = 0; r < 32 && b * 32 + r < npix; r++)
            scatter_row(t, r, out + (uint64_t)(b * 32 + r) * PIXEL_BYTES);
        noc_async_write_barrier();
        cb_pop_front(16, 1);
    }
}
