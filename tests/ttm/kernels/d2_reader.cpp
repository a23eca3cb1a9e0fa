// Device 2.0 reader, written the way current ttnn unary readers are: pages
// [start, start + n) of an interleaved tensor into CB c_0 through
// experimental::Noc and experimental::CircularBuffer, `batch` pages a
// reservation, each page addressed by {.page_id} and placed by
// {.offset_bytes} in the CB; the page size from the CB's interface.
// RTA: 0 src address, 1 pages, 2 first page. CTA: 0 batch, 1.. the
// TensorAccessorArgs. With ONE_PAGE_VIEW the reads go through
// tensor_accessor::Page (accessor.pages()) into use<WRITE_PTR>(cb).
#include "api/dataflow/dataflow_api.h"
#include "experimental/circular_buffer.h"
#include "experimental/noc.h"
#include "experimental/tensor.h"

namespace
{
struct kernel_args {
    const uint32_t src_addr;
    const uint32_t num_pages;
    const uint32_t start_id;
};
} // namespace

void kernel_main()
{
    const kernel_args args{
        .src_addr = get_arg_val<uint32_t>(0),
        .num_pages = get_arg_val<uint32_t>(1),
        .start_id = get_arg_val<uint32_t>(2),
    };
    constexpr uint32_t batch = get_compile_time_arg_val(0);
    constexpr auto src_args = TensorAccessorArgs<1>();
    constexpr uint32_t cb_id_in0 = 0;
    const uint32_t page_bytes = get_local_cb_interface(cb_id_in0).fifo_page_size;
    const auto s = TensorAccessor(src_args, args.src_addr, page_bytes);

    experimental::Noc noc;
    experimental::CircularBuffer cb(cb_id_in0);

#ifdef ONE_PAGE_VIEW
    for (const auto &page : s.pages(args.start_id, args.start_id + args.num_pages)) {
        cb.reserve_back(1);
        noc.async_read(page,
                       experimental::use<experimental::CircularBuffer::AddrSelector::WRITE_PTR>(cb),
                       page_bytes, {}, {});
        noc.async_read_barrier();
        cb.push_back(1);
    }
#else
    const uint32_t end_id = args.start_id + args.num_pages;
    for (uint32_t i = args.start_id; i < end_id; i += batch) {
        const uint32_t cur = end_id - i < batch ? end_id - i : batch;
        cb.reserve_back(cur);
        for (uint32_t j = 0; j < cur; ++j)
            noc.async_read(s, cb, page_bytes, {.page_id = i + j}, {.offset_bytes = j * page_bytes});
        noc.async_read_barrier();
        cb.push_back(cur);
    }
#endif
}
