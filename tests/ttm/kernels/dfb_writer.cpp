// 2026 Device 2.0 writer, written as ttnn's newest
// writer_unary_interleaved_start_id.cpp is: the top-level Noc and a
// DataflowBuffer over the CB of CTA 0, the page size from the CB's
// interface, each page written out by {.page_id} from the buffer's read
// pointer, flushed before its pop, one write barrier at the end.
// RTA: 0 dst address, 1 pages, 2 first page, 3 pages to zero after those
// (WR_ZEROS). CTA: 0 CB, 1.. the TensorAccessorArgs. Variants (one define):
//   WR_POSTED posted writes (NocOptions::POSTED) and their flush
//   WR_ZEROS  then zeroes RTA-3 pages after the written ones: CB 1 is made
//           dirty through scoped_write_lock().get_ptr(), zeroed
//           (async_write_zeros, write_zeros_l1_barrier) and used as the
//           scratch of async_write_zeros(accessor, ...)
//   WR_MCAST  each page multicast (MCAST_INCL_SRC, a 1x1 rectangle: this
//           core) into CB 2's write pointer, then written out from there
//           as a CoreLocalMem
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
    const uint32_t dst_addr = get_arg_val<uint32_t>(0);
    const uint32_t num_pages = get_arg_val<uint32_t>(1);
    const uint32_t start_id = get_arg_val<uint32_t>(2);

    constexpr uint32_t cb_id_out = get_compile_time_arg_val(0);
    constexpr auto dst_args = TensorAccessorArgs<1>();

    const uint32_t page_bytes = get_local_cb_interface(cb_id_out).fifo_page_size;

    Noc noc;
    DataflowBuffer dfb(cb_id_out);

    constexpr uint32_t onepage = 1;
    const auto s = TensorAccessor(dst_args, dst_addr, page_bytes);
#ifdef WR_MCAST
    DataflowBuffer bounce(2);
    const uint32_t x = my_x[noc.get_noc_id()], y = my_y[noc.get_noc_id()];
#endif

    uint32_t end_id = start_id + num_pages;
    for (uint32_t i = start_id; i < end_id; ++i) {
        dfb.wait_front(onepage);
#if defined(WR_POSTED)
        noc.async_write<NocOptions::POSTED>(dfb, s, page_bytes, {}, {.page_id = i});
        noc.async_writes_flushed<NocOptions::POSTED>();
#elif defined(WR_MCAST)
        bounce.reserve_back(1);
        noc.async_write_multicast<NocOptions::MCAST_INCL_SRC>(
            dfb, bounce, page_bytes, 1, {},
            {.noc_x_start = x, .noc_y_start = y, .noc_x_end = x, .noc_y_end = y});
        noc.async_write_barrier();
        noc.async_write(CoreLocalMem<uint32_t>(bounce.get_write_ptr()), s, page_bytes, {},
                        {.page_id = i});
        noc.async_writes_flushed();
#else
        noc.async_write(dfb, s, page_bytes, {}, {.page_id = i});
        noc.async_writes_flushed();
#endif
        dfb.pop_front(onepage);
    }
    noc.async_write_barrier();

#ifdef WR_ZEROS
    const uint32_t zero_pages = get_arg_val<uint32_t>(3);
    DataflowBuffer scratch(1);
    {
        auto lock = scratch.scoped_write_lock();
        auto mem = lock.get_ptr<uint32_t>();
        for (uint32_t w = 0; w < scratch.get_entry_size() / 4; ++w) mem[w] = 0xdeadbeefu;
    }
    noc.async_write_zeros(scratch, scratch.get_entry_size());
    noc.write_zeros_l1_barrier();
    for (uint32_t p = end_id; p < end_id + zero_pages; ++p)
        noc.async_write_zeros(s, page_bytes, {.page_id = p}, scratch);
    noc.write_zeros_dram_barrier();
#endif
}
