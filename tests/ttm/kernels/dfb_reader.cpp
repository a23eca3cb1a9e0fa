// 2026 Device 2.0 reader, written the way the newest ttnn readers are: the
// top-level Noc (api/dataflow/noc.h) and DataflowBuffer
// (api/dataflow/dataflow_buffer.h), pages [start, start + n) of an
// interleaved tensor (api/tensor/noc_traits.h) into CB c_0, `batch` pages a
// reservation, each placed by {.offset_bytes}; the reads on a custom
// virtual channel (NocOptions::CUSTOM_VC, NocOptVals{.vc}). The buffer is
// made from a DFBBindingToken, as Metal 2.0's generated bindings are. With
// PAGES the reads go one tensor_accessor::Page (accessor.pages()) at a time;
// with PAGE_VIEW the source is a PageView of the accessor.
// RTA: 0 src address, 1 pages, 2 first page. CTA: 0 batch, 1.. the
// TensorAccessorArgs.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/dataflow_buffer.h"
#include "api/tensor/noc_traits.h"

namespace dfb
{
constexpr DFBBindingToken input(0);
} // namespace dfb

void kernel_main()
{
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t num_pages = get_arg_val<uint32_t>(1);
    const uint32_t start_id = get_arg_val<uint32_t>(2);
    constexpr uint32_t batch = get_compile_time_arg_val(0);
    constexpr auto src_args = TensorAccessorArgs<1>();

    Noc noc;
    DataflowBuffer dfb_in(dfb::input);
    const uint32_t page_bytes = dfb_in.get_entry_size();
    const auto s = TensorAccessor(src_args, src_addr, page_bytes);

#ifdef PAGES
    for (const auto &page : s.pages(start_id, start_id + num_pages)) {
        dfb_in.reserve_back(1);
        noc.async_read(page, dfb_in, page_bytes, {}, {});
        noc.async_read_barrier();
        dfb_in.push_back(1);
    }
#else
#ifdef PAGE_VIEW
    const PageView src(s);
#else
    const auto &src = s;
#endif
    const uint32_t end_id = start_id + num_pages;
    for (uint32_t i = start_id; i < end_id; i += batch) {
        const uint32_t cur = end_id - i < batch ? end_id - i : batch;
        dfb_in.reserve_back(cur);
        for (uint32_t j = 0; j < cur; ++j)
            noc.async_read<NocOptions::CUSTOM_VC>(src, dfb_in, page_bytes, {.page_id = i + j},
                                                  {.offset_bytes = j * page_bytes}, {.vc = 1});
        noc.async_read_barrier();
        dfb_in.push_back(cur);
    }
#endif
}
