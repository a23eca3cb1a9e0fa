// Device 2.0 writer, as current ttnn unary writers: the pages of a CB to
// an interleaved tensor from page `start` on, through experimental::Noc
// (on NOC 1 given as a number, as a kernel that picks its NOC does) and
// experimental::CircularBuffer; the first half of each page by
// {.page_id} and the second by {.page_id, .offset_bytes} from the CB's read
// pointer plus {.offset_bytes}, flushing before each pop. With PAGE_VIEW
// the tensor end is a PageView of the accessor (the same page arguments).
// RTA: 0 dst address, 1 pages, 2 first page. CTA: 0 CB, 1.. TensorAccessorArgs.
#include "api/dataflow/dataflow_api.h"
#include "experimental/circular_buffer.h"
#include "experimental/noc.h"
#include "experimental/tensor.h"

void kernel_main()
{
    const uint32_t dst_addr = get_arg_val<uint32_t>(0);
    const uint32_t num_pages = get_arg_val<uint32_t>(1);
    const uint32_t start_id = get_arg_val<uint32_t>(2);

    constexpr uint32_t cb_id_out = get_compile_time_arg_val(0);
    constexpr auto dst_args = TensorAccessorArgs<1>();
    experimental::CircularBuffer cb(cb_id_out);
    const uint32_t page_bytes = cb.get_tile_size();
    const uint32_t half = page_bytes / 2;
#ifdef PAGE_VIEW
    const auto acc = TensorAccessor(dst_args, dst_addr, page_bytes);
    const PageView s(acc);
#else
    const auto s = TensorAccessor(dst_args, dst_addr, page_bytes);
#endif

    experimental::Noc noc(1);
    for (uint32_t i = start_id; i < start_id + num_pages; ++i) {
        cb.wait_front(1);
        noc.async_write(cb, s, half, {}, {.page_id = i});
        noc.async_write(cb, s, half, {.offset_bytes = half}, {.page_id = i, .offset_bytes = half});
        noc.async_writes_flushed();
        cb.pop_front(1);
    }
    noc.async_write_barrier();
    if (noc.get_noc_id() != 1 || cb.get_cb_id() != cb_id_out) noc.async_full_barrier();
}
