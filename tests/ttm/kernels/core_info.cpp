// What a compute kernel asks about its core and CBs (tt-metal's
// api/compute/common.h and the descriptors' get_tile_size/get_dataformat),
// one answer a tile, each tile of CB 16 (Float16_b, set with its data
// format) filled with it and packed in order by pack_tile_with_dt: 0
// get_tile_size(c_0) (a Float32 CB set by page size), 1 get_tile_size(c_16),
// 2 get_dataformat(c_0) (Invalid), 3 get_dataformat(c_16), 4
// get_absolute_logical_x, 5 get_absolute_logical_y, 6 get_relative_logical_x
// x 16 + get_relative_logical_y.
#include "api/compute/common.h"
#include "fill_values.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    init_sfpu(in, out);
    fill_tile_init();
    const uint32_t v[7] = {get_tile_size(in),
                           get_tile_size(out),
                           (uint32_t)get_dataformat(in),
                           (uint32_t)get_dataformat(out),
                           get_absolute_logical_x(),
                           get_absolute_logical_y(),
                           get_relative_logical_x() * 16u + get_relative_logical_y()};
    cb_wait_front(in, 1);
    fill_values<true>(out, v);
    cb_pop_front(in, 1);
}
