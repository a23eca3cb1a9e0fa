// A compute kernel reading its CBs' settings through get_local_cb_interface,
// in tt-metal's compute units (16-byte units, cb_addr_shift = 4), one
// answer a Float32 tile of CB 16, packed in order: 0 CB 0's fifo_page_size,
// 1 its fifo_num_pages, 2 its fifo_size, 3 its fifo_limit in bytes minus
// get_read_ptr (its start: the CB's size in bytes), 4 CB 16's
// fifo_page_size, 5 its fifo_num_pages (through a reference), 6 its
// fifo_size (through a copy), 7 cb_addr_shift.
#include "api/compute/common.h"
#include "fill_values.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    init_sfpu(in, out);
    fill_tile_init();
    const LocalCBInterface &o = get_local_cb_interface(out);
    LocalCBInterface copy = o;
    const uint32_t v[8] = {get_local_cb_interface(in).fifo_page_size,
                           get_local_cb_interface(in).fifo_num_pages,
                           get_local_cb_interface(in).fifo_size,
                           (get_local_cb_interface(in).fifo_limit << cb_addr_shift) -
                               get_read_ptr(in),
                           o.fifo_page_size,
                           o.fifo_num_pages,
                           copy.fifo_size,
                           cb_addr_shift};
    cb_wait_front(in, 1);
    fill_values(out, v);
    cb_pop_front(in, 1);
}
